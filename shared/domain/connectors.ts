import Type, { type Static } from 'typebox';
import { ClientBlock } from './documents.ts';
import { SaleInvoiceLink } from './sales.ts';

/** A connector as the marketplace list shows it: never a credential or an internal URL. */
export const MarketplaceConnector = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Enum(['ecommerce', 'dropship']),
  site_domain: Type.String(),
  active: Type.Integer({ minimum: 0, maximum: 1 }),
  deleted: Type.Integer({ minimum: 0, maximum: 1 }),
  created_ts: Type.String(),
  last_changed_ts: Type.String(),
});
export type MarketplaceConnector = Static<typeof MarketplaceConnector>;

export const LinkedSale = Type.Object({
  bv_id: Type.Integer(),
  series: Type.String(),
  number: Type.Integer(),
  date: Type.String(),
  total_with_vat: Type.Number(),
  currency: Type.String(),
  cancelled: Type.Integer(),
});

/** The invoice of an order's sales receipt: the same block as /sales/list/ include:invoiced. */
export const LinkedInvoice = SaleInvoiceLink;

export const LinkedAwb = Type.Object({
  awb_id: Type.Integer(),
  awb_nr: Type.String(),
  awb_type: Type.String(),
  awb_subtype: Type.String(),
  date: Type.String(),
  cancelled: Type.Integer(),
});

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
  total_with_vat: Type.Number(),
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

export const MarketplaceOrder = Type.Object({
  rec_id: Type.Integer(),
  connector: Type.Object({
    connector_id: Type.Integer(),
    name: Type.String(),
    type: Type.String(),
    site_domain: Type.String(),
    active: Type.Integer(),
    deleted: Type.Integer(),
  }),
  ...ConnectorOrder.properties,
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
    type: Type.Enum(['ecommerce', 'dropship']),
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
