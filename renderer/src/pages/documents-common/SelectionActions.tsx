import { Button, Group } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { notifyInfo } from '../../components/feedback/index.ts';
import { csvLine, useTablePrefs, type DataTableColumn } from '../../components/data-table/index.ts';
import { IconCopy } from '../../app/shell/icons.tsx';
import { saveBlob } from '../attachments/files.ts';
import { PrintSelected, type PrintKind } from './PrintSelected.tsx';

type CsvValue = Parameters<typeof csvLine>[0][number];

/** The selected rows as CSV: the columns the user shows (the table's preferences), raw values, a BOM for Excel. */
function selectedCsv<T>(tableId: string, columns: readonly DataTableColumn<T>[], rows: readonly T[]): string {
  const visibility = useTablePrefs.getState().tables[tableId]?.visibility ?? {};
  const shown = columns.filter((c) => visibility[c.id] ?? !c.defaultHidden);
  const value = (column: DataTableColumn<T>, row: T): CsvValue => {
    if (column.csv) return column.csv(row);
    const v = column.value ? column.value(row) : (row as Record<string, unknown>)[column.id];
    return v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : JSON.stringify(v);
  };
  return `\uFEFF${csvLine(shown.map((c) => c.header))}${rows.map((row) => csvLine(shown.map((c) => value(c, row)))).join('')}`;
}

/**
 * What applies to several rows of a document list at once: print them as one PDF (invoices,
 * proformas, AWB labels), copy their ids (to paste into a filter, a test or a REST call) and
 * export just them to CSV (the whole view has the table's own export).
 */
export function SelectionActions<T>({
  tableId,
  selected,
  columns,
  idOf,
  fileName,
  print,
}: {
  tableId: string;
  selected: readonly T[];
  columns: readonly DataTableColumn<T>[];
  idOf: (row: T) => number;
  fileName: string;
  /** Lists of printable documents: "Print selected" makes one PDF of them. */
  print?: { companyId: number; kind: PrintKind };
}) {
  const { t } = useTranslation();
  const clipboard = useClipboard({ timeout: 1500 });
  if (selected.length === 0) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="selection-actions">
      {print && <PrintSelected companyId={print.companyId} kind={print.kind} ids={selected.map(idOf)} />}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCopy size={14} />}
        onClick={() => {
          clipboard.copy(selected.map(idOf).join(','));
          notifyInfo(t('documents.common.selection.copiedIds', { count: selected.length }), 2500);
        }}
      >
        {t('documents.common.selection.copyIds')}
      </Button>
      <Button
        size="xs"
        variant="light"
        onClick={() => {
          const file = `${fileName}.csv`;
          saveBlob(file, new Blob([selectedCsv(tableId, columns, selected)], { type: 'text/csv;charset=utf-8' }));
          notifyInfo(t('documents.common.selection.exportedSelected', { count: selected.length, file }), 3000);
        }}
      >
        {t('documents.common.selection.exportSelected')}
      </Button>
    </Group>
  );
}
