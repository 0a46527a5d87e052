import type { QueryClient } from '@tanstack/react-query';
import { operations, type OperationName } from '../../../shared/contract/operations.ts';
import type { CoreEventMessage } from '../../../shared/contract/ipc.ts';
import type { ChangedRecords } from '../../../shared/contract/events.ts';

/*
 * Which cached reads a core event makes stale: those of operations whose `reads` (contract)
 * name a changed table, in the account it changed; for a read of one record, only that record
 * when the writer named the ids. No React here: unit-tested under Node.
 */

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

