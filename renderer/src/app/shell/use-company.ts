import { useParams } from '@tanstack/react-router';
import { useAccounts } from '../../api/queries.ts';
import { useUiStore } from '../stores/ui.ts';

/** The account in the address (`/c/$companyId/...`), or undefined outside an account's screens. */
export function useRouteCompanyId(): number | undefined {
  const params = useParams({ strict: false }) as { companyId?: number };
  return params.companyId ? params.companyId : undefined;
}

/**
 * The account the shell links to: the one in the address, else the one opened last, else the
 * first account of the service.
 */
export function useShellCompanyId(): number | undefined {
  const fromRoute = useRouteCompanyId();
  const last = useUiStore((state) => state.lastCompanyId);
  const accounts = useAccounts();
  if (fromRoute) return fromRoute;
  const ids = accounts.data?.map((a) => a.company_id) ?? [];
  if (last && ids.includes(last)) return last;
  return ids[0] ?? last ?? undefined;
}
