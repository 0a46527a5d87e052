import type { Database } from 'better-sqlite3';
import { ORDER_HAS_AWB, ORDER_HAS_INVOICE } from '../connectors/orders-read.ts';

/*
 * The overview's SQL. Each statement reads one index of migration 027 (or an older one), never a
 * table: tests/integration/dashboard.test.ts holds their plans to that. The WHERE terms repeat
 * the screen lists' own (paid=false is `round(total_with_vat - paid_amount, 2) > 0`, the
 * connector orders' waiting_for is ORDER_HAS_INVOICE / ORDER_HAS_AWB), so a figure and the list
 * it opens count the same rows.
 */

/** The RON value of what is left to pay on an invoice (its total_ron in proportion). */
const REST_RON = 'CASE WHEN total_with_vat = 0 THEN 0 ELSE (total_with_vat - paid_amount) * total_ron / total_with_vat END';
// The invoices list's paid=false (domains/invoices): something left, not reversed by a live storno (invoices_storno_of).
const OPEN_INVOICE =
  'cancelled = 0 AND round(total_with_vat - paid_amount, 2) > 0 AND NOT EXISTS (SELECT 1 FROM invoices r WHERE r.storno_of_id = invoices.id AND r.cancelled = 0)';

export const DASHBOARD_SQL = {
  /** Live receipts per day in [from, through]: sales_live_day_ron. */
  salesPerDay: `SELECT date, count(*) AS count, round(coalesce(sum(total_ron), 0), 2) AS total_ron
                  FROM sales WHERE company_id = ? AND cancelled = 0 AND date >= ? AND date <= ? GROUP BY date ORDER BY date`,
  /** Open invoices by age group (days since the invoice date), and the overdue ones: invoices_open_receivables. */
  receivables: `SELECT CASE WHEN date >= @from30 THEN '0-30' WHEN date >= @from60 THEN '31-60' WHEN date >= @from90 THEN '61-90' ELSE '90+' END AS age,
                       count(*) AS count, round(coalesce(sum(${REST_RON}), 0), 2) AS total_ron,
                       sum(due_date < @today) AS overdue_count,
                       round(coalesce(sum(CASE WHEN due_date < @today THEN ${REST_RON} ELSE 0 END), 0), 2) AS overdue_ron
                  FROM invoices WHERE company_id = @company AND ${OPEN_INVOICE} GROUP BY age`,
  /** Live orders by status: connector_orders_company_live_status. */
  ordersByStatus: `SELECT order_status AS status, count(*) AS count FROM connector_orders
                    WHERE company_id = ? AND cancelled = 0 GROUP BY order_status ORDER BY count DESC, order_status`,
  /** Live orders without a live invoice / AWB: the live orders' index, a probe of the links' indexes each. */
  ordersWaiting: `SELECT sum(NOT EXISTS (${ORDER_HAS_INVOICE})) AS waiting_invoice, sum(NOT EXISTS (${ORDER_HAS_AWB})) AS waiting_awb
                    FROM connector_orders o WHERE o.company_id = ? AND o.cancelled = 0`,
  /** Notifications by status: webhook_outbox_company_status. */
  notifications: `SELECT status, count(*) AS count FROM webhook_outbox WHERE company_id = ? AND status IN ('pending', 'failed') GROUP BY status`,
  /** Pending notifications of some connectors: webhook_outbox_company_status. */
  pendingOf: `SELECT count(*) FROM webhook_outbox WHERE company_id = ? AND status = 'pending'
                 AND connector_id IN (SELECT value FROM json_each(?))`,
  /** Which of some connectors belong to the account: connectors_company. */
  connectorsOf: `SELECT id FROM connectors WHERE company_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  /** Notifications created per hour since a time, by status: webhook_outbox_company_created_status. */
  deliveriesPerHour: `SELECT substr(created_ts, 1, 13) AS hour, status, count(*) AS count FROM webhook_outbox
                       WHERE company_id = ? AND created_ts >= ? GROUP BY hour, status`,
} as const;

export interface DayRow {
  date: string;
  count: number;
  total_ron: number;
}
export interface AgeRow {
  age: '0-30' | '31-60' | '61-90' | '90+';
  count: number;
  total_ron: number;
  overdue_count: number;
  overdue_ron: number;
}

/** The statements, prepared once on the live database (they follow a reset's swap by themselves). */
export function prepareAggregates(db: Database) {
  return {
    salesPerDay: db.prepare<[number, string, string], DayRow>(DASHBOARD_SQL.salesPerDay),
    receivables: db.prepare<[{ company: number; today: string; from30: string; from60: string; from90: string }], AgeRow>(DASHBOARD_SQL.receivables),
    ordersByStatus: db.prepare<[number], { status: string; count: number }>(DASHBOARD_SQL.ordersByStatus),
    ordersWaiting: db.prepare<[number], { waiting_invoice: number | null; waiting_awb: number | null }>(DASHBOARD_SQL.ordersWaiting),
    notifications: db.prepare<[number], { status: 'pending' | 'failed'; count: number }>(DASHBOARD_SQL.notifications),
    connectorsOf: db.prepare<[number, string], number>(DASHBOARD_SQL.connectorsOf).pluck(),
    pendingOf: db.prepare<[number, string], number>(DASHBOARD_SQL.pendingOf).pluck(),
    deliveriesPerHour: db.prepare<[number, string], { hour: string; status: 'pending' | 'delivered' | 'failed' | 'cancelled'; count: number }>(
      DASHBOARD_SQL.deliveriesPerHour,
    ),
  };
}
