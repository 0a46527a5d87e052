import type { DomainDeps } from '../../domain-deps.ts';
import type { Database, Statement } from 'better-sqlite3';
import { connectionGeneration } from '../../store/live-database.ts';
import { badRequest, notFound } from '../../../../shared/contract/errors.ts';
import {
  PRODUCT_CSV_COLUMNS,
  type Product,
  type ProductDetail,
  type ProductImage,
  type ProductProperty,
  type ProductStock,
  type ProductWritableField,
  type WorkpointStock,
} from '../../../../shared/domain/products.ts';
import type { MediaUrls } from '../../../../shared/domain/images.ts';
import { groupByParent } from '../../store/document-query.ts';
import type { Page, Pager, Window, WindowOptions } from '../../store/paging.ts';
import { exportStream, type ExportFormat, type ExportLayout, type ExportPage } from './export.ts';
import { createPricing, round2, type OpenPricelist } from './pricing.ts';
import { PRODUCT_COLUMNS, PRODUCT_ONE_COLUMNS, productSource, productWhere, type ProductIncludes, type ProductQuery } from './query.ts';
import { createProductPush } from './push.ts';
import { createProductWrites } from './write.ts';
import { withFields } from '../../with-fields.ts';

export type { ProductQuery, ProductIncludes } from './query.ts';
export { EXPORT_CONTENT_TYPE, type ExportFormat } from './export.ts';
export { createProductPush, pushFieldsOf, type ProductPushSnapshot, type ProductPushes, type ProductReader } from './push.ts';
export type { ProductWriteBody, ProductWrites } from './write.ts';

/**
 * The screen sorts and the column each one orders by (an index of migration 015 each); stoc_global
 * is stock_total, the global stock the triggers of 015 keep on the variant.
 */
const SORTS = { product_id: 'p.id', product_name: 'p.product_name COLLATE NOCASE', stoc_global: 'p.stock_total', pret_vanzare: 'p.pret_vanzare' } as const;
export type ProductsSort = keyof typeof SORTS;

/** list: the product record; stocks: the record with its stock per workpoint (workpoints[]). */
export type ProductShape = 'list' | 'stocks';

interface Workpoint {
  id: number;
  name: string;
  kind: 'wholesale' | 'retail';
}

interface StockRow {
  parent_id: number;
  workpoint_id: number;
  quantity: number;
  reserved: number;
  acquisition_value_ron: number;
}

type RawImage = Omit<ProductImage, 'storage'> & { parent_id: number; storage_path: string | null };
type Row = Record<string, unknown>;

const round3 = (n: number): number => Math.round((n + Number.EPSILON) * 1000) / 1000;
const MAX_CACHED_STATEMENTS = 500;

export function createProducts(db: Database, pager: Pager, deps: DomainDeps) {
  const pricing = createPricing(db, deps.rates);
  const workpointsOf = db.prepare<[number], Workpoint>(
    'SELECT id, name, kind FROM workpoints WHERE company_id = ? AND deleted = 0 ORDER BY id',
  );
  const connectorOf = db.prepare<[number, number], { id: number }>(
    'SELECT id FROM connectors WHERE company_id = ? AND id = ? AND deleted = 0',
  );
  // Children of a page (or an export batch) are read by its ids in one query each, by account.
  const stockOf = db.prepare<[number, string], StockRow>(
    `SELECT product_id AS parent_id, workpoint_id, quantity, reserved, acquisition_value_ron
       FROM stock WHERE company_id = ? AND product_id IN (SELECT value FROM json_each(?))`,
  );
  // One variant by key (the push snapshots of every stock or price write, the detail): its row
  // and its stock without the list machinery (no WHERE built, no page key, no json_each).
  const oneRow = db.prepare<[number, number], Row>(`SELECT ${PRODUCT_ONE_COLUMNS} FROM products p WHERE p.company_id = ? AND p.id = ?`);
  const stockOfOne = db.prepare<[number, number], StockRow>(
    `SELECT product_id AS parent_id, workpoint_id, quantity, reserved, acquisition_value_ron
       FROM stock WHERE company_id = ? AND product_id = ?`,
  );
  const imagesOf = db.prepare<[number, string], RawImage>(
    `SELECT product_id AS parent_id, id AS image_id, url, storage_path, title, description, alt_text, position, mime_type,
            size_bytes, created_ts
       FROM product_images WHERE company_id = ? AND product_id IN (SELECT value FROM json_each(?))
      ORDER BY product_id, position, id`,
  );
  // The same for one variant by key (the detail, every write's answer): no json_each.
  const imagesOfOne = db.prepare<[number, number], RawImage>(
    `SELECT product_id AS parent_id, id AS image_id, url, storage_path, title, description, alt_text, position, mime_type,
            size_bytes, created_ts
       FROM product_images WHERE company_id = ? AND product_id = ?
      ORDER BY position, id`,
  );
  const propertiesOfOne = db.prepare<[number, number], ProductProperty & { parent_id: number }>(
    `SELECT pp.product_id AS parent_id, pp.property_id, pr.name, pp.value
       FROM product_properties pp JOIN properties pr ON pr.id = pp.property_id
      WHERE pr.company_id = ? AND pp.product_id = ?
      ORDER BY pp.property_id`,
  );
  const propertiesOf = db.prepare<[number, string], ProductProperty & { parent_id: number }>(
    `SELECT pp.product_id AS parent_id, pp.property_id, pr.name, pp.value
       FROM product_properties pp JOIN properties pr ON pr.id = pp.property_id
      WHERE pr.company_id = ? AND pp.product_id IN (SELECT value FROM json_each(?))
      ORDER BY pp.product_id, pp.property_id`,
  );
  // A deleted variant is gone for the detail, its images and the writes (404); show_deleted:1 still lists it.
  const productExists = db.prepare<[number, number], number>(
    'SELECT id FROM products WHERE company_id = ? AND id = ? AND deleted = 0',
  ).pluck();
  const detailExtras = db.prepare<[number, number], { family_name: string | null }>(
    `SELECT f.name AS family_name FROM products p
       LEFT JOIN product_families f ON f.id = p.family_id AND f.company_id = p.company_id
      WHERE p.company_id = ? AND p.id = ?`,
  );
  const webCategoriesOf = db.prepare<[number, number], ProductDetail['web_categories'][number]>(
    `SELECT w.id AS web_category_id, w.name FROM product_web_categories pw
       JOIN web_categories w ON w.id = pw.web_category_id
      WHERE w.company_id = ? AND pw.product_id = ? AND w.deleted = 0 ORDER BY w.id`,
  );
  const connectorsOf = db.prepare<[number, number], ProductDetail['connectors'][number]>(
    `SELECT c.id AS connector_id, c.name, c.type, c.active, cp.published_ts FROM connector_products cp
       JOIN connectors c ON c.id = cp.connector_id
      WHERE c.company_id = ? AND cp.product_id = ? AND c.deleted = 0 ORDER BY c.id`,
  );

  const statements = new Map<string, Statement<unknown[]>>();
  function prepare(sql: string): Statement<unknown[]> {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
      statement = db.prepare<unknown[]>(sql);
      statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * The images of the products `ids`, in display order. The first one is the cover. A file the
   * service keeps gets its absolute URLs from `media` (its thumbnail for img_url_thumb); a URL
   * stored as is is every version at once: the service never contacts it, so has no smaller one.
   */
  function images(companyId: number, ids: string | number, media: MediaUrls | undefined): Map<number, ProductImage[]> {
    const byId = new Map<number, ProductImage[]>();
    const rows = typeof ids === 'number' ? imagesOfOne.all(companyId, ids) : imagesOf.all(companyId, ids);
    for (const { parent_id, storage_path, ...image } of rows) {
      const local = image.url === null && storage_path !== null;
      const url = local ? (media ? media(storage_path) : null) : image.url;
      const list = byId.get(parent_id) ?? [];
      list.push(
        withFields(image, {
          url,
          storage: local ? ('local' as const) : ('url' as const),
          cover_picture: list.length === 0 ? 1 : 0,
          img_url_thumb: local ? (media ? media.thumb(storage_path) : null) : url,
          img_url_normal: url,
        }),
      );
      byId.set(parent_id, list);
    }
    return byId;
  }

  /**
   * Validates a request and resolves what it needs once (workpoints, pricelist rules): a
   * refusal (400) happens here, before any page is read or any export starts streaming.
   */
  function open(query: ProductQuery, shape: ProductShape, workpoints: Workpoint[] = workpointsOf.all(query.companyId)) {
    const { companyId } = query;
    let workpoint: Workpoint | undefined;
    if (query.pricelistId !== undefined && query.workpointId === undefined) {
      throw badRequest(
        'pricelist_id requires magazia_id: the workpoint decides where the pricelist price goes (wholesale: pret_vanzare; retail: the *_discounted fields)',
      );
    }
    if (query.workpointId !== undefined) {
      workpoint = workpoints.find((w) => w.id === query.workpointId);
      if (!workpoint) throw badRequest(`magazia_id: workpoint ${query.workpointId} does not exist in this account`);
    }
    let pricelist: OpenPricelist | undefined;
    if (query.pricelistId !== undefined) {
      const found = pricing.pricelist(companyId, query.pricelistId);
      if (!found) throw badRequest(`pricelist_id: pricelist ${query.pricelistId} does not exist in this account`);
      pricelist = pricing.open(companyId, found, query.today);
    }
    if (query.connectorId !== undefined && !connectorOf.get(companyId, query.connectorId)) {
      throw notFound(`connector ${query.connectorId} does not exist`);
    }
    const inScope = workpoint ? [workpoint] : workpoints;
    // Built on the first list read: one() needs neither.
    let filter: { where: ReturnType<typeof productWhere>; source: ReturnType<typeof productSource> } | undefined;
    const filtered = () =>
      (filter ??= {
        where: productWhere(query, { workpointIds: inScope.map((w) => w.id), pricelist: pricelist?.scope }),
        source: productSource(query),
      });
    const include: ProductIncludes = query.include ?? {};

    /** Stock, prices and the included blocks of a page or batch (one query per block). */
    function finish(raw: Row[]): Array<Product | ProductStock> {
      if (raw.length === 0) return [];
      // One variant (the detail, the push snapshots) is read by key; a page or batch by its ids.
      const ids = raw.length === 1 ? (raw[0]!.product_id as number) : JSON.stringify(raw.map((row) => row.product_id));
      const stock = new Map<number, Map<number, StockRow>>();
      const stockRows = typeof ids === 'number' ? stockOfOne.all(companyId, ids) : stockOf.all(companyId, ids);
      for (const row of stockRows) {
        let perWorkpoint = stock.get(row.parent_id);
        if (!perWorkpoint) stock.set(row.parent_id, (perWorkpoint = new Map()));
        perWorkpoint.set(row.workpoint_id, row);
      }
      const prices = pricelist?.prices(raw as never);
      const imageLists = include.images ? images(companyId, ids, query.media) : undefined;
      const propertyLists = include.properties
        ? groupByParent(typeof ids === 'number' ? propertiesOfOne.all(companyId, ids) : propertiesOf.all(companyId, ids))
        : undefined;

      return raw.map((row) => {
        const id = row.product_id as number;
        const perWorkpoint = inScope.map((w): WorkpointStock => {
          const s = stock.get(id)?.get(w.id);
          const quantity = s?.quantity ?? 0;
          const reserved = s?.reserved ?? 0;
          return {
            magazia_id: w.id,
            workpoint_name: w.name,
            workpoint_kind: w.kind,
            stoc: quantity,
            stock_reserved: reserved,
            stock_available: round3(quantity - reserved),
            ...(include.acquisitionValueRon && { aquisition_value_ron: s?.acquisition_value_ron ?? 0 }),
          };
        });
        const quantity = round3(perWorkpoint.reduce((sum, w) => sum + w.stoc, 0));
        const reserved = round3(perWorkpoint.reduce((sum, w) => sum + w.stock_reserved, 0));
        const record: Row = withFields(row, {
          stoc_global: quantity,
          stock_reserved: reserved,
          stock_available: round3(quantity - reserved),
          magazia_id: workpoint?.id ?? null,
        });
        const vat = row.cota_tva_vanzare as number;
        if (pricelist && workpoint) {
          const price = prices?.get(id);
          record.pricelist_id = query.pricelistId;
          if (price) record.pricelist_min_quantity = price.minQuantity;
          if (price && workpoint.kind === 'wholesale') {
            record.pret_vanzare = price.net;
            record.pret_vanzare_discounted = null;
            record.pret_vanzare_cu_tva_discounted = null;
          } else {
            record.pret_vanzare_discounted = price ? price.net : null;
            record.pret_vanzare_cu_tva_discounted = price ? round2(price.net * (1 + vat / 100)) : null;
          }
        }
        record.pret_vanzare_cu_tva = round2((record.pret_vanzare as number) * (1 + vat / 100));
        if (!include.lastAcquisitionPriceRon) delete record.last_aquisition_price_ron;
        if (!include.lastPurchasePriceCurrency) {
          delete record.last_purchase_price_currency;
          delete record.last_purchase_currency;
        }
        if (imageLists) record.images = imageLists.get(id) ?? [];
        if (propertyLists) record.properties = propertyLists.get(id) ?? [];
        if (shape === 'stocks') {
          record.workpoints = perWorkpoint;
          if (include.acquisitionValueRon) {
            record.aquisition_value_ron = round2(perWorkpoint.reduce((sum, w) => sum + (w.aquisition_value_ron ?? 0), 0));
          }
        }
        return record as Product | ProductStock;
      });
    }

    /** The export's columns for this request (see shared/domain/products.ts, PRODUCT_CSV_COLUMNS). */
    function layout(): ExportLayout {
      const c = PRODUCT_CSV_COLUMNS;
      const columns: string[] = [...c.spec, ...(pricelist ? c.pricelist : []), ...c.own];
      if (include.lastAcquisitionPriceRon) columns.push(...c.include.last_aquisition_price_ron);
      if (include.lastPurchasePriceCurrency) columns.push(...c.include.last_purchase_price_currency);
      if (include.images) columns.push(...c.include.images);
      if (include.properties) columns.push(...c.include.properties);
      if (shape === 'list') return { columns };
      if (include.acquisitionValueRon) columns.push(...c.include.aquisition_value_ron);
      const keys = ['magazia_id', 'workpoint_name', 'workpoint_kind', 'stoc', 'stock_reserved', 'stock_available'];
      const names: string[] = [...c.workpoint];
      if (include.acquisitionValueRon) {
        keys.push('aquisition_value_ron');
        names.push(...c.workpointValue);
      }
      return { columns, workpointColumns: keys.map((key, i) => [key, names[i]!] as const) };
    }

    function page(pageNumber: number, pageSize: number): Page<Product | ProductStock> {
      const { where, source } = filtered();
      const found = pager.page<Row>({
        from: source.from,
        columns: PRODUCT_COLUMNS,
        where,
        idColumn: source.idColumn,
        idKey: 'product_id',
        page: pageNumber,
        pageSize,
      });
      return { rows: finish(found.rows), hasMore: found.hasMore };
    }

    /**
     * Every matching row, a batch per call, in id order (keyset: id > the last one). Each batch
     * is a complete query: better-sqlite3 refuses every write on the connection while a
     * statement is being iterated, so no cursor stays open while the export waits for its reader.
     */
    function batches(batchSize: number): () => Row[] | null {
      const { where, source } = filtered();
      const statement = prepare(
        `SELECT ${PRODUCT_COLUMNS} FROM ${source.from} WHERE ${where} AND ${source.idColumn} > ? ORDER BY ${source.idColumn} LIMIT ?`,
      );
      let after = 0;
      let done = false;
      const generation = connectionGeneration(db);
      return () => {
        if (done) return null;
        // A reset swapped the data in since the export began: end it rather than mix the two.
        if (connectionGeneration(db) !== generation) throw new Error('a reset replaced the data during the export');
        const raw: Row[] = [];
        for (const row of statement.iterate(...where.params, after, batchSize)) raw.push(row as Row);
        if (raw.length < batchSize) done = true;
        if (raw.length === 0) return null;
        after = raw[raw.length - 1]!.product_id as number;
        return finish(raw) as unknown as Row[];
      };
    }

    /** A window of the screen list: the same WHERE and records as page(), any offset, any sort of SORTS. */
    function window(options: WindowOptions<ProductsSort>): Window<Product | ProductStock> {
      const { where, source } = filtered();
      const found = pager.window<Row>({
        from: source.from,
        // The filters read only the variant (and probe connector_products): its indexes answer them.
        keysFrom: query.connectorId === undefined ? 'products p' : source.from,
        columns: PRODUCT_COLUMNS,
        where,
        idColumn: source.idColumn,
        idKey: 'product_id',
        ...options,
        sort: SORTS[options.sort],
      });
      return { ...found, rows: finish(found.rows) };
    }

    /**
     * The record of one variant of the account by key, shaped as the list shapes it; the
     * filters of the query are not applied (the caller checks what it needs, e.g. deleted).
     */
    function one(productId: number): Product | ProductStock | undefined {
      const row = oneRow.get(companyId, productId);
      return row && finish([row])[0];
    }

    return {
      page,
      window,
      one,
      /**
       * The CSV or XML export as a text stream: every matching row (streamed in batches), or
       * only the page asked for.
       */
      export(format: ExportFormat, options: { batchSize: number; page?: { page: number; pageSize: number } }) {
        if (options.page) {
          const { rows, hasMore } = page(options.page.page, options.page.pageSize);
          let sent = rows.length === 0;
          const info: ExportPage = { page: options.page.page, hasMore };
          return {
            ...info,
            stream: exportStream(format, layout(), () => (sent ? null : ((sent = true), rows as unknown as Row[])), info),
          };
        }
        return { page: undefined, hasMore: false, stream: exportStream(format, layout(), batches(options.batchSize)) };
      },
    };
  }

  /** The full variant record; archived and unsellable variants too (flagged). 404 when absent or deleted. */
  function get(companyId: number, productId: number, media?: MediaUrls): ProductDetail {
    const reader = open(
      {
        companyId,
        today: '',
        ids: [productId],
        showDeleted: false,
        cont: 'all',
        include: { images: true, properties: true, lastAcquisitionPriceRon: true, lastPurchasePriceCurrency: true, acquisitionValueRon: true },
        media,
      },
      'stocks',
    );
    const row = reader.one(productId) as ProductStock | undefined;
    if (!row || row.deleted === 1) throw notFound(`product ${productId} does not exist`);
    const extras = detailExtras.get(companyId, productId);
    return {
      ...(row as unknown as ProductDetail),
      family_name: extras?.family_name ?? null,
      web_categories: webCategoriesOf.all(companyId, productId),
      connectors: connectorsOf.all(companyId, productId),
    };
  }

  /**
   * The stored values of the writable fields of a live variant (the detail's values of those
   * fields, without its stock, images, properties and links: a write that sends only writable
   * fields compares them alone). 404 as get().
   */
  function writableValues(companyId: number, productId: number): Pick<ProductDetail, ProductWritableField> {
    const row = oneRow.get(companyId, productId);
    if (!row || row.deleted === 1) throw notFound(`product ${productId} does not exist`);
    return row as Pick<ProductDetail, ProductWritableField>;
  }

  /**
   * The list records of an account's variants (deleted ones too) with the stock of a workpoint;
   * null, or a workpoint that is deleted or not the account's: every workpoint (a deleted one
   * counts nowhere). The workpoints are read once per reader.
   */
  function recordReader(companyId: number) {
    const workpoints = workpointsOf.all(companyId);
    const isLive = (workpointId: number) => workpoints.some((w) => w.id === workpointId);
    return {
      isLive,
      record(productId: number, workpointId: number | null): Product | undefined {
        const live = workpointId !== null && isLive(workpointId);
        const reader = open(
          { companyId, today: '', ids: [productId], showDeleted: true, cont: 'all', workpointId: live ? workpointId : undefined },
          'list',
          workpoints,
        );
        return reader.one(productId) as Product | undefined;
      },
    };
  }

  const push = createProductPush(db, deps, recordReader);
  const writes = createProductWrites(db, deps, { detail: get, writableValues, push });

  /** 404 unless the variant exists in the account and is not deleted. */
  function assertExists(companyId: number, productId: number): void {
    if (productExists.get(companyId, productId) === undefined) throw notFound(`product ${productId} does not exist`);
  }

  return {
    open,
    get,
    assertExists,

    /** The images of a variant; 404 when it does not exist or is deleted. */
    images(companyId: number, productId: number, media?: MediaUrls): ProductImage[] {
      assertExists(companyId, productId);
      return images(companyId, productId, media).get(productId) ?? [];
    },

    /** The rule of one writable field as PATCH applies it (productId 0: a product not made yet). */
    fieldProblem: writes.fieldProblem,
    /** PATCH /product/{product_id}/: only the fields sent change (see write.ts); the answer as get() gives it. */
    patch: writes.patch,
    /** PUT /product/{product_id}/: every writable field replaced. */
    replace: writes.replace,
    /** patch and replace with group commit (store/write-batch.ts): what the REST door calls. */
    patchGrouped: writes.patchGrouped,
    replaceGrouped: writes.replaceGrouped,
    /** DELETE /product/{product_id}/: deleted = 1, then 404. */
    remove: writes.remove,

    /**
     * Product notifications for any domain that changes products, stock or prices:
     * push.payload() builds a push body, push.capture() before the write and
     * push.enqueueChanges() after it (same transaction) enqueue what changed.
     */
    push,
  };
}
export type Products = ReturnType<typeof createProducts>;
