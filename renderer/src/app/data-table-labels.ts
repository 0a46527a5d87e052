import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableLabels } from '../components/data-table/index.ts';

/**
 * The DataTable's texts in the interface's language: a list screen passes them as `labels`.
 * Partial (the table falls back to its English defaults) so a label the table gains does not
 * break the build before its translation is added here.
 */
export function useDataTableLabels(): Partial<DataTableLabels> {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => ({
      columns: t('dataTable.columns'),
      density: t('dataTable.density'),
      densities: {
        compact: t('dataTable.densities.compact'),
        normal: t('dataTable.densities.normal'),
        comfortable: t('dataTable.densities.comfortable'),
      },
      resetColumns: t('dataTable.resetColumns'),
      exportCsv: t('dataTable.exportCsv'),
      exporting: (done: string, total: string) => t('dataTable.exporting', { done, total }),
      exported: (rows: string, where: string) => t('dataTable.exported', { rows, where }),
      exportFailed: t('dataTable.exportFailed'),
      cancel: t('dataTable.cancel'),
      retry: t('dataTable.retry'),
      loadFailed: t('dataTable.loadFailed'),
      emptyTitle: t('dataTable.emptyTitle'),
      clearSelection: t('dataTable.clearSelection'),
      selectedCount: (n: string) => t('dataTable.selectedCount', { n }),
      // The count for the plural form (ro: 1 rând, 2 rânduri, 20 de rânduri), `n` as it is shown.
      rowsCount: (n: string) => t('dataTable.rowsCount', { n, count: Number(n.replace(/\D/g, '')) }),
      sortBy: (header: string) => t('dataTable.sortBy', { header }),
      resizeColumn: (header: string) => t('dataTable.resizeColumn', { header }),
    }) as Partial<DataTableLabels>,
    // i18n.language: new functions when the language changes.
    [t, i18n.language],
  );
}
