import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

/** The server-side sort: one of the operation's `sort` values and a direction. */
export interface SortState {
  key: string;
  direction: SortDirection;
}

/** One window of a list, as every `lists.*` operation answers it. */
export interface RowWindow<T> {
  rows: readonly T[];
  /** Rows matching the filters in all windows. */
  total: number;
}

/**
 * Reads rows `offset .. offset + limit - 1` of the current view (the caller's filters), sorted by
 * `sort` / `direction` (`sort` undefined: the operation's default). `limit` is at most 500.
 * Abort the request when `signal` fires (the window scrolled away, the export was cancelled).
 */
export type FetchWindow<T> = (
  offset: number,
  limit: number,
  sort: string | undefined,
  direction: SortDirection,
  signal?: AbortSignal,
) => Promise<RowWindow<T>>;

/**
 * One column. `S` narrows `sortKey` to the operation's sorts, e.g.
 * `DataTableColumn<ListRow<'lists.sales'>, ListSortKey<'lists.sales'>>`.
 */
export interface DataTableColumn<T, S extends string = string> {
  /** Stable id: the preferences (hidden, width) are stored under it. */
  id: string;
  /** Header text; also the column chooser's label and the CSV header. */
  header: string;
  /** The cell's value (for display when there is no `cell`, and for the CSV). Default: `row[id]`. */
  value?: (row: T) => unknown;
  /** Turns `value` into the cell's text (number and date helpers set it). */
  format?: (value: unknown, row: T) => string;
  /** Renders the cell (wins over `format`). Keep it cheap: it runs for every row scrolled into view. */
  cell?: (row: T, index: number) => ReactNode;
  /** The CSV field; default `value(row)` as is (numbers with a dot, dates as the API writes them). */
  csv?: (row: T) => string | number | boolean | null | undefined;
  /** `right` for numbers and money. */
  align?: 'left' | 'right' | 'center';
  /** Initial width in px (default 150); the user can resize it. */
  width?: number;
  minWidth?: number;
  maxWidth?: number;
  /** The operation's `sort` value this column sorts by; without it the header does not sort. */
  sortKey?: S;
  /** The first click sorts descending (dates, amounts, ids: newest / largest first). */
  sortDescFirst?: boolean;
  /** False: always shown, not offered in the column chooser. */
  hideable?: boolean;
  /** Hidden until the user shows it in the column chooser. */
  defaultHidden?: boolean;
  /**
   * What stays when the grid is too narrow for its columns (a detail panel open beside it, a
   * small window): the `low` ones leave first, then `normal` (default), the rightmost first;
   * `high` ones (the record's number, its amounts, its status) leave only if nothing else can.
   * A column left out for room is still chosen: it comes back when there is room again.
   */
  priority?: ColumnPriority;
}

export type ColumnPriority = 'high' | 'normal' | 'low';

/** What a toolbar render function receives. */
export interface DataTableToolbarContext<T> {
  /** Rows selected in `multi` mode (in the order they were selected). */
  selected: readonly T[];
  clearSelection: () => void;
  /** Rows in the view (undefined until the first window answered). */
  total: number | undefined;
  /**
   * The toolbar does not fit on one row even with the table's tools as icons: the screen moves
   * what it can (secondary filters) behind a menu (toolbar-fit.ts).
   */
  crowded: boolean;
}

export interface DataTableLabels {
  columns: string;
  density: string;
  densities: Record<'compact' | 'normal' | 'comfortable', string>;
  resetColumns: string;
  exportCsv: string;
  exporting: (done: string, total: string) => string;
  exported: (rows: string, where: string) => string;
  exportFailed: string;
  cancel: string;
  retry: string;
  loadFailed: string;
  emptyTitle: string;
  clearSelection: string;
  selectedCount: (count: string) => string;
  rowsCount: (count: string) => string;
  sortBy: (header: string) => string;
  resizeColumn: (header: string) => string;
}

export interface DataTableProps<T> {
  /** Key of the user's preferences for this table (hidden columns, widths, density), e.g. `sales`. */
  id: string;
  /** The grid's accessible name, e.g. "Sales receipts". */
  label: string;
  columns: readonly DataTableColumn<T>[];
  /**
   * Identifies the view for the query cache, without the window and the sort: by convention
   * `[operation, input]`, e.g. `['lists.sales', { company_id: 1, cancelled: false }]`, so
   * invalidating `['lists.sales']` refreshes every open sales table. A new key (other filters)
   * starts again from the top.
   */
  queryKey: readonly unknown[];
  fetchWindow: FetchWindow<T>;
  /** The record's id (bv_id, product_id ...): selection and the open record are kept by it. */
  rowKey: (row: T) => string | number;
  /** `multi`: checkboxes, Space, Ctrl/Shift+click; the selection goes to the toolbar and `onSelectionChange`. */
  selection?: 'none' | 'multi';
  onSelectionChange?: (rows: readonly T[]) => void;
  /** Enter, a double click, or (with `openOn: 'click'`, the default) a click on a row. */
  onOpen?: (row: T, index: number) => void;
  openOn?: 'click' | 'doubleClick';
  /** The key of the record the screen shows (its detail panel): that row is marked. */
  openKey?: string | number | null;
  /**
   * Esc in the grid: called first (close the detail panel); return `true` when it did something,
   * else Esc clears the selection, then the active row.
   */
  onEscape?: () => boolean | void;
  /** Controlled sort (from the URL); with `onSortChange`. */
  sort?: SortState;
  /** The sort before the user picks one (uncontrolled). Default: the operation's (`sort` undefined, descending). */
  defaultSort?: SortState;
  onSortChange?: (sort: SortState) => void;
  /** Left part of the toolbar: filters, actions on the selection. */
  toolbar?: ReactNode | ((context: DataTableToolbarContext<T>) => ReactNode);
  /** Shown when the view has no rows: say what to do, and offer the action. */
  empty?: { title?: string; description?: ReactNode; action?: ReactNode };
  /** Name of the exported file, without `.csv` (default: the table id). False: no export button. */
  exportFileName?: string | false;
  /** Rows per window fetched while scrolling (default 200, at most 500). */
  windowSize?: number;
  /** Texts, for translation. */
  labels?: Partial<DataTableLabels>;
  /** Height of the whole table (toolbar included); default 100% of its parent. */
  height?: number | string;
}
