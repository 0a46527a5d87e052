import { useQuery } from '@tanstack/react-query';
import { useClientInfo } from './context.tsx';

/*
 * Query keys start with the operation name, so a `data.changed` event can invalidate exactly the
 * reads it affects (invalidation.ts: by the tables each operation `reads`).
 */

export function useHealth() {
  const { client } = useClientInfo();
  return useQuery({ queryKey: ['service.health'], queryFn: () => client.invoke('service.health', {}) });
}

export function useAccounts() {
  const { client } = useClientInfo();
  return useQuery({ queryKey: ['accounts.list'], queryFn: () => client.invoke('accounts.list', {}) });
}

/** Where the service listens (the desktop window asks the core; a browser tab knows its origin). */
export function useServiceInfo(enabled = true) {
  const { client } = useClientInfo();
  return useQuery({ queryKey: ['service.info'], queryFn: () => client.invoke('service.info', {}), enabled, staleTime: Infinity });
}

/**
 * The command palette's search. Until the core answers search.global, its refusal is shown as
 * "search unavailable" at once (no retries).
 */
export function useGlobalSearch(companyId: number | undefined, q: string) {
  const { client } = useClientInfo();
  const input = { company_id: companyId ?? 0, q, limit: 20 };
  return useQuery({
    queryKey: ['search.global', input],
    queryFn: () => client.invoke('search.global', input),
    enabled: companyId !== undefined && q.length > 0,
    retry: false,
    staleTime: 15_000,
  });
}
