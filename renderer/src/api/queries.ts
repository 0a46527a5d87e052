import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** The latest webhook deliveries of an account; refreshed every two seconds while shown. */
export function useWebhookDeliveries(companyId: number, limit = 20) {
  const { client } = useClientInfo();
  const input = { company_id: companyId, limit };
  return useQuery({
    queryKey: ['webhooks.list', input],
    queryFn: () => client.invoke('webhooks.list', input),
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
