import Type from 'typebox';
import { op, CompanyId } from './operation-def.ts';
import { OrderCancelled, OrderDetail } from '../domain/order-detail.ts';

/**
 * A connector order opened in the back office, and its cancellation by staff. Opened by its id in
 * the service (SERVICE_order_id): what the order list and the command palette give.
 */
export const orderOperations = {
  'orders.get': op({
    summary:
      'A connector order: as the order list shows it, with its lines, client, the last received payload, the import summary and ' +
      'notices it answered, its documents (sales receipt, invoice, proforma, AWBs) and its webhook deliveries',
    input: Type.Object(
      { company_id: CompanyId, SERVICE_order_id: Type.Integer({ minimum: 1, description: 'the order in the service (lists.connectorOrders)' }) },
      { additionalProperties: false },
    ),
    output: OrderDetail,
    http: { method: 'GET', path: '/accounts/:company_id/orders/:SERVICE_order_id' },
    reads: [
      'connector_orders', 'connector_order_items', 'connector_order_imports', 'contacts', 'contact_addresses', 'sales', 'invoices',
      'proformas', 'awbs', 'connectors', 'webhook_outbox', 'webhook_attempts',
    ],
    record: { table: 'connector_orders', input: 'SERVICE_order_id' },
  }),
  'orders.cancel': op({
    summary:
      "Cancel a connector order as a PUT of the connector order route with order_cancelled = 1 does (the connector's " +
      'order_processing.cancel_action applies); answers the order, the notices and the notifications it queued',
    input: Type.Object(
      {
        company_id: CompanyId,
        connector_id: Type.Integer({ minimum: 1 }),
        order_unique_id: Type.String({ minLength: 1, maxLength: 64, description: "the order's id on the connector" }),
      },
      { additionalProperties: false },
    ),
    output: OrderCancelled,
    http: { method: 'POST', path: '/accounts/:company_id/connectors/:connector_id/orders/:order_unique_id/cancel' },
  }),
} as const;
