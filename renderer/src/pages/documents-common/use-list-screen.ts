import { useCallback, useMemo } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import type { ListFilters, ListOperation, ListSortKey } from '../../components/data-table/index.ts';
import type { SortState } from '../../components/data-table/index.ts';
import { inputOf, type ScreenSearch } from '../../app/search.ts';

/** The search keys that are no filter: the window, the sort, the open record. */
const NOT_FILTERS = new Set(['offset', 'limit', 'sort', 'direction', 'open']);

export interface ListScreenState<K extends ListOperation> {
  companyId: number;
  /** The screen's search params as the route validated them. */
  search: ScreenSearch<K>;
  /** The list's input without the window and sort: what the table's query key is made of. */
  filters: ListFilters<K>;
  /**
   * Merges `change` into the address (a key set to undefined leaves it). `replace` for what is
   * typed (free text, an id): back goes to before the typing, not through each pause.
   */
  patch: (change: Partial<ScreenSearch<K>>, replace?: boolean) => void;
  sort: SortState;
  setSort: (sort: SortState) => void;
  open: number | undefined;
  setOpen: (id: number | null) => void;
  /** Whether any filter is in the address (the empty state offers to clear them). */
  filtered: boolean;
  clearFilters: () => void;
}

/**
 * A list screen's state, all of it in the address: its filters, its sort and the open record,
 * read from the route that shows operation `op` (the route's validateSearch has checked them
 * against the operation's input schema, app/search.ts). Back and forward walk through them.
 */
export function useListScreen<K extends ListOperation>(_op: K, defaultSort: ListSortKey<K>): ListScreenState<K> {
  const { companyId } = useParams({ from: '/c/$companyId' });
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = raw as ScreenSearch<K>;
  const navigate = useNavigate();

  const patch = useCallback(
    (change: Partial<ScreenSearch<K>>, replace = false) =>
      // The route is the current one ('.'): only its search changes. The router's types cannot
      // follow a screen-generic search, the route's validateSearch checks it again on arrival.
      void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, ...change }), replace } as never),
    [navigate],
  );

  const searchHash = JSON.stringify(search);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- by value: the router hands a new object on every render
  const stable = useMemo(() => search, [searchHash]);

  return useMemo(() => {
    const { company_id: _company, offset: _offset, limit: _limit, sort: _sort, direction: _direction, ...rest } = inputOf<K>(companyId, stable) as Record<string, unknown>;
    const filters = { company_id: companyId, ...rest } as unknown as ListFilters<K>;
    const record = stable as Record<string, unknown>;
    const filtered = Object.keys(record).some((key) => !NOT_FILTERS.has(key) && record[key] !== undefined);
    const sortKey = (record.sort as string | undefined) ?? defaultSort;
    const direction = (record.direction as 'asc' | 'desc' | undefined) ?? 'desc';
    return {
      companyId,
      search: stable,
      filters,
      patch,
      sort: { key: sortKey, direction },
      setSort: (next: SortState) => patch({ sort: next.key, direction: next.direction } as Partial<ScreenSearch<K>>),
      open: stable.open,
      setOpen: (id: number | null) => patch({ open: id ?? undefined } as Partial<ScreenSearch<K>>),
      filtered,
      clearFilters: () => {
        const cleared = Object.fromEntries(Object.keys(record).filter((key) => !NOT_FILTERS.has(key)).map((key) => [key, undefined]));
        patch(cleared as Partial<ScreenSearch<K>>);
      },
    };
  }, [companyId, stable, patch, defaultSort]);
}
