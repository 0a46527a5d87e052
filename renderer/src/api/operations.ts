import { useMutation, useQueries, useQuery, useQueryClient, type UseMutationResult, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { OperationInput, OperationName, OperationOutput } from '../../../shared/contract/operations.ts';
import { useClientInfo } from './context.tsx';
import type { ErpError } from './errors.ts';

/*
 * The hooks a page reads and writes with. Query keys are `[operation, input]`, so two screens
 * asking the same thing share one request, and a core event invalidates exactly the queries of
 * the operations that read what it names (each operation's `reads` in the contract; invalidation.ts).
 */

type QueryOptions<K extends OperationName> = Omit<UseQueryOptions<OperationOutput<K>, ErpError>, 'queryKey' | 'queryFn'>;

/** Reads an operation; the key is `[op, input]`. */
export function useOperation<K extends OperationName>(op: K, input: OperationInput<K>, options: QueryOptions<K> = {}) {
  const { client } = useClientInfo();
  return useQuery<OperationOutput<K>, ErpError>({
    queryKey: [op, input],
    queryFn: () => client.invoke(op, input),
    ...options,
  });
}

/** Reads one operation for several inputs at once (one query each, keyed as useOperation keys them). */
export function useOperations<K extends OperationName>(op: K, inputs: readonly OperationInput<K>[]): UseQueryResult<OperationOutput<K>, ErpError>[] {
  const { client } = useClientInfo();
  return useQueries({
    queries: inputs.map((input) => ({ queryKey: [op, input], queryFn: () => client.invoke(op, input) })),
  }) as UseQueryResult<OperationOutput<K>, ErpError>[];
}

/**
 * Runs a write operation. The screens are refreshed by the `data.changed` the core announces
 * after it (useLiveInvalidation), so a mutation keeps no list of queries to refetch; the
 * answer is also written into any open read of the same record by the caller when it wants.
 */
export function useAction<K extends OperationName>(op: K): ActionOf<K> {
  const { client } = useClientInfo();
  return useMutation<OperationOutput<K>, ErpError, OperationInput<K>>({
    mutationKey: [op],
    mutationFn: (input) => client.invoke(op, input),
  });
}

/** A write operation as useAction runs it: mutate, its pending state, the core's refusal. */
export type ActionOf<K extends OperationName> = UseMutationResult<OperationOutput<K>, ErpError, OperationInput<K>>;

/** The query client, for a page that writes an answer into the cache itself. */
export { useQueryClient };
