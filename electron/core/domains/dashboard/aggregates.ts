import type { Database } from 'better-sqlite3';
import { WAITING_AWB, WAITING_INVOICE } from '../connectors/index.ts';

/*
 * The overview's SQL. Each statement reads one index of migration 027 (or an older one), never a
 * table: tests/integration/dashboard.test.ts holds their plans to that. The WHERE terms repeat
 * the screen lists' own (paid=false is `round(total_with_vat - paid_amount, 2) > 0`, the
 * connector orders' waiting_for is WAITING_INVOICE / WAITING_AWB), so a figure and the list
 * it opens count the same rows.
 */

/** The RON value of what is left to pay on an invoice (its total_ron in proportion). */
const REST_RON = 'CASE WHEN total_with_vat = 0 THEN 0 ELSE (total_with_vat - paid_amount) * total_ron / total_with_vat END';
/** One pass, no grouping (a GROUP BY on the age sorted the open invoices in a temp b-tree): a count and a sum per age group. */
const AGES = { a30: 'date >= @from30', a60: 'date < @from30 AND date >= @from60', a90: 'date < @from60 AND date >= @from90', older: 'date < @from90' };
const AGE_SUMS = Object.entries(AGES)
  .map(([key, when]) => `sum(${when}) AS ${key}_count, sum(CASE WHEN ${when} THEN ${REST_RON} END) AS ${key}_ron`)
  .join(', ');
// The invoices list's paid=false (domains/invoices): something left, not reversed by a live storno (invoices_storno_of).
// The reversed ones are read once into a set (the few live stornos, invoices_storno_of), not probed per open invoice.
const OPEN_INVOICE =
  'cancelled = 0 AND round(total_with_vat - paid_amount, 2) > 0 ' +
  'AND id NOT IN (SELECT r.storno_of_id FROM invoices r WHERE r.storno_of_id IS NOT NULL AND r.cancelled = 0)';

export const DASHBOARD_SQL = {
  /** Live receipts per day in [from, through]: sales_live_day_ron. */
  salesPerDay: `SELECT date, count(*) AS count, round(coalesce(sum(total_ron), 0), 2) AS total_ron
                  FROM sales WHERE company_id = ? AND cancelled = 0 AND date >= ? AND date <= ? GROUP BY date ORDER BY date`,
  /** Open invoices by age group (days since the invoice date), and the overdue ones: invoices_open_receivables. */
  receivables: `SELECT ${AGE_SUMS}, sum(due_date < @today) AS overdue_count, sum(CASE WHEN due_date < @today THEN ${REST_RON} END) AS overdue_ron
                  FROM invoices WHERE company_id = @company AND ${OPEN_INVOICE}`,
  /** Live orders by status: connector_orders_company_live_status. */
  ordersByStatus: `SELECT order_status AS status, count(*) AS count FROM connector_orders
                    WHERE company_id = ? AND cancelled = 0 GROUP BY order_status ORDER BY count DESC, order_status`,
  /** Live orders without a live invoice / AWB: connector_orders_waiting_invoice, connector_orders_waiting_awb. */
  ordersWaitingInvoice: `SELECT count(*) FROM connector_orders o WHERE o.company_id = ? AND ${WAITING_INVOICE}`,
  ordersWaitingAwb: `SELECT count(*) FROM connector_orders o WHERE o.company_id = ? AND ${WAITING_AWB}`,
  /** Notifications by status: webhook_outbox_company_status. */
  notifications: `SELECT status, count(*) AS count FROM webhook_outbox WHERE company_id = ? AND status IN ('pending', 'failed') GROUP BY status`,
  /** Pending notifications of some connectors: webhook_outbox_company_status. */
  pendingOf: `SELECT count(*) FROM webhook_outbox WHERE company_id = ? AND status = 'pending'
                 AND connector_id IN (SELECT value FROM json_each(?))`,
  /** Which of some connectors belong to the account: connectors_company. */
  connectorsOf: `SELECT id FROM connectors WHERE company_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  /** Notifications created per hour since a time, by status: webhook_outbox_company_created (the last hours' rows). */
  deliveriesPerHour: `SELECT substr(created_ts, 1, 13) AS hour, status, count(*) AS count FROM webhook_outbox
                       WHERE company_id = ? AND created_ts >= ? GROUP BY hour, status`,
} as const;

export interface DayRow {
  date: string;
  count: number;
  total_ron: number;
}
/** Counts and RON sums per age group (null sums: no invoice in the group). */
export type AgeRow = Record<`${'a30' | 'a60' | 'a90' | 'older' | 'overdue'}_${'count' | 'ron'}`, number | null>;

/** The statements, prepared once on the live database (they follow a reset's swap by themselves). */
export function prepareAggregates(db: Database) {
  return {
    salesPerDay: db.prepare<[number, string, string], DayRow>(DASHBOARD_SQL.salesPerDay),
    receivables: db.prepare<[{ company: number; today: string; from30: string; from60: string; from90: string }], AgeRow>(DASHBOARD_SQL.receivables),
    ordersByStatus: db.prepare<[number], { status: string; count: number }>(DASHBOARD_SQL.ordersByStatus),
    ordersWaitingInvoice: db.prepare<[number], number>(DASHBOARD_SQL.ordersWaitingInvoice).pluck(),
    ordersWaitingAwb: db.prepare<[number], number>(DASHBOARD_SQL.ordersWaitingAwb).pluck(),
    notifications: db.prepare<[number], { status: 'pending' | 'failed'; count: number }>(DASHBOARD_SQL.notifications),
    connectorsOf: db.prepare<[number, string], number>(DASHBOARD_SQL.connectorsOf).pluck(),
    pendingOf: db.prepare<[number, string], number>(DASHBOARD_SQL.pendingOf).pluck(),
    deliveriesPerHour: db.prepare<[number, string], { hour: string; status: 'pending' | 'delivered' | 'failed' | 'cancelled'; count: number }>(
      DASHBOARD_SQL.deliveriesPerHour,
    ),
  };
}
