import type { Database } from 'better-sqlite3';
import type { Clock } from '../time.ts';
import type { CoreEventBus } from '../events.ts';
import type { ServiceSettings } from '../../../shared/domain/settings.ts';
import { APP_VERSION, API_VERSION } from '../version.ts';
import type { Outbox } from './outbox.ts';
import { postJson } from './http-post.ts';
import type { InboxStore } from './inbox.ts';
import { ownInboxName, postToOwnInbox } from './own-inbox.ts';
import { signatureHeaders } from './signing.ts';
import { nextDelayMs, outcomeOf } from './schedule.ts';
import { createDeliveryStore, type DeliveryChange, type FinishedAttempt, type SendableRow } from './delivery-store.ts';
import { formatTimestamp } from '../time.ts';
import { ReceiverBreaker } from './breaker.ts';
import { createReceiverHealthStore } from './receiver-health.ts';
import { unannounced } from '../store/live-database.ts';
import { ClaimBook, rotate } from './claims.ts';

export const USER_AGENT = `ERP-Workbench/${APP_VERSION} (webhooks; ERP REST API ${API_VERSION})`;

export interface DispatcherDeps {
  db: Database;
  clock: Clock;
  settings: () => ServiceSettings;
  events: CoreEventBus;
  outbox: Outbox;
  /** http://host:port of this service: a stored URL that is a path (the built-in inbox) is resolved against it. */
  publicUrl: () => string;
  /** The built-in inbox: posts to this service's own inbox are handed over in the process (own-inbox.ts). */
  ownInbox?: InboxStore;
}

/** The longest the dispatcher sleeps without looking at the outbox again. */
const MAX_IDLE_MS = 30_000;
/** Rows claimed ahead per connector, as a multiple of its cap. */
const PREFETCH = 8;
/** Finished attempts are written together at most this long after the first of them. */
const FLUSH_EVERY_MS = 5;

/**
 * Sends the outbox: reads due rows, posts them (bounded per connector and in all), records every
 * attempt and schedules the next by the spec's answer table and the retry schedule. Works only
 * from the table: nothing lives only in memory, so a restart loses nothing (rows that were under
 * way when the service stopped are sent again: at-least-once).
 */
export function createDispatcher(deps: DispatcherDeps) {
  const store = createDeliveryStore(deps.db);
  const breaker = new ReceiverBreaker();
  const health = createReceiverHealthStore(deps.db);
  /** Rows of receiver_health written: bookkeeping like the attempts' (see ownChanges). */
  let healthChanges = 0;
  const book = new ClaimBook();
  /** Abort handles of the attempts under way. */
  const sending = new Map<number, () => void>();
  /** Connectors whose last query found nothing more due: not asked again until something changes. */
  const exhausted = new Set<number>();
  let finished: FinishedAttempt[] = [];
  const waiters = new Map<number, (change: DeliveryChange | undefined) => void>();
  const urls = new Map<string, URL | string>();
  let running = false;
  let flushTimer: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let refillQueued = false;
  let pumpQueued = false;
  let fillRotation = 0;
  /** The active connectors, read again at every pump. */
  let connectorIds: number[] = [];
  let unsubscribe: (() => void) | undefined;
  /** Attempts under way whose rows were deleted with their account: their results are not written. */
  const discarded = new Set<number>();

  function resolveUrl(url: string): URL | string {
    if (url.startsWith('/')) return tryUrl(url, deps.publicUrl());
    let parsed = urls.get(url);
    if (!parsed) {
      if (urls.size > 1000) urls.clear();
      parsed = tryUrl(url);
      urls.set(url, parsed);
    }
    return parsed;
  }

  function send(row: SendableRow, trigger: 'scheduled' | 'manual'): void {
    const startedAt = deps.clock.now();
    const target = resolveUrl(row.url);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      // Signed with the machine's time, not the test clock's: receivers check webhook-timestamp
      // against their own clock (5 minutes' tolerance), as Stripe's test clocks leave it.
      ...(row.webhook_secret ? signatureHeaders(row.webhook_secret, row.webhook_id, new Date(), row.payload) : {}),
    };
    // An abandoned attempt (the service stops) never settles: the row stays pending, due again.
    const ownInbox = typeof target === 'string' || !deps.ownInbox ? undefined : ownInboxName(target, deps.publicUrl());
    const attempt =
      typeof target === 'string'
        ? { result: Promise.resolve({ httpStatus: null, responseHeaders: null, responseBodyHead: '', durationMs: 0, error: target, requestHeaders: headers }), abort: () => {} }
        : ownInbox !== undefined
          ? postToOwnInbox(deps.ownInbox!, deps.events, ownInbox, target, row.payload, headers, deps.settings().webhook_timeout_ms)
          : postJson(target, row.payload, headers, deps.settings().webhook_timeout_ms);
    sending.set(row.id, attempt.abort);
    void attempt.result.then((result) => {
      sending.delete(row.id);
      if (discarded.delete(row.id)) {
        // Its account is gone, and the row's id may already be a new row's: write nothing.
        book.finished(row);
        book.written(row.id);
        drain();
        return;
      }
      book.finished(row); // still held until its result is written: until then the table says it is due
      const url = typeof target === 'string' ? row.url : target.href;
      finished.push({ row, trigger, startedAt, url, result, outcome: outcomeOf(result.httpStatus) });
      queueFlush();
      const answered = result.httpStatus !== null && result.httpStatus < 500;
      const wasPaused = breaker.isPausing(row.connector_id);
      if (breaker.record(row.connector_id, answered, deps.clock.now().getTime())) book.release({ connectorId: row.connector_id });
      if (wasPaused || breaker.isPausing(row.connector_id)) keepPause(row.company_id, row.connector_id);
      // The header's "needs attention" list shows paused receivers (attention.list reads receiver_health).
      if (wasPaused !== breaker.isPausing(row.connector_id)) deps.events.emit('data.changed', { company_id: row.company_id, tables: ['receiver_health'] });
      drain(); // the next claimed row goes out now, without waiting for the database
    });
  }

  /** Writes a connector's pause as the breaker holds it now (or forgets it): a restart goes on from there. */
  function keepPause(companyId: number, connectorId: number): void {
    if (!deps.db.open) return;
    try {
      // The dispatcher announces a pause that starts or ends itself, not a write awaiting meanwhile.
      healthChanges += unannounced(deps.db, () => health.keep(companyId, connectorId, breaker.pauseOf(connectorId)));
    } catch (error) {
      // Busy store: the pause holds in memory; only a restart before the next attempt would forget it.
      console.error('[erp-workbench] the pause of a webhook receiver could not be written:', error);
    }
  }

  /** What an attempt makes of its delivery, by the spec's table and the retry schedule. */
  function decide(f: FinishedAttempt, status: string, attemptNo: number) {
    const { httpStatus, error } = f.result;
    if (f.outcome === 'delivered') return { status: 'delivered', nextAttemptAt: null, reason: 'the receiver answered 200' };
    if (status !== 'pending') return { status, nextAttemptAt: null, reason: `${reasonOf(httpStatus, error)} (manual retry of a closed delivery)` };
    if (f.outcome === 'permanent_failure') {
      return { status: 'failed', nextAttemptAt: null, reason: `the receiver answered ${httpStatus}: a 4xx closes the notification, never retried` };
    }
    const delay = nextDelayMs(deps.settings().webhook_retry_schedule_s, attemptNo);
    if (delay === null) return { status: 'failed', nextAttemptAt: null, reason: `retry schedule used up after ${attemptNo} attempts; last: ${reasonOf(httpStatus, error)}` };
    return { status: 'pending', nextAttemptAt: deps.clock.now().getTime() + delay, reason: null };
  }

  function queueFlush(delay = FLUSH_EVERY_MS): void {
    if (flushTimer) return;
    // A few milliseconds of answers per transaction: at high rates one commit carries many attempts.
    flushTimer = setTimeout(flush, delay);
  }

  /** Writes the finished attempts in one transaction, announces them, sends what they unblocked. */
  function flush(): void {
    flushTimer = undefined;
    if (finished.length === 0 || !deps.db.open) return;
    const batch = finished;
    finished = [];
    let changes: DeliveryChange[];
    try {
      changes = store.record(batch, decide);
    } catch (error) {
      // The store is busy or full: keep the results (the rows stay held) and try again shortly.
      finished = [...batch, ...finished];
      console.error('[erp-workbench] webhook attempts could not be written; retrying in 1 s:', error);
      queueFlush(1000);
      return;
    }
    for (const f of batch) book.written(f.row.id);
    announce(batch, changes);
    pumpSoon();
  }

  function announce(batch: readonly FinishedAttempt[], changes: readonly DeliveryChange[]): void {
    const byId = new Map(batch.map((f) => [f.row.id, f]));
    const companies = new Set<number>();
    for (const change of changes) {
      companies.add(change.companyId);
      const f = byId.get(change.deliveryId)!;
      deps.events.emit('webhook.attempt', {
        company_id: change.companyId,
        connector_id: change.connectorId,
        delivery_id: change.deliveryId,
        attempt_no: change.attemptNo,
        http_status: f.result.httpStatus,
        error: f.result.error,
        duration_ms: f.result.durationMs,
        outcome: f.outcome,
        status: change.status,
        next_attempt_ts: change.nextAttemptAt === null ? null : formatTimestamp(new Date(change.nextAttemptAt)),
      });
      waiters.get(change.deliveryId)?.(change);
      waiters.delete(change.deliveryId);
    }
    for (const f of batch) {
      waiters.get(f.row.id)?.(undefined); // a row wiped by a reset meanwhile
      waiters.delete(f.row.id);
    }
    for (const company of companies) deps.events.emit('data.changed', { company_id: company, tables: ['webhook_outbox', 'webhook_attempts'] });
  }

  /**
   * Claims due rows, up to PREFETCH x each connector's cap, so freed slots are refilled without a
   * query. Connectors are asked in turn from a rotating start, so none always goes first.
   */
  function fill(now: number): void {
    const settings = deps.settings();
    const cap = settings.webhook_max_in_flight_per_connector;
    const prefetch = cap * PREFETCH;
    let capacity = settings.webhook_max_in_flight * PREFETCH - book.size;
    for (const connectorId of rotate(connectorIds, fillRotation++)) {
      if (capacity <= 0) return;
      if (exhausted.has(connectorId) || breaker.allowance(connectorId, prefetch, now) === 0) continue;
      const waiting = book.queuedOf(connectorId);
      if (waiting >= cap) continue;
      const room = Math.min(capacity, prefetch - waiting - book.activeOf(connectorId));
      if (room <= 0) continue;
      const rows = store.due(connectorId, now, book.heldIdsOf(connectorId), room);
      let claimedNow = 0;
      for (const row of rows) {
        // A later notification of an order whose earlier one is still held waits for its result.
        if (book.holdsKey(connectorId, row.ordering_key)) continue;
        book.enqueue(row);
        claimedNow++;
      }
      capacity -= claimedNow;
      if (rows.length < room || claimedNow === 0) exhausted.add(connectorId);
    }
  }

  /** Starts queued rows, one per connector per pass in rotating order, while the caps allow. */
  function drain(): void {
    if (!running) return;
    const settings = deps.settings();
    const now = deps.clock.now().getTime();
    let started = true;
    while (started && book.totalActive < settings.webhook_max_in_flight) {
      started = false;
      for (const connectorId of book.rotatedQueues()) {
        if (book.totalActive >= settings.webhook_max_in_flight) break;
        if (book.activeOf(connectorId) >= breaker.allowance(connectorId, settings.webhook_max_in_flight_per_connector, now)) continue;
        const row = book.take(connectorId);
        if (!row) continue;
        send(row, 'scheduled');
        started = true;
      }
    }
    // A connector that ran dry while it could send more may have more due: claim soon (once).
    if (book.totalActive >= settings.webhook_max_in_flight || book.size >= settings.webhook_max_in_flight * PREFETCH) return;
    for (const connectorId of connectorIds) {
      if (exhausted.has(connectorId) || book.queuedOf(connectorId) > 0) continue;
      const allowed = breaker.allowance(connectorId, settings.webhook_max_in_flight_per_connector, now);
      if (book.activeOf(connectorId) < allowed) {
        refillSoon();
        return;
      }
    }
  }

  function refillSoon(): void {
    if (refillQueued) return;
    refillQueued = true;
    setImmediate(() => {
      refillQueued = false;
      if (running && deps.db.open) {
        fill(deps.clock.now().getTime());
        drain();
      }
    });
  }

  /**
   * One pump in the next turn for every reason to look again that comes up in this one (written
   * orders, recorded attempts): under load both come with every write batch.
   */
  function pumpSoon(): void {
    if (pumpQueued) return;
    pumpQueued = true;
    setImmediate(() => {
      pumpQueued = false;
      pump();
    });
  }

  /** Claims and starts what is due, then sleeps until the next row is due or a paused receiver may be probed. */
  function pump(): void {
    if (!running || !deps.db.open) return;
    const now = deps.clock.now().getTime();
    connectorIds = store.connectorIds();
    exhausted.clear(); // something changed (a write, an answer, a staff action): ask every connector again
    fill(now);
    drain();
    if (timer) clearTimeout(timer);
    const next = [store.nextDueAfter(now, connectorIds), breaker.nextResume(now)].filter((t): t is number => t !== null);
    const wait = next.length === 0 ? MAX_IDLE_MS : Math.min(Math.max(Math.min(...next) - now, 0), MAX_IDLE_MS);
    timer = setTimeout(pump, wait);
    timer.unref();
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      // Receivers paused before a restart (or in a snapshot swapped in) stay paused: probed first.
      breaker.load(health.load());
      unsubscribe = deps.outbox.onEnqueued(() => {
        deps.events.emit('data.changed', { company_id: null, tables: ['webhook_outbox'] });
        pumpSoon();
      });
      pump();
    },
    running: () => running,
    /** Connectors whose receiver is paused now after repeated failures (their deliveries wait; the overview counts them). */
    pausedConnectors: (): number[] => breaker.paused(deps.clock.now().getTime()),
    /** Rows its bookkeeping (recorded attempts) changed: the data version leaves them out. */
    ownChanges: () => store.ownChanges() + healthChanges,
    /** Looks at the outbox now (after a staff action changed what is due or where it goes). */
    wake: pump,
    /**
     * Forgets queued copies of a connector's rows (or of one row), so that they are read again
     * from the table: after a cancel, or a change of the connector's URL, secret or switch.
     */
    release(filter: { connectorId?: number; id?: number }): void {
      book.release(filter);
    },
    /**
     * The connectors' account is being deleted (accounts.delete, before its rows go): their queued
     * rows are dropped, the results of attempts under way are never written (the ids of deleted
     * rows are given to new ones), finished ones not yet written are dropped, and a
     * receiver's pause is forgotten. Other accounts' deliveries are not touched.
     */
    forgetConnectors(connectorIds: readonly number[]): void {
      const gone = new Set(connectorIds);
      for (const connectorId of gone) {
        book.release({ connectorId });
        for (const id of book.heldIdsOf(connectorId)) {
          // Left to finish (an aborted attempt never settles, and its slot would stay taken).
          if (sending.has(id)) discarded.add(id);
          waiters.get(id)?.(undefined);
          waiters.delete(id);
        }
        breaker.forget(connectorId);
        exhausted.delete(connectorId);
      }
      finished = finished.filter((f) => {
        if (!gone.has(f.row.connector_id)) return true;
        book.written(f.row.id);
        return false;
      });
    },
    /** Connectors whose receiver is paused, or probed, after failures in a row, until one is answered (attention.list). */
    failingReceivers: (): number[] => breaker.pausing(),
    /** An attempt is under way (or its result is being written). */
    isInFlight: (id: number) => book.isBusy(id),
    /** Queued, under way or being written. */
    isHeld: (id: number) => book.isHeld(id),
    /**
     * "Retry now": one attempt at once, whatever the schedule, the caps and a pause; answers when
     * it is recorded. The row must exist and not be busy (the caller checks).
     */
    async sendNow(companyId: number, id: number): Promise<void> {
      book.release({ id });
      const row = store.one(companyId, id);
      if (!row) return;
      book.start(row);
      const recorded = new Promise<DeliveryChange | undefined>((resolve) => waiters.set(id, resolve));
      send(row, 'manual');
      await recorded;
    },
    /**
     * Stops sending: attempts under way are abandoned (their rows stay pending: sent again at the
     * next start), finished ones are written. Synchronous, for the core's close().
     */
    stop(): void {
      running = false;
      unsubscribe?.();
      if (timer) clearTimeout(timer);
      for (const abort of sending.values()) abort();
      sending.clear();
      if (flushTimer) clearTimeout(flushTimer);
      if (deps.db.open) flush();
      flushTimer = undefined;
      book.clear();
      discarded.clear();
      breaker.clear();
      exhausted.clear();
      for (const resolve of waiters.values()) resolve(undefined);
      waiters.clear();
    },
  };
}
export type Dispatcher = ReturnType<typeof createDispatcher>;

function tryUrl(url: string, base?: string): URL | string {
  try {
    return new URL(url, base);
  } catch {
    return `not a valid URL: '${url}'`;
  }
}

function reasonOf(httpStatus: number | null, error: string | null): string {
  return httpStatus === null ? (error ?? 'no answer') : `HTTP ${httpStatus}`;
}
