import { useMemo } from 'react';
import { hashKey } from '@tanstack/react-query';
import type { OperationInput, OperationOutput } from '../../../../shared/contract/operations.ts';
import { useClientInfo } from '../../api/context.tsx';
import type { FetchWindow } from '../../components/data-table/index.ts';

/*
 * The DataTable's source for the two log lists (lists.webhooks, lists.apiLog): what
 * useListSource does for the `lists.*` of operations-lists.ts, whose type it is bound to. The key
 * is `[op, filters]`, so the live invalidation (an attempt, a new API log entry) reads the windows
 * in view again by itself.
 */

export type LogOperation = 'lists.webhooks' | 'lists.apiLog';
export type LogFilters<K extends LogOperation> = Omit<OperationInput<K>, 'offset' | 'limit' | 'sort' | 'direction'>;
export type LogRow<K extends LogOperation> = OperationOutput<K>['rows'][number];

export function useLogSource<K extends LogOperation>(op: K, filters: LogFilters<K>): { queryKey: readonly unknown[]; fetchWindow: FetchWindow<LogRow<K>> } {
  const { client } = useClientInfo();
  const filtersHash = hashKey([filters]);
  return useMemo(
    () => ({
      queryKey: [op, filters],
      fetchWindow: async (offset, limit, _sort, direction) => {
        const defined = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
        const input = { ...defined, offset, limit, direction } as unknown as OperationInput<K>;
        const answer = (await client.invoke(op, input)) as OperationOutput<K>;
        return { rows: answer.rows as LogRow<K>[], total: answer.total };
      },
    }),
    // The filters by value: the screen builds its filter object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, op, filtersHash],
  );
}
