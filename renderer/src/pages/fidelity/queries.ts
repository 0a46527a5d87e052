import { useMutation, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { fidelityOperations } from '../../../../shared/contract/operations-fidelity.ts';
import { useClientInfo } from '../../api/context.tsx';
import type { ErpError } from '../../api/errors.ts';

/*
 * The fidelity operations as the page reads and writes them. Keys are `[operation, input]` like
 * every other read (api/operations.ts), so `data.changed` naming `account_proxies`,
 * `fidelity_routes` or `recordings` refreshes them through the operations map.
 */

type Ops = typeof fidelityOperations;
export type FidelityOp = keyof Ops;
export type FidelityInput<K extends FidelityOp> = Static<Ops[K]['input']>;
export type FidelityOutput<K extends FidelityOp> = Static<Ops[K]['output']>;

type Options<K extends FidelityOp> = Omit<UseQueryOptions<FidelityOutput<K>, ErpError>, 'queryKey' | 'queryFn'>;

/** The typed client over one fidelity operation (they share the operations map's names and schemas). */
function useInvoke() {
  const { client } = useClientInfo();
  return <K extends FidelityOp>(op: K, input: FidelityInput<K>): Promise<FidelityOutput<K>> =>
    (client.invoke as (op: string, input: unknown) => Promise<unknown>)(op, input) as Promise<FidelityOutput<K>>;
}

export function useFidelityRead<K extends 'proxy.get' | 'drift.report' | 'recordings.list'>(op: K, input: FidelityInput<K>, options: Options<K> = {}) {
  const invoke = useInvoke();
  return useQuery<FidelityOutput<K>, ErpError>({ queryKey: [op, input], queryFn: () => invoke(op, input), ...options });
}

export function useFidelityAction<K extends 'proxy.update' | 'drift.clear' | 'drift.compareHar' | 'recordings.get'>(op: K) {
  const invoke = useInvoke();
  return useMutation<FidelityOutput<K>, ErpError, FidelityInput<K>>({ mutationKey: [op], mutationFn: (input) => invoke(op, input) });
}
