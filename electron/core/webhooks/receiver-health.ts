import type { Database } from 'better-sqlite3';
import type { BreakerState } from './breaker.ts';

/**
 * The paused receivers as the store keeps them (receiver_health, migration 030): the breaker's
 * state of each paused or probing connector, so that a restart, or a snapshot restored, goes on
 * where the dispatcher stood and the overview and "needs attention" say what it will do next.
 */
export function createReceiverHealthStore(db: Database) {
  const all = db.prepare<[], { connector_id: number; consecutive_failures: number; paused_until: number }>(
    'SELECT connector_id, consecutive_failures, paused_until FROM receiver_health ORDER BY connector_id',
  );
  const save = db.prepare<{ connector_id: number; company_id: number; consecutive: number; paused_until: number }>(
    `INSERT INTO receiver_health (connector_id, company_id, consecutive_failures, paused_until)
     VALUES (@connector_id, @company_id, @consecutive, @paused_until)
     ON CONFLICT(connector_id) DO UPDATE SET consecutive_failures = excluded.consecutive_failures, paused_until = excluded.paused_until`,
  );
  const remove = db.prepare<[number]>('DELETE FROM receiver_health WHERE connector_id = ?');

  return {
    /** Every paused connector with its state. */
    load(): Array<[number, BreakerState]> {
      return all.all().map((row) => [row.connector_id, { consecutive: row.consecutive_failures, pausedUntil: row.paused_until }]);
    },
    /** Keeps a connector's pause (undefined: it answered again, forgotten); answers the rows changed. */
    keep(companyId: number, connectorId: number, pause: Readonly<BreakerState> | undefined): number {
      if (pause === undefined) return remove.run(connectorId).changes;
      return save.run({ connector_id: connectorId, company_id: companyId, consecutive: pause.consecutive, paused_until: pause.pausedUntil }).changes;
    },
  };
}
export type ReceiverHealthStore = ReturnType<typeof createReceiverHealthStore>;
