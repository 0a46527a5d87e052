import { Button, Group } from '@mantine/core';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../api/operations.ts';
import { useDataTableLabels } from '../../app/data-table-labels.ts';
import type { ScreenSearch } from '../../app/search.ts';
import { PageHeader } from '../../app/shell/PageHeader.tsx';
import { DataTable, useListSource, type DataTableColumn, type SortState } from '../../components/data-table/index.ts';
import { ListDetailLayout } from '../../components/detail/index.ts';
import { useSaleColumns, type SaleRow } from './columns.tsx';
import { ClientFilter, DateRangeFilter, MoreFilters, SearchFilter } from './ListFilters.tsx';
import { SaleDetail } from './SaleDetail.tsx';
import { SelectionActions } from './SelectionActions.tsx';

const ROUTE = '/c/$companyId/documents/sales';
type Search = ScreenSearch<'lists.sales'>;
const FILTER_KEYS = ['q', 'client_id', 'cancelled', 'invoiced', 'added_by_api', 'date_from', 'date_through'] as const;
const DEFAULT_SORT: SortState = { key: 'bv_id', direction: 'desc' };

/**
 * Documents › Sales receipts: every sale of the account in one table (any page, any sort of an
 * indexed column, newest first by default), filtered by date range, client, flags and free text,
 * the open one in the detail beside it. The address holds all of it.
 */
export function SalesScreen() {
  const { t } = useTranslation();
  const { companyId } = useParams({ from: ROUTE });
  const search = useSearch({ from: ROUTE });
  const navigate = useNavigate({ from: ROUTE });
  const labels = useDataTableLabels();
  const columns = useSaleColumns();

  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, search[key]]).filter(([, v]) => v !== undefined)) as Pick<Search, (typeof FILTER_KEYS)[number]>;
  const filtered = Object.keys(filters).length > 0;
  const source = useListSource('lists.sales', { company_id: companyId, ...filters });
  const update = (patch: Partial<Search>, replace = false) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  const clear = () => update(Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])));

  // The chosen client's name, read from one of their sales (the contact list has no id filter).
  const clientSale = useOperation('lists.sales', { company_id: companyId, client_id: search.client_id ?? 0, limit: 1 }, { enabled: search.client_id !== undefined });

  // A record open beside the table leaves it narrow: the client filter moves behind "Filters".
  const compact = search.open !== undefined;
  const client = (inPopover: boolean) => (
    <ClientFilter
      companyId={companyId}
      value={search.client_id}
      knownName={clientSale.data?.rows[0]?.client_name}
      onChange={(client_id) => update({ client_id })}
      inPopover={inPopover}
    />
  );

  const sort: SortState = search.sort ? { key: search.sort, direction: search.direction ?? 'desc' } : DEFAULT_SORT;

  return (
    <div data-testid="screen-sales">
      <PageHeader screen="sales" />
      <ListDetailLayout
        table={
          <DataTable<SaleRow>
            id="sales"
            label={t('sales.label')}
            labels={labels}
            columns={columns as DataTableColumn<SaleRow>[]}
            rowKey={(s) => s.bv_id}
            {...source}
            sort={sort}
            onSortChange={(next) => {
              const isDefault = next.key === DEFAULT_SORT.key && next.direction === DEFAULT_SORT.direction;
              update({ sort: isDefault ? undefined : (next.key as Search['sort']), direction: isDefault ? undefined : next.direction });
            }}
            selection="multi"
            onOpen={(s) => update({ open: s.bv_id })}
            openKey={search.open ?? null}
            onEscape={() => (search.open !== undefined ? (update({ open: undefined }), true) : false)}
            toolbar={({ selected }) => (
              <Group gap={6} wrap="wrap">
                <SelectionActions tableId="sales" selected={selected} columns={columns as DataTableColumn<SaleRow>[]} idOf={(s) => s.bv_id} fileName={`bonuri-${companyId}-selectie`} />
                <SearchFilter value={search.q} onChange={(q) => update({ q }, true)} />
                <DateRangeFilter from={search.date_from} through={search.date_through} onChange={(range) => update(range)} />
                {!compact && client(false)}
                <MoreFilters
                  flags={[
                    { key: 'cancelled', label: t('sales.filters.cancelled'), value: search.cancelled },
                    { key: 'invoiced', label: t('sales.filters.invoiced'), value: search.invoiced },
                    { key: 'added_by_api', label: t('sales.filters.addedByApi'), value: search.added_by_api },
                  ]}
                  onChange={(key, value) => update({ [key]: value })}
                  {...(compact && { extra: client(true), extraCount: search.client_id === undefined ? 0 : 1 })}
                />
                {filtered && (
                  <Button size="xs" variant="subtle" onClick={clear} data-testid="filters-clear">
                    {t('sales.filters.clear')}
                  </Button>
                )}
              </Group>
            )}
            empty={{
              title: t('sales.empty.title'),
              description: filtered ? t('sales.empty.filtered') : t('sales.empty.none'),
              ...(filtered && { action: <Button size="xs" onClick={clear}>{t('sales.filters.clear')}</Button> }),
            }}
            exportFileName={`bonuri-${companyId}`}
          />
        }
        detail={search.open !== undefined ? <SaleDetail key={search.open} companyId={companyId} bvId={search.open} onClose={() => update({ open: undefined })} /> : undefined}
      />
    </div>
  );
}
