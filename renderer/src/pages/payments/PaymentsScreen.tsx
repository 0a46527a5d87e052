import { useCallback, useEffect, useState } from 'react';
import { NumberInput, Select } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../api/operations.ts';
import type { DataTableColumn } from '../../components/data-table/index.ts';
import { ClientFilter, DateRangeFilter, MoreFilters, SearchFilter } from '../documents-common/filters.tsx';
import { ListScreen } from '../documents-common/ListScreen.tsx';
import { useListScreen } from '../documents-common/use-list-screen.ts';
import { usePaymentColumns, type PaymentRow } from './columns.tsx';
import { PaymentDetail } from './PaymentDetail.tsx';

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
  const state = useListScreen('lists.payments', 'incasare_id');
  const { companyId, search, patch } = state;
  const types = useOperation('payments.types', { company_id: companyId });
  const typeName = useCallback((code: string) => types.data?.find((pt) => pt.code === code)?.name ?? code, [types.data]);
  const columns = usePaymentColumns(typeName) as DataTableColumn<PaymentRow>[];

  const secondary = (inPopover: boolean) => (
    <>
      <ClientFilter companyId={companyId} value={search.client_id} onChange={(client_id) => patch({ client_id })} inPopover={inPopover} />
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
        onChange={(code) => patch({ payment_type: code ?? undefined })}
        comboboxProps={{ withinPortal: !inPopover }}
        data-testid="filter-payment-type"
      />
      <SaleFilter value={search.bv_id} onChange={(bv_id) => patch({ bv_id }, true)} inPopover={inPopover} />
    </>
  );

  return (
    <ListScreen
      screen="payments"
      op="lists.payments"
      tableId="payments"
      state={state}
      columns={columns}
      rowKey={(p) => p.incasare_id}
      selectable={{ fileName: `incasari-${companyId}-selectie` }}
      exportFileName={`incasari-${companyId}`}
      empty={{ title: t('payments.empty.title'), description: t('payments.empty.none') }}
      emptyFiltered={{ title: t('payments.empty.title'), description: t('payments.empty.filtered') }}
      // compact: a record open beside the table, or a toolbar short of room (ListScreen): what is secondary moves behind "Filters".
      filters={(compact) => (
        <>
          <SearchFilter value={search.q} onChange={(q) => patch({ q }, true)} label={t('sales.filters.search')} placeholder={t('sales.filters.searchPlaceholder')} width={160} />
          <DateRangeFilter from={search.date_from} through={search.date_through} onChange={(date_from, date_through) => patch({ date_from, date_through })} width={190} />
          {!compact && secondary(false)}
          <MoreFilters
            flags={[{ key: 'cancelled', label: t('documents.common.filters.cancelled'), value: search.cancelled }]}
            onChange={(key, value) => patch({ [key]: value })}
            {...(compact && {
              extra: secondary(true),
              extraCount: [search.client_id, search.payment_type, search.bv_id].filter((v) => v !== undefined).length,
            })}
          />
        </>
      )}
      detail={(id) => <PaymentDetail key={id} companyId={companyId} incasareId={id} typeName={typeName} onClose={() => state.setOpen(null)} />}
    />
  );
}
