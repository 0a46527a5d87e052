import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/data-table/index.ts';
import { ChoiceFilter, ClientFilter, DateRangeFilter, MoreFilters, SearchFilter } from '../documents-common/filters.tsx';
import { ListScreen } from '../documents-common/ListScreen.tsx';
import { useListScreen } from '../documents-common/use-list-screen.ts';
import { useSaleColumns, type SaleRow } from './columns.tsx';
import { SaleDetail } from './SaleDetail.tsx';

/** lists.sales payment_state: the overview links to `?payment_state=unpaid`. */
const PAYMENT_STATES = ['unpaid', 'partly_paid', 'paid'] as const;
type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * Documents › Sales receipts: every sale of the account in one table (any page, any sort of an
 * indexed column, newest first by default), filtered by date range, client, flags and free text,
 * the open one in the detail beside it. The address holds all of it.
 */
export function SalesScreen() {
  const { t } = useTranslation();
  const state = useListScreen('lists.sales', 'bv_id');
  const { companyId, search, patch } = state;
  const columns = useSaleColumns() as DataTableColumn<SaleRow>[];

  const client = (inPopover: boolean) => <ClientFilter companyId={companyId} value={search.client_id} onChange={(client_id) => patch({ client_id })} inPopover={inPopover} />;

  return (
    <ListScreen
      screen="sales"
      op="lists.sales"
      tableId="sales"
      state={state}
      columns={columns}
      rowKey={(s) => s.bv_id}
      selectable={{ fileName: `bonuri-${companyId}-selectie` }}
      exportFileName={`bonuri-${companyId}`}
      empty={{ title: t('sales.empty.title'), description: t('sales.empty.none') }}
      emptyFiltered={{ title: t('sales.empty.title'), description: t('sales.empty.filtered') }}
      // compact: a record open beside the table, or a toolbar short of room (ListScreen): what is secondary moves behind "Filters".
      filters={(compact) => (
        <>
          <SearchFilter value={search.q} onChange={(q) => patch({ q }, true)} label={t('sales.filters.search')} placeholder={t('sales.filters.searchPlaceholder')} width={160} />
          <DateRangeFilter from={search.date_from} through={search.date_through} onChange={(date_from, date_through) => patch({ date_from, date_through })} width={190} />
          <ChoiceFilter
            label={t('sales.filters.payment')}
            any={t('sales.filters.paymentAny')}
            data={PAYMENT_STATES.map((value) => ({ value, label: t(`sales.filters.paymentState.${value}`) }))}
            value={search.payment_state}
            onChange={(value) => patch({ payment_state: value as PaymentState | undefined })}
            testId="filter-payment-state"
            width={140}
          />
          {!compact && client(false)}
          <MoreFilters
            flags={[
              { key: 'cancelled', label: t('documents.common.filters.cancelled'), value: search.cancelled },
              { key: 'invoiced', label: t('sales.filters.invoiced'), value: search.invoiced },
              { key: 'added_by_api', label: t('sales.filters.addedByApi'), value: search.added_by_api },
            ]}
            onChange={(key, value) => patch({ [key]: value })}
            {...(compact && { extra: client(true), extraCount: search.client_id === undefined ? 0 : 1 })}
          />
        </>
      )}
      detail={(id) => <SaleDetail key={id} companyId={companyId} bvId={id} onClose={() => state.setOpen(null)} />}
    />
  );
}
