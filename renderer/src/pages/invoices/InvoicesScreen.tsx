import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn, moneyColumn, numberColumn, Pill, textColumn, type DataTableColumn, type ListRow, type ListSortKey } from '../../components/data-table/index.ts';
import { ClientFilter, DateRangeFilter, FilterChip, FlagFilter, MoreFilters, SearchFilter } from '../documents-common/filters.tsx';
import { formatDate } from '../../app/format.ts';
import { ListScreen } from '../documents-common/ListScreen.tsx';
import { paymentState, STATE_COLORS } from '../documents-common/detail-parts.tsx';
import { useListScreen } from '../documents-common/use-list-screen.ts';
import { InvoiceDetail } from './InvoiceDetail.tsx';

type Row = ListRow<'lists.invoices'>;
type Sort = ListSortKey<'lists.invoices'>;

/** Documents › Invoices: every invoice of the account, its payment state, the HTML and PDF. */
export function InvoicesScreen() {
  const { t } = useTranslation();
  const state = useListScreen('lists.invoices', 'bocp_id');
  const { companyId, search, patch } = state;

  const client = (inPopover: boolean) => <ClientFilter companyId={companyId} value={search.client_id} onChange={(client_id) => patch({ client_id })} inPopover={inPopover} width={160} />;

  const columns = useMemo<DataTableColumn<Row, Sort>[]>(
    () => [
      numberColumn('bocp_id', t('documents.invoices.columns.id'), (r) => r.bocp_id, { sortKey: 'bocp_id', sortDescFirst: true, width: 80 }),
      textColumn('number', t('documents.invoices.columns.number'), (r) => `${r.doc_series} ${r.doc_nr}`, { priority: 'high', width: 110 }),
      dateColumn('doc_date', t('documents.invoices.columns.date'), (r) => r.doc_date, { sortKey: 'doc_date', sortDescFirst: true }),
      dateColumn('doc_due_date', t('documents.invoices.columns.due'), (r) => r.doc_due_date, { priority: 'low', defaultHidden: true }),
      textColumn('client', t('documents.invoices.columns.client'), (r) => r.client_name, { width: 220 }),
      moneyColumn('total', t('documents.invoices.columns.total'), (r) => r.document_value_with_vat, (r) => r.currency, {
        priority: 'high',
        sortKey: 'document_value_with_vat',
        sortDescFirst: true,
      }),
      moneyColumn('rest', t('documents.invoices.columns.rest'), (r) => r.rest, (r) => r.currency, { priority: 'high' }),
      {
        id: 'state',
        priority: 'high',
        header: t('documents.invoices.columns.state'),
        width: 120,
        value: (r) => paymentState(r),
        cell: (r) => {
          const s = paymentState(r);
          return <Pill color={STATE_COLORS[s]}>{t(`documents.common.status.${s}`)}</Pill>;
        },
      },
      textColumn('efactura', t('documents.invoices.columns.efactura'), (r) => t(`documents.invoices.detail.efacturaStates.${r.efactura_status}`), { priority: 'low', defaultHidden: true, width: 110 }),
      dateColumn('last_payment', t('documents.invoices.columns.lastPayment'), (r) => r.last_payment_date, { priority: 'low', defaultHidden: true }),
    ],
    [t],
  );

  return (
    <ListScreen
      screen="invoices"
      op="lists.invoices"
      state={state}
      columns={columns}
      rowKey={(r) => r.bocp_id}
      exportFileName={`facturi-${companyId}`}
      selectable={{ fileName: `facturi-selectate-${companyId}`, print: 'invoice' }}
      empty={{ title: t('documents.invoices.empty.title'), description: t('documents.invoices.empty.description') }}
      emptyFiltered={t('documents.invoices.emptyFiltered')}
      // compact: a record open beside the table, or a toolbar short of room (ListScreen): what is secondary moves behind "Filters".
      filters={(compact) => (
        <>
          <SearchFilter value={search.q} onChange={(q) => patch({ q })} placeholder={t('documents.invoices.filters.q')} width={160} />
          <DateRangeFilter from={search.date_from} through={search.date_through} onChange={(date_from, date_through) => patch({ date_from, date_through })} width={180} />
          {!compact && client(false)}
          <FlagFilter
            label={t('documents.invoices.filters.paid')}
            any={t('documents.invoices.filters.paidAny')}
            yes={t('documents.invoices.filters.paidYes')}
            no={t('documents.invoices.filters.paidNo')}
            value={search.paid}
            onChange={(paid) => patch({ paid })}
            testId="filter-paid"
            width={140}
          />
          <MoreFilters
            flags={[{ key: 'cancelled', label: t('documents.common.filters.cancelled'), value: search.cancelled }]}
            onChange={(key, value) => patch({ [key]: value })}
            {...(compact && { extra: client(true), extraCount: search.client_id === undefined ? 0 : 1 })}
          />
          {search.due_before !== undefined && (
            <FilterChip label={t('documents.invoices.filters.dueBefore', { date: formatDate(search.due_before) })} onRemove={() => patch({ due_before: undefined })} />
          )}
        </>
      )}
      detail={(id) => <InvoiceDetail companyId={companyId} id={id} onClose={() => state.setOpen(null)} />}
    />
  );
}
