import type { DashboardOverview } from '../../../../shared/contract/operations-dashboard.ts';
import type { ScreenSearch } from '../../app/search.ts';

/*
 * Where each figure of the overview leads: the list screen and the search params that make it
 * show exactly the rows the figure counts (the params are the list operation's input: search.ts).
 * tests/integration/dashboard.test.ts checks the same filters against the core, the e2e test
 * the rows the screens then show.
 */

export type FigureLink =
  | { to: '/c/$companyId/documents/sales'; search: ScreenSearch<'lists.sales'> }
  | { to: '/c/$companyId/documents/invoices'; search: ScreenSearch<'lists.invoices'> }
  | { to: '/c/$companyId/connectors/orders'; search: ScreenSearch<'lists.connectorOrders'> }
  | { to: '/c/$companyId/logs/webhooks'; search: ScreenSearch<'lists.webhooks'> }
  | { to: '/c/$companyId/logs/api'; search: ScreenSearch<'lists.apiLog'> };

export const FIGURES = [
  'salesToday',
  'salesMonth',
  'receivablesOpen',
  'receivablesOverdue',
  'waitingInvoice',
  'waitingAwb',
  'pending',
  'failed',
  'paused',
  'calls',
  'errors',
] as const;
export type Figure = (typeof FIGURES)[number];

const OPEN_INVOICES = { paid: false, cancelled: false } as const;

export function figureLink(figure: Figure, o: DashboardOverview): FigureLink {
  switch (figure) {
    case 'salesToday':
      return { to: '/c/$companyId/documents/sales', search: { date_from: o.today, date_through: o.today, cancelled: false } };
    case 'salesMonth':
      return { to: '/c/$companyId/documents/sales', search: { date_from: o.month_from, date_through: o.today, cancelled: false } };
    case 'receivablesOpen':
      return { to: '/c/$companyId/documents/invoices', search: OPEN_INVOICES };
    case 'receivablesOverdue':
      return { to: '/c/$companyId/documents/invoices', search: { ...OPEN_INVOICES, due_before: o.today } };
    case 'waitingInvoice':
      return { to: '/c/$companyId/connectors/orders', search: { waiting_for: 'invoice' } };
    case 'waitingAwb':
      return { to: '/c/$companyId/connectors/orders', search: { waiting_for: 'awb' } };
    case 'pending':
      return { to: '/c/$companyId/logs/webhooks', search: { status: 'pending' } };
    case 'failed':
      return { to: '/c/$companyId/logs/webhooks', search: { status: 'failed' } };
    case 'paused': {
      // The pending notifications of the paused receiver (of all pending ones when several are paused).
      const [only, ...others] = o.notifications.paused_connector_ids;
      return { to: '/c/$companyId/logs/webhooks', search: { status: 'pending', ...(only !== undefined && others.length === 0 && { connector_id: only }) } };
    }
    case 'calls':
      return { to: '/c/$companyId/logs/api', search: { since: o.hour_since } };
    case 'errors':
      return { to: '/c/$companyId/logs/api', search: { since: o.hour_since, errors: true } };
  }
}

/** The invoices of an age group of the receivables chart. */
export function ageLink(group: DashboardOverview['receivables_by_age'][number]): FigureLink {
  return {
    to: '/c/$companyId/documents/invoices',
    search: { ...OPEN_INVOICES, ...(group.date_from !== null && { date_from: group.date_from }), ...(group.date_through !== null && { date_through: group.date_through }) },
  };
}

/** The live orders of a status of the orders chart. */
export function statusLink(status: string): FigureLink {
  return { to: '/c/$companyId/connectors/orders', search: { cancelled: false, ...(status !== '' && { order_status: status }) } };
}
