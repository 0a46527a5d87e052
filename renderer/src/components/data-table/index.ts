/** The table of every list screen: see README.md in this folder. */
export { DataTable } from './DataTable.tsx';
export type { DataTableColumn, DataTableLabels, DataTableProps, DataTableToolbarContext, FetchWindow, RowWindow, SortDirection, SortState } from './types.ts';
export { dateColumn, formatDate, formatMoney, formatNumber, moneyColumn, numberColumn, Pill, textColumn, LOCALE } from './cells.tsx';
export { useListSource, type ListFilters, type ListOperation, type ListRow, type ListSortKey } from './list-source.ts';
export { useTablePrefs, PREFS_STORAGE_KEY, ROW_HEIGHT, type Density, type TablePrefs } from './prefs-store.ts';
export { csvField, csvLine, EXPORT_WINDOW } from './csv.ts';
export { defaultLabels } from './labels.ts';
