import type { Database } from 'better-sqlite3';
import { badRequest, isOperationError, OperationError } from '../../../shared/contract/errors.ts';
import { IMAGE_MAX_BYTES, type MediaUrls } from '../../../shared/domain/images.ts';
import type { QueuedNotification } from '../../../shared/domain/staff-actions.ts';
import { vatRatesOn } from '../../../shared/domain/vat.ts';
import type { PricelistPrice, ProductScreenDetail, productOperations } from '../../../shared/contract/operations-products.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { Products } from '../domains/products/index.ts';
import type { Images } from '../domains/images/index.ts';
import type { Reference } from '../domains/reference/index.ts';
import { createOutboxSince } from '../webhooks/outbox-since.ts';
import { round2 } from '../money.ts';

export interface ProductOperationDeps {
  db: Database;
  products: Products;
  images: Images;
  reference: Reference;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
  /** Europe/Bucharest date of the ERP clock (pricelist validity, VAT rates in force). */
  today(): string;
  /** The listener's address: stored images get their absolute URLs on it. */
  publicUrl(): string;
}

/** Reference lists are short: read them whole, a page of this many rows at a time. */
const REFERENCE_PAGE = 500;

/**
 * The Products screen's operations (shared/contract/operations-products.ts) on the functions
 * the REST routes call: products.get / patch (GET and PATCH /product/{id}/), images.addUploaded /
 * removeAll (POST /product/{id}/image/, DELETE /product/{id}/images/), the product list query
 * with magazia_id + pricelist_id for the pricelist prices. A write answers the deliveries it
 * queued: the outbox rows added inside its transaction (webhooks/outbox-since.ts).
 */
export function createProductHandlers(deps: ProductOperationDeps): HandlersOf<keyof typeof productOperations> {
  const { db, products, images, reference } = deps;
  const deliveries = createOutboxSince(db);
  // An upload awaits its content check outside any transaction: its notifications are those of
  // this product's code queued meanwhile (the outbox orders a product's rows by that code).
  const productCode = db.prepare<[number, number], string>('SELECT CAST(cod_produs AS TEXT) FROM products WHERE company_id = ? AND id = ?').pluck();
  const queuedForProduct = db.prepare<[number, number, string], QueuedNotification>(
    `SELECT id AS delivery_id, webhook_id, notification_type FROM webhook_outbox
      WHERE company_id = ? AND id > ? AND ordering_key = 'product:' || ? ORDER BY id`,
  );

  // The same absolute URLs as the REST door gives a caller on the listener's address
  // (electron/server/media.ts serves /media/<key> and /media/thumb/<key>).
  const media: MediaUrls = Object.assign((key: string) => `${deps.publicUrl()}/media/${key}`, {
    thumb: (key: string) => `${deps.publicUrl()}/media/thumb/${key}`,
  });

  function all<T>(read: (page: number) => { rows: T[]; hasMore: boolean }): T[] {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const found = read(page);
      rows.push(...found.rows);
      if (!found.hasMore) return rows;
    }
  }

  /**
   * The price of the variant in each pricelist: what /product/list/?product_id&magazia_id&pricelist_id
   * answers (the pricelist price is pret_vanzare at a wholesale workpoint, the *_discounted fields at a
   * retail one). Without a workpoint the list cannot place a pricelist price: none is shown.
   */
  function pricelistPrices(companyId: number, productId: number): PricelistPrice[] {
    const workpoint = all((page) => reference.workpoints({ companyId, page, pageSize: REFERENCE_PAGE })).find((w) => w.deleted === 0);
    const pricelists = all((page) => reference.pricelists({ companyId, page, pageSize: REFERENCE_PAGE }));
    const today = deps.today();
    return pricelists.map((pricelist): PricelistPrice => {
      const none = { price: null, price_with_vat: null, min_quantity: null, problem: null };
      const base = { pricelist_id: pricelist.id, name: pricelist.name, currency: pricelist.currency, active: pricelist.active };
      if (!workpoint) return { ...base, ...none, problem: 'the account has no workpoint' };
      try {
        const [row] = products
          .open({ companyId, today, ids: [productId], cont: 'all', workpointId: workpoint.id, pricelistId: pricelist.id }, 'list')
          .page(1, 1).rows;
        if (!row || row.pricelist_min_quantity === undefined) return { ...base, ...none };
        const wholesale = workpoint.kind === 'wholesale';
        const price = wholesale ? row.pret_vanzare : (row.pret_vanzare_discounted ?? null);
        const withVat = wholesale ? row.pret_vanzare_cu_tva : (row.pret_vanzare_cu_tva_discounted ?? null);
        return { ...base, price, price_with_vat: withVat === null ? null : round2(withVat), min_quantity: row.pricelist_min_quantity, problem: null };
      } catch (error) {
        // No exchange rate of the pricelist's currency: that price cannot be computed, the others can.
        if (isOperationError(error) && error.status === 409) return { ...base, ...none, problem: error.message };
        throw error;
      }
    });
  }

  function detail(companyId: number, productId: number): ProductScreenDetail {
    const product = products.get(companyId, productId, media);
    return { ...product, pricelist_prices: pricelistPrices(companyId, productId) };
  }

  /** Runs a synchronous write in one immediate transaction and answers it with the deliveries it queued. */
  function withQueued<T>(companyId: number, write: () => T): { result: T; notifications: QueuedNotification[] } {
    return db.transaction(() => {
      const mark = deliveries.mark();
      const result = write();
      return { result, notifications: deliveries.since(companyId, mark) };
    }).immediate();
  }

  /** The bytes of content_base64, refused as the REST upload refuses a bad or too large file. */
  function decode(base64Text: string): Buffer {
    const base64 = base64Text.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) throw badRequest('content_base64: not base64');
    const content = Buffer.from(base64, 'base64');
    if (content.length > IMAGE_MAX_BYTES) throw new OperationError(413, `file: larger than the limit of ${IMAGE_MAX_BYTES} bytes`);
    return content;
  }

  return {
    'products.get': ({ company_id, product_id }) => {
      deps.requireAccount(company_id);
      return detail(company_id, product_id);
    },

    'products.update': ({ company_id, product_id, ...body }) => {
      deps.requireAccount(company_id);
      products.assertExists(company_id, product_id);
      const { notifications } = withQueued(company_id, () => products.patch(company_id, product_id, body, media));
      return { product: detail(company_id, product_id), notifications };
    },

    'products.uploadImage': async ({ company_id, product_id, file_name, content_base64, ...text }) => {
      deps.requireAccount(company_id);
      products.assertExists(company_id, product_id);
      const content = decode(content_base64);
      const fields = Object.fromEntries(Object.entries(text).filter(([, v]) => v !== undefined)) as Record<string, string>;
      const code = productCode.get(company_id, product_id)!;
      const mark = deliveries.mark();
      const image = await images.addUploaded(company_id, product_id, { fields, file: { content, filename: file_name } }, media);
      return { image, notifications: queuedForProduct.all(company_id, mark, code) };
    },

    'products.deleteImages': ({ company_id, product_id }) => {
      deps.requireAccount(company_id);
      const { result, notifications } = withQueued(company_id, () => images.removeAll(company_id, product_id));
      return { ...result, notifications };
    },

    'catalogue.options': ({ company_id }) => {
      deps.requireAccount(company_id);
      const today = deps.today();
      return {
        categories: reference.productCategories(company_id),
        manufacturers: reference.manufacturers(company_id),
        pricelists: all((page) => reference.pricelists({ companyId: company_id, page, pageSize: REFERENCE_PAGE })),
        workpoints: all((page) => reference.workpoints({ companyId: company_id, page, pageSize: REFERENCE_PAGE })),
        vat_rates: vatRatesOn(today),
        vat_date: today,
        currencies: reference.currencies(company_id),
      };
    },
  };
}
