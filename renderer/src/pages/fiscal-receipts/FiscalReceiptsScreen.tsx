import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn, moneyColumn, numberColumn, Pill, textColumn, type DataTableColumn, type ListRow, type ListSortKey } from '../../components/data-table/index.ts';
import { ChoiceFilter, DateRangeFilter, FilterChip, SearchFilter } from '../documents-common/filters.tsx';
import { ListScreen } from '../documents-common/ListScreen.tsx';
import { useListScreen } from '../documents-common/use-list-screen.ts';
import { FiscalReceiptDetail } from './FiscalReceiptDetail.tsx';
import { RECEIPT_STATUS_COLORS, RECEIPT_STATUS_IDS, statusKey } from './status.ts';

type Row = ListRow<'lists.fiscalReceipts'>;
type Sort = ListSortKey<'lists.fiscalReceipts'>;

/** Documents › Fiscal receipts: the bonuri fiscale in every status, by sales receipt. */
export function FiscalReceiptsScreen() {
  const { t } = useTranslation();
  const state = useListScreen('lists.fiscalReceipts', 'fiscal_receipt_id');
  const { companyId, search, patch } = state;

  const columns = useMemo<DataTableColumn<Row, Sort>[]>(
    () => [
      numberColumn('fiscal_receipt_id', t('documents.fiscalReceipts.columns.id'), (r) => r.fiscal_receipt_id, { sortKey: 'fiscal_receipt_id', sortDescFirst: true, width: 80 }),
      numberColumn('bon_nr', t('documents.fiscalReceipts.columns.bonNr'), (r) => r.bon_nr, { priority: 'high', width: 100 }),
      dateColumn('doc_date', t('documents.fiscalReceipts.columns.date'), (r) => r.doc_date, { sortKey: 'doc_date', sortDescFirst: true }),
      numberColumn('bv_id', t('documents.fiscalReceipts.columns.sale'), (r) => r.bv_id, { priority: 'low', width: 120 }),
      textColumn('client', t('documents.fiscalReceipts.columns.client'), (r) => r.client_name, { width: 200 }),
      moneyColumn('total', t('documents.fiscalReceipts.columns.total'), (r) => r.document_value_with_vat, (r) => r.currency, { priority: 'high' }),
      {
        id: 'status',
        priority: 'high',
        header: t('documents.fiscalReceipts.columns.status'),
        width: 110,
        value: (r) => r.status_id,
        cell: (r) => <Pill color={RECEIPT_STATUS_COLORS[statusKey(r.status_id)]}>{t(`documents.fiscalReceipts.status.${statusKey(r.status_id)}`)}</Pill>,
      },
      numberColumn('z_nr', t('documents.fiscalReceipts.columns.zNr'), (r) => r.z_nr, { priority: 'low', defaultHidden: true }),
      moneyColumn('paid_cash', t('documents.fiscalReceipts.columns.cash'), (r) => r.paid_cash, () => 'RON', { priority: 'low', defaultHidden: true }),
      moneyColumn('paid_card', t('documents.fiscalReceipts.columns.card'), (r) => r.paid_card, () => 'RON', { priority: 'low', defaultHidden: true }),
      numberColumn('station_id', t('documents.fiscalReceipts.columns.station'), (r) => r.station_id, { priority: 'low', defaultHidden: true }),
    ],
    [t],
  );

  const statuses = RECEIPT_STATUS_IDS.map((id) => ({ value: id, label: t(`documents.fiscalReceipts.status.${id}`) }));
  return (
    <ListScreen
      screen="fiscalReceipts"
      op="lists.fiscalReceipts"
      state={state}
      columns={columns}
      rowKey={(r) => r.fiscal_receipt_id}
      exportFileName={`bonuri-fiscale-${companyId}`}
      empty={{ title: t('documents.fiscalReceipts.empty.title'), description: t('documents.fiscalReceipts.empty.description') }}
      emptyFiltered={t('documents.fiscalReceipts.emptyFiltered')}
      filters={
        <>
          <SearchFilter value={search.q} onChange={(q) => patch({ q })} placeholder={t('documents.fiscalReceipts.filters.q')} />
          <DateRangeFilter from={search.date_from} through={search.date_through} onChange={(date_from, date_through) => patch({ date_from, date_through })} />
          <ChoiceFilter
            label={t('documents.fiscalReceipts.filters.status')}
            any={t('documents.fiscalReceipts.filters.anyStatus')}
            data={statuses}
            value={search.status_id === undefined ? undefined : String(search.status_id)}
            onChange={(value) => patch({ status_id: value === undefined ? undefined : Number(value) })}
            testId="filter-status"
            width={150}
          />
          {search.bv_id !== undefined && <FilterChip label={t('documents.common.filters.ofSale', { id: search.bv_id })} onRemove={() => patch({ bv_id: undefined })} />}
        </>
      }
      detail={(id) => <FiscalReceiptDetail companyId={companyId} id={id} onClose={() => state.setOpen(null)} />}
    />
  );
}
