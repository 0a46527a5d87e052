import Type, { type Static } from 'typebox';
import { ConnectorOrder } from './connectors.ts';
import { ImportSummary } from './connector-orders.ts';
import { DocumentCancelled, DocumentKeys, DocumentValueWithVat } from './documents.ts';
import { QueuedNotification } from './staff-actions.ts';
import { WebhookDeliveryWithAttempts } from './webhooks.ts';

/**
 * One connector order as the back office opens it (orders.get): the order as the order list
 * shows it, its lines and client, what the partner last sent and what the import answered, its
 * documents and the notifications the ERP queued for it. And what a staff cancellation answers.
 */

/** A line of the order as stored (connector_order_items), in the partner's order. */
export const OrderLine = Type.Object({
  line_no: Type.Integer(),
  type: Type.Enum(['product', 'discount', 'service']),
  code: Type.String(),
  ean: Type.String(),
  item_name: Type.String(),
  item_comments: Type.String(),
  item_requires_customization: Type.Integer({ minimum: 0, maximum: 1 }),
  item_quantity: Type.Number(),
  item_price: Type.Number({ description: 'unit price without VAT, order currency' }),
  item_vat_percent: Type.Number(),
  item_price_with_vat: Type.Number(),
  line_value_with_vat: Type.Number(),
  discounted_price_with_vat: Type.Union([Type.Number(), Type.Null()]),
  line_discount_value_with_vat: Type.Union([Type.Number(), Type.Null()]),
  product_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the catalogue product the code matched; null: none' }),
});
export type OrderLine = Static<typeof OrderLine>;

export const OrderAddress = Type.Object({
  country: Type.String(),
  county: Type.String(),
  city: Type.String(),
  street: Type.String(),
  number: Type.String(),
  building: Type.String(),
  stair: Type.String(),
  floor: Type.String(),
  apartment: Type.String(),
  zip: Type.String(),
});
export type OrderAddress = Static<typeof OrderAddress>;

/** The order's client (a contact of the account) with the addresses the order uses. */
export const OrderClient = Type.Object({
  contact_id: Type.Integer(),
  name: Type.String(),
  is_company: Type.Integer({ minimum: 0, maximum: 1 }),
  cui: Type.String(),
  reg_com: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  invoice_address: Type.Union([OrderAddress, Type.Null()]),
  delivery_address: Type.Union([OrderAddress, Type.Null()]),
});
export type OrderClient = Static<typeof OrderClient>;

/** The proforma issued for the order (proforma.trigger_*), cancelled ones included. */
export const LinkedProforma = Type.Object({
  proforma_id: Type.Integer(),
  ...DocumentKeys,
  document_value_with_vat: DocumentValueWithVat,
  currency: Type.String(),
  document_cancelled: DocumentCancelled,
});
export type LinkedProforma = Static<typeof LinkedProforma>;

/** One accepted import of the order (POST or PUT of the connector order route, or a staff cancellation). */
export const OrderImportEntry = Type.Object({
  method: Type.Enum(['POST', 'PUT']),
  mode: Type.Enum(['create', 'update']),
  ts: Type.String({ description: 'Europe/Bucharest' }),
});
export type OrderImportEntry = Static<typeof OrderImportEntry>;

export const OrderDetail = Type.Object({
  ...ConnectorOrder.properties,
  connector_name: Type.String(),
  lines: Type.Array(OrderLine),
  client: Type.Union([OrderClient, Type.Null()], { description: 'null: the order has no client (a dropship order invoices the dropshipper)' }),
  proforma: Type.Union([LinkedProforma, Type.Null()]),
  received_payload: Type.Unknown({ description: 'the last accepted request body (JSON), as received; null when none is kept' }),
  import_summary: Type.Union([ImportSummary, Type.Null()], {
    description: 'what the last accepted import answered; null for an order imported before the answers were kept (the demo seed)',
  }),
  notices: Type.Union([Type.Array(Type.String()), Type.Null()], { description: "the last import's notices; null as import_summary" }),
  imports: Type.Array(OrderImportEntry, { description: 'accepted imports, newest first (at most 50)' }),
  notifications: Type.Array(WebhookDeliveryWithAttempts, { description: 'webhook deliveries of the order, newest first (at most 50)' }),
});
export type OrderDetail = Static<typeof OrderDetail>;

export const OrderCancelled = Type.Object({
  ...ConnectorOrder.properties,
  already_cancelled: Type.Boolean({ description: 'the order was cancelled before: nothing followed' }),
  notices: Type.Array(Type.String(), { description: 'what the cancellation did not do, and why (the import answer)' }),
  import_summary: ImportSummary,
  notifications: Type.Array(QueuedNotification, { description: 'every notification the cancellation queued, in order' }),
});
export type OrderCancelled = Static<typeof OrderCancelled>;
