import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, useListSource, type DataTableColumn, type ListOperation, type ListRow } from '../../components/data-table/index.ts';
import { ListDetailLayout } from '../../components/detail/index.ts';
import { useDataTableLabels } from '../../app/data-table-labels.ts';
import { PageHeader } from '../../app/shell/PageHeader.tsx';
import type { ScreenId } from '../../app/nav.ts';
import { ClearFilters, FilterBar } from './filters.tsx';
import { SelectionActions } from './SelectionActions.tsx';
import type { PrintKind } from './PrintSelected.tsx';
import type { ListScreenState } from './use-list-screen.ts';
import { SavedViews } from '../../components/saved-views/index.ts';

interface ListScreenProps<K extends ListOperation> {
  screen: ScreenId;
  op: K;
  state: ListScreenState<K>;
  columns: readonly DataTableColumn<ListRow<K>>[];
  rowKey: (row: ListRow<K>) => number;
  /**
   * The filter controls (the toolbar's left part); "Clear filters" is added when a filter is set.
   * As a function, told `compact` while a record is open beside the table or the toolbar is
   * crowded (DataTable): the screen then moves its secondary filters behind "Filters".
   */
  filters: ReactNode | ((compact: boolean) => ReactNode);
  /** The empty state without filters: what has none yet and where they come from. */
  empty: { title: string; description: string };
  /** The empty state with filters: its title (the common hint below it), or both. */
  emptyFiltered: string | { title: string; description: string };
  /**
   * Several rows at once (sales, payments): copy their ids, export them to `<fileName>.csv`;
   * `print`: the list's documents (invoices, proformas, AWB labels) printed as one PDF.
   */
  selectable?: { fileName: string; print?: PrintKind };
  /** The table's id (its column preferences are kept under it); `documents-<screen>` by default. */
  tableId?: string;
  /** The open record's panel (rendered only while `open` is in the address). */
  detail: (id: number) => ReactNode;
  exportFileName: string;
}

/**
 * A document screen: its title, the table of its list operation (server-side window, sort and
 * filters from the address) and the open record's panel on the side. Enter / a click opens a
 * row (`?open=id`), Esc closes the panel first.
 */
export function ListScreen<K extends ListOperation>({ screen, op, state, columns, rowKey, filters, empty, emptyFiltered, selectable, tableId, detail, exportFileName }: ListScreenProps<K>) {
  const { t } = useTranslation();
  const labels = useDataTableLabels();
  const source = useListSource(op, state.filters);
  const { open, setOpen, filtered, clearFilters } = state;
  const id = tableId ?? `documents-${screen}`;
  return (
    <div data-testid={`screen-${screen}`}>
      <PageHeader screen={screen} />
      <ListDetailLayout
        table={
          <DataTable<ListRow<K>>
            id={id}
            label={t(`screens.${screen}.title`)}
            columns={columns}
            rowKey={rowKey}
            {...source}
            sort={state.sort}
            onSortChange={state.setSort}
            {...(selectable && { selection: 'multi' as const })}
            toolbar={({ selected, crowded }) => (
              <>
                {selectable && (
                  <SelectionActions
                    tableId={id}
                    selected={selected}
                    columns={columns}
                    idOf={rowKey}
                    fileName={selectable.fileName}
                    {...(selectable.print && { print: { companyId: state.companyId, kind: selectable.print } })}
                  />
                )}
                <SavedViews tableId={id} />
                <FilterBar>
                  {typeof filters === 'function' ? filters(open !== undefined || crowded) : filters}
                  {filtered && <ClearFilters onClear={clearFilters} />}
                </FilterBar>
              </>
            )}
            onOpen={(row) => setOpen(rowKey(row))}
            openKey={open ?? null}
            onEscape={() => {
              if (open === undefined) return false;
              setOpen(null);
              return true;
            }}
            empty={
              filtered
                ? {
                    ...(typeof emptyFiltered === 'string' ? { title: emptyFiltered, description: t('documents.common.empty.filteredHint') } : emptyFiltered),
                    action: <ClearFilters onClear={clearFilters} variant="light" />,
                  }
                : empty
            }
            exportFileName={exportFileName}
            labels={labels}
          />
        }
        detail={open !== undefined ? detail(open) : undefined}
      />
    </div>
  );
}
