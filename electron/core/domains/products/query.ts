import type { MediaUrls } from '../../../../shared/domain/images.ts';
import { Where } from '../../store/where.ts';
import { flag } from '../../store/document-query.ts';
import { foldedStart } from '../../store/text-search.ts';

/**
 * A request for products, already read from the filter grammar: the filters of /product/list/
 * and /product/stocks/, and the two the connector feed adds (connectorId, and workpointId as
 * the connector's workpoint). Every bound is inclusive unless said otherwise.
 */
export interface ProductQuery {
  companyId: number;
  /** Europe/Bucharest date of the request: pricelist rule validity and exchange rates. */
  today: string;
  /** Bounds on the day of created_ts (year, yearmonth, yearmonthday, date, datefrom, datethrough). */
  dateFrom?: string | undefined;
  dateThrough?: string | undefined;
  /** last_changed_ts strictly after / up to and including. */
  modifiedAfter?: string | undefined;
  modifiedThrough?: string | undefined;
  /** id and product_id (both: both must hold). */
  ids?: number[] | undefined;
  minId?: number | undefined;
  /** code / codeb64: each must equal cod_produs, cod_varianta or barcode. */
  codes?: string[] | undefined;
  manufacturer?: { id: number } | { name: string } | undefined;
  visibility?: 'all' | 'partner' | 'published' | undefined;
  /** show_deleted:1 lets deleted products in (exclude:deleted still keeps them out). */
  showDeleted?: boolean | undefined;
  excludeDeleted?: boolean | undefined;
  excludeArchived?: boolean | undefined;
  /** cont: sellable (default) keeps is_sellable = 1; all keeps everything. */
  cont?: 'sellable' | 'all' | undefined;
  familyId?: number | undefined;
  /** magazia_id: stock (and the pricelist placement) of that workpoint. */
  workpointId?: number | undefined;
  pricelistId?: number | undefined;
  /** Only products published to that connector (the connector feed). */
  connectorId?: number | undefined;
  /** include:onstock (stocks): stock > 0 at the workpoint(s) in scope. */
  onStock?: boolean | undefined;
  /** Screen lists: only deleted (true) or only live (false) variants; overrides showDeleted / excludeDeleted. */
  deleted?: boolean | undefined;
  /** Screen lists: only archived (true) or not archived (false). */
  archived?: boolean | undefined;
  categoryId?: number | undefined;
  /** Screen lists: only variants published to that connector (a filter: the rows stay the catalogue's). */
  publishedTo?: number | undefined;
  /** Screen lists: a global stock above 0 (true) or not (false). */
  inStock?: boolean | undefined;
  /** Screen lists: cod_produs, cod_varianta or barcode exactly, or the start of the name. */
  q?: string | undefined;
  include?: ProductIncludes;
  /** The caller's URLs of stored images (the door builds them); without them a stored file's url is null. */
  media?: MediaUrls | undefined;
}

export interface ProductIncludes {
  images?: boolean;
  properties?: boolean;
  lastAcquisitionPriceRon?: boolean;
  lastPurchasePriceCurrency?: boolean;
  acquisitionValueRon?: boolean;
}

/** The main query: the variant with its category and manufacturer names (joined by key and account). */
export const PRODUCT_FROM = `products p
  LEFT JOIN product_categories c ON c.id = p.category_id AND c.company_id = p.company_id
  LEFT JOIN manufacturers m ON m.id = p.manufacturer_id AND m.company_id = p.company_id`;

// The real service's custom_barcode is the EAN the spec calls barcode; is_deleted is the spec's deleted:
// the same value under both names (docs/data-model.md, Catalogue).
export const PRODUCT_COLUMNS = `p.id AS product_id, p.cod_varianta, CAST(p.cod_produs AS TEXT) AS cod_produs, p.barcode, p.product_name,
  p.barcode AS custom_barcode, p.cod_intern, p.deleted AS is_deleted, p.archived AS is_archived, p.delisted AS delistat,
  coalesce(c.name, '') AS category_name, p.unitate_masura, p.pret_vanzare, p.cota_tva_vanzare,
  p.selling_currency AS selling_currency_txt, p.website_published, coalesce(m.name, '') AS producator, p.last_changed_ts,
  p.family_id AS fm_id, p.category_id, p.manufacturer_id, p.product_website_title, p.product_description,
  p.partner_visible, p.is_sellable AS sellable, p.deleted, p.weight_kg AS weight, p.created_ts,
  p.last_acquisition_price_ron AS last_aquisition_price_ron, p.last_purchase_price AS last_purchase_price_currency,
  p.last_purchase_currency`;

/**
 * PRODUCT_COLUMNS read from `products p` alone: the category and manufacturer names by a
 * subquery each. For one variant by key (push snapshots, the detail) this is several times
 * cheaper than the LEFT JOINs of PRODUCT_FROM in SQLite, with the same values.
 */
export const PRODUCT_ONE_COLUMNS = PRODUCT_COLUMNS.replace(
  "coalesce(c.name, '') AS category_name",
  "coalesce((SELECT c.name FROM product_categories c WHERE c.id = p.category_id AND c.company_id = p.company_id), '') AS category_name",
).replace(
  "coalesce(m.name, '') AS producator",
  "coalesce((SELECT m.name FROM manufacturers m WHERE m.id = p.manufacturer_id AND m.company_id = p.company_id), '') AS producator",
);

/**
 * Where the rows come from and the ascending key of the pages. The connector feed walks the
 * connector's publications (primary key connector_id, product_id) in product order and joins
 * each variant, so a connector publishing a small part of a large catalogue costs what it holds.
 */
export function productSource(query: Pick<ProductQuery, 'connectorId'>): { from: string; idColumn: string } {
  if (query.connectorId === undefined) return { from: PRODUCT_FROM, idColumn: 'p.id' };
  return {
    from: `connector_products cp CROSS JOIN ${PRODUCT_FROM.replace('products p', 'products p ON p.id = cp.product_id')}`,
    idColumn: 'cp.product_id',
  };
}

/** What the pricelist restriction needs, resolved once per request (see pricing.ts). */
export interface PricelistScope {
  pricelistId: number;
  /** Category ids a general rule covers (descendants included). */
  categories: number[];
  manufacturers: number[];
  /** [category_id, manufacturer_id] pairs covered by rules naming both. */
  pairs: Array<[number, number]>;
  /** A rule without any target covers every product. */
  everything: boolean;
}

const VALID_TODAY = '(r.valid_from IS NULL OR r.valid_from <= ?) AND (r.valid_to IS NULL OR r.valid_to >= ?)';

/**
 * The filters as one WHERE on `products p`. Every term is either served by an index of the
 * account (company_id first) or is a per-row check on a row reached in id order, so a page
 * stops reading as soon as it has its rows.
 */
export function productWhere(query: ProductQuery, scope: { workpointIds: number[]; pricelist?: PricelistScope | undefined }): Where {
  const where = new Where()
    .add('p.company_id = ?', query.companyId)
    .add('p.created_ts >= ?', query.dateFrom === undefined ? undefined : `${query.dateFrom} 00:00:00`)
    .add('p.created_ts <= ?', query.dateThrough === undefined ? undefined : `${query.dateThrough} 23:59:59`)
    .add('p.last_changed_ts > ?', query.modifiedAfter)
    .add('p.last_changed_ts <= ?', query.modifiedThrough)
    .add('p.id >= ?', query.minId)
    .add('p.family_id = ?', query.familyId)
    .when(query.deleted === undefined && (!query.showDeleted || query.excludeDeleted), 'p.deleted = 0')
    .add('p.deleted = ?', flag(query.deleted))
    .add('p.archived = ?', flag(query.archived))
    .add('p.category_id = ?', query.categoryId)
    // stock_total: the quantity at every live workpoint, kept by triggers (migration 015). The
    // unary + keeps the planner on the index of the sort, where the value is read with the entry,
    // instead of a range of stock_total that would then need sorting.
    .when(query.inStock === true, '+p.stock_total > 0')
    .when(query.inStock === false, '+p.stock_total <= 0')
    .when(query.excludeArchived, 'p.archived = 0')
    .when((query.cont ?? 'sellable') === 'sellable', 'p.is_sellable = 1')
    .when(query.visibility === 'partner', 'p.partner_visible = 1')
    .when(query.visibility === 'published', 'p.website_published = 1');
  for (const id of new Set(query.ids ?? [])) where.add('p.id = ?', id);
  for (const code of new Set(query.codes ?? [])) {
    // One indexed lookup per code column instead of an OR the planner cannot index.
    where.add(
      `p.id IN (SELECT id FROM products WHERE company_id = ? AND cod_produs = ?
                UNION ALL SELECT id FROM products WHERE company_id = ? AND cod_varianta = ?
                UNION ALL SELECT id FROM products WHERE company_id = ? AND barcode = ?)`,
      query.companyId, code, query.companyId, code, query.companyId, code,
    );
  }
  const manufacturer = query.manufacturer;
  if (manufacturer && 'id' in manufacturer) where.add('p.manufacturer_id = ?', manufacturer.id);
  if (manufacturer && 'name' in manufacturer) {
    where.add('p.manufacturer_id IN (SELECT id FROM manufacturers WHERE company_id = ? AND name = ?)', query.companyId, manufacturer.name);
  }
  // Only products published to a connector: the rows are driven by connector_products (see productSource).
  where.add('cp.connector_id = ?', query.connectorId);
  // The same as a filter on the catalogue's order: one probe of connector_products' key per variant.
  where.add('EXISTS (SELECT 1 FROM connector_products x WHERE x.connector_id = ? AND x.product_id = p.id)', query.publishedTo);
  if (query.q !== undefined) {
    // products_company_code, _variant, _barcode and products_name_folded (the name's start, diacritics folded).
    const text = query.q.trim();
    const name = foldedStart('product_name', text);
    where.add(
      `p.id IN (SELECT id FROM products WHERE company_id = ? AND cod_produs = ?
                UNION ALL SELECT id FROM products WHERE company_id = ? AND cod_varianta = ?
                UNION ALL SELECT id FROM products WHERE company_id = ? AND barcode = ?
                UNION ALL SELECT id FROM products WHERE company_id = ? AND ${name.sql})`,
      query.companyId, text, query.companyId, text, query.companyId, text, query.companyId, ...name.params,
    );
  }
  if (query.onStock) {
    where.add(
      `EXISTS (SELECT 1 FROM stock s WHERE s.product_id = p.id AND s.company_id = p.company_id AND s.quantity > 0
                 AND s.workpoint_id IN (SELECT value FROM json_each(?)))`,
      JSON.stringify(scope.workpointIds),
    );
  }
  const pricelist = scope.pricelist;
  if (pricelist && !pricelist.everything) {
    const terms = [
      `EXISTS (SELECT 1 FROM pricelist_rules r WHERE r.pricelist_id = ? AND r.product_id = p.id AND r.company_id = p.company_id
                 AND ${VALID_TODAY})`,
    ];
    const params: unknown[] = [pricelist.pricelistId, query.today, query.today];
    if (pricelist.categories.length > 0) {
      terms.push('p.category_id IN (SELECT value FROM json_each(?))');
      params.push(JSON.stringify(pricelist.categories));
    }
    if (pricelist.manufacturers.length > 0) {
      terms.push('p.manufacturer_id IN (SELECT value FROM json_each(?))');
      params.push(JSON.stringify(pricelist.manufacturers));
    }
    if (pricelist.pairs.length > 0) {
      terms.push(
        "(p.category_id, p.manufacturer_id) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))",
      );
      params.push(JSON.stringify(pricelist.pairs));
    }
    where.add(`(${terms.join(' OR ')})`, ...params);
  }
  return where;
}

export { VALID_TODAY };
