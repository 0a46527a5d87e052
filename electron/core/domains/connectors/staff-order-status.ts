import type { Database } from 'better-sqlite3';
import type { Static } from 'typebox';
import { badRequest } from '../../../../shared/contract/errors.ts';
import type { OrderStatusChanged, OrderStatusInput } from '../../../../shared/domain/staff-actions.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { sameText } from './order-import-model.ts';
import { statusNotification } from './order-notifications.ts';
import type { StaffOrder, StaffOrders } from './staff-order-context.ts';

/** The status_sync events a staff document action reports, in the order's lifecycle. */
export type DocumentEvent = 'invoice_issued' | 'awb_issued';
const DOCUMENT_EVENTS: readonly DocumentEvent[] = ['invoice_issued', 'awb_issued'];

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The order status in the ERP (spec, Events: `status` "when the order status changes in the
 * service"): staff sets it (orders.setStatus), and the invoice and AWB actions move it where the
 * connector's status_sync map names their event. The status is stored in the connector's
 * vocabulary (the external status when mapped): it is what the partner was told, and what its
 * later PUTs and ignored_statuses compare with. A status the order already has changes nothing
 * and sends nothing.
 */
export function createStaffOrderStatus(db: Database, deps: DomainDeps, orders: StaffOrders) {
  const setOrderStatus = db.prepare<[string, string, number, number]>(
    'UPDATE connector_orders SET order_status = ?, last_changed_ts = ? WHERE company_id = ? AND id = ?',
  );

  /** Stores the status and queues the status notification; false when the order already had it. */
  function change(o: StaffOrder, status: string): boolean {
    if (o.stored.order_status === status) return false;
    const { c } = o;
    setOrderStatus.run(status, c.ts, c.companyId, c.orderId);
    o.stored.order_status = status;
    c.status = status;
    deps.outbox.enqueue({ companyId: c.companyId, connectorId: c.connectorId, type: 'status', payload: statusNotification(c.orderUniqueId, status) });
    return true;
  }

  /** After a staff document action: each event's mapped status, invoice before AWB (the later stage is the status that stays). */
  function follow(o: StaffOrder, events: readonly DocumentEvent[]): void {
    for (const event of DOCUMENT_EVENTS) {
      const mapped = o.statusMap[event];
      if (events.includes(event) && mapped !== undefined) change(o, mapped);
    }
  }

  function set(input: Static<typeof OrderStatusInput>): OrderStatusChanged {
    const asked = input.status_text.trim();
    if (asked === '') throw badRequest('status_text: must not be blank');
    if (CONTROL.test(asked)) throw badRequest('status_text: must not contain control characters');
    return db.transaction((): OrderStatusChanged => {
      const o = orders.load(input);
      const mark = orders.deliveries.mark();
      // An event the map knows (e.g. delivered) is sent as the partner's status for it.
      const event = Object.keys(o.statusMap).find((name) => sameText(name, asked)) ?? null;
      const status = event === null ? asked : o.statusMap[event]!;
      const changed = change(o, status);
      return {
        ...orders.effects(o, mark, 'status'),
        status_text: asked,
        status_sync_event: event,
        order_status: status,
        changed,
        last_changed_ts: orders.lastChanged(o),
      };
    }).immediate();
  }

  return { set, follow };
}
export type StaffOrderStatus = ReturnType<typeof createStaffOrderStatus>;
