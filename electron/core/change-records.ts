import type { ChangedRecords } from '../../shared/contract/events.ts';
import type { OperationInput, OperationName, OperationOutput } from '../../shared/contract/operations.ts';

type Recorder<K extends OperationName> = (input: OperationInput<K>, output: OperationOutput<K>) => ChangedRecords;

const deliveries = (notifications: readonly { delivery_id: number }[]) => notifications.map((n) => n.delivery_id);
const delivery = (notification: { delivery_id: number } | null) => (notification ? [notification.delivery_id] : []);

/**
 * The rows an operation wrote, read off its input and answer (no query): `data.changed` carries
 * them as `records`. A table is named only when the list is complete for it (the invoice action
 * also moves stock and payments: those tables stay unnamed, meaning "any row").
 */
const RECORDERS: { [K in OperationName]?: Recorder<K> } = {
  'accounts.update': (input) => ({ accounts: [input.company_id] }),
  'apiUsers.create': (_, output) => ({ api_users: [output.id] }),
  'apiUsers.delete': (_, output) => ({ api_users: [output.deleted_id] }),
  'connectors.update': (input) => ({ connectors: [input.connector_id] }),
  'webhooks.retry': (input) => ({ webhook_outbox: [input.delivery_id] }),
  'webhooks.cancel': (input) => ({ webhook_outbox: [input.delivery_id] }),
  'orders.setStatus': (_, output) => ({ connector_orders: [output.SERVICE_order_id], webhook_outbox: deliveries(output.notifications) }),
  'orders.issueInvoice': (_, output) => ({
    invoices: [output.bocp_id],
    sales: [output.bv_id],
    connector_orders: [output.SERVICE_order_id],
    webhook_outbox: deliveries(output.notifications),
  }),
  'orders.generateAwb': (_, output) => ({
    awbs: [output.awb_id],
    connector_orders: [output.SERVICE_order_id],
    webhook_outbox: deliveries(output.notifications),
  }),
  'orders.cancel': (_, output) => ({ connector_orders: [output.SERVICE_order_id], webhook_outbox: deliveries(output.notifications) }),
  // connector_products is keyed by (connector, product): its rows are named by the product.
  'products.publish': (_, output) => ({ connector_products: [output.product_id], webhook_outbox: delivery(output.notification) }),
  'products.unpublish': (_, output) => ({ connector_products: [output.product_id], webhook_outbox: delivery(output.notification) }),
  // The storno and the invoice it reverses (its rest and last_changed_ts moved).
  'invoices.storno': (_, output) => ({ invoices: [output.bocp_id, output.reverses.bocp_id], webhook_outbox: deliveries(output.notifications) }),
  'proformas.invoice': (_, output) => ({ invoices: [output.bocp_id], proformas: [output.proforma_id], webhook_outbox: deliveries(output.notifications) }),
  'contacts.update': (input) => ({ contacts: [input.contact_id] }),
  'storage.update': (input) => ({ account_storage: [input.company_id] }),
  'attachments.upload': (_, output) => ({ attachments: [output.bocp_id] }),
  'attachments.delete': (_, output) => ({ attachments: [output.deleted_attachment_id] }),
  'sales.registerPayment': (_, output) => ({ payments: [output.incasare_id], sales: [output.bv_id] }),
  'products.update': (input, output) => ({ products: [input.product_id], webhook_outbox: deliveries(output.notifications) }),
  'products.uploadImage': (input, output) => ({
    product_images: [output.image.image_id],
    products: [input.product_id],
    webhook_outbox: deliveries(output.notifications),
  }),
  'products.deleteImages': (input, output) => ({
    product_images: output.deleted_image_ids,
    products: [input.product_id],
    webhook_outbox: deliveries(output.notifications),
  }),
};

/** The records of a finished operation, when its recorder knows them. */
export function changedRecords(name: OperationName, input: unknown, output: unknown): ChangedRecords | undefined {
  const recorder = RECORDERS[name] as ((input: unknown, output: unknown) => ChangedRecords) | undefined;
  return recorder?.(input, output);
}
