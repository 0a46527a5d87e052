import type { Database } from 'better-sqlite3';
import type { NotificationType } from '../../../shared/domain/webhooks.ts';
import type { DeliveryRef, QueuedNotification } from '../../../shared/domain/staff-actions.ts';

/**
 * The webhook deliveries an action queued, for its answer (staff actions, a storno, a
 * proforma's invoice, a product edit). Such an action runs in one immediate transaction (SQLite
 * has one writer), so every outbox row added after its mark is its own: whatever step queued it
 * (its document, a follow-up document, the status sync, product_update), without each step
 * having to report what it enqueued.
 */
export function createOutboxSince(db: Database) {
  const lastId = db.prepare<[], number>('SELECT coalesce(max(id), 0) FROM webhook_outbox').pluck();
  const queuedAfter = db.prepare<[number, number], QueuedNotification>(
    'SELECT id AS delivery_id, webhook_id, notification_type FROM webhook_outbox WHERE company_id = ? AND id > ? ORDER BY id',
  );
  const webhookId = db.prepare<[number], string>('SELECT webhook_id FROM webhook_outbox WHERE id = ?').pluck();

  return {
    /** Where the action starts: call it inside the action's transaction, before its writes. */
    mark: (): number => lastId.get() ?? 0,

    /** Every delivery of the account queued since `mark`, in order. */
    since: (companyId: number, mark: number): QueuedNotification[] => queuedAfter.all(companyId, mark),

    /** The first queued delivery of a type (the action's own notification), or null. */
    first(queued: readonly QueuedNotification[], type: NotificationType): DeliveryRef | null {
      const found = queued.find((q) => q.notification_type === type);
      return found ? { delivery_id: found.delivery_id, webhook_id: found.webhook_id } : null;
    },

    /** A delivery id the outbox answered (undefined: the connector receives nothing) as a reference. */
    ref(deliveryId: number | undefined): DeliveryRef | null {
      if (deliveryId === undefined) return null;
      return { delivery_id: deliveryId, webhook_id: webhookId.get(deliveryId)! };
    },
  };
}
export type OutboxSince = ReturnType<typeof createOutboxSince>;
