import { useEffect, useMemo, useRef, useState } from 'react';
import { hashKey, useQueries, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FetchWindow, RowWindow, SortDirection } from './types.ts';

/** Windows nobody shows are dropped from the cache after this long (a 1M-row scroll must not keep them all). */
const WINDOW_GC_MS = 60_000;
/** While the range moves, a window is asked for only once it has stayed in view this long. */
const SETTLE_MS = 70;
/** Rows read ahead of the view in both directions, so that slow scrolling never shows placeholders. */
const READ_AHEAD = 100;

/** The query key of one window: `[...viewKey, { sort, direction, offset, limit }]`. */
export function windowKey(viewKey: readonly unknown[], sort: string | undefined, direction: SortDirection, offset: number, limit: number): QueryKey {
  return [...viewKey, { sort: sort ?? null, direction, offset, limit }];
}

/**
 * Returns `value` once it has not changed for `delay` ms; at once when `immediate`, and at once
 * for the first change after a quiet spell (a jump: a click in the scrollbar track, Page Down,
 * a row opened far away), so only a continuing move (a drag, a fling) waits for it to settle.
 */
function useSettled(value: string, delay: number, immediate: boolean): string {
  const [settled, setSettled] = useState(value);
  const lastChange = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (value === settled) return undefined;
    const now = performance.now();
    const quiet = now - lastChange.current > delay;
    lastChange.current = now;
    if (immediate || quiet) {
      setSettled(value);
      return undefined;
    }
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, settled, delay, immediate]);
  return immediate ? value : settled;
}

export interface WindowedRows<T> {
  /** The row at an index, or undefined while its window loads. */
  rowAt: (index: number) => T | undefined;
  /** Rows in the view; undefined until a window of this view has answered. */
  total: number | undefined;
  /** The first failure among the windows in view. */
  error: Error | null;
  retry: () => void;
  /** A window in view is being read. */
  fetching: boolean;
}

/**
 * The windows (of `size` rows) covering rows `first..last`, each a TanStack Query entry keyed by
 * view + sort + window, read through `fetchWindow` when they come into view (after the range has
 * settled, so that dragging the scrollbar across a million rows does not ask for every window on
 * the way). `scrolling` says whether the range is moving.
 */
export function useWindows<T>(options: {
  viewKey: readonly unknown[];
  fetchWindow: FetchWindow<T>;
  sort: string | undefined;
  direction: SortDirection;
  size: number;
  first: number;
  last: number;
  scrolling: boolean;
}): WindowedRows<T> {
  const { viewKey, fetchWindow, sort, direction, size, first, last, scrolling } = options;
  const queryClient = useQueryClient();
  const viewHash = hashKey(viewKey as QueryKey);

  const from = Math.max(0, Math.floor((first - READ_AHEAD) / size));
  const to = Math.max(from, Math.floor((Math.max(first, last) + READ_AHEAD) / size));
  const inView = `${from}:${to}`;
  const settled = useSettled(inView, SETTLE_MS, !scrolling);
  const [settledFrom, settledTo] = settled.split(':').map(Number) as [number, number];

  const fetcher = useRef(fetchWindow);
  useEffect(() => {
    fetcher.current = fetchWindow;
  });

  const pages = useMemo(() => {
    const list: number[] = [];
    for (let page = from; page <= to; page++) list.push(page);
    return list;
  }, [from, to]);

  // The same option objects while nothing changes: the observers then have nothing to update.
  const queries = useMemo(
    () =>
      pages.map((page) => ({
        queryKey: windowKey(viewKey, sort, direction, page * size, size),
        queryFn: ({ signal }: { signal: AbortSignal }): Promise<RowWindow<T>> => fetcher.current(page * size, size, sort, direction, signal),
        enabled: page >= settledFrom && page <= settledTo,
        gcTime: WINDOW_GC_MS,
        staleTime: 30_000,
      })),
    // viewKey by value (its hash): a caller may build it on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pages, viewHash, sort, direction, size, settledFrom, settledTo],
  );
  const results = useQueries({ queries });

  // The total of this view survives a change of sort or a window still loading: no layout jump.
  const totals = useRef(new Map<string, number>());
  let total: number | undefined;
  let latest = -1;
  for (const result of results) {
    if (result.data && result.dataUpdatedAt > latest) {
      latest = result.dataUpdatedAt;
      total = result.data.total;
    }
  }
  if (total !== undefined) totals.current.set(viewHash, total);
  else total = totals.current.get(viewHash);

  const byPage = new Map<number, readonly T[]>();
  results.forEach((result, i) => {
    const page = pages[i];
    if (page !== undefined && result.data) byPage.set(page, result.data.rows);
  });

  const rowAt = (index: number): T | undefined => {
    const page = Math.floor(index / size);
    let rows = byPage.get(page);
    if (!rows) {
      // Outside the windows observed right now (e.g. a range selection): whatever the cache holds.
      rows = queryClient.getQueryData<RowWindow<T>>(windowKey(viewKey, sort, direction, page * size, size))?.rows;
    }
    return rows?.[index - page * size];
  };

  const failed = results.filter((result) => result.isError);
  return {
    rowAt,
    total,
    error: failed[0]?.error ?? null,
    retry: () => {
      for (const result of failed) void result.refetch();
    },
    fetching: results.some((result) => result.isFetching),
  };
}

/**
 * Reads every window of rows `from..to` (for a Shift+click range over rows not loaded yet),
 * through the same cache.
 */
export async function loadRange<T>(options: {
  queryClient: ReturnType<typeof useQueryClient>;
  viewKey: readonly unknown[];
  fetchWindow: FetchWindow<T>;
  sort: string | undefined;
  direction: SortDirection;
  size: number;
  from: number;
  to: number;
}): Promise<(T | undefined)[]> {
  const { queryClient, viewKey, fetchWindow, sort, direction, size, from, to } = options;
  const out: (T | undefined)[] = [];
  for (let page = Math.floor(from / size); page <= Math.floor(to / size); page++) {
    const data = await queryClient.fetchQuery({
      queryKey: windowKey(viewKey, sort, direction, page * size, size),
      queryFn: ({ signal }) => fetchWindow(page * size, size, sort, direction, signal),
      gcTime: WINDOW_GC_MS,
      staleTime: 30_000,
    });
    for (let i = Math.max(from, page * size); i <= Math.min(to, page * size + size - 1); i++) out.push(data.rows[i - page * size]);
  }
  return out;
}
