import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Alert, Button, EmptyState } from '@mantine/core';
import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  functionalUpdate,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnSizingState,
  type ColumnVisibilityState,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { ErpError } from '../../api/errors.ts';
import { formatNumber } from './cells.tsx';
import { ColumnMenu } from './ColumnMenu.tsx';
import { ExportButton } from './ExportButton.tsx';
import { columnsLeftOut } from './fit-columns.ts';
import { useToolbarFit } from './toolbar-fit.ts';
import { bodyGeometry, scrollOffsetToShow, type BodyGeometry } from './geometry.ts';
import { GridBody, readValue, SELECT_WIDTH, type GridBodyHandle, type RowKey, type ShownColumn } from './GridBody.tsx';
import { defaultLabels } from './labels.ts';
import { ROW_HEIGHT, useTablePrefs, useTablePrefsOf, type Density } from './prefs-store.ts';
import type { DataTableLabels, DataTableProps, SortState } from './types.ts';
import { loadRange } from './use-windows.ts';
import classes from './DataTable.module.css';

/*
 * TanStack Table owns the column model (visibility, sizes and resizing, the sort toggles);
 * TanStack Virtual follows the scroll and TanStack Query holds the windows of rows, both in
 * GridBody. The rows themselves are not given to TanStack Table: a list can have a million of
 * them and only the ones in view exist, so the body renders them from the windows directly.
 */

const features = tableFeatures({ columnVisibilityFeature, columnSizingFeature, columnResizingFeature, rowSortingFeature });
type Features = typeof features;

const HEADER_HEIGHT = 36;
const DEFAULT_WINDOW = 200;
const NO_ROWS: readonly never[] = [];

function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  return (
    <svg className={classes.sortIcon} viewBox="0 0 10 10" aria-hidden="true" fill="currentColor">
      {sorted !== 'desc' && <path d={sorted === 'asc' ? 'M5 1 9 7H1z' : 'M5 0.5 8.5 4h-7z'} />}
      {sorted !== 'asc' && <path d={sorted === 'desc' ? 'M5 9 1 3h8z' : 'M5 9.5 1.5 6h7z'} />}
    </svg>
  );
}

/** A message for the error state: the core's messages (ErpError), else the error's own. */
function errorText(error: Error): string {
  if (error instanceof ErpError) return `${error.status ? `${error.status}: ` : ''}${error.message}`;
  return error.message || String(error);
}

/**
 * The table of every list screen: server-side windows over the whole list (virtualized rows,
 * the scrollbar spans every row), sort by the sortable headers, column chooser, resize and
 * density (kept per table), keyboard navigation, multi-selection, empty and error states, and
 * export of the view to CSV. See README.md in this folder for how a screen uses it.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const {
    id,
    label,
    columns,
    queryKey,
    fetchWindow,
    rowKey,
    selection = 'none',
    onSelectionChange,
    onOpen,
    openOn = 'click',
    openKey,
    onEscape,
    onSortChange,
    toolbar,
    empty,
    exportFileName,
    height = '100%',
  } = props;
  const labels: DataTableLabels = useMemo(() => ({ ...defaultLabels, ...props.labels }), [props.labels]);
  const windowSize = Math.min(500, Math.max(20, props.windowSize ?? DEFAULT_WINDOW));
  const multi = selection === 'multi';
  const gridId = useId();
  const queryClient = useQueryClient();

  // --- preferences (zustand, localStorage) -------------------------------------------------
  const prefs = useTablePrefsOf(id);
  const setVisibilityPref = useTablePrefs((state) => state.setVisibility);
  const setSizingPref = useTablePrefs((state) => state.setSizing);
  const setDensityPref = useTablePrefs((state) => state.setDensity);
  const resetPrefs = useTablePrefs((state) => state.reset);
  const density: Density = prefs.density ?? 'normal';
  const rowHeight = ROW_HEIGHT[density];

  // --- sort (server-side) ------------------------------------------------------------------
  const [ownSort, setOwnSort] = useState<SortState | undefined>(props.defaultSort);
  const sort = props.sort ?? ownSort;
  const sortKey = sort?.key;
  const direction = sort?.direction ?? 'desc';

  // --- the column model (TanStack Table) ---------------------------------------------------
  const tableColumns = useMemo<ColumnDef<Features, T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: T) => readValue(column, row) as never,
        size: column.width ?? 150,
        minSize: column.minWidth ?? 60,
        maxSize: column.maxWidth ?? 1200,
        enableSorting: column.sortKey !== undefined,
        sortDescFirst: column.sortDescFirst ?? false,
        enableHiding: column.hideable ?? true,
      })),
    [columns],
  );
  const sorting = useMemo<SortingState>(() => {
    const column = sortKey === undefined ? undefined : columns.find((c) => c.sortKey === sortKey);
    return column ? [{ id: column.id, desc: direction === 'desc' }] : [];
  }, [columns, sortKey, direction]);
  const visibility = useMemo<ColumnVisibilityState>(() => {
    const state: ColumnVisibilityState = {};
    for (const column of columns) if (column.defaultHidden) state[column.id] = false;
    return { ...state, ...prefs.visibility };
  }, [columns, prefs.visibility]);
  const [sizing, setSizing] = useState<ColumnSizingState>(() => prefs.sizing ?? {});

  const changeSort = useCallback(
    (next: SortState) => {
      if (props.sort === undefined) setOwnSort(next);
      onSortChange?.(next);
    },
    [props.sort, onSortChange],
  );

  const table = useTable({
    features,
    columns: tableColumns,
    data: NO_ROWS as readonly T[],
    state: { sorting, columnVisibility: visibility, columnSizing: sizing },
    onSortingChange: (updater) => {
      const next = functionalUpdate(updater, sorting)[0];
      const column = next && columns.find((c) => c.id === next.id);
      if (next && column?.sortKey) changeSort({ key: column.sortKey, direction: next.desc ? 'desc' : 'asc' });
    },
    onColumnVisibilityChange: (updater) => setVisibilityPref(id, functionalUpdate(updater, visibility)),
    onColumnSizingChange: setSizing,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
  });

  // Widths are saved once a resize has settled, not on every pointer move.
  useEffect(() => {
    if (sizing === prefs.sizing || Object.keys(sizing).length === 0) return undefined;
    const timer = setTimeout(() => setSizingPref(id, sizing), 400);
    return () => clearTimeout(timer);
  }, [sizing, prefs.sizing, id, setSizingPref]);

  const byId = useMemo(() => new Map(columns.map((column, i) => [column.id, { column, i }])), [columns]);
  // The chosen columns that fit the grid's width (columns.priority says which leave first).
  const [viewportWidth, setViewportWidth] = useState(0);
  const chosenColumns = table.getVisibleLeafColumns();
  const leftOut = columnsLeftOut(
    chosenColumns.map((column) => ({ id: column.id, width: column.getSize(), priority: byId.get(column.id)?.column.priority })),
    viewportWidth,
    multi ? SELECT_WIDTH : 0,
  );
  const leafColumns = leftOut.size === 0 ? chosenColumns : chosenColumns.filter((column) => !leftOut.has(column.id));
  const shownIds = leafColumns.map((column) => column.id).join('\u0000');
  const shown = useMemo<ShownColumn<T>[]>(
    () =>
      shownIds
        .split('\u0000')
        .flatMap((columnId) => {
          const entry = byId.get(columnId);
          return entry ? [{ column: entry.column }] : [];
        }),
    [shownIds, byId],
  );
  // The export writes every chosen column, also those left out of the grid for room.
  const chosenIds = chosenColumns.map((column) => column.id).join('\u0000');
  const shownColumns = useMemo(() => chosenIds.split('\u0000').flatMap((columnId) => byId.get(columnId)?.column ?? []), [chosenIds, byId]);
  // Widths and alignment of the cells by their position, in one stylesheet for the grid: no
  // style attribute per cell, and a resize (a CSS variable) re-renders no row.
  const scope = `dt${gridId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const cellCss = useMemo(() => {
    const first = multi ? 2 : 1;
    return shown
      .map(({ column }, k) => {
        const i = byId.get(column.id)?.i ?? 0;
        const align = column.align && column.align !== 'left' ? `text-align:${column.align};` : '';
        const digits = column.align === 'right' ? 'font-variant-numeric:tabular-nums;' : '';
        return `.${scope} .${classes.row}>:nth-child(${k + first}){width:var(--dt-c${i});${align}${digits}}`;
      })
      .join('\n');
  }, [shown, multi, scope, byId]);
  const cssVars: Record<string, string> = { '--dt-row-h': `${rowHeight}px` };
  let totalWidth = multi ? SELECT_WIDTH : 0;
  for (const column of leafColumns) {
    const entry = byId.get(column.id);
    if (entry) cssVars[`--dt-c${entry.i}`] = `${column.getSize()}px`;
    totalWidth += column.getSize();
  }
  cssVars['--dt-total'] = `${totalWidth}px`;

  // --- geometry ------------------------------------------------------------------------------
  const scrollerRef = useRef<HTMLDivElement>(null);
  const bodyHandle = useRef<GridBodyHandle<T>>(null);
  const [viewportHeight, setViewportHeight] = useState(0);
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return undefined;
    const measure = () => {
      setViewportHeight(Math.max(0, scroller.clientHeight - HEADER_HEIGHT));
      setViewportWidth(scroller.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  // The body reads the windows and reports the total (undefined while the first one loads).
  const [total, setTotal] = useState<number | undefined>(undefined);
  const [failure, setFailure] = useState<{ error: Error; retry: () => void } | null>(null);
  const onError = useCallback((error: Error | null, retry: () => void) => setFailure(error ? { error, retry } : null), []);
  const count = total ?? 0;
  const geometry: BodyGeometry = bodyGeometry(count, rowHeight, viewportHeight);

  // --- active row, selection ---------------------------------------------------------------------
  const [active, setActive] = useState<number | null>(null);
  // The grid is one Tab stop (WAI-ARIA grid pattern): the arrows move inside it. Left / Right
  // pick a cell of the active row (null: the whole row), Up from the first row reaches the
  // header, whose cells sort with Enter or Space.
  const [activeCol, setActiveCol] = useState<number | null>(null);
  const [headerCol, setHeaderCol] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlyMap<RowKey, T>>(() => new Map());
  // The toolbar on one row: its tools as icons, then the screen told it is crowded (toolbar-fit.ts);
  // tried roomy again when the selection's actions come or go, or the language changes the labels.
  const { fit, toolbarRef, startRef, endRef } = useToolbarFit(`${selected.size > 0} ${labels.columns}`);
  const anchor = useRef<number | null>(null);

  const viewHash = hashKey(queryKey as QueryKey);
  const sortHash = `${sortKey ?? ''}:${direction}`;
  const previous = useRef({ viewHash, sortHash });
  useLayoutEffect(() => {
    const before = previous.current;
    if (before.viewHash === viewHash && before.sortHash === sortHash) return;
    previous.current = { viewHash, sortHash };
    // Another view or order: start again from its top.
    if (scrollerRef.current) scrollerRef.current.scrollTop = 0;
    setActive(null);
    setActiveCol(null);
    anchor.current = null;
    if (before.viewHash !== viewHash) setSelected(new Map());
  }, [viewHash, sortHash]);

  const notifySelection = useRef(onSelectionChange);
  useEffect(() => {
    notifySelection.current = onSelectionChange;
  });
  const firstSelectionRender = useRef(true);
  useEffect(() => {
    if (firstSelectionRender.current) {
      firstSelectionRender.current = false;
      return;
    }
    notifySelection.current?.([...selected.values()]);
  }, [selected]);

  const clearSelection = useCallback(() => setSelected(new Map()), []);
  const rowAt = (index: number): T | undefined => bodyHandle.current?.rowAt(index);

  const toggle = (index: number) => {
    const row = rowAt(index);
    if (row === undefined) return;
    const key = rowKey(row);
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(key)) next.delete(key);
      else next.set(key, row);
      return next;
    });
    anchor.current = index;
  };

  const selectRange = async (from: number, to: number) => {
    const [lo, hi] = from <= to ? [from, to] : [to, from];
    let rows: (T | undefined)[] = [];
    for (let i = lo; i <= hi; i++) rows.push(rowAt(i));
    if (rows.some((row) => row === undefined)) {
      rows = await loadRange({ queryClient, viewKey: queryKey, fetchWindow, sort: sortKey, direction, size: windowSize, from: lo, to: hi });
    }
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) if (row !== undefined) next.set(rowKey(row), row);
      return next;
    });
  };

  const open = (index: number) => {
    const row = rowAt(index);
    if (row !== undefined) onOpen?.(row, index);
  };

  const scrollToRow = (index: number) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const target = scrollOffsetToShow(geometry, index, scroller.scrollTop);
    if (target !== null) scroller.scrollTop = target;
  };

  const moveTo = (index: number, extend: boolean) => {
    if (count === 0) return;
    const next = Math.max(0, Math.min(count - 1, index));
    setActive(next);
    scrollToRow(next);
    if (multi && extend) void selectRange(anchor.current ?? active ?? next, next);
    else if (!extend) anchor.current = next;
  };

  const lastCol = leafColumns.length - 1;
  /** The header's keys: Left / Right along it, Down back to the rows, Enter or Space sorts. */
  const onHeaderKey = (event: KeyboardEvent<HTMLDivElement>, col: number): boolean => {
    switch (event.key) {
      case 'ArrowLeft':
        setHeaderCol(Math.max(0, col - 1));
        return true;
      case 'ArrowRight':
        setHeaderCol(Math.min(lastCol, col + 1));
        return true;
      case 'Home':
        setHeaderCol(0);
        return true;
      case 'End':
        setHeaderCol(lastCol);
        return true;
      case 'ArrowDown':
        setHeaderCol(null);
        setActiveCol(col);
        moveTo(0, false);
        return true;
      case 'Enter':
      case ' ': {
        const column = leafColumns[col];
        if (column?.getCanSort()) column.toggleSorting(undefined, false);
        return true;
      }
      case 'Escape':
      case 'Tab':
        setHeaderCol(null);
        return event.key === 'Escape';
      default:
        return false;
    }
  };

  /** Enter on a cell: its link or button when it has one (they are no Tab stops), else the row opens. */
  const activateCell = (index: number, col: number): boolean => {
    const cell = scrollerRef.current?.querySelector(`[id="${gridId}-r${index}-c${col}"]`);
    const control = cell?.querySelector<HTMLElement>('a[href], button, input, [role="button"], [role="link"]');
    if (!control) return false;
    control.click();
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (headerCol !== null) {
      if (onHeaderKey(event, Math.min(headerCol, lastCol))) event.preventDefault();
      return;
    }
    const current = active ?? -1;
    const page = Math.max(1, geometry.fullRows - 1);
    switch (event.key) {
      case 'ArrowDown':
        moveTo(current + 1, event.shiftKey);
        break;
      case 'ArrowUp':
        if (active === 0 && !event.shiftKey) {
          setHeaderCol(Math.min(activeCol ?? 0, lastCol));
          break;
        }
        moveTo(active === null ? 0 : current - 1, event.shiftKey);
        break;
      case 'ArrowRight':
        if (active === null) moveTo(0, false);
        setActiveCol(activeCol === null ? 0 : Math.min(lastCol, activeCol + 1));
        break;
      case 'ArrowLeft':
        if (activeCol === null) return;
        setActiveCol(activeCol === 0 ? null : activeCol - 1);
        break;
      case 'PageDown':
        moveTo(current + page, event.shiftKey);
        break;
      case 'PageUp':
        moveTo(Math.max(0, current - page), event.shiftKey);
        break;
      case 'Home':
        moveTo(0, event.shiftKey);
        break;
      case 'End':
        moveTo(count - 1, event.shiftKey);
        break;
      case 'Enter':
        if (active === null) return;
        if (activeCol !== null && activateCell(active, activeCol)) break;
        open(active);
        break;
      case ' ':
        if (!multi || active === null) return;
        toggle(active);
        break;
      case 'Escape':
        if (onEscape?.() === true) break;
        if (selected.size > 0) clearSelection();
        else if (activeCol !== null) setActiveCol(null);
        else if (active !== null) setActive(null);
        else return;
        break;
      case 'a': {
        if (!multi || !(event.ctrlKey || event.metaKey)) return;
        // Ctrl+A: the rows in view (a million rows are not selected by one key).
        const range = bodyHandle.current?.range();
        if (range) void selectRange(range.start, Math.min(range.end, count - 1));
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  };

  const rowIndexOf = (event: MouseEvent): number | null => {
    const rowElement = (event.target as Element).closest('[role="row"][aria-rowindex]');
    if (!rowElement || rowElement.getAttribute('aria-busy') === 'true') return null;
    const index = Number(rowElement.getAttribute('aria-rowindex')) - 2;
    return index >= 0 ? index : null;
  };

  const onMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (rowIndexOf(event) === null) return;
    // Shift+click selects rows, not text; a checkbox click keeps the focus on the grid.
    if (event.shiftKey || (event.target as Element).closest('[data-select]')) {
      event.preventDefault();
      scrollerRef.current?.focus({ preventScroll: true });
    }
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const index = rowIndexOf(event);
    if (index === null) return;
    setActive(index);
    setHeaderCol(null);
    // A link or button of a cell does its own thing (also when Enter clicks it): the row stays as it is.
    if ((event.target as Element).closest('[role="gridcell"] :is(a[href], button)')) return;
    if ((event.target as Element).closest('[data-select]')) {
      toggle(index);
      return;
    }
    if (multi && event.shiftKey) {
      void selectRange(anchor.current ?? index, index);
      return;
    }
    if (multi && (event.ctrlKey || event.metaKey)) {
      toggle(index);
      return;
    }
    anchor.current = index;
    if (openOn === 'click') open(index);
  };

  const onDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    const index = rowIndexOf(event);
    if (index !== null && openOn === 'doubleClick') open(index);
  };

  // --- render ---------------------------------------------------------------------------------
  const failedFirst = total === undefined && failure !== null;
  const isEmpty = total === 0;
  const toolbarContext = { selected: [...selected.values()], clearSelection, total, crowded: fit === 2 };
  const headerGroup = table.getHeaderGroups()[0];

  return (
    <div className={`${classes.root} ${scope}`} style={{ height }} data-testid={`data-table-${id}`}>
      <style>{cellCss}</style>
      <div ref={toolbarRef} className={classes.toolbar} data-fit={fit}>
        <div ref={startRef} className={classes.toolbarStart}>
          {typeof toolbar === 'function' ? toolbar(toolbarContext) : toolbar}
        </div>
        <div ref={endRef} className={classes.toolbarEnd}>
          {multi && selected.size > 0 && (
            <>
              <span className={classes.count} role="status">
                {labels.selectedCount(formatNumber(selected.size))}
              </span>
              <Button size="xs" variant="subtle" onClick={clearSelection}>
                {labels.clearSelection}
              </Button>
            </>
          )}
          <span className={classes.count} data-testid="row-count">
            {total === undefined ? '' : labels.rowsCount(formatNumber(total))}
          </span>
          <ColumnMenu
            columns={columns}
            visible={(columnId) => visibility[columnId] !== false}
            onToggle={(columnId, show) => table.getColumn(columnId)?.toggleVisibility(show)}
            density={density}
            onDensity={(value) => setDensityPref(id, value)}
            onReset={() => {
              resetPrefs(id);
              setSizing({});
            }}
            labels={labels}
            iconOnly={fit > 0}
          />
          {exportFileName !== false && (
            <ExportButton
              fileName={exportFileName ?? id}
              fetchWindow={fetchWindow}
              sort={sortKey}
              direction={direction}
              columns={shownColumns}
              total={total}
              labels={labels}
              iconOnly={fit > 0}
            />
          )}
        </div>
      </div>
      {failure && !failedFirst && (
        <Alert className={classes.banner} color="red" variant="light" title={labels.loadFailed} role="alert" data-testid="data-table-error" py={6}>
          {errorText(failure.error)}{' '}
          <Button size="compact-xs" variant="default" onClick={failure.retry} ml={6}>
            {labels.retry}
          </Button>
        </Alert>
      )}
      <div className={classes.viewport}>
        <div
          ref={scrollerRef}
          className={classes.scroller}
          role="grid"
          aria-label={label}
          aria-rowcount={total === undefined ? -1 : total + 1}
          aria-colcount={shown.length + (multi ? 1 : 0)}
          aria-multiselectable={multi || undefined}
          aria-busy={(total === undefined && !failedFirst) || undefined}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onMouseDown={onMouseDown}
          onClick={onClick}
          onDoubleClick={onDoubleClick}
          style={cssVars as CSSProperties}
        >
          <div role="rowgroup" className={classes.headerGroup}>
            <div role="row" aria-rowindex={1} className={classes.header} style={{ width: totalWidth }}>
              {multi && (
                <div role="columnheader" className={`${classes.th} ${classes.selectCell}`}>
                  <input
                    type="checkbox"
                    className={classes.check}
                    aria-label={labels.clearSelection}
                    tabIndex={-1}
                    checked={selected.size > 0}
                    ref={(element) => {
                      if (element) element.indeterminate = selected.size > 0 && total !== undefined && selected.size < total;
                    }}
                    disabled={selected.size === 0}
                    onChange={clearSelection}
                  />
                </div>
              )}
              {headerGroup?.headers.map((header) => {
                const entry = byId.get(header.column.id);
                if (!entry || leftOut.has(header.column.id)) return null;
                const col = leafColumns.findIndex((leaf) => leaf.id === header.column.id);
                const { column } = entry;
                const sorted = header.column.getIsSorted();
                const resize = header.getResizeHandler();
                return (
                  <div
                    key={header.id}
                    role="columnheader"
                    id={`${gridId}-h${col}`}
                    className={classes.th}
                    data-align={column.align}
                    data-active={headerCol === col || undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    style={{ width: `var(--dt-c${entry.i})` }}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        tabIndex={-1}
                        className={classes.sortButton}
                        data-sorted={sorted || undefined}
                        onClick={header.column.getToggleSortingHandler()}
                        title={labels.sortBy(column.header)}
                      >
                        <span className={classes.headerText}>{column.header}</span>
                        <SortIcon sorted={sorted} />
                      </button>
                    ) : (
                      <span className={classes.headerText}>{column.header}</span>
                    )}
                    <div
                      className={classes.resizer}
                      data-resizing={header.column.getIsResizing() || undefined}
                      aria-hidden="true"
                      title={labels.resizeColumn(column.header)}
                      onMouseDown={resize}
                      onTouchStart={resize}
                      onDoubleClick={() => header.column.resetSize()}
                      onClick={(event) => event.stopPropagation()}
                    />
                  </div>
                );
              })}
              <div className={classes.filler} role="presentation" />
            </div>
          </div>
          <GridBody<T>
            handle={bodyHandle}
            scrollerRef={scrollerRef}
            gridId={gridId}
            total={total}
            onTotal={setTotal}
            onError={onError}
            rowHeight={rowHeight}
            viewportHeight={viewportHeight}
            viewKey={queryKey}
            fetchWindow={fetchWindow}
            sort={sortKey}
            direction={direction}
            windowSize={windowSize}
            columns={shown}
            totalWidth={totalWidth}
            rowKey={rowKey}
            multi={multi}
            selected={selected}
            active={active}
            activeCol={activeCol}
            headerCol={headerCol}
            openKey={openKey}
            hidden={isEmpty || failedFirst}
          />
        </div>
        {isEmpty && (
          <div className={classes.overlay}>
            <EmptyState title={empty?.title ?? labels.emptyTitle} description={empty?.description} data-testid="data-table-empty">
              {empty?.action && <EmptyState.Actions>{empty.action}</EmptyState.Actions>}
            </EmptyState>
          </div>
        )}
        {failedFirst && failure && (
          <div className={classes.overlay}>
            <Alert color="red" variant="light" title={labels.loadFailed} role="alert" data-testid="data-table-error" maw={560}>
              <div>{errorText(failure.error)}</div>
              <Button mt="sm" size="xs" variant="default" onClick={failure.retry}>
                {labels.retry}
              </Button>
            </Alert>
          </div>
        )}
      </div>
    </div>
  );
}
