import type { Database } from 'better-sqlite3';
import { Where } from '../store/where.ts';
import { Pager, type Window, type WindowOptions } from '../store/paging.ts';
import { formatTimestamp, type Clock } from '../time.ts';
import { badRequest, conflict, notFound } from '../../../shared/contract/errors.ts';
import type {
  DeliveryStatus,
  NotificationType,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryWithAttempts,
} from '../../../shared/domain/webhooks.ts';
import type { Dispatcher } from './dispatcher.ts';

export interface DeliveryFilter {
  status?: DeliveryStatus | undefined;
  connector_id?: number | undefined;
  notification_type?: NotificationType | undefined;
  order_unique_id?: string | undefined;
  /** created_ts range, inclusive: 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM:SS' (Europe/Bucharest). */
  created_from?: string | undefined;
  created_through?: string | undefined;
  /** Keyset paging, newest first: deliveries older than this id. */
  before_id?: number | undefined;
  limit?: number | undefined;
}

interface DeliveryRow {
  id: number;
  webhook_id: string;
  company_id: number;
  connector_id: number;
  notification_type: NotificationType;
  order_unique_id: string | null;
  url: string;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: number | null;
  last_http_status: number | null;
  last_error: string | null;
  created_ts: string;
  closed_ts: string | null;
  close_reason: string | null;
  payload: string;
}

interface AttemptRow extends Omit<WebhookAttempt, 'request_headers' | 'response_headers' | 'request_body'> {
  delivery_id: number;
  request_headers: string;
  response_headers: string | null;
}

const COLUMNS = `id, webhook_id, company_id, connector_id, notification_type, order_unique_id, url, status, attempt_count,
  next_attempt_at, last_http_status, last_error, created_ts, closed_ts, close_reason, payload`;

/** A bare date as a range end: the whole day. */
const rangeEnd = (value: string | undefined): string | undefined =>
  value !== undefined && value.length === 10 ? `${value} 23:59:59` : value;

/** The log's filters: one WHERE for the REST-like list and the screens' window. */
function whereOf(companyId: number, filter: DeliveryFilter): Where {
  return new Where()
    .add('company_id = ?', companyId)
    .add('status = ?', filter.status)
    .add('connector_id = ?', filter.connector_id)
    .add('notification_type = ?', filter.notification_type)
    .add('order_unique_id = ?', filter.order_unique_id)
    .add('created_ts >= ?', filter.created_from)
    .add('created_ts <= ?', rangeEnd(filter.created_through))
    .add('id < ?', filter.before_id);
}

/** The delivery log (staff and test code read it; the UI shows it live) and its two actions. */
export function createDeliveries(db: Database, clock: Clock, dispatcher: Pick<Dispatcher, 'isInFlight' | 'sendNow' | 'release' | 'wake'>) {
  // The screens' windows (its statements are cached per query shape).
  const pager = new Pager(db);
  const attemptsOf = db.prepare<[string], AttemptRow>(
    `SELECT id, delivery_id, attempt_no, trigger, ts, url, request_headers, http_status, response_headers,
            response_body_head, duration_ms, error, outcome
       FROM webhook_attempts WHERE delivery_id IN (SELECT value FROM json_each(?)) ORDER BY delivery_id, id`,
  );
  const byId = db.prepare<[number, number], DeliveryRow>(`SELECT ${COLUMNS} FROM webhook_outbox WHERE company_id = ? AND id = ?`);
  const connectorUrl = db
    .prepare<[number, number], string>('SELECT order_event_notification_url FROM connectors WHERE company_id = ? AND id = ?')
    .pluck();
  const retarget = db.prepare<[string, number]>('UPDATE webhook_outbox SET url = ? WHERE id = ?');
  const earlierOpen = db
    .prepare<[number], number>(
      `SELECT p.id FROM webhook_outbox o JOIN webhook_outbox p
          ON p.connector_id = o.connector_id AND p.ordering_key = o.ordering_key AND p.status = 'pending' AND p.id < o.id
        WHERE o.id = ? ORDER BY p.id LIMIT 1`,
    )
    .pluck();
  const cancel = db.prepare<[string, number]>(
    `UPDATE webhook_outbox SET status = 'cancelled', next_attempt_at = NULL, closed_ts = ?, close_reason = 'cancelled by staff'
      WHERE id = ? AND status = 'pending'`,
  );

  /** The page's attempts in one query (no query per delivery). */
  function withAttempts(rows: DeliveryRow[]): WebhookDeliveryWithAttempts[] {
    const attempts = new Map<number, WebhookAttempt[]>();
    const bodies = new Map(rows.map((r) => [r.id, r.payload]));
    for (const a of attemptsOf.all(JSON.stringify(rows.map((r) => r.id)))) {
      const { delivery_id, ...attempt } = a;
      const list = attempts.get(delivery_id) ?? [];
      list.push({
        ...attempt,
        // Every attempt posts the delivery's stored body, byte for byte (stored once).
        request_body: bodies.get(delivery_id)!,
        request_headers: JSON.parse(a.request_headers) as Record<string, string>,
        response_headers: a.response_headers === null ? null : (JSON.parse(a.response_headers) as Record<string, string>),
      });
      attempts.set(delivery_id, list);
    }
    return rows.map((row) => ({ ...deliveryOf(row, dispatcher.isInFlight(row.id)), attempts: attempts.get(row.id) ?? [] }));
  }

  function get(companyId: number, id: number): WebhookDeliveryWithAttempts {
    const row = byId.get(companyId, id);
    if (!row) throw notFound(`delivery ${id} does not exist in account ${companyId}`);
    return withAttempts([row])[0]!;
  }

  return {
    list(companyId: number, filter: DeliveryFilter): WebhookDeliveryWithAttempts[] {
      const where = whereOf(companyId, filter);
      const rows = db
        .prepare<unknown[], DeliveryRow>(`SELECT ${COLUMNS} FROM webhook_outbox WHERE ${where} ORDER BY id DESC LIMIT ?`)
        .all(...where.params, filter.limit ?? 50);
      return withAttempts(rows);
    },

    /**
     * The same list (the same WHERE) as a window for the screens: any offset, id order both ways,
     * the total; the rows without their attempts (the detail reads them with get).
     */
    window(companyId: number, filter: Omit<DeliveryFilter, 'before_id' | 'limit'>, options: WindowOptions<'id'>): Window<WebhookDelivery> {
      const found = pager.window<DeliveryRow & Record<string, unknown>>({
        from: 'webhook_outbox',
        columns: COLUMNS,
        where: whereOf(companyId, filter),
        idColumn: 'id',
        idKey: 'id',
        sort: 'id',
        direction: options.direction,
        offset: options.offset,
        limit: options.limit,
      });
      return { ...found, rows: found.rows.map((row) => deliveryOf(row, dispatcher.isInFlight(row.id))) };
    },

    get,

    /**
     * Retry now: a new attempt at once (same id, same body, same webhook-id), also of a closed
     * delivery; a closed one goes to the connector's current URL. Answers once it is recorded.
     */
    async retry(companyId: number, id: number): Promise<WebhookDeliveryWithAttempts> {
      const row = byId.get(companyId, id);
      if (!row) throw notFound(`delivery ${id} does not exist in account ${companyId}`);
      if (dispatcher.isInFlight(id)) throw conflict(`delivery ${id} has an attempt under way; wait for its answer`);
      if (row.status !== 'pending') {
        const url = connectorUrl.get(companyId, row.connector_id) ?? '';
        if (url === '') throw badRequest(`order_event_notification_url: connector ${row.connector_id} has none; set it first (PATCH .../connectors/${row.connector_id})`);
        retarget.run(url, id);
      } else if (row.url === '') {
        throw badRequest(`order_event_notification_url: connector ${row.connector_id} has none; set it first`);
      } else {
        // One order's notifications arrive in the order they were written, a retry included.
        const earlier = earlierOpen.get(id);
        if (earlier !== undefined) {
          throw conflict(`delivery ${earlier} of the same ${row.order_unique_id === null ? 'product' : 'order'} is still pending and goes first; retry or cancel it first`);
        }
      }
      await dispatcher.sendNow(companyId, id);
      return get(companyId, id);
    },

    /** Cancel: a pending delivery is closed without another attempt (one under way still finishes). */
    cancel(companyId: number, id: number): WebhookDeliveryWithAttempts {
      const row = byId.get(companyId, id);
      if (!row) throw notFound(`delivery ${id} does not exist in account ${companyId}`);
      if (row.status !== 'pending') throw conflict(`delivery ${id} is ${row.status}: only a pending delivery can be cancelled`);
      cancel.run(formatTimestamp(clock.now()), id);
      dispatcher.release({ id }); // a queued copy must not go out after all
      dispatcher.wake(); // later notifications of the same order were waiting for this one
      return get(companyId, id);
    },
  };
}
export type Deliveries = ReturnType<typeof createDeliveries>;

function deliveryOf(row: DeliveryRow, inFlight: boolean): WebhookDelivery {
  const { next_attempt_at, payload, ...rest } = row;
  return {
    ...rest,
    next_attempt_ts: next_attempt_at === null ? null : formatTimestamp(new Date(next_attempt_at)),
    in_flight: inFlight,
    payload: JSON.parse(payload) as unknown,
  };
}
