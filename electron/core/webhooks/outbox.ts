import type { Database } from 'better-sqlite3';
import { formatTimestamp, type Clock } from '../time.ts';

export type NotificationType =
  | 'status'
  | 'invoice'
  | 'awb'
  | 'product_published'
  | 'product_update'
  | 'product_unpublished';

export interface Notification {
  companyId: number;
  connectorId: number;
  type: NotificationType;
  /** The body as the receiver gets it, without notification_type (added here). */
  payload: Record<string, unknown>;
}

/**
 * The transactional outbox: a notification is a row written in the same transaction as the
 * business change that caused it, so both commit or neither does. The dispatcher (a later
 * part of the core) reads due rows, posts them and records every attempt.
 */
export function createOutbox(db: Database, clock: Clock) {
  const connector = db.prepare<[number, number], { url: string; active: number; deleted: number }>(
    'SELECT order_event_notification_url AS url, active, deleted FROM connectors WHERE company_id = ? AND id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO webhook_outbox (company_id, connector_id, notification_type, payload, url, status, next_attempt_ts, created_ts)
     VALUES (@company_id, @connector_id, @type, @payload, @url, 'pending', @now, @now)`,
  );

  return {
    /**
     * Records a notification for a connector; call it inside the write's transaction.
     * Deleted and inactive connectors receive nothing (answers undefined).
     */
    enqueue(notification: Notification): number | undefined {
      const target = connector.get(notification.companyId, notification.connectorId);
      if (!target || target.deleted === 1 || target.active === 0) return undefined;
      const now = formatTimestamp(clock.now());
      return Number(
        insert.run({
          company_id: notification.companyId,
          connector_id: notification.connectorId,
          type: notification.type,
          payload: JSON.stringify({ notification_type: notification.type, ...notification.payload }),
          url: target.url,
          now,
        }).lastInsertRowid,
      );
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
