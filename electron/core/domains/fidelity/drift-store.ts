// The shadow comparisons of an account in proxy mode, kept per route template in the store
// (fidelity_routes, fidelity_skips: migration 029) so the report survives a restart and covers
// every call since the last clear.
import type { Database } from 'better-sqlite3';
import type { DriftReport } from '../../../../shared/domain/fidelity.ts';
import { formatTimestamp, type Clock } from '../../time.ts';
import { addCall, emptyRoute, MAX_ROUTES, prepareCall, reportOf, SKIP, type ComparedCall, type RouteState } from './drift-route.ts';
import type { Shape } from './shape.ts';

export type { Answer, ComparedCall } from './drift-route.ts';

interface Row {
  template: string;
  calls: number;
  compared: number;
  shaped: number;
  upstream_shape: string | null;
  twin_shape: string | null;
  statuses: string;
  differences_seen: string;
  skipped: string;
  example_request: string;
}

const stateOf = (row: Row): RouteState => ({
  calls: row.calls,
  compared: row.compared,
  shaped: row.shaped,
  upstream: row.upstream_shape === null ? null : (JSON.parse(row.upstream_shape) as Shape),
  twin: row.twin_shape === null ? null : (JSON.parse(row.twin_shape) as Shape),
  statuses: JSON.parse(row.statuses) as RouteState['statuses'],
  seen: JSON.parse(row.differences_seen) as RouteState['seen'],
  skipped: JSON.parse(row.skipped) as RouteState['skipped'],
  example_request: row.example_request,
});

export function createDriftStore(db: Database, clock: Clock) {
  const route = db.prepare<[number, string], Row>('SELECT * FROM fidelity_routes WHERE company_id = ? AND template = ?');
  const routeCount = db.prepare<[number], number>('SELECT count(*) FROM fidelity_routes WHERE company_id = ?').pluck();
  const routesOf = db.prepare<[number], Row>('SELECT * FROM fidelity_routes WHERE company_id = ? ORDER BY template');
  const skipsOf = db.prepare<[number], { reason: string; calls: number }>('SELECT reason, calls FROM fidelity_skips WHERE company_id = ?');
  const save = db.prepare<[number, string, number, number, number, string | null, string | null, string, string, string, string, string]>(
    `INSERT INTO fidelity_routes (company_id, template, calls, compared, shaped, upstream_shape, twin_shape, statuses, differences_seen, skipped, example_request, updated_ts)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (company_id, template) DO UPDATE SET calls = excluded.calls, compared = excluded.compared, shaped = excluded.shaped,
       upstream_shape = excluded.upstream_shape, twin_shape = excluded.twin_shape, statuses = excluded.statuses,
       differences_seen = excluded.differences_seen, skipped = excluded.skipped, example_request = excluded.example_request, updated_ts = excluded.updated_ts`,
  );
  const skip = db.prepare<[number, string]>(
    'INSERT INTO fidelity_skips (company_id, reason, calls) VALUES (?, ?, 1) ON CONFLICT (company_id, reason) DO UPDATE SET calls = calls + 1',
  );
  const clearRoutes = db.prepare<[number]>('DELETE FROM fidelity_routes WHERE company_id = ?');
  const clearSkips = db.prepare<[number]>('DELETE FROM fidelity_skips WHERE company_id = ?');

  // Rows this store wrote, so the store's change counter can leave them out: no REST answer is
  // made of them (a shadow comparison must not empty the answer cache).
  let ownChanges = 0;

  const merge = db.transaction((companyId: number, prepared: ReturnType<typeof prepareCall>) => {
    const { template } = prepared;
    if (template === undefined) {
      // Only a skipped call has no route ('not a GET').
      if (prepared.outcome === 'skipped') ownChanges += skip.run(companyId, prepared.reason).changes;
      return;
    }
    const row = route.get(companyId, template);
    if (!row && routeCount.get(companyId)! >= MAX_ROUTES) {
      ownChanges += skip.run(companyId, SKIP.tooManyRoutes).changes;
      return;
    }
    const state = addCall(row ? stateOf(row) : emptyRoute(), prepared);
    ownChanges += save.run(
      companyId, template, state.calls, state.compared, state.shaped,
      state.upstream && JSON.stringify(state.upstream), state.twin && JSON.stringify(state.twin),
      JSON.stringify(state.statuses), JSON.stringify(state.seen), JSON.stringify(state.skipped), state.example_request,
      formatTimestamp(clock.now()),
    ).changes;
  });

  return {
    /**
     * One shadow comparison, merged into the account's stored route row in one transaction (the
     * answers are read before it starts). Bounded: at most 500 routes per account (more counted
     * as skipped "too many routes"), bodies over 20 MiB skipped.
     */
    record(companyId: number, call: ComparedCall): void {
      merge(companyId, prepareCall(call));
    },
    /** The account's drift report from its shadow comparisons (source 'shadow'). */
    report(companyId: number): DriftReport {
      const routes = routesOf.all(companyId).map((row): [string, RouteState] => [row.template, stateOf(row)]);
      const skips = Object.fromEntries(skipsOf.all(companyId).map((row) => [row.reason, row.calls]));
      return reportOf(companyId, 'shadow', formatTimestamp(clock.now()), routes, skips);
    },
    /** Forgets the account's comparisons; answers the routes removed. */
    clear(companyId: number): number {
      return db.transaction(() => {
        ownChanges += clearSkips.run(companyId).changes;
        const removed = clearRoutes.run(companyId).changes;
        ownChanges += removed;
        return removed;
      })();
    },
    /** Rows of fidelity_routes and fidelity_skips this connection wrote (the data version leaves them out). */
    ownChanges: () => ownChanges,
  };
}
export type DriftStore = ReturnType<typeof createDriftStore>;
