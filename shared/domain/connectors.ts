import Type, { type Static } from 'typebox';
import { ClientBlock, DocumentCancelled, DocumentKeys, DocumentValueWithVat } from './documents.ts';

/**
 * The shop platforms a connector talks to: the marketplace lists' connector `type` (the real
 * service answers e.g. `ShopifyV2`, real-service.md). `Custom` is a shop of the partner's own.
 */
export const CONNECTOR_PLATFORMS = ['ShopifyV2', 'WooCommerce', 'Magento2', 'PrestaShop', 'OpenCart', 'Gomag', 'MerchantPro', 'eMAG', 'Custom'] as const;
export type ConnectorPlatform = (typeof CONNECTOR_PLATFORMS)[number];
const Platform = Type.Enum([...CONNECTOR_PLATFORMS], {
  description: 'real service: the shop platform of the connector (e.g. ShopifyV2, WooCommerce)',
});
const ConnectorKind = Type.Enum(['ecommerce', 'dropship'], {
  description: 'the spec\'s connector type: who is invoiced (the client of the order, or the dropshipper)',
});

/** A connector as the marketplace list shows it: never a credential or an internal URL. */
export const MarketplaceConnector = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Platform,
  connector_type: ConnectorKind,
  site_domain: Type.String(),
  active: Type.Integer({ minimum: 0, maximum: 1 }),
  deleted: Type.Integer({ minimum: 0, maximum: 1 }),
  created_ts: Type.String(),
  last_changed_ts: Type.String(),
});
export type MarketplaceConnector = Static<typeof MarketplaceConnector>;

/** A sales receipt of an order (cancelled ones included, flagged). */
export const LinkedSale = Type.Object({
  bv_id: Type.Integer(),
  ...DocumentKeys,
  document_value_with_vat: DocumentValueWithVat,
  currency: Type.String(),
  document_cancelled: DocumentCancelled,
});

export type LinkedSale = Static<typeof LinkedSale>;

/**
 * The invoice of an order's sales receipt. The real service's clients read `seria` and `nr`
 * (Romanian keys, the invoice's doc_series and doc_nr, real-service.md); the id is the invoice's
 * bocp_id in /invoices/list/.
 */
export const LinkedInvoice = Type.Object({
  bocp_id: Type.Integer({ description: 'the invoice, as bocp_id of /invoices/list/' }),
  seria: Type.String({ description: "real service: the invoice's series (doc_series)" }),
  nr: Type.Integer({ description: "real service: the invoice's number (doc_nr)" }),
  doc_date: DocumentKeys.doc_date,
  document_value_with_vat: DocumentValueWithVat,
  currency: Type.String(),
  document_cancelled: DocumentCancelled,
});

export type LinkedInvoice = Static<typeof LinkedInvoice>;

/** An AWB of an order (cancelled ones included, flagged). */
export const LinkedAwb = Type.Object({
  awb_id: Type.Integer(),
  awb_nr: Type.String(),
  awb_type: Type.String(),
  awb_subtype: Type.String(),
  doc_date: DocumentKeys.doc_date,
  document_cancelled: DocumentCancelled,
});

export type LinkedAwb = Static<typeof LinkedAwb>;

/** A connector order as the order lists show it (fields not shown by the spec: ours). */
export const ConnectorOrder = Type.Object({
  SERVICE_order_id: Type.Integer({ description: 'the order in the service (rec_id of the marketplace list)' }),
  connector_id: Type.Integer(),
  order_unique_id: Type.String(),
  order_reference: Type.String(),
  order_date: Type.String(),
  order_updated_at: Type.Union([Type.String(), Type.Null()]),
  order_status: Type.String(),
  order_cancelled: Type.Integer({ minimum: 0, maximum: 1 }),
  order_mentions: Type.String(),
  order_currency_code: Type.String(),
  shipping_method: Type.String(),
  cod_amount: Type.Number(),
  cod_currency: Type.String(),
  ...ClientBlock,
  client_unique_id: Type.Union([Type.Integer(), Type.Null()]),
  document_value_with_vat: Type.Number({ description: 'inferred: the order total with VAT, order currency' }),
  paid_amount: Type.Number(),
  payment_method: Type.Union([Type.String(), Type.Null()], {
    description: "the order-level payment_method of the requests (not in the spec's table), null when none was sent",
  }),
  created_ts: Type.String(),
  last_changed_ts: Type.String(),
  sales_receipts: Type.Array(LinkedSale),
  invoices: Type.Array(LinkedInvoice),
  awbs: Type.Array(LinkedAwb),
});
export type ConnectorOrder = Static<typeof ConnectorOrder>;

const { SERVICE_order_id: _serviceOrderId, ...orderFields } = ConnectorOrder.properties;

/**
 * A /marketplace/orders/list/ row: the spec's rec_id and connector block, the real service's
 * `deleted` and `status`, then the order as the connector order list shows it (its id is rec_id
 * here, the spec's name in this list).
 */
export const MarketplaceOrder = Type.Object({
  rec_id: Type.Integer({ description: 'spec / real service: the order in the service (SERVICE_order_id / BOCP_order_id of the order answer)' }),
  connector: Type.Object({
    connector_id: Type.Integer(),
    name: Type.String(),
    type: Platform,
    connector_type: ConnectorKind,
    site_domain: Type.String(),
    active: Type.Integer(),
    deleted: Type.Integer(),
  }),
  deleted: Type.Integer({
    minimum: 0,
    maximum: 1,
    description: 'real service: 1 when the order is voided (cancelled) in the service; inferred: the same event as order_cancelled',
  }),
  status: Type.String({
    description: "real service: the order's state; a voided order's begins with VOIDED (ours: exactly 'VOIDED' when the order is cancelled in the service, else its order_status)",
  }),
  ...orderFields,
});
export type MarketplaceOrder = Static<typeof MarketplaceOrder>;

/** Rows per page of /marketplace/orders/list/ (the spec's limit). */
export const MARKETPLACE_ORDERS_PAGE_SIZE = 250;

export const OptionField = Type.Object({
  value: Type.Unknown(),
  label: Type.String(),
  options: Type.Record(Type.String(), Type.String(), {
    description:
      'allowed values and their labels (for a list, the values of its items); for an id or code the account ' +
      "chooses (workpoint, sub-management, series, courier) the account's choices, id -> name; {} when the value is free",
  }),
  source: Type.Enum(['connector', 'global'], { description: 'set on the connector, or the account default' }),
});

export const ConnectorConfig = Type.Object({
  connector: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    site_domain: Type.String(),
    type: ConnectorKind,
    platform: Platform,
    active: Type.Integer(),
    order_api_url: Type.String({ description: 'POST/PUT {order_api_url}{order_id}/' }),
    order_event_notification_url: Type.String(),
    webhook_secret_set: Type.Boolean({ description: 'notifications are signed (Standard Webhooks); the secret itself is never shown' }),
  }),
  products: Type.Record(Type.String(), Type.Union([OptionField, Type.String()])),
  order_processing: Type.Record(Type.String(), OptionField),
  invoicing: Type.Record(Type.String(), OptionField),
  proforma: Type.Record(Type.String(), OptionField),
  awb: Type.Record(Type.String(), OptionField),
  status_sync: Type.Record(Type.String(), OptionField),
});
export type ConnectorConfig = Static<typeof ConnectorConfig>;
