import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { formatTimestamp, type Clock } from '../time.ts';
import type { NotificationType } from '../../../shared/domain/webhooks.ts';

export type { NotificationType } from '../../../shared/domain/webhooks.ts';

export interface Notification {
  companyId: number;
  connectorId: number;
  type: NotificationType;
  /** The body as the receiver gets it, without notification_type (added here). */
  payload: Record<string, unknown>;
}

const RANDOM_POOL = 6 * 256;
let pool = randomBytes(RANDOM_POOL);
let poolAt = 0;
const id = Buffer.alloc(12);

/**
 * The Standard Webhooks message id of a delivery: fixed at enqueue, the same on every retry.
 * msg_ and 12 bytes in base64url: the time in ms (6 bytes), then 6 random bytes. The time
 * first keeps the ids of a moment close together in the unique index (an insert touches the
 * pages of the newest ids, not a random page of a large index); the random bytes keep them
 * unguessable and unique.
 */
export function newWebhookId(): string {
  if (poolAt + 6 > RANDOM_POOL) {
    pool = randomBytes(RANDOM_POOL);
    poolAt = 0;
  }
  id.writeUIntBE(Date.now(), 0, 6);
  pool.copy(id, 6, poolAt, poolAt + 6);
  poolAt += 6;
  return `msg_${id.toString('base64url')}`;
}

/**
 * One order's notifications (and one product's) reach the receiver in the order they were
 * written: the dispatcher sends a row only when no earlier open row has its key.
 */
function orderingKeyOf(payload: Record<string, unknown>): { key: string | null; orderUniqueId: string | null } {
  const order = payload['order_unique_id'];
  if (typeof order === 'string' && order !== '') return { key: `order:${order}`, orderUniqueId: order };
  const product = payload['cod_produs'];
  if (typeof product === 'string' || typeof product === 'number') return { key: `product:${product}`, orderUniqueId: null };
  return { key: null, orderUniqueId: null };
}

/**
 * The transactional outbox: a notification is a row written in the same transaction as the
 * business change that caused it, so both commit or neither does. The dispatcher
 * (./dispatcher.ts) reads due rows, posts them and records every attempt.
 */
export function createOutbox(db: Database, clock: Clock) {
  const connector = db.prepare<[number, number], { url: string; active: number; deleted: number }>(
    'SELECT order_event_notification_url AS url, active, deleted FROM connectors WHERE company_id = ? AND id = ?',
  );
  // `waits`: an earlier pending delivery of the same order or product goes first (migration 019).
  const insert = db.prepare(
    `INSERT INTO webhook_outbox (company_id, connector_id, notification_type, payload, webhook_id, ordering_key, order_unique_id,
                                 url, status, next_attempt_at, created_ts, closed_ts, close_reason, last_error, waits)
     VALUES (@company_id, @connector_id, @type, @payload, @webhook_id, @ordering_key, @order_unique_id,
             @url, @status, @next_attempt_at, @now, @closed_ts, @close_reason, @close_reason,
             @status = 'pending' AND @ordering_key IS NOT NULL AND EXISTS (SELECT 1 FROM webhook_outbox
               WHERE status = 'pending' AND connector_id = @connector_id AND ordering_key = @ordering_key))`,
  );
  const listeners = new Set<() => void>();
  let kickQueued = false;

  return {
    /**
     * Records a notification for a connector; call it inside the write's transaction.
     * Deleted and inactive connectors receive nothing (answers undefined). A connector without
     * a notification URL gets the row closed at once as failed (visible in the delivery log;
     * "retry now" sends it once a URL is set).
     */
    enqueue(notification: Notification): number | undefined {
      const target = connector.get(notification.companyId, notification.connectorId);
      if (!target || target.deleted === 1 || target.active === 0) return undefined;
      const now = clock.now();
      const noReceiver = target.url === '';
      const { key, orderUniqueId } = orderingKeyOf(notification.payload);
      const id = Number(
        insert.run({
          company_id: notification.companyId,
          connector_id: notification.connectorId,
          type: notification.type,
          payload: JSON.stringify({ notification_type: notification.type, ...notification.payload }),
          webhook_id: newWebhookId(),
          ordering_key: key,
          order_unique_id: orderUniqueId,
          url: target.url,
          status: noReceiver ? 'failed' : 'pending',
          next_attempt_at: noReceiver ? null : now.getTime(),
          now: formatTimestamp(now),
          closed_ts: noReceiver ? formatTimestamp(now) : null,
          close_reason: noReceiver ? `connector ${notification.connectorId} has no order_event_notification_url` : null,
        }).lastInsertRowid,
      );
      // Tell the dispatcher once the write's transaction is over (better-sqlite3 transactions
      // are synchronous: by the next turn it has committed, or rolled back and left nothing).
      if (!noReceiver && !kickQueued && listeners.size > 0) {
        kickQueued = true;
        setImmediate(() => {
          kickQueued = false;
          for (const listener of listeners) listener();
        });
      }
      return id;
    },
    /** Called after a write enqueued something (the dispatcher listens). */
    onEnqueued(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
