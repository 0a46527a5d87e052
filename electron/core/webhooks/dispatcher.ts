import type { Database } from 'better-sqlite3';
import type { Clock } from '../time.ts';
import type { CoreEventBus } from '../events.ts';
import type { ServiceSettings } from '../../../shared/domain/settings.ts';
import { APP_VERSION, API_VERSION } from '../version.ts';
import type { Outbox } from './outbox.ts';
import { postJson } from './http-post.ts';
import { signatureHeaders } from './signing.ts';
import { nextDelayMs, outcomeOf } from './schedule.ts';
import { createDeliveryStore, type DeliveryChange, type FinishedAttempt, type SendableRow } from './delivery-store.ts';
import { formatTimestamp } from '../time.ts';

export const USER_AGENT = `ERP-Workbench/${APP_VERSION} (webhooks; ERP REST API ${API_VERSION})`;

export interface DispatcherDeps {
  db: Database;
  clock: Clock;
  settings: () => ServiceSettings;
  events: CoreEventBus;
  outbox: Outbox;
  /** http://host:port of this service: a stored URL that is a path (the built-in inbox) is resolved against it. */
  publicUrl: () => string;
}

/** The longest the dispatcher sleeps without looking at the outbox again. */
const MAX_IDLE_MS = 30_000;
const BATCH = 500;

/**
 * Sends the outbox: reads due rows, posts them (bounded per connector and in all), records every
 * attempt and schedules the next by the spec's answer table and the retry schedule. Works only
 * from the table: nothing lives only in memory, so a restart loses nothing (rows that were under
 * way when the service stopped are sent again: at-least-once).
 */
export function createDispatcher(deps: DispatcherDeps) {
  const store = createDeliveryStore(deps.db);
  const inFlight = new Map<number, { connectorId: number; controller: AbortController; done: Promise<void> }>();
  const perConnector = new Map<number, number>();
  let finished: FinishedAttempt[] = [];
  const waiters = new Map<number, (change: DeliveryChange | undefined) => void>();
  let running = false;
  let flushQueued = false;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  function resolveUrl(url: string): URL | string {
    try {
      return url.startsWith('/') ? new URL(url, deps.publicUrl()) : new URL(url);
    } catch {
      return `not a valid URL: '${url}'`;
    }
  }

  function send(row: SendableRow, trigger: 'scheduled' | 'manual'): void {
    const settings = deps.settings();
    const startedAt = deps.clock.now();
    const target = resolveUrl(row.url);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      ...(row.webhook_secret ? signatureHeaders(row.webhook_secret, row.webhook_id, startedAt, row.payload) : {}),
    };
    const controller = new AbortController();
    perConnector.set(row.connector_id, (perConnector.get(row.connector_id) ?? 0) + 1);
    const attempt =
      typeof target === 'string'
        ? Promise.resolve({ httpStatus: null, responseHeaders: null, responseBodyHead: '', durationMs: 0, error: target, requestHeaders: headers })
        : postJson(target, row.payload, headers, settings.webhook_timeout_ms, controller.signal);
    const done = attempt.then((result) => {
      inFlight.delete(row.id);
      const left = (perConnector.get(row.connector_id) ?? 1) - 1;
      if (left > 0) perConnector.set(row.connector_id, left);
      else perConnector.delete(row.connector_id);
      if (controller.signal.aborted) return; // the service stops: the lease is released, the row stays due
      const url = typeof target === 'string' ? row.url : target.href;
      finished.push({ row, trigger, startedAt, url, result, outcome: outcomeOf(result.httpStatus) });
      queueFlush();
    });
    inFlight.set(row.id, { connectorId: row.connector_id, controller, done });
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

  function queueFlush(): void {
    if (flushQueued) return;
    flushQueued = true;
    setImmediate(flush);
  }

  /** Writes the finished attempts of this turn in one transaction, announces them, sends what they unblocked. */
  function flush(): void {
    flushQueued = false;
    if (finished.length === 0 || !deps.db.open) return;
    const batch = finished;
    finished = [];
    const changes = store.record(batch, decide);
    const companies = new Set<number>();
    for (const change of changes) {
      companies.add(change.companyId);
      const f = batch.find((b) => b.row.id === change.deliveryId)!;
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
      // a row wiped by a reset meanwhile
      waiters.get(f.row.id)?.(undefined);
      waiters.delete(f.row.id);
    }
    for (const company of companies) deps.events.emit('data.changed', { company_id: company, tables: ['webhook_outbox', 'webhook_attempts'] });
    pump();
  }

  /** Starts as many due deliveries as the caps allow, then sleeps until the next one is due. */
  function pump(): void {
    if (!running || !deps.db.open) return;
    const settings = deps.settings();
    const now = deps.clock.now().getTime();
    for (let guard = 0; guard < 100; guard++) {
      const capacity = settings.webhook_max_in_flight - inFlight.size;
      if (capacity <= 0) break;
      const saturated = [...perConnector].filter(([, n]) => n >= settings.webhook_max_in_flight_per_connector).map(([id]) => id);
      const rows = store.due(now, saturated, Math.min(capacity, BATCH));
      if (rows.length === 0) break;
      const chosen: SendableRow[] = [];
      const taken = new Map<number, number>();
      for (const row of rows) {
        const n = (perConnector.get(row.connector_id) ?? 0) + (taken.get(row.connector_id) ?? 0);
        if (n >= settings.webhook_max_in_flight_per_connector) continue;
        taken.set(row.connector_id, (taken.get(row.connector_id) ?? 0) + 1);
        chosen.push(row);
      }
      if (chosen.length === 0) continue; // those connectors are saturated now: the next query leaves them out
      store.claim(chosen.map((row) => row.id));
      for (const row of chosen) send(row, 'scheduled');
    }
    sleep(now);
  }

  function sleep(now: number): void {
    if (timer) clearTimeout(timer);
    const next = store.nextDueAfter(now);
    const wait = next === null ? MAX_IDLE_MS : Math.min(Math.max(next - now, 0), MAX_IDLE_MS);
    timer = setTimeout(pump, wait);
    timer.unref();
  }

  return {
    start(): void {
      if (running) return;
      store.releaseAll();
      running = true;
      unsubscribe = deps.outbox.onEnqueued(() => {
        deps.events.emit('data.changed', { company_id: null, tables: ['webhook_outbox'] });
        pump();
      });
      pump();
    },
    running: () => running,
    /** Looks at the outbox now (after a staff action changed what is due or where it goes). */
    wake: pump,
    isInFlight: (id: number) => inFlight.has(id),
    /**
     * "Retry now": one attempt at once, whatever the schedule and the caps; answers when it is
     * recorded. The row must exist and have no attempt under way (the caller checks).
     */
    async sendNow(companyId: number, id: number): Promise<void> {
      const row = store.one(companyId, id);
      if (!row) return;
      store.claim([id]);
      const recorded = new Promise<DeliveryChange | undefined>((resolve) => waiters.set(id, resolve));
      send(row, 'manual');
      await recorded;
    },
    /**
     * Stops sending: attempts under way are abandoned (their rows stay due and are sent again
     * at the next start), finished ones are written. Synchronous, for the core's close().
     */
    stop(): void {
      running = false;
      unsubscribe?.();
      if (timer) clearTimeout(timer);
      const abandoned = [...inFlight.keys()];
      for (const { controller } of inFlight.values()) controller.abort();
      inFlight.clear();
      perConnector.clear();
      if (deps.db.open) {
        flush();
        store.release(abandoned);
      }
      for (const resolve of waiters.values()) resolve(undefined);
      waiters.clear();
    },
  };
}
export type Dispatcher = ReturnType<typeof createDispatcher>;

function reasonOf(httpStatus: number | null, error: string | null): string {
  return httpStatus === null ? (error ?? 'no answer') : `HTTP ${httpStatus}`;
}
