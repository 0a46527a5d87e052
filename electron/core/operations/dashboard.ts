import type { dashboardOperations } from '../../../shared/contract/operations-dashboard.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { Dashboard } from '../domains/dashboard/index.ts';

/** The overview's figures and charts (shared/contract/operations-dashboard.ts); 30 days unless 90 are asked for. */
export function createDashboardHandlers(deps: { dashboard: Dashboard }): HandlersOf<keyof typeof dashboardOperations> {
  return {
    'dashboard.overview': ({ company_id, days }) => deps.dashboard.overview(company_id, days === 90 ? 90 : 30),
  };
}
