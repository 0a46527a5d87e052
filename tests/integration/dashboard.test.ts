import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationInput, OperationName, OperationOutput } from '../../shared/contract/operations.ts';
import type { DashboardOverview } from '../../shared/contract/operations-dashboard.ts';
import { DASHBOARD_SQL } from '../../electron/core/domains/dashboard/aggregates.ts';
import { useStaffDemo, type Prod } from './staff.ts';

/**
 * dashboard.overview (the back office's overview) on the demo account: every figure equals the
 * total of the list it opens (the same filters the screen puts in the list's URL), on the demo,
 * after staff actions and REST calls that change them, and after the clock moved; every aggregate
 * reads an index, never a whole table.
 */

const staff = useStaffDemo();
const { demo } = staff;
let prod: Prod;

beforeAll(() => {
  [prod] = staff.products(1) as [Prod];
});

const invoke = <K extends OperationName>(op: K, input: Omit<OperationInput<K>, 'company_id'>) =>
  demo.h.core.invoke(op, { company_id: 1, ...input } as OperationInput<K>) as Promise<OperationOutput<K>>;
const total = async (op: Extract<OperationName, `lists.${string}`>, input: Record<string, unknown>) =>
  ((await demo.h.core.invoke(op, { company_id: 1, limit: 1, ...input })) as { total: number }).total;

async function overview(days: 30 | 90 = 30): Promise<DashboardOverview> {
  // Through the control API, as the screen reads it (GET, query string).
  const answer = await demo.h.control<DashboardOverview>('GET', `/accounts/1/dashboard?days=${days}`);
  expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
  return answer.body.data;
}

/** Every figure against the list the overview links it to (renderer/src/pages/overview/links.ts). */
async function expectFiguresMatchLists(o: DashboardOverview): Promise<void> {
  const open = { paid: false, cancelled: false };
  const counted: Array<[string, number, number]> = [
    ['sales today', o.sales.today.count, await total('lists.sales', { date_from: o.today, date_through: o.today, cancelled: false })],
    ['sales this month', o.sales.month.count, await total('lists.sales', { date_from: o.month_from, date_through: o.today, cancelled: false })],
    ['unpaid invoices', o.receivables.open.count, await total('lists.invoices', open)],
    ['overdue invoices', o.receivables.overdue.count, await total('lists.invoices', { ...open, due_before: o.today })],
    ['orders waiting for an invoice', o.orders.waiting_invoice, await total('lists.connectorOrders', { waiting_for: 'invoice' })],
    ['orders waiting for an AWB', o.orders.waiting_awb, await total('lists.connectorOrders', { waiting_for: 'awb' })],
    ['API calls', o.api.calls, await total('lists.apiLog', { since: o.hour_since })],
    ['API errors', o.api.errors, await total('lists.apiLog', { since: o.hour_since, errors: true })],
  ];
  for (const group of o.receivables_by_age) {
    const range = { ...(group.date_from !== null && { date_from: group.date_from }), ...(group.date_through !== null && { date_through: group.date_through }) };
    counted.push([`receivables ${group.age}`, group.count, await total('lists.invoices', { ...open, ...range })]);
  }
  for (const status of o.orders_by_status.filter((s) => s.status !== '')) {
    counted.push([`orders ${status.status}`, status.count, await total('lists.connectorOrders', { order_status: status.status, cancelled: false })]);
  }
  // Deliveries go out in the background meanwhile: the notification figures are compared once
  // the outbox stands still between the two reads.
  await expect
    .poll(async () => {
      const again = await overview();
      const listed = [await total('lists.webhooks', { status: 'pending' }), await total('lists.webhooks', { status: 'failed' })];
      const after = await overview();
      const stable = again.notifications.pending === after.notifications.pending && again.notifications.failed === after.notifications.failed;
      return stable ? [after.notifications.pending - listed[0]!, after.notifications.failed - listed[1]!] : 'moving';
    })
    .toEqual([0, 0]);
  expectOrderFlagsTrue();
  expect(Object.fromEntries(counted.map(([name, , listed]) => [name, listed]))).toEqual(Object.fromEntries(counted.map(([name, figure]) => [name, figure])));
}

/** has_invoice / has_awb (kept by migration 027's triggers) are what the links of every order say. */
function expectOrderFlagsTrue(): void {
  const wrong = demo.db
    .prepare(
      `SELECT o.id, o.has_invoice, o.has_awb FROM connector_orders o
        WHERE o.has_invoice IS NOT EXISTS (SELECT 1 FROM sales s JOIN invoices i ON i.id = s.invoice_id
                                            WHERE s.connector_order_id = o.id AND s.cancelled = 0 AND i.cancelled = 0)
           OR o.has_awb IS NOT (EXISTS (SELECT 1 FROM awbs a WHERE a.connector_order_id = o.id AND a.cancelled = 0)
                                OR EXISTS (SELECT 1 FROM sales s JOIN awbs a ON a.sale_id = s.id WHERE s.connector_order_id = o.id AND a.cancelled = 0))`,
    )
    .all();
  expect(wrong).toEqual([]);
}

/** The RON amounts, summed row by row in SQL of its own (EUR documents through total_ron). */
function ronOf(o: DashboardOverview) {
  const value = (sql: string, ...params: unknown[]) => Math.round((demo.db.prepare(sql).pluck().get(...params) as number) * 100) / 100;
  return {
    salesMonth: value('SELECT total(total_ron) FROM sales WHERE company_id = 1 AND cancelled = 0 AND date BETWEEN ? AND ?', o.month_from, o.today),
    open: value(
      `SELECT total((total_with_vat - paid_amount) * total_ron / total_with_vat) FROM invoices
        WHERE company_id = 1 AND cancelled = 0 AND round(total_with_vat - paid_amount, 2) > 0`,
    ),
  };
}

describe('dashboard.overview', () => {
  it('answers the figures of the demo, each the total of the list it opens, amounts in RON', async () => {
    const o = await overview();
    expect(o.today).toBe('2026-11-17');
    expect(o.month_from).toBe('2026-11-01');
    // The demo has business on every card.
    expect(o.sales.month.count).toBeGreaterThan(0);
    expect(o.receivables.open.count).toBeGreaterThan(0);
    expect(o.orders_by_status.length).toBeGreaterThan(0);
    await expectFiguresMatchLists(o);
    const ron = ronOf(o);
    expect(o.sales.month.total_ron).toBeCloseTo(ron.salesMonth, 1);
    expect(o.receivables.open.total_ron).toBeCloseTo(ron.open, 1);
    // The age groups split the open invoices exactly.
    expect(o.receivables_by_age.map((g) => g.age)).toEqual(['0-30', '31-60', '61-90', '90+']);
    expect(o.receivables_by_age.reduce((n, g) => n + g.count, 0)).toBe(o.receivables.open.count);
    // The chart has every day of the range, today last; the 24 hours of deliveries.
    expect(o.sales_per_day).toHaveLength(30);
    expect(o.sales_per_day.at(-1)!.date).toBe(o.today);
    expect((await overview(90)).sales_per_day).toHaveLength(90);
    expect(o.deliveries_per_hour).toHaveLength(24);
  });

  it('refuses a range other than 30 or 90 days and an unknown account, naming them', async () => {
    const bad = await demo.h.control('GET', '/accounts/1/dashboard?days=45');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.messages)).toContain('days');
    expect((await demo.h.control('GET', '/accounts/999/dashboard')).status).toBe(404);
  });

  it('follows an imported order, its invoice (with its AWB) and a payment', async () => {
    const before = await overview();
    // Connector 1 makes no document for a 'pending' order: it waits for both.
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 1, { order_status: 'pending' }));
    const imported = await overview();
    expect(imported.orders.waiting_invoice).toBe(before.orders.waiting_invoice + 1);
    expect(imported.orders.waiting_awb).toBe(before.orders.waiting_awb + 1);
    expect(imported.api.calls).toBeGreaterThan(before.api.calls);
    await expectFiguresMatchLists(imported);

    await invoke('orders.issueInvoice', { connector_id: 1, order_unique_id: uid });
    const invoiced = await overview();
    expect(invoiced.orders.waiting_invoice).toBe(before.orders.waiting_invoice);
    expect(invoiced.sales.today.count).toBe(before.sales.today.count + 1);
    expect(invoiced.receivables.open.count).toBe(before.receivables.open.count + 1);
    expect(invoiced.notifications.pending + invoiced.notifications.failed).toBeGreaterThanOrEqual(before.notifications.pending + before.notifications.failed);
    await expectFiguresMatchLists(invoiced);

    // Connector 1 of the demo generates the AWB with the invoice (its automatic steps).
    expect(invoiced.orders.waiting_awb).toBe(before.orders.waiting_awb);

    const sale = demo.db
      .prepare('SELECT s.id, s.total_with_vat - s.paid_amount AS rest FROM sales s JOIN connector_orders o ON o.id = s.connector_order_id WHERE o.order_unique_id = ?')
      .get(uid) as { id: number; rest: number };
    await invoke('sales.registerPayment', { bv_id: sale.id, amount: Math.round(sale.rest * 100) / 100, payment_type: 'cash' });
    const paid = await overview();
    expect(paid.receivables.open.count).toBe(before.receivables.open.count);
    await expectFiguresMatchLists(paid);
  });

  it('counts "today" and "this month" on the service clock', async () => {
    const setClock = (now: string) => demo.h.core.invoke('clock.update', { mode: 'frozen', now });
    await setClock('2026-12-03 09:00:00');
    try {
      const moved = await overview();
      expect(moved.today).toBe('2026-12-03');
      expect(moved.month_from).toBe('2026-12-01');
      // Invoices left open since November are now a few days older, some of them overdue.
      await expectFiguresMatchLists(moved);
    } finally {
      await setClock('2026-11-17 10:00:00');
    }
  });
});

describe('dashboard.overview query plans', () => {
  // A full scan is "SCAN <table>" without an index; a walk of an index ("SCAN ... USING
  // COVERING INDEX", "SEARCH ... USING INDEX") reads only the entries it needs.
  const params: Record<keyof typeof DASHBOARD_SQL, unknown[]> = {
    salesPerDay: [1, '2026-10-01', '2026-11-17'],
    receivables: [{ company: 1, today: '2026-11-17', from30: '2026-10-18', from60: '2026-09-18', from90: '2026-08-19' }],
    ordersByStatus: [1],
    ordersWaitingInvoice: [1],
    ordersWaitingAwb: [1],
    notifications: [1],
    connectorsOf: [1, '[1,2]'],
    pendingOf: [1, '[1,2]'],
    deliveriesPerHour: [1, '2026-11-16 11:00:00'],
  };

  it.each(Object.keys(DASHBOARD_SQL) as Array<keyof typeof DASHBOARD_SQL>)('%s reads indexes, never a whole table', (name) => {
    const plan = demo.db
      .prepare(`EXPLAIN QUERY PLAN ${DASHBOARD_SQL[name]}`)
      .all(...params[name])
      .map((row) => (row as { detail: string }).detail);
    const fullScans = plan.filter((detail) => /^SCAN /.test(detail) && !/USING (COVERING )?INDEX|VIRTUAL TABLE|json_each/.test(detail));
    expect(fullScans, plan.join('\n')).toEqual([]);
  });

  it('the open invoices and the live sales are read from their partial indexes', () => {
    const plan = (sql: string, ...p: unknown[]) =>
      demo.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...p).map((row) => (row as { detail: string }).detail).join('\n');
    expect(plan(DASHBOARD_SQL.receivables, params.receivables[0])).toContain('invoices_open_receivables');
    expect(plan(DASHBOARD_SQL.salesPerDay, ...params.salesPerDay)).toContain('sales_live_day_ron');
    expect(plan(DASHBOARD_SQL.ordersByStatus, 1)).toContain('connector_orders_company_live_status');
    expect(plan(DASHBOARD_SQL.ordersWaitingInvoice, 1)).toContain('connector_orders_waiting_invoice');
    expect(plan(DASHBOARD_SQL.ordersWaitingAwb, 1)).toContain('connector_orders_waiting_awb');
    expect(plan(DASHBOARD_SQL.deliveriesPerHour, ...params.deliveriesPerHour)).toContain('webhook_outbox_company_created');
  });
});
