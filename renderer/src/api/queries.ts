import { useQuery } from '@tanstack/react-query';
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
