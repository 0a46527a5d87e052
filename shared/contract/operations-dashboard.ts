import Type, { type Static } from 'typebox';
import { op, CompanyId } from './operation-def.ts';

/** How many documents and what they are worth in RON (EUR and USD ones through their total_ron). */
const Amount = Type.Object({
  count: Type.Integer(),
  total_ron: Type.Number({ description: 'RON; a document in another currency counts with its RON value' }),
});

/** The age groups of open invoices, by days since the invoice date. */
export const RECEIVABLE_AGES = ['0-30', '31-60', '61-90', '90+'] as const;

export const DashboardOverview = Type.Object({
  now: Type.String({ description: "the service clock, 'YYYY-MM-DD HH:MM:SS' Europe/Bucharest" }),
  today: Type.String({ description: "today's date on the service clock (YYYY-MM-DD): 'today' of every figure" }),
  month_from: Type.String({ description: 'the first day of the current month (YYYY-MM-DD)' }),
  hour_since: Type.String({ description: "the start of the last hour ('YYYY-MM-DD HH:MM:SS'): the API figures count from it" }),
  sales: Type.Object({
    today: Amount,
    month: Amount,
  }, { description: 'live (not cancelled) sales receipts dated today / this month' }),
  receivables: Type.Object({
    open: Amount,
    overdue: Amount,
  }, { description: 'live invoices with something left to pay (total_ron: the RON value of what is left); overdue: due before today' }),
  orders: Type.Object({
    waiting_invoice: Type.Integer({ description: 'live connector orders without a live invoice' }),
    waiting_awb: Type.Integer({ description: 'live connector orders without a live AWB' }),
  }),
  notifications: Type.Object({
    pending: Type.Integer(),
    failed: Type.Integer(),
    paused: Type.Integer({ description: 'pending notifications of receivers paused after repeated failures' }),
    paused_connector_ids: Type.Array(Type.Integer()),
  }),
  api: Type.Object({
    calls: Type.Integer({ description: 'REST calls since hour_since' }),
    errors: Type.Integer({ description: 'of which answered 400 or above' }),
  }),
  sales_per_day: Type.Array(Type.Object({ date: Type.String(), count: Type.Integer(), total_ron: Type.Number() }), {
    description: 'every day of the range, oldest first (days without sales: 0)',
  }),
  receivables_by_age: Type.Array(
    Type.Object({
      age: Type.Enum([...RECEIVABLE_AGES]),
      date_from: Type.Union([Type.String(), Type.Null()], { description: 'invoice dates of the group (null: no lower bound)' }),
      date_through: Type.Union([Type.String(), Type.Null()], { description: 'null: no upper bound (invoices dated ahead count as 0-30)' }),
      count: Type.Integer(),
      total_ron: Type.Number(),
    }),
  ),
  orders_by_status: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() }), { description: 'live orders, most first' }),
  deliveries_per_hour: Type.Array(
    Type.Object({
      hour: Type.String({ description: "'YYYY-MM-DD HH:00'" }),
      delivered: Type.Integer(),
      pending: Type.Integer(),
      failed: Type.Integer(),
      cancelled: Type.Integer(),
    }),
    { description: 'notifications created in each of the last 24 hours, by where they stand now' },
  ),
});
export type DashboardOverview = Static<typeof DashboardOverview>;

/** The back office's overview: the business at a glance (docs/back-office.md, "Overview"). */
export const dashboardOperations = {
  'dashboard.overview': op({
    summary:
      "The overview's figures and charts: sales today and this month, receivables open and overdue, orders waiting for an " +
      'invoice or an AWB, notifications pending / failed / paused, API calls and errors in the last hour; sales per day ' +
      '(days: 30 or 90), receivables by age, orders by status, deliveries per hour. Amounts in RON (total_ron). "Today" is the service clock\'s',
    input: Type.Object(
      {
        company_id: CompanyId,
        days: Type.Optional(Type.Integer({ enum: [30, 90], default: 30, description: 'the sales chart: the last 30 or 90 days' })),
      },
      { additionalProperties: false },
    ),
    output: DashboardOverview,
    http: { method: 'GET', path: '/accounts/:company_id/dashboard' },
    reads: ['sales', 'invoices', 'payments', 'payment_allocations', 'connector_orders', 'awbs', 'webhook_outbox', 'api_log', 'clock'],
  }),
};
