import { memo, useEffect, useImperativeHandle, useLayoutEffect, useRef, type ReactElement, type ReactNode, type Ref, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { bodyGeometry, bodyOffset, renderedRange, type BodyGeometry } from './geometry.ts';
import type { DataTableColumn, FetchWindow, SortDirection } from './types.ts';
import { useWindows } from './use-windows.ts';
import classes from './DataTable.module.css';

/*
 * The scrolled part of the grid. It is its own memoised component so that scrolling re-renders
 * it alone (the toolbar, the header and the column model stay as they are): TanStack Virtual
 * follows the scroll position, TanStack Query holds the windows, and only the rows in view
 * (plus a few) exist in the DOM.
 */

export const OVERSCAN = 4;
export const SELECT_WIDTH = 40;

export type RowKey = string | number;

export interface ShownColumn<T> {
  column: DataTableColumn<T>;
}

/** What the grid asks of its body (for the keyboard and the selection). */
export interface GridBodyHandle<T> {
  rowAt: (index: number) => T | undefined;
  range: () => { start: number; end: number };
}

export function readValue<T>(column: DataTableColumn<T>, row: T): unknown {
  return column.value ? column.value(row) : (row as Record<string, unknown>)[column.id];
}

function cellContent<T>(column: DataTableColumn<T>, row: T, index: number): ReactNode {
  if (column.cell) return column.cell(row, index);
  const value = readValue(column, row);
  if (column.format) return column.format(value, row);
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

interface RowProps<T> {
  domId: string;
  index: number;
  row: T | undefined;
  columns: readonly ShownColumn<T>[];
  selectable: boolean;
  selected: boolean;
  active: boolean;
  /** The active cell of the active row (null: the row itself). */
  activeCol: number | null;
  open: boolean;
}

/** One row (a placeholder while its window loads). Memoised: scrolling mounts only the rows coming into view. */
const Row = memo(function Row<T>({ domId, index, row, columns, selectable, selected, active, activeCol, open }: RowProps<T>) {
  // As few attributes as will do (a fast scroll mounts ~10 rows a frame): the id only on the
  // active row (aria-activedescendant), widths and alignment from the grid's stylesheet.
  return (
    <div
      role="row"
      id={active ? domId : undefined}
      className={classes.row}
      aria-rowindex={index + 2}
      aria-selected={selectable ? selected : undefined}
      aria-busy={row === undefined || undefined}
      data-odd={index % 2 === 1 || undefined}
      data-active={active || undefined}
      data-open={open || undefined}
    >
      {selectable && (
        <div role="gridcell" className={`${classes.td} ${classes.selectCell}`}>
          {/* Drawn, not an <input>: the row's aria-selected says it, and Space toggles it. */}
          {row !== undefined && <span className={classes.rowCheck} data-select data-checked={selected || undefined} aria-hidden="true" />}
        </div>
      )}
      {columns.map(({ column }, k) => (
        <div
          role="gridcell"
          key={column.id}
          className={classes.td}
          id={active && activeCol !== null ? `${domId}-c${k}` : undefined}
          data-active={(active && activeCol === k) || undefined}
        >
          {row === undefined ? (
            <span className={classes.skeleton} style={{ width: `${45 + ((index * 7 + column.id.length * 13) % 40)}%` }} />
          ) : (
            cellContent(column, row, index)
          )}
        </div>
      ))}
    </div>
  );
}) as <T>(props: RowProps<T>) => ReactElement;

export interface GridBodyProps<T> {
  handle: Ref<GridBodyHandle<T>>;
  scrollerRef: RefObject<HTMLDivElement | null>;
  gridId: string;
  /** The total the grid knows (undefined: not yet); the body reports a new one with `onTotal`. */
  total: number | undefined;
  onTotal: (total: number | undefined) => void;
  onError: (error: Error | null, retry: () => void) => void;
  rowHeight: number;
  viewportHeight: number;
  viewKey: readonly unknown[];
  fetchWindow: FetchWindow<T>;
  sort: string | undefined;
  direction: SortDirection;
  windowSize: number;
  columns: readonly ShownColumn<T>[];
  totalWidth: number;
  rowKey: (row: T) => RowKey;
  multi: boolean;
  selected: ReadonlyMap<RowKey, T>;
  active: number | null;
  activeCol: number | null;
  /** The header cell the keyboard is on (null: the rows). */
  headerCol: number | null;
  openKey: RowKey | null | undefined;
  /** Nothing to show (empty view, or the first window failed): no rows, no spacer. */
  hidden: boolean;
}

function GridBodyInner<T>(props: GridBodyProps<T>) {
  const { handle, scrollerRef, gridId, total, onTotal, onError, rowHeight, viewportHeight, viewKey, fetchWindow, sort, direction, windowSize } = props;
  const { columns, totalWidth, rowKey, multi, selected, active, activeCol, headerCol, openKey, hidden } = props;
  const bodyRef = useRef<HTMLDivElement>(null);

  // A compressed body moves on every scroll event, outside React (see geometry.ts). This listener
  // is added before the virtualizer's, so it reads the scroll offset before React changes the
  // DOM (no forced layout) and places the rows that are rendered at that moment.
  const geometryRef = useRef<BodyGeometry | null>(null);
  const rangeRef = useRef({ start: 0, end: -1 });
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return undefined;
    const onScroll = () => {
      const g = geometryRef.current;
      if (g?.compressed && bodyRef.current) {
        bodyRef.current.style.transform = `translateY(${bodyOffset(g, rangeRef.current.start, scroller.scrollTop)}px)`;
      }
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [scrollerRef]);

  const count = total ?? 0;
  const geometry = bodyGeometry(count, rowHeight, viewportHeight);
  geometryRef.current = geometry;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => geometry.step,
    paddingEnd: geometry.compressed ? geometry.spacerHeight - count * geometry.step : 0,
    overscan: 0,
    // Only the start of the range is used (renderedRange): no item objects beyond it.
    rangeExtractor: (range) => [range.startIndex],
  });
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [geometry.step, virtualizer]);

  const scrollTop = virtualizer.scrollOffset ?? 0;
  const range = renderedRange(geometry, scrollTop, OVERSCAN);
  rangeRef.current = range;

  const windows = useWindows<T>({
    viewKey,
    fetchWindow,
    sort,
    direction,
    size: windowSize,
    first: range.start,
    last: range.end,
    scrolling: virtualizer.isScrolling,
  });
  useLayoutEffect(() => {
    if (windows.total !== total) onTotal(windows.total);
  }, [windows.total, total, onTotal]);

  const latest = useRef(windows);
  latest.current = windows;
  useEffect(() => {
    onError(windows.error, () => latest.current.retry());
  }, [windows.error, onError]);

  useImperativeHandle(handle, () => ({ rowAt: (index) => latest.current.rowAt(index), range: () => rangeRef.current }), []);

  // The active row is the grid's active descendant while it is rendered.
  const activeRendered = active !== null && total !== undefined && active >= range.start && active <= range.end;
  const activeCell = activeCol === null ? null : Math.min(activeCol, columns.length - 1);
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    if (headerCol !== null) scroller.setAttribute('aria-activedescendant', `${gridId}-h${headerCol}`);
    else if (activeRendered) scroller.setAttribute('aria-activedescendant', `${gridId}-r${active}${activeCell === null ? '' : `-c${activeCell}`}`);
    else scroller.removeAttribute('aria-activedescendant');
  }, [activeRendered, active, activeCell, headerCol, gridId, scrollerRef]);

  // Links and buttons a cell renders are reached by the arrows and Enter, not by Tab: the grid
  // is one Tab stop. Set on every render (rows mount as they scroll in); a few dozen rows.
  useLayoutEffect(() => {
    for (const element of bodyRef.current?.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])') ?? []) {
      element.tabIndex = -1;
    }
  });

  if (hidden) return null;

  const loading = total === undefined;
  const rows: ReactNode[] = [];
  let spacerHeight: number;
  let bodyY: number;
  if (loading) {
    const placeholders = Math.max(1, Math.ceil(viewportHeight / rowHeight));
    for (let i = 0; i < placeholders; i++) {
      rows.push(
        <Row<T> key={i} domId={`${gridId}-r${i}`} index={i} row={undefined} columns={columns} selectable={multi} selected={false} active={false} activeCol={null} open={false} />,
      );
    }
    spacerHeight = placeholders * rowHeight;
    bodyY = 0;
  } else {
    for (let i = range.start; i <= range.end; i++) {
      const row = windows.rowAt(i);
      const key = row === undefined ? undefined : rowKey(row);
      rows.push(
        <Row<T>
          key={i}
          domId={`${gridId}-r${i}`}
          index={i}
          row={row}
          columns={columns}
          selectable={multi}
          selected={key !== undefined && selected.has(key)}
          active={active === i}
          activeCol={active === i ? activeCell : null}
          open={key !== undefined && openKey !== undefined && openKey !== null && key === openKey}
        />,
      );
    }
    // The virtualizer's size is the geometry's (estimateSize + paddingEnd); asking for it here
    // builds its measurements with the data, not at the first scroll (a million rows: ~50 ms).
    spacerHeight = virtualizer.getTotalSize();
    bodyY = bodyOffset(geometry, range.start, scrollTop);
  }

  return (
    <div className={classes.spacer} style={{ height: spacerHeight, width: totalWidth }}>
      <div ref={bodyRef} role="rowgroup" className={classes.body} style={{ transform: `translateY(${bodyY}px)`, width: totalWidth }}>
        {rows}
      </div>
    </div>
  );
}

export const GridBody = memo(GridBodyInner) as <T>(props: GridBodyProps<T>) => ReactElement | null;
