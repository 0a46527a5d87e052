import { useMutation, useQuery, useQueryClient, type QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { operations, type OperationInput, type OperationName, type OperationOutput } from '../../../shared/contract/operations.ts';
import type { CoreEventMessage } from '../../../shared/contract/ipc.ts';
import type { ChangedRecords } from '../../../shared/contract/events.ts';
import { useClientInfo } from './context.tsx';
import type { ErpError } from './errors.ts';

/*
 * The hooks a page reads and writes with. Query keys are `[operation, input]`, so two screens
 * asking the same thing share one request, and a core event invalidates exactly the queries of
 * the operations that read what it names (each operation's `reads` in the contract).
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

/**
 * Runs a write operation. The screens are refreshed by the `data.changed` the core announces
 * after it (useLiveInvalidation), so a mutation keeps no list of queries to refetch; the
 * answer is also written into any open read of the same record by the caller when it wants.
 */
export function useAction<K extends OperationName>(op: K) {
  const { client } = useClientInfo();
  return useMutation<OperationOutput<K>, ErpError, OperationInput<K>>({
    mutationKey: [op],
    mutationFn: (input) => client.invoke(op, input),
  });
}

/** What a core event changed, as tables (and, where known, the ids written per table). */
export interface Changed {
  companyId: number | null;
  tables: readonly string[];
  records?: ChangedRecords;
}

/**
 * The events that change what screens show, as tables: `data.changed` says it itself; an API
 * log entry, a webhook attempt and an inbox post change the log they land in.
 */
export function changedByEvent(event: CoreEventMessage): Changed | null {
  switch (event.name) {
    case 'data.changed':
      return { companyId: event.payload.company_id, tables: event.payload.tables, ...(event.payload.records && { records: event.payload.records }) };
    case 'apiLog.appended':
      return { companyId: event.payload.company_id, tables: ['api_log'] };
    case 'webhook.attempt':
      return {
        companyId: event.payload.company_id,
        tables: ['webhook_outbox', 'webhook_attempts'],
        records: { webhook_outbox: [event.payload.delivery_id] },
      };
    case 'inbox.received':
      return { companyId: null, tables: ['inbox'] };
    default:
      return null;
  }
}

/** Whether the query `[op, input]` reads something `changed` names. */
export function queryIsAffected(op: OperationName, input: unknown, changed: Changed): boolean {
  const def = operations[op] as { reads?: readonly string[]; record?: { table: string; input: string } };
  if (!def.reads) return false;
  const fields = (input ?? {}) as Record<string, unknown>;
  // Another account's change leaves this account's screens as they are.
  if (changed.companyId !== null && typeof fields.company_id === 'number' && fields.company_id !== changed.companyId) return false;
  if (changed.tables.includes('*')) return true;
  if (!def.reads.some((table) => changed.tables.includes(table))) return false;
  // A read of one record: only the ids written to its table, when the writer named them and
  // nothing else it reads changed.
  if (def.record && changed.records) {
    const ids = changed.records[def.record.table];
    const otherTables = def.reads.filter((table) => table !== def.record?.table && changed.tables.includes(table));
    if (ids && otherTables.length === 0) return ids.includes(Number(fields[def.record.input]));
  }
  return true;
}

/** Marks every affected query stale; the shown ones are read again at once (TanStack Query). */
export function invalidateChanged(queryClient: QueryClient, changed: Changed): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [op, input] = query.queryKey;
      return typeof op === 'string' && Object.hasOwn(operations, op) && queryIsAffected(op as OperationName, input, changed);
    },
  });
}

/** The query client, for a page that writes an answer into the cache itself. */
export { useQueryClient };
