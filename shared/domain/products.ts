import Type, { type Static, type TSchema } from 'typebox';
import { LIST_PAGE_SIZE } from './documents.ts';
import { imageVersionFields } from './images.ts';
import { vatRatesText } from './vat.ts';

/**
 * The product records of /product/list/, /product/stocks/, /product/{id}/ and (later) the
 * connector feed. The spec shows the product list fields (and the push notification fields);
 * everything else is this implementation's choice, described in docs/data-model.md
 * (Catalogue). `product_id` is the variant id.
 */

/** Rows per page of /product/list/ and /product/stocks/ (the spec does not fix it). */
export const PRODUCTS_PAGE_SIZE = LIST_PAGE_SIZE;

/** Rows read per query while a CSV or XML export streams (one batch in memory at a time). */
export const PRODUCT_EXPORT_BATCH = 200;

const Flag = (description?: string) => Type.Integer({ minimum: 0, maximum: 1, ...(description && { description }) });
const Nullable = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});

export const ProductImage = Type.Object({
  image_id: Type.Integer(),
  url: Nullable(Type.String(), 'the stored URL, or the absolute service URL (/media/<key>) of a file the service keeps'),
  storage: Type.Union([Type.Literal('url'), Type.Literal('local')], {
    description: "url: an external URL stored as is; local: a file kept by the service, served at /media/<key>",
  }),
  title: Type.String(),
  description: Type.String(),
  alt_text: Type.String(),
  position: Type.Integer({ description: 'display order, 0 = main image' }),
  mime_type: Type.String(),
  size_bytes: Type.Integer(),
  created_ts: Type.String(),
  ...imageVersionFields(true),
});
export type ProductImage = Static<typeof ProductImage>;

export const ProductProperty = Type.Object({
  property_id: Type.Integer(),
  name: Type.String(),
  value: Type.String(),
});
export type ProductProperty = Static<typeof ProductProperty>;

/** Stock of one product at one workpoint. */
export const WorkpointStock = Type.Object({
  magazia_id: Type.Integer({ description: 'the workpoint (gestiune / punct de lucru)' }),
  workpoint_name: Type.String(),
  workpoint_kind: Type.Union([Type.Literal('wholesale'), Type.Literal('retail')]),
  stoc: Type.Number({ description: 'quantity on hand' }),
  stock_reserved: Type.Number({ description: 'promised to open orders' }),
  stock_available: Type.Number({ description: 'stoc - stock_reserved' }),
  aquisition_value_ron: Type.Optional(Type.Number({ description: 'acquisition value of that stock in RON (stocks: include:aquisition_value_ron)' })),
});
export type WorkpointStock = Static<typeof WorkpointStock>;

/** The fields of the spec's product record, in the spec's order (also the first CSV columns). */
const SpecFields = {
  product_id: Type.Integer({ description: 'the variant id' }),
  cod_varianta: Type.String({ description: "variant code ('' for an article without variants)" }),
  cod_produs: Type.String({ description: 'article code, unique in the account (orders name products by it); always a JSON string' }),
  barcode: Type.String({
    description:
      "the EAN ('' when none), as the spec's product feed and the invoice lines use it (the real service's accounts may keep an " +
      'internal code here: this service keeps that in cod_intern)',
  }),
  product_name: Type.String(),
  category_name: Type.String({ description: "'' when the product has no category" }),
  stoc_global: Type.Number({
    description: 'stock summed over the account\'s workpoints; with magazia_id, the stock of that workpoint only',
  }),
  unitate_masura: Type.String({ description: 'unit of measure (buc, kg, set ...)' }),
  pret_vanzare: Type.Number({
    description:
      'selling price without VAT in selling_currency_txt: the retail price, or with pricelist_id at a wholesale workpoint the pricelist price',
  }),
  pret_vanzare_cu_tva: Type.Number({ description: 'pret_vanzare with VAT at cota_tva_vanzare, rounded to 2 decimals' }),
  cota_tva_vanzare: Type.Number({
    description: 'VAT rate in percent the product is sold at: a Romanian rate, 21 standard or 11 reduced since 2025-08-01 (19, 9, 5 before), 0 exempt',
  }),
  selling_currency_txt: Type.String({ description: 'ISO 4217 currency of every price of the record' }),
  website_published: Flag('published to the website (visibility:published)'),
  producator: Type.String({ description: "manufacturer name ('' when none)" }),
  last_changed_ts: Type.String({ description: 'YYYY-MM-DD HH:MM:SS; modifiedafter / modifiedthrough act on it' }),
};

/** With the pricelist_id filter (spec: placement by the kind of the magazia_id workpoint). */
const PricelistFields = {
  pret_vanzare_discounted: Type.Optional(
    Nullable(Type.Number(), 'with pricelist_id: at a retail workpoint the pricelist price without VAT; null at a wholesale workpoint'),
  ),
  pret_vanzare_cu_tva_discounted: Type.Optional(
    Nullable(Type.Number(), 'with pricelist_id: at a retail workpoint the pricelist price with VAT; null at a wholesale workpoint'),
  ),
  pricelist_id: Type.Optional(Type.Integer({ description: 'with pricelist_id: the pricelist applied' })),
  pricelist_min_quantity: Type.Optional(
    Type.Number({ description: 'with pricelist_id: the quantity from which the applied rule gives that price' }),
  ),
};

/** What a Romanian ERP keeps besides the spec's fields (push notifications add some of them). */
const OwnFields = {
  // Keys of the real service (../shared/docs/real-service.md), first; docs/data-model.md tells observed from inferred.
  custom_barcode: Type.String({
    description: "real service: the EAN. The same value as the spec's barcode here (both names appear); '' when none",
  }),
  cod_intern: Type.String({
    description:
      "real service key; value inferred: the product's internal code (as `1-ATEL`), free text kept by the ERP, '' when none",
  }),
  is_deleted: Flag("real service: 1 when the product is deleted; the same value as the spec's deleted (push notifications)"),
  is_archived: Flag('real service: 1 when the product is archived (exclude:archived leaves it out)'),
  delistat: Flag(
    'real service key; meaning inferred: 1 when the product was withdrawn from the assortment (delisted): not re-ordered ' +
      'and not offered to new listings, while it may still be sold as long as stock lasts (sellable is separate)',
  ),
  fm_id: Nullable(Type.Integer(), 'product family (the article grouping the variants); null for a single variant'),
  category_id: Nullable(Type.Integer()),
  manufacturer_id: Nullable(Type.Integer()),
  magazia_id: Nullable(Type.Integer(), 'the workpoint stoc_global (and the pricelist placement) refer to; null = every workpoint'),
  stock_reserved: Type.Number({ description: 'reserved for open orders, same scope as stoc_global' }),
  stock_available: Type.Number({ description: 'stoc_global - stock_reserved' }),
  product_website_title: Type.String(),
  product_description: Type.String(),
  partner_visible: Flag('visible to partners (visibility:partner)'),
  sellable: Flag('can be sold (cont:sellable)'),
  deleted: Flag('the spec\'s name (push notifications) of is_deleted'),
  weight: Type.Number({ description: 'kg' }),
  created_ts: Type.String({ description: 'the date filters (year ... datethrough) act on its day' }),
};

/** include:last_aquisition_price_ron / include:last_purchase_price_currency. */
const PurchaseFields = {
  last_aquisition_price_ron: Type.Optional(
    Nullable(Type.Number(), 'include:last_aquisition_price_ron: last acquisition unit price in RON, without VAT'),
  ),
  last_purchase_price_currency: Type.Optional(
    Nullable(Type.Number(), 'include:last_purchase_price_currency: last purchase unit price in the purchase currency, without VAT'),
  ),
  last_purchase_currency: Type.Optional(Nullable(Type.String(), 'include:last_purchase_price_currency: ISO 4217')),
};

export const Product = Type.Object({
  ...SpecFields,
  ...PricelistFields,
  ...OwnFields,
  ...PurchaseFields,
  images: Type.Optional(Type.Array(ProductImage, { description: 'include:images' })),
  properties: Type.Optional(Type.Array(ProductProperty, { description: 'include:properties' })),
});
export type Product = Static<typeof Product>;

/** A /product/stocks/ row: the product record with its stock per workpoint. */
export const ProductStock = Type.Object({
  ...SpecFields,
  ...PricelistFields,
  ...OwnFields,
  last_purchase_price_currency: PurchaseFields.last_purchase_price_currency,
  last_purchase_currency: PurchaseFields.last_purchase_currency,
  aquisition_value_ron: Type.Optional(
    Type.Number({ description: 'include:aquisition_value_ron: acquisition value in RON of the stock in scope (sum of workpoints[])' }),
  ),
  workpoints: Type.Array(WorkpointStock, {
    description: 'one entry per workpoint of the account that is not deleted (only magazia_id when given), zero when it holds none',
  }),
});
export type ProductStock = Static<typeof ProductStock>;

export const ProductWebCategory = Type.Object({ web_category_id: Type.Integer(), name: Type.String() });
export const ProductConnector = Type.Object({
  connector_id: Type.Integer(),
  name: Type.String(),
  type: Type.String({ description: 'ecommerce or dropship' }),
  active: Flag(),
  published_ts: Type.String(),
});

/** GET /product/{product_id}/: every column the catalogue keeps for the variant. */
export const ProductDetail = Type.Object({
  ...SpecFields,
  ...OwnFields,
  family_name: Nullable(Type.String(), 'name of the product family (fm_id)'),
  last_aquisition_price_ron: Nullable(Type.Number(), 'last acquisition unit price in RON, without VAT'),
  last_purchase_price_currency: Nullable(Type.Number(), 'last purchase unit price in the purchase currency, without VAT'),
  last_purchase_currency: Nullable(Type.String()),
  aquisition_value_ron: Type.Number({ description: 'acquisition value in RON of the whole stock' }),
  workpoints: Type.Array(WorkpointStock, { description: 'stock per workpoint (every workpoint of the account that is not deleted)' }),
  images: Type.Array(ProductImage),
  properties: Type.Array(ProductProperty),
  web_categories: Type.Array(ProductWebCategory, { description: 'web categories the product is shown in (deleted ones left out)' }),
  connectors: Type.Array(ProductConnector, { description: 'connectors the product is published to (deleted connectors left out)' }),
});
export type ProductDetail = Static<typeof ProductDetail>;

/**
 * Column order of the CSV export of /product/list/ (and the element order of the XML export):
 * the spec's fields in the spec's order, then the pricelist fields (only with pricelist_id),
 * then ours, then the include options asked for, in this order.
 */
export const PRODUCT_CSV_COLUMNS = {
  spec: Object.keys(SpecFields) as Array<keyof typeof SpecFields>,
  pricelist: Object.keys(PricelistFields) as Array<keyof typeof PricelistFields>,
  own: Object.keys(OwnFields) as Array<keyof typeof OwnFields>,
  include: {
    last_aquisition_price_ron: ['last_aquisition_price_ron'],
    last_purchase_price_currency: ['last_purchase_price_currency', 'last_purchase_currency'],
    images: ['images'],
    properties: ['properties'],
    aquisition_value_ron: ['aquisition_value_ron'],
  },
  /** /product/stocks/ CSV: one line per product and workpoint, these columns after the product's. */
  workpoint: ['workpoint_magazia_id', 'workpoint_name', 'workpoint_kind', 'workpoint_stoc', 'workpoint_stock_reserved', 'workpoint_stock_available'],
  workpointValue: ['workpoint_aquisition_value_ron'],
} as const;

/* ------------------------------------------------------------------------------------------ *
 * The write side: PATCH and PUT /product/{product_id}/, DELETE, and the product notifications.
 * ------------------------------------------------------------------------------------------ */

/**
 * The VAT rates a write may give a product (shared/domain/vat.ts): those in force on the day of
 * the write, as the ERP's clock reads it, 0 (exempt) included. A rate no longer in force (19, 9, 5
 * since 2025-08-01) is refused, unless it is the stored one sent back unchanged.
 */
export const PRODUCT_VAT_RATE_RULE =
  `one of the Romanian VAT rates in force on the day of the write: ${vatRatesText()}; ` +
  'a stored rate sent back unchanged is accepted';

/**
 * The fields a PATCH or PUT may change, under their GET names. Rules the schema cannot say
 * (2 decimals, a VAT rate of the list, a currency of the account, a unique cod_produs, existing
 * category and manufacturer ids, no blank names) are checked by the products domain, each
 * refusal a 400 naming the field.
 */
export const ProductWritableFields = {
  cod_produs: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'article code, unique in the account; no leading or trailing spaces, no control characters',
  }),
  cod_varianta: Type.String({ maxLength: 64, description: "variant code ('' for none); same character rules as cod_produs" }),
  barcode: Type.String({ maxLength: 64, description: "EAN ('' for none); same character rules as cod_produs; custom_barcode follows it" }),
  cod_intern: Type.String({ maxLength: 64, description: "internal code ('' for none); same character rules as cod_produs, not unique" }),
  product_name: Type.String({ minLength: 1, maxLength: 255, description: 'not blank' }),
  product_website_title: Type.String({ maxLength: 255 }),
  product_description: Type.String({ maxLength: 65535 }),
  unitate_masura: Type.String({ minLength: 1, maxLength: 16, description: 'unit of measure (buc, kg, set ...), not blank' }),
  pret_vanzare: Type.Number({
    minimum: 0,
    maximum: 999999999.99,
    description: 'retail price without VAT, at most 2 decimals; must be sent together with selling_currency_txt',
  }),
  selling_currency_txt: Type.String({
    description: 'ISO 4217 code, one of the account\'s currencies; must be sent together with pret_vanzare',
  }),
  cota_tva_vanzare: Type.Number({ description: `VAT rate in percent, ${PRODUCT_VAT_RATE_RULE}; independent of the price` }),
  category_id: Nullable(Type.Integer({ minimum: 1 }), 'a category of the account, or null for none (category_name follows it)'),
  manufacturer_id: Nullable(Type.Integer({ minimum: 1 }), 'a manufacturer of the account, or null for none (producator follows it)'),
  website_published: Flag('published to the website'),
  partner_visible: Flag('visible to partners'),
  sellable: Flag('can be sold'),
  is_archived: Flag('archived'),
  delistat: Flag('withdrawn from the assortment (delisted)'),
  weight: Type.Number({ minimum: 0, maximum: 100000, description: 'kg, at most 3 decimals' }),
};
export type ProductWritableField = keyof typeof ProductWritableFields;
export const PRODUCT_WRITABLE_FIELDS = Object.keys(ProductWritableFields) as ProductWritableField[];

/**
 * Fields that must come together in a PATCH (a PUT sends every writable field anyway): the
 * price is a number in a currency. A price and its VAT rate are independent (the VAT rate is
 * the tax of the goods, not a property of the amount).
 */
export const PRODUCT_COMBINED_FIELDS: ReadonlyArray<{ fields: readonly ProductWritableField[]; why: string }> = [
  { fields: ['pret_vanzare', 'selling_currency_txt'], why: 'the price is an amount in that currency' },
];

/** Every other field of GET /product/{product_id}/: accepted only with its stored value. */
export const PRODUCT_READ_ONLY_FIELDS = Object.keys(ProductDetail.properties).filter(
  (key) => !(key in ProductWritableFields),
) as Array<Exclude<keyof typeof ProductDetail.properties, ProductWritableField>>;

const ReadOnlyFields = Type.Partial(Type.Omit(ProductDetail, PRODUCT_WRITABLE_FIELDS)).properties;

const READ_ONLY_RULE =
  'Every other field of the GET answer is read-only: it is accepted (and ignored) when it equals the stored value, ' +
  'or the value the write itself gives it (pret_vanzare_cu_tva after a price or VAT change, category_name after a ' +
  'category_id change, producator after a manufacturer_id change, custom_barcode after a barcode change), and refused with 400 otherwise. A field GET does ' +
  'not answer is refused with 400 naming it.';

/** PATCH /product/{product_id}/: only the fields sent change. */
export const ProductPatch = Type.Object(
  {
    ...Type.Partial(Type.Object(ProductWritableFields)).properties,
    ...ReadOnlyFields,
  },
  {
    additionalProperties: false,
    description: `Only the fields sent change, named as GET /product/{product_id}/ names them. ${READ_ONLY_RULE}`,
  },
);

/** PUT /product/{product_id}/: every writable field; the GET record is accepted as it is. */
export const ProductPut = Type.Object(
  { ...ProductWritableFields, ...ReadOnlyFields },
  {
    additionalProperties: false,
    description:
      `Replaces every writable field: each one is required (400 naming a missing one). The record as GET answers ` +
      `it is accepted, so a client may GET, change a field and PUT it back. ${READ_ONLY_RULE}`,
  },
);

export const ProductDeleted = Type.Object({
  deleted_product_id: Type.Integer({ description: 'the variant deleted; GET /product/{product_id}/ answers 404 from now on' }),
});
export type ProductDeleted = Static<typeof ProductDeleted>;

/**
 * A product push (spec, Events): the complete current product as a connector sees it (stock and
 * prices of the connector's workpoint, every workpoint when it has none), exactly these fields
 * in this order, notification_type first.
 */
export const PRODUCT_PUSH_FIELDS = [
  'cod_produs',
  'barcode',
  'product_name',
  'product_website_title',
  'product_description',
  'category_name',
  'producator',
  'stoc_global',
  'stock_reserved',
  'stock_available',
  'pret_vanzare',
  'pret_vanzare_cu_tva',
  'cota_tva_vanzare',
  'selling_currency_txt',
  'deleted',
  'last_changed_ts',
] as const;
export type ProductPushField = (typeof PRODUCT_PUSH_FIELDS)[number];

const ProductFieldSchemas = { ...SpecFields, ...OwnFields } as Record<string, TSchema>;

/** The body of a product_update (and product_published) notification, without notification_type. */
export const ProductPush = Type.Object(
  Object.fromEntries(PRODUCT_PUSH_FIELDS.map((key) => [key, ProductFieldSchemas[key]!])) as Record<ProductPushField, TSchema>,
);
export type ProductPush = { [K in ProductPushField]: K extends keyof ProductDetail ? ProductDetail[K] : never };

export const ProductUpdateNotification = Type.Object({
  notification_type: Type.Union([Type.Literal('product_update'), Type.Literal('product_published')]),
  ...ProductPush.properties,
});
export const ProductUnpublishedNotification = Type.Object({
  notification_type: Type.Literal('product_unpublished'),
  cod_produs: Type.String(),
});

/**
 * Product fields whose change is always notified to the connectors publishing the product,
 * whatever their tracked_fields: the stock and the price (with its currency and VAT rate).
 */
export const PRODUCT_ALWAYS_TRACKED = [
  'stoc_global',
  'stock_reserved',
  'stock_available',
  'pret_vanzare',
  'pret_vanzare_cu_tva',
  'cota_tva_vanzare',
  'selling_currency_txt',
] as const;
