import type BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { OperationInput, OperationOutput } from '../../shared/contract/operations.ts';
import { NOTIFICATION_TYPES } from '../../shared/domain/webhooks.ts';
import { createLogHandlers } from '../../electron/core/operations/logs.ts';
import { createDeliveries } from '../../electron/core/webhooks/deliveries.ts';
import { createApiLog } from '../../electron/core/domains/api-log/index.ts';
import { systemClock } from '../../electron/core/time.ts';
import { queries, useDemo } from './harness.ts';
import { usePlansDb, type Executed } from './recording-db.ts';

/**
 * The Logs screens' reads (shared/contract/operations-logs.ts): the webhook delivery log and the
 * API log as windows with a total and their filters, one API log entry, through the core (as IPC
 * calls it) and the control API; and their query plans: every filter is read through an index.
 */

const STATUSES = ['delivered', 'failed', 'cancelled', 'pending'] as const;
const DELIVERIES = 40;

/** 40 deliveries of account 1 over both connectors, every type and status, 20 days of October. */
function insertDeliveries(db: BetterSqlite3.Database): void {
  const insert = db.prepare(
    `INSERT INTO webhook_outbox (company_id, connector_id, notification_type, payload, webhook_id, ordering_key, order_unique_id, url,
                                 status, attempt_count, next_attempt_at, created_ts, closed_ts)
     VALUES (1, @connector, @type, @payload, @webhook_id, NULL, @order, 'http://127.0.0.1:9/never', @status, 0, NULL, @created, @closed)`,
  );
  for (let i = 1; i <= DELIVERIES; i++) {
    const type = NOTIFICATION_TYPES[i % NOTIFICATION_TYPES.length]!;
    const status = STATUSES[i % STATUSES.length]!;
    const created = `2026-10-${String(1 + (i % 20)).padStart(2, '0')} 12:00:00`;
    insert.run({
      connector: i % 2 === 0 ? 2 : 1,
      type,
      payload: JSON.stringify({ n: i }),
      webhook_id: `msg_logtest_${i}`,
      order: type.startsWith('product') ? null : `LOG-${i % 5}`,
      status,
      created,
      // Pending rows have no due time: the dispatcher leaves them alone.
      closed: status === 'pending' ? null : created,
    });
  }
}

const demo = useDemo({ writable: true, prepare: insertDeliveries });
const { all, value } = queries(demo);

type Input<K extends 'lists.webhooks' | 'lists.apiLog'> = Omit<OperationInput<K>, 'company_id'>;
const deliveries = (input: Input<'lists.webhooks'> = {}) => demo.h.core.invoke('lists.webhooks', { company_id: 1, ...input });
const apiLog = (input: Input<'lists.apiLog'> = {}) => demo.h.core.invoke('lists.apiLog', { company_id: 1, ...input });

/** The core's refusal of a call: its status and messages. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; messages: string[] }> {
  try {
    await call;
  } catch (error) {
    const e = error as { status: number; messages: string[] };
    return { status: e.status, messages: e.messages };
  }
  throw new Error('the call was accepted');
}

describe('lists.webhooks', () => {
  const ids = (sql: string, ...params: unknown[]) => all<{ id: number }>(`SELECT id FROM webhook_outbox WHERE company_id = 1 ${sql} ORDER BY id DESC`, ...params).map((r) => r.id);

  it('answers the newest deliveries first, any window of them, and the total', async () => {
    const every = ids('');
    expect(every.length).toBeGreaterThanOrEqual(DELIVERIES);
    const first = await deliveries({ limit: 10 });
    expect(first.total).toBe(every.length);
    expect(first.rows.map((d) => d.id)).toEqual(every.slice(0, 10));
    expect(first.rows[0]).toMatchObject({ company_id: 1, webhook_id: expect.stringMatching(/^msg_/), in_flight: false });
    expect(first.rows[0]).not.toHaveProperty('attempts'); // the detail (webhooks.get) has them

    const deep = await deliveries({ offset: 35, limit: 10 });
    expect(deep).toMatchObject({ offset: 35, total: every.length });
    expect(deep.rows.map((d) => d.id)).toEqual(every.slice(35, 45));
    const oldest = await deliveries({ direction: 'asc', limit: 3 });
    expect(oldest.rows.map((d) => d.id)).toEqual([...every].reverse().slice(0, 3));
    // The rows are those webhooks.list answers (one query, two shapes).
    const listed = await demo.h.core.invoke('webhooks.list', { company_id: 1, limit: 10 });
    expect(first.rows).toEqual(listed.map(({ attempts: _attempts, ...delivery }) => delivery));
  });

  it.each([
    [{ status: 'failed' }, 'AND status = ?', ['failed']],
    [{ connector_id: 2 }, 'AND connector_id = ?', [2]],
    [{ notification_type: 'invoice' }, 'AND notification_type = ?', ['invoice']],
    [{ order_unique_id: 'LOG-3' }, 'AND order_unique_id = ?', ['LOG-3']],
    [{ date_from: '2026-10-05', date_through: '2026-10-09' }, "AND created_ts BETWEEN '2026-10-05' AND '2026-10-09 23:59:59'", []],
    [{ status: 'pending', connector_id: 1 }, 'AND status = ? AND connector_id = ?', ['pending', 1]],
  ] as const)('filters %o', async (filter, sql, params) => {
    const expected = ids(sql, ...params);
    expect(expected.length).toBeGreaterThan(0);
    const answer = await deliveries({ ...filter, limit: 500 });
    expect(answer.total).toBe(expected.length);
    expect(answer.rows.map((d) => d.id)).toEqual(expected);
  });

  it('shows a staff action\'s delivery, delivered with its attempt, live in the log', async () => {
    const uid = value<string>("SELECT order_unique_id FROM connector_orders WHERE company_id = 1 AND connector_id = 1 AND cancelled = 0 ORDER BY id LIMIT 1");
    const done = await demo.h.core.invoke('orders.setStatus', { company_id: 1, connector_id: 1, order_unique_id: uid, status_text: 'log-test status' });
    const id = done.notifications[0]!.delivery_id;
    await expect.poll(async () => (await deliveries({ order_unique_id: uid, limit: 1 })).rows[0]?.status, { timeout: 10_000 }).toBe('delivered');
    const row = (await deliveries({ order_unique_id: uid })).rows[0]!;
    expect(row).toMatchObject({ id, notification_type: 'status', connector_id: 1, last_http_status: 200 });
    const detail = await demo.h.core.invoke('webhooks.get', { company_id: 1, delivery_id: id });
    expect(detail.attempts).toHaveLength(1);
    expect(detail.attempts[0]).toMatchObject({ http_status: 200, outcome: 'delivered', request_headers: expect.objectContaining({ 'content-type': 'application/json' }) });
  });

  it('refuses an unknown account (404), an impossible day and a reversed range (400)', async () => {
    expect((await refusal(demo.h.core.invoke('lists.webhooks', { company_id: 999 }))).status).toBe(404);
    expect(await refusal(deliveries({ date_from: '2026-02-30' }))).toEqual({ status: 400, messages: ["date_from: '2026-02-30' is not a calendar date (YYYY-MM-DD)"] });
    expect((await refusal(deliveries({ date_from: '2026-10-09', date_through: '2026-10-01' }))).messages).toEqual(['date_through: 2026-10-01 is before date_from 2026-10-09']);
    expect((await refusal(deliveries({ status: 'sent' as never }))).status).toBe(400);
  });

  it('is served by the control API too', async () => {
    const answer = await demo.h.control<OperationOutput<'lists.webhooks'>>('GET', '/accounts/1/lists/webhooks?status=cancelled&limit=3');
    expect(answer.status).toBe(200);
    expect(answer.body.data.total).toBe(ids('AND status = ?', 'cancelled').length);
    expect(answer.body.data.rows.map((d) => d.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });
});

describe('lists.apiLog and apiLog.get', () => {
  /** REST calls of several users, methods, routes and answers, logged under account 1. */
  async function call(): Promise<void> {
    const [user] = demo.user;
    expect((await demo.h.rest('GET', '/1/sales/list/', demo.user)).status).toBe(200);
    expect((await demo.h.rest('GET', '/1/sales/1/payment/', demo.user)).status).toBe(200);
    expect((await demo.h.rest('GET', '/1/product/list/', demo.user)).status).toBe(200);
    const posted = await demo.h.rest('POST', '/1/sales/1/payment/', demo.user, { body: JSON.stringify({ nonsense: true }), headers: { 'content-type': 'application/json' } });
    expect(posted.status).toBe(400);
    expect((await demo.h.rest('GET', '/1/sales/list/', [user, 'wrong-password'])).status).toBe(401);
    expect((await demo.h.rest('GET', '/1/contacts/list/', ['nobody-logtest', 'x'])).status).toBe(401);
  }

  const ids = (sql: string, ...params: unknown[]) => all<{ id: number }>(`SELECT id FROM api_log WHERE company_id = 1 ${sql} ORDER BY id DESC`, ...params).map((r) => r.id);

  it('answers the newest calls first with the total; any window; one entry with its bodies', async () => {
    await call();
    const first = await apiLog({ limit: 500 }); // written first (the log batches its lines)
    const every = ids('');
    expect(every.length).toBeGreaterThanOrEqual(6);
    expect(first.total).toBe(every.length);
    expect(first.rows.map((e) => e.id)).toEqual(every);
    expect(first.rows[0]).toMatchObject({ method: 'GET', route: '/contacts/list/', status: 401, user: 'nobody-logtest' });

    const window = await apiLog({ offset: 1, limit: 2 });
    expect(window).toMatchObject({ offset: 1, total: every.length });
    expect(window.rows.map((e) => e.id)).toEqual(every.slice(1, 3));
    expect((await apiLog({ direction: 'asc', limit: 1 })).rows[0]!.id).toBe(Math.min(...every));

    const posted = first.rows.find((e) => e.method === 'POST')!;
    const entry = await demo.h.core.invoke('apiLog.get', { company_id: 1, id: posted.id });
    expect(entry).toEqual(posted);
    expect(JSON.parse(entry.request_head)).toEqual({ nonsense: true });
    expect(JSON.parse(entry.response_head)).toMatchObject({ is_error: true, http_code: 400 });
    // The same list as apiLog.list answers.
    expect((await demo.h.core.invoke('apiLog.list', { company_id: 1, limit: 3 })).map((e) => e.id)).toEqual(every.slice(0, 3));
  });

  it.each([
    [{ status: 401 }, 'AND status = ?', [401]],
    [{ status_class: '4xx' }, 'AND status BETWEEN 400 AND 499', []],
    [{ status_class: '2xx' }, 'AND status BETWEEN 200 AND 299', []],
    [{ user: 'nobody-logtest' }, 'AND username = ?', ['nobody-logtest']],
    [{ route: '/sales' }, "AND route LIKE '/sales%'", []],
    [{ route: 'sales/1' }, "AND route LIKE '/sales/1%'", []],
    [{ method: 'POST' }, 'AND method = ?', ['POST']],
    [{ method: 'GET', status_class: '2xx', route: '/sales' }, "AND method = 'GET' AND status BETWEEN 200 AND 299 AND route LIKE '/sales%'", []],
  ] as const)('filters %o', async (filter, sql, params) => {
    const expected = ids(sql, ...params);
    expect(expected.length).toBeGreaterThan(0);
    const answer = await apiLog({ ...filter, limit: 500 });
    expect(answer.total).toBe(expected.length);
    expect(answer.rows.map((e) => e.id)).toEqual(expected);
  });

  it('filters by day range (the calls were made today)', async () => {
    const today = value<string>('SELECT max(ts) FROM api_log WHERE company_id = 1').slice(0, 10);
    expect((await apiLog({ date_from: today, date_through: today })).total).toBe(ids('').length);
    expect((await apiLog({ date_through: '2020-01-01' })).total).toBe(0);
    expect((await apiLog({ date_from: '2099-01-01' })).rows).toEqual([]);
  });

  it('answers 404 for an entry or account that does not exist, 400 for filters that contradict', async () => {
    const missing = await refusal(demo.h.core.invoke('apiLog.get', { company_id: 1, id: 99_999_999 }));
    expect(missing.status).toBe(404);
    expect(missing.messages[0]).toMatch(/API log entry 99999999 does not exist in account 1/);
    expect((await refusal(demo.h.core.invoke('apiLog.get', { company_id: 999, id: 1 }))).status).toBe(404);
    expect((await refusal(demo.h.core.invoke('lists.apiLog', { company_id: 999 }))).status).toBe(404);
    expect((await refusal(apiLog({ status: 404, status_class: '5xx' }))).messages).toEqual(['status: 404 is not a 5xx status; give one of the two']);
    expect((await refusal(apiLog({ method: 'FETCH' as never }))).status).toBe(400);
  });

  it('is served by the control API, and the entry by its id', async () => {
    const list = await demo.h.control<OperationOutput<'lists.apiLog'>>('GET', '/accounts/1/lists/api-log?route=%2Fsales&method=GET&limit=2');
    expect(list.status).toBe(200);
    expect(list.body.data.rows).toHaveLength(2);
    expect(list.body.data.rows.every((e) => e.route.startsWith('/sales') && e.method === 'GET')).toBe(true);
    const entry = await demo.h.control<OperationOutput<'apiLog.get'>>('GET', `/accounts/1/api-log/${list.body.data.rows[0]!.id}`);
    expect(entry.body.data).toEqual(list.body.data.rows[0]);
    expect((await demo.h.control('GET', '/accounts/1/api-log/99999999')).status).toBe(404);
  });
});

describe('query plans of the log lists (no statistics)', () => {
  const plansDb = usePlansDb('erpwb-log-plans-');

  /** The handlers over a recording connection: what they run, explained. */
  async function plansOf(op: 'lists.webhooks' | 'lists.apiLog', input: Record<string, unknown>) {
    const executed: Executed[] = [];
    const db = plansDb.recording(executed);
    const stub = { isInFlight: () => false, sendNow: async () => undefined, release: () => undefined, wake: () => undefined };
    const handlers = createLogHandlers({
      deliveries: createDeliveries(db, systemClock, stub),
      apiLog: createApiLog(db, systemClock, () => 1000),
      requireAccount: () => undefined,
    });
    await (handlers[op] as (input: unknown) => unknown)({ company_id: 1, offset: 1, limit: 1, ...input });
    return executed
      .filter(({ sql }) => /LIMIT \? OFFSET \?$/.test(sql.trim()) || /^SELECT count\(\*\)/.test(sql))
      .map(({ sql, params }) => ({
        sql,
        lines: (plansDb.raw().prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail),
      }));
  }

  it.each([
    ['lists.webhooks', {}, /COVERING INDEX webhook_outbox_company\w* \(company_id=\?\)/],
    ['lists.webhooks', { direction: 'asc' }, /COVERING INDEX webhook_outbox_company\w* \(company_id=\?\)/],
    ['lists.webhooks', { status: 'pending' }, /INDEX webhook_outbox_company_status \(company_id=\? AND status=\?\)/],
    ['lists.webhooks', { connector_id: 2 }, /INDEX webhook_outbox_company_connector \(company_id=\? AND connector_id=\?\)/],
    ['lists.webhooks', { notification_type: 'awb' }, /INDEX webhook_outbox_company_type \(company_id=\? AND notification_type=\?\)/],
    ['lists.webhooks', { order_unique_id: 'X' }, /INDEX webhook_outbox_company_order \(company_id=\? AND order_unique_id=\?\)/],
    ['lists.webhooks', { date_from: '2026-10-01', date_through: '2026-10-02' }, /INDEX webhook_outbox_company_created \(company_id=\? AND created_ts>\? AND created_ts<\?\)/],
    ['lists.apiLog', {}, /COVERING INDEX api_log_company\w* \(company_id=\?\)/],
    ['lists.apiLog', { status: 500 }, /INDEX api_log_company_status \(company_id=\? AND status=\?\)/],
    ['lists.apiLog', { status_class: '4xx' }, /INDEX api_log_company_status \(company_id=\? AND status>\? AND status<\?\)/],
    ['lists.apiLog', { user: 'shop' }, /INDEX api_log_company_user \(company_id=\? AND username=\?\)/],
    ['lists.apiLog', { method: 'POST' }, /INDEX api_log_company_method \(company_id=\? AND method=\?\)/],
    ['lists.apiLog', { route: '/sales' }, /INDEX api_log_company_route \(company_id=\? AND route>\? AND route<\?\)/],
    ['lists.apiLog', { date_from: '2026-10-01', date_through: '2026-10-02' }, /INDEX api_log_company_ts \(company_id=\? AND ts>\? AND ts<\?\)/],
  ] as const)('%s %o: ids and total through the filter\'s index, no table scan', async (op, input, index) => {
    const plans = await plansOf(op, input);
    expect(plans.map((p) => p.sql.startsWith('SELECT count(*)'))).toEqual([false, true]);
    for (const { sql, lines } of plans) {
      expect(lines.join('\n'), sql).toMatch(index);
      expect(lines.filter((line) => /^SCAN /.test(line)), sql).toEqual([]);
    }
  });
});
