import Type from 'typebox';
import { dateRangeOf, f, FilterError, standardFilters, type FilterField, type FilterSpec } from '../../../shared/filters/grammar.ts';
import { PRODUCT_EXPORT_BATCH, PRODUCTS_PAGE_SIZE } from '../../../shared/domain/products.ts';
import { EXPORT_CONTENT_TYPE, type ProductQuery, type ProductShape } from '../../core/domains/products/index.ts';
import { formatDate } from '../../core/time.ts';
import { SENT, type EndpointContext } from './route-kit.ts';
import { mediaUrls } from './request-urls.ts';

/*
 * The product filters and the answer of a product list, shared by the product routes
 * (product.ts: /product/list/, /product/stocks/) and the connector feed (connector.ts).
 */

/** manufacturer: an id (digits) or the exact name. */
const manufacturerFilter: FilterField<{ id: number } | { name: string }> = {
  expects: 'a manufacturer id, or its exact name (URL-encoded)',
  input: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ minLength: 1 })]),
  parse(raw, key) {
    if (raw.length === 0) throw new FilterError(key, `filter '${key}' expects a manufacturer id or name, got ''`);
    return /^[1-9]\d{0,14}$/.test(raw) ? { id: Number(raw) } : { name: raw };
  },
};

/**
 * The spec's "standard" filters for products: the standard set without skipcancelled (a product
 * is never cancelled, so the key is refused like any other it does not take).
 */
const { year, yearmonth, yearmonthday, date, datefrom, datethrough, modifiedafter, modifiedthrough, id, minid, page } = standardFilters;

export const productFilters = {
  year, yearmonth, yearmonthday, date, datefrom, datethrough, modifiedafter, modifiedthrough, id, minid, page,
  format: f.oneOf(['json', 'xml', 'csv'] as const),
  code: f.text(),
  codeb64: f.base64Text(),
  manufacturer: manufacturerFilter,
  visibility: f.oneOf(['all', 'partner', 'published'] as const),
  show_deleted: f.flag(),
  magazia_id: f.int(),
  cont: f.oneOf(['sellable', 'all'] as const),
  product_id: f.int(),
  fm_id: f.int(),
  pricelist_id: f.int(),
  exclude: f.options(['deleted', 'archived'] as const),
} as const;


type ProductFilterValues = {
  [K in keyof typeof productFilters]?: (typeof productFilters)[K] extends FilterField<infer T> ? T : never;
} & { include?: ReadonlySet<string> };

/** The core's product query from the filters of a request (the connector feed reuses it). */
export function productQuery(companyId: number, today: string, filters: ProductFilterValues): ProductQuery {
  const range = dateRangeOf(filters);
  const include = filters.include ?? new Set<string>();
  const ids = [filters.id, filters.product_id].filter((v): v is number => v !== undefined);
  const codes = [filters.code, filters.codeb64].filter((v): v is string => v !== undefined);
  return {
    companyId,
    today,
    dateFrom: range?.from,
    dateThrough: range?.through,
    modifiedAfter: filters.modifiedafter,
    modifiedThrough: filters.modifiedthrough,
    ids,
    minId: filters.minid,
    codes,
    manufacturer: filters.manufacturer,
    visibility: filters.visibility,
    showDeleted: filters.show_deleted,
    excludeDeleted: filters.exclude?.has('deleted'),
    excludeArchived: filters.exclude?.has('archived'),
    cont: filters.cont,
    familyId: filters.fm_id,
    workpointId: filters.magazia_id,
    pricelistId: filters.pricelist_id,
    onStock: include.has('onstock'),
    include: {
      images: include.has('images'),
      properties: include.has('properties'),
      lastAcquisitionPriceRon: include.has('last_aquisition_price_ron'),
      lastPurchasePriceCurrency: include.has('last_purchase_price_currency'),
      acquisitionValueRon: include.has('aquisition_value_ron'),
    },
  };
}

/**
 * One list request: json answers a page in the envelope; csv and xml answer the raw export
 * (every matching row streamed, or only the page asked for). Bad filters were refused (400, in
 * the envelope) before this runs, and a bad magazia_id / pricelist_id is refused by open(),
 * before anything streams.
 */
export function answerProducts(
  ctx: Omit<EndpointContext<FilterSpec>, 'filters'> & { filters: object; page: number },
  shape: ProductShape,
  /** The connector feed narrows the query (its connector, its workpoint). */
  narrow: (query: ProductQuery) => ProductQuery = (query) => query,
) {
  const { core, companyId, reply } = ctx;
  const filters = ctx.filters as ProductFilterValues;
  // Images kept by the service get absolute URLs on the address this request used (exports too).
  const query = { ...productQuery(companyId, formatDate(core.clock.now()), filters), media: mediaUrls(ctx.request) };
  const reader = core.rest.products.open(narrow(query), shape);
  const format = filters.format ?? 'json';
  if (format === 'json') return reader.page(ctx.page, PRODUCTS_PAGE_SIZE);
  const exported = reader.export(format, {
    batchSize: PRODUCT_EXPORT_BATCH,
    ...(filters.page !== undefined && { page: { page: filters.page, pageSize: PRODUCTS_PAGE_SIZE } }),
  });
  reply.code(200).header('content-type', EXPORT_CONTENT_TYPE[format]);
  if (exported.page !== undefined) {
    reply.header('x-page', String(exported.page)).header('x-has-more-pages', String(exported.hasMore));
  }
  void reply.send(exported.stream);
  return SENT;
}
