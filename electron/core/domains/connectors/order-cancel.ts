import type { Database } from 'better-sqlite3';
import { badRequest, notFound } from '../../../../shared/contract/errors.ts';
import type { ConnectorOrder } from '../../../../shared/domain/connectors.ts';
import type { OrderCancelled } from '../../../../shared/domain/order-detail.ts';
import type { OrderImportInput, OrderImportOutcome } from './order-import-model.ts';
import { createOutboxSince } from '../../webhooks/outbox-since.ts';

export interface OrderCancelInput {
  company_id: number;
  connector_id: number;
  order_unique_id: string;
}

interface OrderCancelDeps {
  /** The connector (404 when unknown): a deleted one is refused by the import. */
  connector(companyId: number, connectorId: number): { deleted: number };
  importOrder(input: OrderImportInput): OrderImportOutcome;
  one(companyId: number, orderId: number): ConnectorOrder | undefined;
}

/**
 * Staff cancels a connector order (orders.cancel): exactly the partner's PUT with
 * order_cancelled = 1, through the import itself, so the connector's cancel_action, the released
 * reservation, the cancelled documents and their notifications are the import's own. The import
 * runs synchronously in one immediate transaction, so every outbox row after the mark is its own.
 */
export function createOrderCancel(db: Database, use: OrderCancelDeps) {
  const state = db.prepare<[number, number, string], { id: number; cancelled: number }>(
    'SELECT id, cancelled FROM connector_orders WHERE company_id = ? AND connector_id = ? AND order_unique_id = ?',
  );
  const deliveries = createOutboxSince(db);

  return function cancel(input: OrderCancelInput, baseUrl: string): OrderCancelled {
    const { company_id: companyId, connector_id: connectorId, order_unique_id: uid } = input;
    if (use.connector(companyId, connectorId).deleted) throw notFound(`connector ${connectorId} is deleted`);
    const before = state.get(companyId, connectorId, uid);
    if (!before) throw notFound(`order_unique_id: order '${uid}' does not exist on connector ${connectorId}`);
    const mark = deliveries.mark();
    const outcome = use.importOrder({
      companyId,
      connectorId,
      pathOrderId: uid,
      method: 'PUT',
      body: { order_unique_id: uid, order_cancelled: 1 },
      baseUrl,
    });
    if (outcome.status === 400) throw badRequest(outcome.messages[0] ?? 'the cancellation was refused', outcome.messages);
    const order = use.one(companyId, outcome.data.SERVICE_order_id)!;
    return {
      ...order,
      already_cancelled: before.cancelled === 1,
      notices: outcome.data.notices,
      import_summary: outcome.data.import_summary,
      notifications: deliveries.since(companyId, mark),
    };
  };
}
