import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn, moneyColumn, numberColumn, Pill, textColumn, type DataTableColumn, type ListRow, type ListSortKey } from '../../components/data-table/index.ts';
import { CancelledFilter, ClientFilter, DateRangeFilter, SearchFilter } from '../documents-common/filters.tsx';
import { ListScreen } from '../documents-common/ListScreen.tsx';
import { STATE_COLORS } from '../documents-common/detail-parts.tsx';
import { proformaState } from './state.ts';
import { useListScreen } from '../documents-common/use-list-screen.ts';
import { ProformaDetail } from './ProformaDetail.tsx';

type Row = ListRow<'lists.proformas'>;
type Sort = ListSortKey<'lists.proformas'>;

/** Documents › Proformas: the proforma invoices and the invoices made from them. */
export function ProformasScreen() {
  const { t } = useTranslation();
  const state = useListScreen('lists.proformas', 'proforma_id');
  const { companyId, search, patch } = state;

  const columns = useMemo<DataTableColumn<Row, Sort>[]>(
    () => [
      numberColumn('proforma_id', t('documents.proformas.columns.id'), (r) => r.proforma_id, { sortKey: 'proforma_id', sortDescFirst: true, width: 80 }),
      textColumn('number', t('documents.proformas.columns.number'), (r) => `${r.doc_series} ${r.doc_nr}`, { priority: 'high', width: 110 }),
      dateColumn('doc_date', t('documents.proformas.columns.date'), (r) => r.doc_date, { sortKey: 'doc_date', sortDescFirst: true }),
      dateColumn('doc_due_date', t('documents.proformas.columns.due'), (r) => r.doc_due_date, { priority: 'low', defaultHidden: true }),
      textColumn('client', t('documents.proformas.columns.client'), (r) => r.client_name, { width: 220 }),
      moneyColumn('total', t('documents.proformas.columns.total'), (r) => r.total, (r) => r.currency, { priority: 'high' }),
      moneyColumn('advance', t('documents.proformas.columns.advance'), (r) => r.paid_amount, (r) => r.currency, { priority: 'low', defaultHidden: true }),
      {
        id: 'state',
        priority: 'high',
        header: t('documents.proformas.columns.state'),
        width: 110,
        value: (r) => proformaState(r),
        cell: (r) => {
          const s = proformaState(r);
          return <Pill color={STATE_COLORS[s]}>{t(`documents.common.status.${s}`)}</Pill>;
        },
      },
      numberColumn('invoice_id', t('documents.proformas.columns.invoice'), (r) => r.invoice_id, { priority: 'low', width: 90 }),
    ],
    [t],
  );

  return (
    <ListScreen
      screen="proformas"
      op="lists.proformas"
      state={state}
      columns={columns}
      rowKey={(r) => r.proforma_id}
      exportFileName={`proforme-${companyId}`}
      selectable={{ fileName: `proforme-selectate-${companyId}`, print: 'proforma' }}
      empty={{ title: t('documents.proformas.empty.title'), description: t('documents.proformas.empty.description') }}
      emptyFiltered={t('documents.proformas.emptyFiltered')}
      filters={
        <>
          <SearchFilter value={search.q} onChange={(q) => patch({ q })} placeholder={t('documents.proformas.filters.q')} />
          <DateRangeFilter from={search.date_from} through={search.date_through} onChange={(date_from, date_through) => patch({ date_from, date_through })} />
          <ClientFilter companyId={companyId} value={search.client_id} onChange={(client_id) => patch({ client_id })} />
          <CancelledFilter value={search.cancelled} onChange={(cancelled) => patch({ cancelled })} />
        </>
      }
      detail={(id) => <ProformaDetail companyId={companyId} id={id} onClose={() => state.setOpen(null)} />}
    />
  );
}
