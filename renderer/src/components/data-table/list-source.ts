import { useMemo } from 'react';
import { hashKey } from '@tanstack/react-query';
import type { OperationInput, OperationOutput } from '../../../../shared/contract/operations.ts';
import type { listOperations } from '../../../../shared/contract/operations-lists.ts';
import { useClientInfo } from '../../api/context.tsx';
import type { FetchWindow } from './types.ts';

/** The window-and-total lists of the operations map (`lists.sales`, `lists.products` ...). */
export type ListOperation = Exclude<keyof typeof listOperations, 'search.global'>;
/** A list's filters: its input without the window and the sort, which the table supplies. */
export type ListFilters<K extends ListOperation> = Omit<OperationInput<K>, 'offset' | 'limit' | 'sort' | 'direction'>;
/** One row of a list. */
export type ListRow<K extends ListOperation> = OperationOutput<K>['rows'][number];
/** The sort values a list accepts (the `sortKey`s its columns may name). */
export type ListSortKey<K extends ListOperation> = NonNullable<OperationInput<K>['sort']>;

/**
 * Wires a DataTable to a list operation: the query key `[op, filters]` (so invalidating `[op]`
 * refreshes the table) and a `fetchWindow` that calls it through the one client.
 *
 * ```tsx
 * const source = useListSource('lists.sales', { company_id, cancelled: false, q });
 * <DataTable id="sales" label="Sales receipts" columns={saleColumns} rowKey={(s) => s.bv_id} {...source} />
 * ```
 */
export function useListSource<K extends ListOperation>(op: K, filters: ListFilters<K>): { queryKey: readonly unknown[]; fetchWindow: FetchWindow<ListRow<K>> } {
  const { client } = useClientInfo();
  const filtersHash = hashKey([filters]);
  return useMemo(
    () => ({
      queryKey: [op, filters],
      fetchWindow: async (offset, limit, sort, direction) => {
        // Filters left undefined are not sent (the input schema allows no extra or empty keys).
        const defined = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
        const input = { ...defined, offset, limit, direction, ...(sort !== undefined && { sort }) } as unknown as OperationInput<K>;
        const answer = (await client.invoke(op, input)) as OperationOutput<K>;
        return { rows: answer.rows as ListRow<K>[], total: answer.total };
      },
    }),
    // The filters by value: a screen may build its filter object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, op, filtersHash],
  );
}
