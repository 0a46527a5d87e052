import type { DataTableLabels } from './types.ts';

/** English texts; a screen passes `labels` (from i18n) to translate them. */
export const defaultLabels: DataTableLabels = {
  columns: 'Columns',
  density: 'Density',
  densities: { compact: 'Compact', normal: 'Normal', comfortable: 'Comfortable' },
  resetColumns: 'Reset columns',
  exportCsv: 'Export CSV',
  exporting: (done, total) => `${done} / ${total} rows`,
  exported: (rows, where) => `Exported ${rows} rows (${where})`,
  exportFailed: 'Export failed',
  cancel: 'Cancel',
  retry: 'Retry',
  loadFailed: 'Could not load the rows',
  emptyTitle: 'Nothing here',
  clearSelection: 'Clear selection',
  selectedCount: (count) => `${count} selected`,
  rowsCount: (count) => `${count} rows`,
  sortBy: (header) => `Sort by ${header}`,
  resizeColumn: (header) => `Resize ${header}`,
};
