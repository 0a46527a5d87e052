import Type, { type Static, type TSchema } from 'typebox';
import { MAX_PAYMENT_AMOUNT } from './payments.ts';

/**
 * The connector order request (spec: "Connector order request", POST and PUT
 * /connector/{connector_id}/order/{order_id}/) and its answer. The POST schema requires what the
 * spec requires; the PUT schema only order_unique_id. The rules the schemas cannot say (the
 * tolerances, the discount rule, references unique in the order, what the account holds) are
 * checked by electron/core/domains/connectors/order-request.ts and orders-import.ts and listed
 * in docs/data-model.md ("Connector orders").
 *
 * An optional field sent as null counts as not sent; a field the schema does not name is ignored
 * with a notice (the order is still imported), except item fields of the alias table below,
 * which are read under their canonical name.
 */

/** Most items an order may carry, and payments. */
export const ORDER_ITEMS_MAX = 500;
export const ORDER_PAYMENTS_MAX = 100;

/**
 * Tolerance of line_value_with_vat against item_quantity x item_price_with_vat: one ban (0.01)
 * per unit of quantity, at least one ban (a partner that rounds its unit price to the ban is off by
 * at most half a ban per unit, and the line by half a ban more).
 */
export const lineTolerance = (quantity: number): number => 0.01 * Math.max(1, Math.abs(quantity)) + 1e-9;

/** Tolerance of item_price_with_vat against item_price x (1 + item_vat_percent / 100): one ban. */
export const PRICE_WITH_VAT_TOLERANCE = 0.01 + 1e-9;

/**
 * Alternative item field names read as the spec's names (alias -> canonical). An alias and its
 * canonical name (or two aliases of one field) in the same item are a 400.
 */
export const ITEM_FIELD_ALIASES: Readonly<Record<string, string>> = {
  sku: 'code',
  product_code: 'code',
  cod_produs: 'code',
  name: 'item_name',
  product_name: 'item_name',
  title: 'item_name',
  quantity: 'item_quantity',
  qty: 'item_quantity',
  price: 'item_price',
  unit_price: 'item_price',
  price_without_vat: 'item_price',
  vat: 'item_vat_percent',
  vat_percent: 'item_vat_percent',
  vat_rate: 'item_vat_percent',
  tax_rate: 'item_vat_percent',
  price_with_vat: 'item_price_with_vat',
  unit_price_with_vat: 'item_price_with_vat',
  total: 'line_value_with_vat',
  line_total: 'line_value_with_vat',
  line_value: 'line_value_with_vat',
  comments: 'item_comments',
  comment: 'item_comments',
  barcode: 'ean',
  requires_customization: 'item_requires_customization',
};

const DATE_OR_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$';
const TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})?$';
const CURRENCY = '^[A-Z]{3}$';

const text = (maxLength: number, description?: string) => Type.String({ maxLength, ...(description && { description }) });
const required = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, ...(description && { description }) });
const amount = (description: string) => Type.Number({ minimum: -MAX_PAYMENT_AMOUNT, maximum: MAX_PAYMENT_AMOUNT, description });

const addressFields = {
  city: required(100, 'required; for Bucharest the city includes the sector (Bucuresti Sector 3)'),
  county: required(100, 'required (judet)'),
  country: required(100, 'required'),
  street: required(255, 'required; may hold the whole address when it cannot be split'),
  zip: Type.Optional(text(16, 'may be blank: resolved from city and county (and street) through the postcode table')),
  number: Type.Optional(text(32)),
  building: Type.Optional(text(32)),
  stair: Type.Optional(text(32)),
  floor: Type.Optional(text(32)),
  apartment: Type.Optional(text(32)),
  GLN: Type.Optional(text(32)),
};

export const OrderInvoiceAddress = Type.Object(addressFields, { additionalProperties: false });
export const OrderDeliveryAddress = Type.Object(
  {
    ...addressFields,
    shipping_contact_name: Type.Optional(text(255)),
    shipping_contact_phone: Type.Optional(text(64)),
  },
  { additionalProperties: false },
);

const clientFields = {
  name: required(255, 'company or full name'),
  representative: Type.Optional(text(255)),
  email: Type.Optional(text(255)),
  phone: Type.Optional(text(64)),
  vat_id: Type.Optional(text(32, 'fiscal code (CUI, with RO when VAT payer) or CNP: finds an existing contact')),
  registration_number: Type.Optional(text(64, 'trade register number')),
  client_unique_id: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'partner-side client id: a returning client is recognised (per connector) and updated',
    }),
  ),
  invoice_address: OrderInvoiceAddress,
  delivery_address: OrderDeliveryAddress,
};

export const OrderClient = Type.Object(clientFields, { additionalProperties: false });

/** client of a PUT: every field optional (only those sent change); an address sent is a whole address. */
export const OrderClientUpdate = Type.Object(
  Object.fromEntries(Object.entries(clientFields).map(([k, v]) => [k, Type.Optional(v)])) as {
    [K in keyof typeof clientFields]: ReturnType<typeof Type.Optional<(typeof clientFields)[K]>>;
  },
  { additionalProperties: false },
);

export const OrderItem = Type.Object(
  {
    type: Type.Enum(['product', 'discount', 'service'], {
      description: 'product (code a catalogue cod_produs), discount (code DISCOUNT, negative price), service (code SHIPPING or SERVICE)',
    }),
    code: required(64, 'cod_produs for a product; DISCOUNT; SHIPPING or SERVICE'),
    ean: Type.Optional(text(64)),
    item_name: required(255),
    item_comments: Type.Optional(text(1000)),
    item_requires_customization: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    item_quantity: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 }),
    item_price: amount('unit price without VAT, in order_currency_code'),
    item_vat_percent: Type.Number({ minimum: 0, maximum: 100, description: 'VAT rate' }),
    item_price_with_vat: amount('unit price with VAT: item_price x (1 + item_vat_percent / 100) within 0.01'),
    line_value_with_vat: amount('item_quantity x item_price_with_vat within 0.01 per unit of quantity (at least 0.01)'),
    discounted_price_with_vat: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: MAX_PAYMENT_AMOUNT,
        description: 'effective unit price; a discount when below item_price_with_vat and line_discount_value_with_vat > 0',
      }),
    ),
    line_discount_value_with_vat: Type.Optional(
      amount('total line discount with VAT: item_quantity x (item_price_with_vat - discounted_price_with_vat) within the line tolerance'),
    ),
  },
  { additionalProperties: false },
);
export type OrderItem = Static<typeof OrderItem>;

export const ORDER_PAYMENT_METHODS = ['bank_transfer', 'card', 'paypal', 'credit'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];

export const OrderPayment = Type.Object(
  {
    payment_method: Type.Enum([...ORDER_PAYMENT_METHODS]),
    payment_status: Type.Enum(['confirmed', 'pending', 'refunded'], {
      description: 'only confirmed payments count toward paid_amount and are registered',
    }),
    payment_date: Type.String({
      pattern: TIMESTAMP,
      description: "date-time: 'YYYY-MM-DD HH:MM:SS' (Europe/Bucharest) or ISO 8601 (an offset or Z is converted)",
    }),
    payment_amount: Type.Number({ exclusiveMinimum: 0, maximum: MAX_PAYMENT_AMOUNT, description: 'greater than 0, two decimals' }),
    payment_currency: Type.String({ pattern: CURRENCY, description: 'ISO 4217, a currency of the account' }),
    payment_reference: required(200, 'unique within the order: a payment already recorded under it is never recorded twice'),
    payment_comments: Type.Optional(text(1000)),
  },
  { additionalProperties: false },
);
export type OrderPayment = Static<typeof OrderPayment>;

const orderFields = {
  order_unique_id: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'partner-side order id; must equal the {order_id} path segment',
  }),
  order_reference: Type.Optional(text(255, 'may be blank')),
  order_date: Type.Optional(
    Type.String({ pattern: DATE_OR_TIMESTAMP, description: 'YYYY-MM-DD (a timestamp is read as its day); default: the day of the import' }),
  ),
  order_updated_at: Type.Optional(
    Type.String({ pattern: TIMESTAMP, description: "timestamp; becomes the order's last_changed_ts (never later than now)" }),
  ),
  order_status: Type.String({ minLength: 1, maxLength: 64, description: 'free text from the partner system' }),
  order_cancelled: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: '1 cancels the order' })),
  order_mentions: Type.Optional(text(2000)),
  order_currency_code: Type.String({ pattern: CURRENCY, description: 'a currency of the account; every price is in it' }),
  shipping_method: Type.Enum(['courier', 'post', 'personal_pickup', 'other']),
  cod_amount: Type.Optional(
    Type.Number({ minimum: 0, maximum: MAX_PAYMENT_AMOUNT, description: 'cash on delivery, two decimals; 0 when none' }),
  ),
  cod_currency: Type.Optional(
    Type.String({ pattern: '^([A-Z]{3})?$', description: 'ISO code (a currency of the account); default order_currency_code' }),
  ),
  client: OrderClient,
  items: Type.Array(OrderItem, { minItems: 1, maxItems: ORDER_ITEMS_MAX }),
  payments: Type.Optional(Type.Array(OrderPayment, { maxItems: ORDER_PAYMENTS_MAX })),
  payment_method: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        "not in the spec's table: the order's payment method before any payment exists (clients of the real service send " +
        `it with an empty payments[]), e.g. ${ORDER_PAYMENT_METHODS.join(', ')} or cod. Stored with the order (kept when a ` +
        'later request leaves it out); while the order has no payment it is the method invoicing.excluded_payment_methods ' +
        'and proforma.trigger_payment_methods look at. Another value is stored with a notice',
    }),
  ),
};

/** POST: the whole order (spec). */
export const ConnectorOrderRequest = Type.Object(orderFields, {
  additionalProperties: false,
  description:
    'Connector order request (POST). Item fields may also come under the names of ITEM_FIELD_ALIASES (sku, name, qty, ' +
    'price, vat, price_with_vat, total, comments ...). Optional fields sent as null count as not sent; unknown fields ' +
    'are ignored with a notice.',
});
export type ConnectorOrderRequest = Static<typeof ConnectorOrderRequest>;

/** PUT: only order_unique_id is required; only the fields sent change. */
export const ConnectorOrderUpdate = Type.Object(
  {
    order_unique_id: orderFields.order_unique_id,
    order_reference: orderFields.order_reference,
    order_date: orderFields.order_date,
    order_updated_at: orderFields.order_updated_at,
    order_status: Type.Optional(orderFields.order_status),
    order_cancelled: orderFields.order_cancelled,
    order_mentions: orderFields.order_mentions,
    order_currency_code: Type.Optional(orderFields.order_currency_code),
    shipping_method: Type.Optional(orderFields.shipping_method),
    cod_amount: orderFields.cod_amount,
    cod_currency: orderFields.cod_currency,
    client: Type.Optional(OrderClientUpdate),
    items: Type.Optional(orderFields.items),
    payments: orderFields.payments,
    payment_method: orderFields.payment_method,
  },
  {
    additionalProperties: false,
    description:
      'Connector order update (PUT): only order_unique_id is required; only the fields sent change; items, when sent, ' +
      'replace every line; payments are merged by payment_reference.',
  },
);
export type ConnectorOrderUpdate = Static<typeof ConnectorOrderUpdate>;

/** The request body as the OpenAPI document shows it (the two shapes; the method decides). */
export const ConnectorOrderBody: TSchema = Type.Union([ConnectorOrderRequest, ConnectorOrderUpdate], {
  description: 'POST: the whole order (ConnectorOrderRequest); PUT: order_unique_id and the fields that change',
});

export const ImportSummary = Type.Object({
  mode: Type.Enum(['create', 'update']),
  bocp_order_id: Type.Integer({ description: 'the same id as SERVICE_order_id' }),
  items_received: Type.Integer({ description: 'items in the payload (0 when a PUT sends none)' }),
  items_imported: Type.Integer({ description: 'items read and stored' }),
  payments_received: Type.Integer(),
  payments_registered: Type.Integer({ description: 'ERP payments registered by this request (confirmed, reference new or newly confirmed)' }),
  payments_skipped_pending: Type.Integer({ description: 'pending payments of the payload (not registered)' }),
  paid_amount_registered: Type.Number({ description: 'sum of the payments registered by this request, in the order currency' }),
  payment_method_applied: Type.Union([Type.String(), Type.Null()], {
    description:
      "the order's payment method: of its first confirmed payment, else of its first payment, else the order's " +
      "payment_method, 'cod' for cash on delivery without any of these, null when none",
  }),
  item_field_aliases_used: Type.Array(Type.String(), { description: "aliases read, as 'alias -> canonical', in order of first use" }),
});
export type ImportSummary = Static<typeof ImportSummary>;

/** 200: the spec's answer. */
export const ConnectorOrderAnswer = Type.Object({
  SERVICE_order_id: Type.Integer({ description: "the order's id in the service (the marketplace list's rec_id)" }),
  BOCP_order_id: Type.Integer({
    description: 'the same id as SERVICE_order_id, under the name clients of the real service (BOCP) read',
  }),
  notices: Type.Array(Type.String(), { description: 'non-fatal issues' }),
  errors: Type.Array(Type.String(), { description: 'fatal issues: always empty on 200' }),
  received_payload: Type.Unknown({ description: 'the request body as received' }),
  import_summary: ImportSummary,
});
export type ConnectorOrderAnswer = Static<typeof ConnectorOrderAnswer>;

/** 400: data of a refused order (messages repeat errors). */
export const ConnectorOrderRefusal = Type.Object({
  SERVICE_order_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the stored order of an update, else null' }),
  BOCP_order_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the same as SERVICE_order_id' }),
  notices: Type.Array(Type.String()),
  errors: Type.Array(Type.String(), { description: 'fatal issues, each naming its field' }),
  received_payload: Type.Unknown(),
});
export type ConnectorOrderRefusal = Static<typeof ConnectorOrderRefusal>;
