import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperationInput } from '../../../shared/contract/operations.ts';
import { useClientInfo } from './context.tsx';

/*
 * Query keys start with the operation name, so a `data.changed` event (or a later mapping of
 * the operations' `changes` tables) can invalidate exactly the reads it affects.
 */

export function useHealth() {
  const { client } = useClientInfo();
  return useQuery({ queryKey: ['service.health'], queryFn: () => client.invoke('service.health', {}) });
}

export function useAccounts() {
  const { client } = useClientInfo();
  return useQuery({ queryKey: ['accounts.list'], queryFn: () => client.invoke('accounts.list', {}) });
}

/** The latest webhook deliveries of an account (optionally filtered); refreshed every two seconds while shown. */
export function useWebhookDeliveries(input: OperationInput<'webhooks.list'>) {
  const { client } = useClientInfo();
  const withLimit = { limit: 20, ...input };
  return useQuery({
    queryKey: ['webhooks.list', withLimit],
    queryFn: () => client.invoke('webhooks.list', withLimit),
    refetchInterval: 2000,
  });
}

/** Retry now / cancel a delivery; the delivery log is read again afterwards. */
export function useDeliveryAction(action: 'webhooks.retry' | 'webhooks.cancel') {
  const { client } = useClientInfo();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (input: { company_id: number; delivery_id: number }) => client.invoke(action, input),
    onSettled: () => queries.invalidateQueries({ queryKey: ['webhooks.list'] }),
  });
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
