import type { Database } from 'better-sqlite3';
import { unannounced } from '../store/live-database.ts';
import { formatTimestamp } from '../time.ts';
import type { AttemptOutcome } from './schedule.ts';
import type { PostResult } from './http-post.ts';

/** What an attempt makes of its delivery, given the delivery's status and the attempt's number. */
export type Decide = (f: FinishedAttempt, status: string, attemptNo: number) => { status: string; nextAttemptAt: number | null; reason: string | null };

/** A delivery as the dispatcher sends it. */
export interface SendableRow {
  id: number;
  company_id: number;
  connector_id: number;
  payload: string;
  webhook_id: string;
  ordering_key: string | null;
  url: string;
  status: string;
  attempt_count: number;
  webhook_secret: string | null;
}

/** One finished attempt, waiting to be written with the others of its batch. */
export interface FinishedAttempt {
  row: SendableRow;
  trigger: 'scheduled' | 'manual';
  startedAt: Date;
  url: string;
  result: PostResult;
  outcome: AttemptOutcome;
}

/** What the attempt did to its delivery (computed in the write, from the row as it is then). */
export interface DeliveryChange {
  companyId: number;
  connectorId: number;
  deliveryId: number;
  attemptNo: number;
  status: string;
  nextAttemptAt: number | null;
}

/** The dispatcher's SQL: due rows and the batched write of finished attempts. */
export function createDeliveryStore(db: Database) {
  const SENDABLE = `o.id, o.company_id, o.connector_id, o.payload, o.webhook_id, o.ordering_key, o.url, o.status, o.attempt_count, c.webhook_secret`;
  // One connector's due rows not under way, in send order: an index range holding only the heads
  // of the ordering chains (`waits` = 0, kept by migration 019's triggers), so a row waiting
  // behind an earlier one of its order or product is never read, however long the backlog.
  // Rows the dispatcher already holds (claimed in memory, under way or next) are left out by id.
  // The connector's secret is read on its own (a primary-key lookup) rather than joined: the join
  // made SQLite build a Bloom filter on every run of this, the dispatcher's most frequent query.
  const due = db.prepare<{ connector: number; now: number; held: string; limit: number; secret: string | null }, SendableRow>(
    `SELECT o.id, o.company_id, o.connector_id, o.payload, o.webhook_id, o.ordering_key, o.url, o.status, o.attempt_count,
            @secret AS webhook_secret
       FROM webhook_outbox o INDEXED BY webhook_outbox_due_heads
      WHERE o.connector_id = @connector AND o.status = 'pending' AND o.waits = 0 AND o.next_attempt_at <= @now
        AND o.id NOT IN (SELECT value FROM json_each(@held))
      ORDER BY o.next_attempt_at, o.id
      LIMIT @limit`,
  );
  const secretOf = db.prepare<[number], string | null>('SELECT webhook_secret FROM connectors WHERE id = ?').pluck();
  // An inactive or deleted connector holds its pending deliveries (re-activating it sends them).
  const connectorIds = db.prepare<[], number>('SELECT id FROM connectors WHERE active = 1 AND deleted = 0').pluck();
  const one = db.prepare<[number, number], SendableRow>(
    `SELECT ${SENDABLE} FROM webhook_outbox o JOIN connectors c ON c.id = o.connector_id WHERE o.company_id = ? AND o.id = ?`,
  );
  const nextDue = db
    .prepare<[number, number], number | null>(
      // Only a chain head can have been tried (and so be due later); the rows behind it are due already.
      "SELECT MIN(next_attempt_at) FROM webhook_outbox INDEXED BY webhook_outbox_due_heads WHERE connector_id = ? AND status = 'pending' AND waits = 0 AND next_attempt_at > ?",
    )
    .pluck();
  const current = db.prepare<[number], { status: string; attempt_count: number }>(
    'SELECT status, attempt_count FROM webhook_outbox WHERE id = ?',
  );
  const insertAttempt = db.prepare(
    `INSERT INTO webhook_attempts (delivery_id, attempt_no, trigger, ts, url, request_headers, http_status,
                                   response_headers, response_body_head, duration_ms, error, outcome)
     VALUES (@delivery_id, @attempt_no, @trigger, @ts, @url, @request_headers, @http_status,
             @response_headers, @response_body_head, @duration_ms, @error, @outcome)`,
  );
  // Applies only while the row is in the state the attempt started from (the common case, no
  // read needed); a staff cancel or a reset meanwhile makes it change nothing.
  const update = db.prepare(
    `UPDATE webhook_outbox SET attempt_count = @attempt_count, last_http_status = @http_status,
            last_error = @error, status = @status, next_attempt_at = @next_attempt_at, closed_ts = @closed_ts,
            close_reason = @close_reason
      WHERE id = @id AND status = @was AND attempt_count = @attempt_count - 1`,
  );

  const totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  /** Rows the attempts' bookkeeping changed (triggers included): not answer data, see ownChanges. */
  let ownChanges = 0;

  const record = db.transaction((finished: readonly FinishedAttempt[], decide: Decide): DeliveryChange[] => {
    const changes: DeliveryChange[] = [];
    /** Writes the attempt and its delivery's new state if the row is still as `was` says. */
    const apply = (f: FinishedAttempt, was: { status: string; attempt_count: number }): DeliveryChange | undefined => {
      const attemptNo = was.attempt_count + 1;
      const next = decide(f, was.status, attemptNo);
      const closed = next.status !== 'pending';
      const { result } = f;
      const updated = update.run({
        id: f.row.id,
        was: was.status,
        attempt_count: attemptNo,
        http_status: result.httpStatus,
        error: result.error,
        status: next.status,
        next_attempt_at: closed ? null : next.nextAttemptAt,
        closed_ts: closed ? formatTimestamp(new Date(f.startedAt.getTime() + result.durationMs)) : null,
        close_reason: closed ? next.reason : null,
      });
      if (updated.changes === 0) return undefined;
      insertAttempt.run({
        delivery_id: f.row.id,
        attempt_no: attemptNo,
        trigger: f.trigger,
        ts: formatTimestamp(f.startedAt),
        url: f.url,
        request_headers: JSON.stringify(result.requestHeaders),
        http_status: result.httpStatus,
        response_headers: result.responseHeaders === null ? null : JSON.stringify(result.responseHeaders),
        response_body_head: result.responseBodyHead,
        duration_ms: result.durationMs,
        error: result.error,
        outcome: f.outcome,
      });
      return {
        companyId: f.row.company_id,
        connectorId: f.row.connector_id,
        deliveryId: f.row.id,
        attemptNo,
        status: next.status,
        nextAttemptAt: closed ? null : next.nextAttemptAt,
      };
    };
    for (const f of finished) {
      // The state the attempt started from; read again only when a staff action changed it meanwhile.
      let was: { status: string; attempt_count: number } | undefined = { status: f.row.status, attempt_count: f.row.attempt_count };
      let written = apply(f, was);
      if (!written) {
        was = current.get(f.row.id);
        if (!was) continue; // wiped by a reset while the attempt was under way
        written = apply(f, was);
      }
      if (written) changes.push(written);
    }
    return changes;
  });

  return {
    due: (connectorId: number, now: number, held: readonly number[], limit: number) =>
      due.all({ connector: connectorId, now, held: JSON.stringify(held), limit, secret: secretOf.get(connectorId) ?? null }),
    /** Every active connector (a handful per account): the dispatcher asks each for its due rows. */
    connectorIds: () => connectorIds.all(),
    one: (companyId: number, id: number) => one.get(companyId, id),
    /** When the next row of any connector falls due (after `now`), if one will. */
    nextDueAfter(now: number, ids: readonly number[] = connectorIds.all()): number | null {
      let next: number | null = null;
      for (const id of ids) {
        const at = nextDue.get(id, now) ?? null;
        if (at !== null && (next === null || at < next)) next = at;
      }
      return next;
    },

    /**
     * Writes a batch of finished attempts in one transaction. `decide` turns an attempt and the
     * delivery's state at that moment (a staff cancel may have closed it meanwhile) into its new state.
     */
    record(finished: readonly FinishedAttempt[], decide: Decide): DeliveryChange[] {
      const before = totalChanges.get()!;
      try {
        // Announced by the dispatcher itself (webhook.attempt, data.changed), not by a write awaiting meanwhile.
        return unannounced(db, () => record(finished, decide));
      } finally {
        ownChanges += totalChanges.get()! - before;
      }
    },

    /**
     * Rows changed by recording attempts (the delivery's state, the attempt, the chain's next
     * head), counted like SQLite's total_changes(): the data version leaves them out, so answers
     * cached for the REST API (which never shows deliveries) stay valid while notifications go out.
     */
    ownChanges: () => ownChanges,
  };
}
export type DeliveryStore = ReturnType<typeof createDeliveryStore>;
