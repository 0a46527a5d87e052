import type { Database } from 'better-sqlite3';
import type { DashboardOverview } from '../../../../shared/contract/operations-dashboard.ts';
import type { Clock } from '../../time.ts';
import type { ApiLog } from '../api-log/index.ts';
import { prepareAggregates } from './aggregates.ts';
import { daysBefore, daysBetween, overviewMoments } from './dates.ts';

export interface DashboardDeps {
  db: Database;
  clock: Clock;
  apiLog: Pick<ApiLog, 'count'>;
  /** Connectors whose receiver the dispatcher has paused now. */
  pausedConnectors(): number[];
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The overview's figures and charts (dashboard.overview), one indexed aggregate each (no query per
 * row shown). "Today", "this month" and "the last hour" are the service clock's.
 */
export function createDashboard(deps: DashboardDeps) {
  const sql = prepareAggregates(deps.db);

  function overview(companyId: number, days: 30 | 90): DashboardOverview {
    deps.requireAccount(companyId);
    const at = overviewMoments(deps.clock.now());
    const { today, monthFrom } = at;

    // One read of the days the chart and the month need (the month may start before the range).
    const chartFrom = daysBefore(today, days - 1);
    const perDay = new Map(sql.salesPerDay.all(companyId, chartFrom < monthFrom ? chartFrom : monthFrom, today).map((row) => [row.date, row]));
    const sum = (from: string) => {
      let count = 0;
      let total = 0;
      for (const [date, row] of perDay) if (date >= from) ((count += row.count), (total += row.total_ron));
      return { count, total_ron: round2(total) };
    };

    const from30 = daysBefore(today, 30);
    const from60 = daysBefore(today, 60);
    const from90 = daysBefore(today, 90);
    const ages = sql.receivables.get({ company: companyId, today, from30, from60, from90 })!;
    const group = (key: 'a30' | 'a60' | 'a90' | 'older' | 'overdue') => ({ count: ages[`${key}_count`] ?? 0, total_ron: round2(ages[`${key}_ron`] ?? 0) });
    const ageGroups = [
      { age: '0-30' as const, date_from: from30, date_through: null, ...group('a30') },
      { age: '31-60' as const, date_from: from60, date_through: daysBefore(today, 31), ...group('a60') },
      { age: '61-90' as const, date_from: from90, date_through: daysBefore(today, 61), ...group('a90') },
      { age: '90+' as const, date_from: null, date_through: daysBefore(today, 91), ...group('older') },
    ];

    const byStatus = new Map(sql.notifications.all(companyId).map((row) => [row.status, row.count]));
    const pausedAnywhere = deps.pausedConnectors();
    const paused = pausedAnywhere.length === 0 ? [] : sql.connectorsOf.all(companyId, JSON.stringify(pausedAnywhere));

    const hourRows = sql.deliveriesPerHour.all(companyId, `${at.hours[0]}:00:00`);
    const perHour = new Map([...new Set(at.hours)].map((hour) => [hour, { hour: `${hour}:00`, delivered: 0, pending: 0, failed: 0, cancelled: 0 }]));
    for (const row of hourRows) {
      const bucket = perHour.get(row.hour);
      if (bucket) bucket[row.status] += row.count;
    }

    return {
      now: at.now,
      today,
      month_from: monthFrom,
      hour_since: at.hourSince,
      sales: { today: sum(today), month: sum(monthFrom) },
      receivables: {
        open: { count: ageGroups.reduce((n, g) => n + g.count, 0), total_ron: round2(ageGroups.reduce((n, g) => n + g.total_ron, 0)) },
        overdue: group('overdue'),
      },
      orders: { waiting_invoice: sql.ordersWaitingInvoice.get(companyId) ?? 0, waiting_awb: sql.ordersWaitingAwb.get(companyId) ?? 0 },
      notifications: {
        pending: byStatus.get('pending') ?? 0,
        failed: byStatus.get('failed') ?? 0,
        paused: paused.length === 0 ? 0 : sql.pendingOf.get(companyId, JSON.stringify(paused)) ?? 0,
        paused_connector_ids: paused,
      },
      api: {
        calls: deps.apiLog.count(companyId, { tsFrom: at.hourSince }).count,
        errors: deps.apiLog.count(companyId, { tsFrom: at.hourSince, errors: true }).count,
      },
      sales_per_day: daysBetween(chartFrom, today).map((date) => ({ date, count: perDay.get(date)?.count ?? 0, total_ron: perDay.get(date)?.total_ron ?? 0 })),
      receivables_by_age: ageGroups,
      orders_by_status: sql.ordersByStatus.all(companyId),
      deliveries_per_hour: [...perHour.values()],
    };
  }

  return { overview };
}
export type Dashboard = ReturnType<typeof createDashboard>;
