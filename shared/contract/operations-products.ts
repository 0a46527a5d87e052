import Type, { type Static } from 'typebox';
import { op, CompanyId } from './operation-def.ts';
import { ProductDetail, ProductPatch } from '../domain/products.ts';
import { IMAGE_MAX_BYTES, IMAGE_TEXT_LIMITS, ProductImagesDeleted, StoredProductImage } from '../domain/images.ts';
import { Pricelist, Workpoint } from '../domain/reference.ts';
import { QueuedNotification } from '../domain/staff-actions.ts';

const ProductId = Type.Integer({ minimum: 1, description: 'the variant (product_id)' });
/** An image of IMAGE_MAX_BYTES in base64, with room for the other fields. */
const IMAGE_BODY_LIMIT = Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 64 * 1024;

/** The price a pricelist gives the variant today, as /product/list/ with magazia_id and pricelist_id answers it. */
export const PricelistPrice = Type.Object({
  pricelist_id: Type.Integer(),
  name: Type.String(),
  currency: Type.String({ description: "the pricelist's currency (its fixed prices); the price below is in the product's selling currency" }),
  active: Type.Integer({ minimum: 0, maximum: 1 }),
  price: Type.Union([Type.Number(), Type.Null()], { description: 'without VAT, in selling_currency_txt; null when no rule of the pricelist applies' }),
  price_with_vat: Type.Union([Type.Number(), Type.Null()]),
  min_quantity: Type.Union([Type.Number(), Type.Null()], { description: 'the quantity from which the winning rule gives that price' }),
  problem: Type.Union([Type.String(), Type.Null()], { description: 'why the price cannot be computed (no exchange rate of the pricelist currency)' }),
});
export type PricelistPrice = Static<typeof PricelistPrice>;

/** GET /product/{product_id}/ plus the price of every pricelist of the account. */
export const ProductScreenDetail = Type.Object({
  ...ProductDetail.properties,
  pricelist_prices: Type.Array(PricelistPrice),
});
export type ProductScreenDetail = Static<typeof ProductScreenDetail>;

const Notifications = Type.Array(QueuedNotification, {
  description: 'every webhook delivery the write queued (product_update per connector publishing the product ...), in order',
});

export const CatalogueOptions = Type.Object({
  categories: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), parent_id: Type.Union([Type.Integer(), Type.Null()]) })),
  manufacturers: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  pricelists: Type.Array(Pricelist),
  workpoints: Type.Array(Workpoint),
  vat_rates: Type.Array(Type.Number(), { description: 'the rates a product write accepts today (0 = exempt)' }),
  vat_date: Type.String({ description: 'the day the rates are in force (the ERP clock)' }),
  currencies: Type.Array(Type.String(), { description: 'the currencies of the account: what selling_currency_txt accepts' }),
});
export type CatalogueOptions = Static<typeof CatalogueOptions>;

const PRODUCT = '/accounts/:company_id/products/:product_id';

/**
 * The Products screen (Catalogue): the detail, the edit (PATCH semantics), the images and what
 * the filters and the form offer. The same domain functions as GET / PATCH /product/{id}/, POST
 * /product/{id}/image/ and DELETE /product/{id}/images/; each write also answers the webhook
 * deliveries it queued. Publishing: products.publish / unpublish (operations-staff.ts).
 */
export const productOperations = {
  'products.get': op({
    summary: 'One variant as GET /product/{product_id}/ answers it, plus its price in every pricelist of the account',
    input: Type.Object({ company_id: CompanyId, product_id: ProductId }, { additionalProperties: false }),
    output: ProductScreenDetail,
    http: { method: 'GET', path: PRODUCT },
    reads: ['products', 'stock', 'product_images', 'product_properties', 'connector_products', 'connectors', 'pricelists', 'pricelist_rules'],
    record: { table: 'products', input: 'product_id' },
  }),
  'products.update': op({
    summary:
      'Change some fields of a variant: the rules and refusals of PATCH /product/{product_id}/ (pret_vanzare with selling_currency_txt, ' +
      'read-only fields refused naming them); answers the variant and the notifications queued',
    input: Type.Object({ ...ProductPatch.properties, company_id: CompanyId, product_id: ProductId }, { additionalProperties: false }),
    output: Type.Object({ product: ProductScreenDetail, notifications: Notifications }),
    http: { method: 'PATCH', path: PRODUCT },
  }),
  'products.uploadImage': op({
    summary: 'Upload an image of a variant (content base64): the checks and storage of POST /product/{product_id}/image/',
    input: Type.Object(
      {
        company_id: CompanyId,
        product_id: ProductId,
        file_name: Type.String({ minLength: 1, maxLength: 255 }),
        content_base64: Type.String({ maxLength: Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 4, contentEncoding: 'base64' }),
        title: Type.Optional(Type.String({ maxLength: IMAGE_TEXT_LIMITS.title })),
        description: Type.Optional(Type.String({ maxLength: IMAGE_TEXT_LIMITS.description })),
        alt_text: Type.Optional(Type.String({ maxLength: IMAGE_TEXT_LIMITS.alt_text })),
      },
      { additionalProperties: false },
    ),
    output: Type.Object({ image: StoredProductImage, notifications: Notifications }),
    http: { method: 'POST', path: `${PRODUCT}/images`, status: 201, bodyLimit: IMAGE_BODY_LIMIT },
  }),
  'products.deleteImages': op({
    summary: 'Delete every image of a variant and the files the service stored: DELETE /product/{product_id}/images/',
    input: Type.Object({ company_id: CompanyId, product_id: ProductId }, { additionalProperties: false }),
    output: Type.Object({ ...ProductImagesDeleted.properties, notifications: Notifications }),
    http: { method: 'DELETE', path: `${PRODUCT}/images` },
  }),
  'catalogue.options': op({
    summary: 'What the product filters and the product form offer: categories, manufacturers, pricelists, workpoints, VAT rates in force, currencies',
    input: Type.Object({ company_id: CompanyId }, { additionalProperties: false }),
    output: CatalogueOptions,
    http: { method: 'GET', path: '/accounts/:company_id/catalogue/options' },
    reads: ['product_categories', 'manufacturers', 'pricelists', 'workpoints', 'account_currencies'],
  }),
};
