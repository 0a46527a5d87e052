import { useCallback, useEffect, useState } from 'react';
import { Button, Group, NumberInput, Select } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../api/operations.ts';
import { useDataTableLabels } from '../../app/data-table-labels.ts';
import type { ScreenSearch } from '../../app/search.ts';
import { PageHeader } from '../../app/shell/PageHeader.tsx';
import { DataTable, useListSource, type DataTableColumn, type SortState } from '../../components/data-table/index.ts';
import { ListDetailLayout } from '../../components/detail/index.ts';
import { ClientFilter, DateRangeFilter, MoreFilters, SearchFilter } from '../sales/ListFilters.tsx';
import { SelectionActions } from '../sales/SelectionActions.tsx';
import { usePaymentColumns, type PaymentRow } from './columns.tsx';
import { PaymentDetail } from './PaymentDetail.tsx';

const ROUTE = '/c/$companyId/documents/payments';
type Search = ScreenSearch<'lists.payments'>;
const FILTER_KEYS = ['q', 'client_id', 'bv_id', 'payment_type', 'cancelled', 'date_from', 'date_through'] as const;
const DEFAULT_SORT: SortState = { key: 'incasare_id', direction: 'desc' };

/** The sale filter (bv_id): a number typed, sent after a pause. */
function SaleFilter({ value, onChange, inPopover }: { value: number | undefined; onChange: (bvId: number | undefined) => void; inPopover: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | number>(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const commit = useDebouncedCallback((next: string | number) => {
    const n = Number(next);
    onChange(next !== '' && Number.isInteger(n) && n >= 1 ? n : undefined);
  }, 350);
  return (
    <NumberInput
      size="xs"
      w={inPopover ? '100%' : 100}
      label={inPopover ? t('payments.filters.sale') : undefined}
      aria-label={inPopover ? undefined : t('payments.filters.sale')}
      placeholder={t('payments.filters.salePlaceholder')}
      value={text}
      onChange={(next) => {
        setText(next);
        commit(next);
      }}
      allowDecimal={false}
      allowNegative={false}
      hideControls
      data-testid="filter-bv-id"
    />
  );
}

/**
 * Documents › Payments (încasări): every payment of the account, filtered by date range, client,
 * payment type, sale and cancelled; the open one beside the list with its allocations.
 */
export function PaymentsScreen() {
  const { t } = useTranslation();
  const { companyId } = useParams({ from: ROUTE });
  const search = useSearch({ from: ROUTE });
  const navigate = useNavigate({ from: ROUTE });
  const labels = useDataTableLabels();
  const types = useOperation('payments.types', { company_id: companyId });
  const typeName = useCallback((code: string) => types.data?.find((pt) => pt.code === code)?.name ?? code, [types.data]);
  const columns = usePaymentColumns(typeName) as DataTableColumn<PaymentRow>[];

  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, search[key]]).filter(([, v]) => v !== undefined)) as Pick<Search, (typeof FILTER_KEYS)[number]>;
  const filtered = Object.keys(filters).length > 0;
  const source = useListSource('lists.payments', { company_id: companyId, ...filters });
  const update = (patch: Partial<Search>, replace = false) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  const clear = () => update(Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])));
  const clientPayment = useOperation('lists.payments', { company_id: companyId, client_id: search.client_id ?? 0, limit: 1 }, { enabled: search.client_id !== undefined });
  // A record open beside the table leaves it narrow: client, type and sale move behind "Filters".
  const compact = search.open !== undefined;
  const secondary = (inPopover: boolean) => (
    <>
      <ClientFilter companyId={companyId} value={search.client_id} knownName={clientPayment.data?.rows[0]?.client_name} onChange={(client_id) => update({ client_id })} inPopover={inPopover} />
      <Select
        size="xs"
        w={inPopover ? '100%' : 150}
        label={inPopover ? t('payments.filters.type') : undefined}
        aria-label={inPopover ? undefined : t('payments.filters.type')}
        placeholder={t('payments.filters.typePlaceholder')}
        clearable
        clearButtonProps={{ 'aria-label': t('payments.filters.clearType') }}
        data={(types.data ?? []).map((pt) => ({ value: pt.code, label: pt.name }))}
        value={search.payment_type ?? null}
        onChange={(code) => update({ payment_type: code ?? undefined })}
        comboboxProps={{ withinPortal: !inPopover }}
        data-testid="filter-payment-type"
      />
      <SaleFilter value={search.bv_id} onChange={(bv_id) => update({ bv_id }, true)} inPopover={inPopover} />
    </>
  );

  const sort: SortState = search.sort ? { key: search.sort, direction: search.direction ?? 'desc' } : DEFAULT_SORT;

  return (
    <div data-testid="screen-payments">
      <PageHeader screen="payments" />
      <ListDetailLayout
        table={
          <DataTable<PaymentRow>
            id="payments"
            label={t('payments.label')}
            labels={labels}
            columns={columns}
            rowKey={(p) => p.incasare_id}
            {...source}
            sort={sort}
            onSortChange={(next) => {
              const isDefault = next.key === DEFAULT_SORT.key && next.direction === DEFAULT_SORT.direction;
              update({ sort: isDefault ? undefined : (next.key as Search['sort']), direction: isDefault ? undefined : next.direction });
            }}
            selection="multi"
            onOpen={(p) => update({ open: p.incasare_id })}
            openKey={search.open ?? null}
            onEscape={() => (search.open !== undefined ? (update({ open: undefined }), true) : false)}
            toolbar={({ selected }) => (
              <Group gap={6} wrap="wrap">
                <SelectionActions tableId="payments" selected={selected} columns={columns} idOf={(p) => p.incasare_id} fileName={`incasari-${companyId}-selectie`} />
                <SearchFilter value={search.q} onChange={(q) => update({ q }, true)} />
                <DateRangeFilter from={search.date_from} through={search.date_through} onChange={(range) => update(range)} />
                {!compact && secondary(false)}
                <MoreFilters
                  flags={[{ key: 'cancelled', label: t('sales.filters.cancelled'), value: search.cancelled }]}
                  onChange={(key, value) => update({ [key]: value })}
                  {...(compact && {
                    extra: secondary(true),
                    extraCount: [search.client_id, search.payment_type, search.bv_id].filter((v) => v !== undefined).length,
                  })}
                />
                {filtered && (
                  <Button size="xs" variant="subtle" onClick={clear} data-testid="filters-clear">
                    {t('sales.filters.clear')}
                  </Button>
                )}
              </Group>
            )}
            empty={{
              title: t('payments.empty.title'),
              description: filtered ? t('payments.empty.filtered') : t('payments.empty.none'),
              ...(filtered && { action: <Button size="xs" onClick={clear}>{t('sales.filters.clear')}</Button> }),
            }}
            exportFileName={`incasari-${companyId}`}
          />
        }
        detail={
          search.open !== undefined ? (
            <PaymentDetail key={search.open} companyId={companyId} incasareId={search.open} typeName={typeName} onClose={() => update({ open: undefined })} />
          ) : undefined
        }
      />
    </div>
  );
}
