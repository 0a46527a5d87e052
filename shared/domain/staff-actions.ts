import Type, { type Static } from 'typebox';
import { Awb } from './awb.ts';
import { Invoice } from './invoices.ts';
import { ProductPush } from './products.ts';
import { NotificationTypeSchema } from './webhooks.ts';

/**
 * What the ERP-side staff actions of the control API take and answer (order status, invoice,
 * AWB, publishing a product to a connector). Each answers the document it made and the webhook
 * deliveries it queued; docs/control-api.md "Staff actions (control API)" has the rules.
 */

/** A queued notification: its row of the delivery log (webhooks.get) and its Standard Webhooks id. */
export const DeliveryRef = Type.Object({
  delivery_id: Type.Integer({ description: 'id of the delivery (GET /_sandbox/accounts/{id}/webhooks/{delivery_id})' }),
  webhook_id: Type.String({ description: "the webhook-id header the receiver gets ('msg_...')" }),
});
export type DeliveryRef = Static<typeof DeliveryRef>;

export const QueuedNotification = Type.Object({ ...DeliveryRef.properties, notification_type: NotificationTypeSchema });
export type QueuedNotification = Static<typeof QueuedNotification>;

const Notification = Type.Union([DeliveryRef, Type.Null()], {
  description: "the action's own notification; null when the connector receives none (inactive)",
});

/** What an order action answers besides its document. */
const OrderActionEffects = {
  SERVICE_order_id: Type.Integer({ description: 'the connector order (connector_orders.id)' }),
  connector_id: Type.Integer(),
  order_unique_id: Type.String(),
  notification: Notification,
  notifications: Type.Array(QueuedNotification, {
    description: 'every notification the action queued, in order: its own, follow-up documents, status sync, product_update',
  }),
  notices: Type.Array(Type.String(), { description: 'what the follow-up steps did not do, and why' }),
};

const OrderRef = {
  company_id: Type.Integer({ minimum: 1, description: 'account id' }),
  connector_id: Type.Integer({ minimum: 1 }),
  order_unique_id: Type.String({ minLength: 1, maxLength: 64, description: "the order's id on the connector" }),
};

export const OrderStatusInput = Type.Object(
  {
    ...OrderRef,
    status_text: Type.String({
      maxLength: 64,
      description: "the new status; an event the connector's status_sync map knows (e.g. delivered) is sent as its external status",
    }),
  },
  { additionalProperties: false },
);

export const OrderStatusChanged = Type.Object({
  ...OrderActionEffects,
  status_text: Type.String({ description: 'as asked' }),
  status_sync_event: Type.Union([Type.String(), Type.Null()], { description: 'the status_sync event status_text named, if any' }),
  order_status: Type.String({ description: "the order's status now: the mapped external status, else status_text" }),
  changed: Type.Boolean({ description: 'false: the order already had this status (nothing written, nothing sent)' }),
  last_changed_ts: Type.String(),
});
export type OrderStatusChanged = Static<typeof OrderStatusChanged>;

export const OrderInvoiceInput = Type.Object(
  {
    ...OrderRef,
    date: Type.Optional(
      Type.String({
        format: 'date',
        description:
          "invoice date: default today, or the sales receipt's date (no receipt yet: the order's date) when later; not before that date, not after the default",
      }),
    ),
    series: Type.Optional(
      Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9]+$', description: "default the connector's invoicing.series" }),
    ),
  },
  { additionalProperties: false },
);

/** A notification a staff action queued, with what a person needs to know of it. */
export const FollowUpNotification = Type.Object({
  notification_type: NotificationTypeSchema,
  status_text: Type.Optional(Type.String({ description: 'a status notification: the status it tells the connector' })),
  sent: Type.Boolean({ description: "false: the connector has no notification URL (the delivery is logged as failed, nothing is posted)" }),
});
export type FollowUpNotification = Static<typeof FollowUpNotification>;

/**
 * What issuing an order's invoice did besides the invoice, by the connector's settings: read
 * off the store in the action's own transaction (electron/core/domains/connectors/staff-invoice-preview.ts),
 * so orders.invoicePreview (the same action, rolled back) tells staff the same list before the click.
 */
export const InvoiceFollowUps = Type.Object({
  awb: Type.Union([Type.Pick(Awb, ['awb_id', 'awb_nr', 'awb_type', 'awb_subtype', 'cod_amount', 'cod_currency', 'weight_kg']), Type.Null()], {
    description: 'the AWB awb.auto_issue (on_invoice) generated with the invoice; null: none',
  }),
  order_status_before: Type.String({ description: "the order's status before the action" }),
  order_status: Type.String({ description: "the order's status after it (status_sync map: invoice_issued, then awb_issued with an AWB)" }),
  notifications: Type.Array(FollowUpNotification, { description: 'what the connector is sent, in order; empty when it receives none (inactive)' }),
});
export type InvoiceFollowUps = Static<typeof InvoiceFollowUps>;

export const OrderInvoiceIssued = Type.Object({
  ...Invoice.properties,
  ...OrderActionEffects,
  bv_id: Type.Integer({ description: 'the sales receipt invoiced' }),
  sale_created: Type.Boolean({ description: 'the order had no sales receipt: this action made it (its stock left the workpoint)' }),
  invoice_url_html: Type.String(),
  invoice_url_pdf: Type.String(),
});
export type OrderInvoiceIssued = Static<typeof OrderInvoiceIssued>;

/** The answer of orders.issueInvoice: the invoice and what followed it. */
export const OrderInvoiceDone = Type.Object({ ...OrderInvoiceIssued.properties, follow_ups: InvoiceFollowUps });
export type OrderInvoiceDone = Static<typeof OrderInvoiceDone>;

/** orders.invoicePreview: orders.issueInvoice run and rolled back, told as what it would do. */
export const OrderInvoicePreview = Type.Object({
  SERVICE_order_id: Type.Integer(),
  connector_id: Type.Integer(),
  order_unique_id: Type.String(),
  doc_series: Type.String({ description: 'the series the invoice takes' }),
  doc_nr: Type.Integer({ description: 'the number it would take now (another invoice of the series issued first takes it)' }),
  doc_date: Type.String({ format: 'date' }),
  document_value_with_vat: Type.Number(),
  currency: Type.String(),
  sale_created: Type.Boolean({ description: 'the order has no sales receipt: issuing makes it first (its stock leaves the workpoint)' }),
  follow_ups: InvoiceFollowUps,
  notices: Type.Array(Type.String(), { description: 'what the follow-up steps would not do, and why' }),
});
export type OrderInvoicePreview = Static<typeof OrderInvoicePreview>;

export const OrderAwbInput = Type.Object(
  {
    ...OrderRef,
    awb_type: Type.String({ minLength: 1, maxLength: 32, description: 'courier code of GET /awb/add/ (a broker: with awb_subtype)' }),
    awb_subtype: Type.Optional(Type.String({ maxLength: 32, description: "required for a broker: one of its sub-couriers; '' otherwise" })),
    awb_packet_count: Type.Optional(Type.Integer({ minimum: 1, maximum: 99, default: 1 })),
    weight: Type.Optional(Type.Number({ minimum: 0.01, maximum: 10000, description: 'kg; default the product lines (at least 0.5)' })),
    awb_service_type: Type.Optional(Type.Union([Type.Literal('standard'), Type.Literal('express')], { default: 'standard' })),
    shipping_payer: Type.Optional(Type.Union([Type.Literal('sender'), Type.Literal('recipient')], { default: 'sender' })),
    cash_on_delivery: Type.Optional(
      Type.Number({ minimum: 0, maximum: 10_000_000, description: "default the order's cod_amount; 0 to 10,000,000 (outside: a 400 naming the field, never clamped)" }),
    ),
    declared_value: Type.Optional(
      Type.Number({ minimum: 0, maximum: 10_000_000, description: "default the order's total; 0 to 10,000,000 (outside: a 400 naming the field, never clamped)" }),
    ),
  },
  { additionalProperties: false },
);

export const OrderAwbGenerated = Type.Object({ ...Awb.properties, ...OrderActionEffects });
export type OrderAwbGenerated = Static<typeof OrderAwbGenerated>;

export const ProductPublicationInput = Type.Object(
  {
    company_id: Type.Integer({ minimum: 1, description: 'account id' }),
    connector_id: Type.Integer({ minimum: 1 }),
    product_id: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);

export const ProductPublished = Type.Object({
  connector_id: Type.Integer(),
  product_id: Type.Integer(),
  cod_produs: Type.String(),
  published_ts: Type.String(),
  republished: Type.Boolean({ description: 'it was already published (published_ts renewed, product_published sent again)' }),
  product: ProductPush,
  notification: Notification,
});
export type ProductPublished = Static<typeof ProductPublished>;

export const ProductUnpublished = Type.Object({
  connector_id: Type.Integer(),
  product_id: Type.Integer(),
  cod_produs: Type.String(),
  notification: Notification,
});
export type ProductUnpublished = Static<typeof ProductUnpublished>;
