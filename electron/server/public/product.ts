import Type from 'typebox';
import { f } from '../../../shared/filters/grammar.ts';
import { OperationError } from '../../../shared/contract/errors.ts';
import {
  Product,
  PRODUCT_VAT_RATE_RULE,
  ProductDeleted,
  ProductDetail,
  ProductImage,
  ProductPatch,
  ProductPut,
  PRODUCTS_PAGE_SIZE,
  ProductStock,
} from '../../../shared/domain/products.ts';
import type { RestRoutes } from './route-kit.ts';
import { mediaUrls } from './request-urls.ts';
import { answerProducts, productFilters } from './product-query.ts';
import type { Core } from '../../core/create-core.ts';
import {
  productAddExample,
  productDeleteExample,
  productExample,
  productImagesExample,
  productListExample,
  productPatchExample,
  productPutExample,
  productStocksExample,
} from './product.examples.ts';

/** Guard of the product writes: 404 for an absent or deleted product, before the body is read. */
function productMustExist({ core, companyId, params }: { core: Core; companyId: number; params: Record<string, string> }): void {
  const id = params.product_id ?? '';
  // An id that is not one is refused (400) by the route itself.
  if (/^[1-9]\d{0,14}$/.test(id)) core.rest.products.assertExists(companyId, Number(id));
}

export const productListFilters = {
  ...productFilters,
  include: f.options(['images', 'properties', 'last_aquisition_price_ron', 'last_purchase_price_currency'] as const),
} as const;

export const productStockFilters = {
  ...productFilters,
  include: f.options(['last_purchase_price_currency', 'onstock', 'aquisition_value_ron'] as const),
} as const;

const FORMATS =
  'format:json (default) answers one page in the envelope. format:csv (text/csv; charset=utf-8) and format:xml ' +
  '(application/xml; charset=utf-8) answer the export itself, outside the envelope: without page: every matching ' +
  'row, streamed; with page: that page only (headers X-Page and X-Has-More-Pages). Columns: the spec\'s fields in ' +
  'the spec\'s order, the pricelist fields (with pricelist_id), the real service\'s (custom_barcode, cod_intern, ' +
  'is_deleted, is_archived, delistat), ours, then the included blocks (CSV: images as their url joined by |, properties ' +
  'as name=value joined by "; "; XML: every key of each image). A refused request answers the JSON envelope (400).';

const COMMON =
  'Date filters (year ... datethrough) act on the day the product was created; modifiedafter / modifiedthrough on ' +
  'last_changed_ts; id and product_id select one variant. Without filters: products that are not deleted and are ' +
  'sellable (cont:all adds the others, show_deleted:1 the deleted ones; exclude:deleted, exclude:archived take them ' +
  'out). code (or codeb64, base64 of it) equals cod_produs, cod_varianta or barcode. manufacturer: an id, or the ' +
  'exact name. visibility:partner / published keep partner_visible / website_published products. fm_id: the ' +
  'product family. magazia_id: stoc_global is that workpoint\'s stock (400 when it is not a workpoint of the ' +
  'account). pricelist_id needs magazia_id (400 otherwise) and keeps the products a rule of the pricelist applies to: ' +
  'at a wholesale workpoint the pricelist price is in pret_vanzare / pret_vanzare_cu_tva and the *_discounted ' +
  'fields are null; at a retail workpoint pret_vanzare stays the retail price and the pricelist price is in the ' +
  '*_discounted fields (most specific rule wins: product, category, manufacturer; prices in the product\'s selling ' +
  'currency). skipcancelled is refused: a product is never cancelled.';

export function registerProductRoutes(routes: RestRoutes): void {
  routes.list(
    {
      path: '/product/list/',
      module: 'product',
      summary: 'Products (one row per variant)',
      example: productListExample,
      description:
        `${COMMON} include:images, properties, last_aquisition_price_ron, last_purchase_price_currency (with ` +
        `last_purchase_currency) add those fields. ${FORMATS}`,
      filters: productListFilters,
      item: Product,
      pageSize: PRODUCTS_PAGE_SIZE,
      alternatives: {
        'text/csv': 'format:csv: the rows as CSV, a header line first (column order in the description)',
        'application/xml': 'format:xml: the rows as XML',
      },
    },
    (ctx) => answerProducts(ctx, 'list'),
  );

  routes.list(
    {
      path: '/product/stocks/',
      module: 'product',
      summary: 'Stock per workpoint of each product',
      example: productStocksExample,
      description:
        'One row per product (the product record) with workpoints[]: its stock at every workpoint of the account that ' +
        'is not deleted (only magazia_id when given), zero where it holds none. include:onstock keeps products with ' +
        'stock above zero at a workpoint in scope; include:aquisition_value_ron adds the acquisition value in RON per ' +
        'workpoint and in total; include:last_purchase_price_currency the last purchase price and its currency. ' +
        `${COMMON} ${FORMATS} The CSV export has one line per product and workpoint (workpoint_* columns).`,
      filters: productStockFilters,
      item: ProductStock,
      pageSize: PRODUCTS_PAGE_SIZE,
      alternatives: {
        'text/csv': 'format:csv: the rows as CSV, a header line first (column order in the description)',
        'application/xml': 'format:xml: the rows as XML',
      },
    },
    (ctx) => answerProducts(ctx, 'stocks'),
  );

  routes.endpoint(
    {
      method: 'GET',
      path: '/product/{product_id}/',
      module: 'product',
      summary: 'The full variant record',
      example: productExample,
      description:
        'Every field the catalogue keeps for the variant: the list record with its description and website title, ' +
        'family, stock per workpoint, images, properties, web categories and the connectors it is published to. ' +
        'Archived and unsellable variants are answered (flagged); a deleted variant is 404 (the list shows it with ' +
        'show_deleted:1).',
      params: { product_id: Type.Integer({ minimum: 1 }) },
      ok: { description: 'the variant', schema: ProductDetail },
      errors: { 400: 'product_id is not a positive integer id', 404: 'no such product in the account, or it is deleted' },
    },
    ({ core, companyId, params, request }) => core.rest.products.get(companyId, Number(params.product_id), mediaUrls(request)),
  );

  const WRITE_RULES =
    'Writable fields (GET names): cod_produs (unique in the account), cod_varianta, barcode (no control characters, ' +
    'no leading or trailing spaces), product_name and unitate_masura (not blank), product_website_title, ' +
    'product_description, pret_vanzare (>= 0, 2 decimals) with selling_currency_txt (a currency of the account; the ' +
    `two always together), cota_tva_vanzare (${PRODUCT_VAT_RATE_RULE}; independent of the price), ` +
    'category_id and manufacturer_id (ids of the account, or null), website_published, partner_visible, sellable, ' +
    'is_archived, delistat (0/1), cod_intern (internal code, same character rules as barcode), weight (kg, >= 0, 3 decimals). A value equal to the stored one is accepted as it is. A write ' +
    'that changes something sets last_changed_ts and, in the same transaction, queues a product_update ' +
    'notification for every active connector publishing the product when a field the connector tracks ' +
    '(tracked_fields), the stock or the price changed; a new cod_produs is announced as a product_unpublished of the old ' +
    'code followed by the product_update (receivers key products by cod_produs). Answers the variant as GET does.';

  routes.endpoint(
    {
      method: 'PATCH',
      path: '/product/{product_id}/',
      module: 'product',
      summary: 'Change some fields of a variant',
      example: productPatchExample,
      description: `Only the fields sent change; an empty object changes nothing. ${WRITE_RULES}`,
      params: { product_id: Type.Integer({ minimum: 1 }) },
      body: { contentType: 'application/json', schema: ProductPatch },
      // An absent or deleted product is a 404 whatever the body (before its content type and JSON are read).
      guard: productMustExist,
      ok: { description: 'the variant after the change', schema: ProductDetail },
      errors: {
        400: 'a field unknown, read-only with another value than the stored one, or against its rule; pret_vanzare without selling_currency_txt or the reverse',
        404: 'no such product in the account, or it is deleted',
      },
    },
    ({ core, companyId, params, body, request }) =>
      core.rest.products.patchGrouped(companyId, Number(params.product_id), body as Record<string, unknown>, mediaUrls(request)),
    (data) => ({ products: [data.product_id] }),
  );

  routes.endpoint(
    {
      method: 'PUT',
      path: '/product/{product_id}/',
      module: 'product',
      summary: 'Replace the writable fields of a variant',
      example: productPutExample,
      description: `Every writable field is required; the record as GET answers it is accepted. ${WRITE_RULES}`,
      params: { product_id: Type.Integer({ minimum: 1 }) },
      body: { contentType: 'application/json', schema: ProductPut },
      // An absent or deleted product is a 404 whatever the body (before its content type and JSON are read).
      guard: productMustExist,
      ok: { description: 'the variant after the change', schema: ProductDetail },
      errors: {
        400: 'a writable field missing, a field unknown, read-only with another value than the stored one, or against its rule',
        404: 'no such product in the account, or it is deleted',
      },
    },
    ({ core, companyId, params, body, request }) =>
      core.rest.products.replaceGrouped(companyId, Number(params.product_id), body as Record<string, unknown>, mediaUrls(request)),
    (data) => ({ products: [data.product_id] }),
  );

  routes.endpoint(
    {
      method: 'DELETE',
      path: '/product/{product_id}/',
      module: 'product',
      summary: 'Delete a variant',
      example: productDeleteExample,
      description:
        'Marks the variant deleted (deleted: 1, last_changed_ts): GET, PATCH, PUT, DELETE and the image routes answer ' +
        '404 from then on; the product list shows it with show_deleted:1. Queues a product_unpublished notification ' +
        '(notification_type and cod_produs) for every active connector publishing it, in the same transaction.',
      params: { product_id: Type.Integer({ minimum: 1 }) },
      ok: { description: 'the id of the deleted variant', schema: ProductDeleted },
      errors: { 400: 'product_id is not a positive integer id', 404: 'no such product in the account, or it is deleted already' },
    },
    ({ core, companyId, params }) => core.rest.products.remove(companyId, Number(params.product_id)),
    (data) => ({ products: [data.deleted_product_id] }),
  );

  routes.endpoint(
    {
      method: 'POST',
      path: '/product/add/',
      module: 'product',
      summary: 'Create a product (not implemented)',
      example: productAddExample,
      description: 'Not implemented in v1.8.0 (spec): always 501, whatever the body.',
      ok: { description: 'never answered' },
      errors: { 501: 'always: creating products through the API is not implemented' },
      // Refused before the body is read: 501 whatever was sent.
      guard: () => {
        throw new OperationError(501, 'POST /product/add/ is not implemented: products are created in the ERP (spec v1.8.0)');
      },
    },
    () => undefined,
  );

  routes.endpoint(
    {
      method: 'GET',
      path: '/product/{product_id}/images/',
      module: 'product',
      summary: 'The images of a variant',
      example: productImagesExample,
      description:
        'In display order. url is the stored URL (storage: url), or for a file kept by the service (storage: local) ' +
        'its absolute service URL /media/<key>. cover_picture is 1 for the first image only; img_url_normal is url; ' +
        'img_url_thumb is the thumbnail the service makes of a stored file (/media/thumb/<key>), the URL itself for a ' +
        'URL stored as is.',
      params: { product_id: Type.Integer({ minimum: 1 }) },
      ok: { description: 'the images', schema: Type.Array(ProductImage) },
      errors: { 400: 'product_id is not a positive integer id', 404: 'no such product in the account, or it is deleted' },
    },
    ({ core, companyId, params, request }) => core.rest.products.images(companyId, Number(params.product_id), mediaUrls(request)),
  );
}
