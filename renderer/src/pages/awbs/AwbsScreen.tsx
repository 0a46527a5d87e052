import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn, moneyColumn, numberColumn, Pill, textColumn, type DataTableColumn, type ListRow, type ListSortKey } from '../../components/data-table/index.ts';
import { CancelledFilter, ChoiceFilter, DateRangeFilter, FilterChip, SearchFilter } from '../documents-common/filters.tsx';
import { ListScreen } from '../documents-common/ListScreen.tsx';
import { useListScreen } from '../documents-common/use-list-screen.ts';
import { AwbDetail } from './AwbDetail.tsx';
import { useCourierName, useCouriers } from './courier.ts';

type Row = ListRow<'lists.awbs'>;
type Sort = ListSortKey<'lists.awbs'>;

/** The courier filter: the codes of GET /awb/add/, with their names. */
function CourierFilter({ value, onChange }: { value: string | undefined; onChange: (code: string | undefined) => void }) {
  const { t } = useTranslation();
  const couriers = useCouriers();
  // Sub-couriers are not an awb_type of their own (their broker is): offered are the top-level codes.
  const data = (couriers.data ?? []).filter((c) => c.parent_code === null).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }));
  if (value !== undefined && !data.some((d) => d.value === value)) data.unshift({ value, label: value });
  return (
    <ChoiceFilter label={t('documents.awbs.filters.courier')} any={t('documents.awbs.filters.anyCourier')} data={data} value={value} onChange={onChange} testId="filter-courier" searchable width={170} />
  );
}

/** Documents › AWBs: the shipments by courier and sales receipt, with their A6 labels. */
export function AwbsScreen() {
  const { t } = useTranslation();
  const state = useListScreen('lists.awbs', 'awb_id');
  const { companyId, search, patch } = state;
  const courierName = useCourierName();

  const columns = useMemo<DataTableColumn<Row, Sort>[]>(
    () => [
      numberColumn('awb_id', t('documents.awbs.columns.id'), (r) => r.awb_id, { sortKey: 'awb_id', sortDescFirst: true, width: 80 }),
      textColumn('awb_nr', t('documents.awbs.columns.awbNr'), (r) => r.awb_nr, { priority: 'high', width: 160 }),
      textColumn('courier', t('documents.awbs.columns.courier'), courierName, { priority: 'high', width: 150 }),
      dateColumn('doc_date', t('documents.awbs.columns.date'), (r) => r.doc_date, { sortKey: 'doc_date', sortDescFirst: true }),
      textColumn('client', t('documents.awbs.columns.client'), (r) => r.client_name, { width: 200 }),
      numberColumn('sale_id', t('documents.awbs.columns.sale'), (r) => r.sale_id, { priority: 'low', width: 120 }),
      numberColumn('packet_count', t('documents.awbs.columns.parcels'), (r) => r.packet_count, { priority: 'low', width: 80, defaultHidden: true }),
      numberColumn('weight_kg', t('documents.awbs.columns.weight'), (r) => r.weight_kg, { priority: 'low', width: 110, defaultHidden: true }),
      moneyColumn('cod', t('documents.awbs.columns.cod'), (r) => (r.cod_amount > 0 ? r.cod_amount : null), (r) => r.cod_currency),
      textColumn('source', t('documents.awbs.columns.source'), (r) => t(`documents.awbs.sources.${r.source}`), { priority: 'low', width: 100, defaultHidden: true }),
      textColumn('country', t('documents.awbs.columns.country'), (r) => r.delivery_country_code, { priority: 'low', width: 80, defaultHidden: true }),
      {
        id: 'state',
        priority: 'high',
        header: t('documents.awbs.columns.state'),
        width: 100,
        value: (r) => (r.document_cancelled ? 'cancelled' : 'active'),
        cell: (r) => (r.document_cancelled ? <Pill color="gray">{t('documents.common.status.cancelled')}</Pill> : <Pill color="teal">{t('documents.awbs.detail.live')}</Pill>),
      },
    ],
    [t, courierName],
  );

  return (
    <ListScreen
      screen="awbs"
      op="lists.awbs"
      state={state}
      columns={columns}
      rowKey={(r) => r.awb_id}
      exportFileName={`awb-${companyId}`}
      selectable={{ fileName: `awb-selectate-${companyId}`, print: 'awb' }}
      empty={{ title: t('documents.awbs.empty.title'), description: t('documents.awbs.empty.description') }}
      emptyFiltered={t('documents.awbs.emptyFiltered')}
      filters={
        <>
          <SearchFilter value={search.q} onChange={(q) => patch({ q })} placeholder={t('documents.awbs.filters.q')} />
          <DateRangeFilter from={search.date_from} through={search.date_through} onChange={(date_from, date_through) => patch({ date_from, date_through })} />
          <CourierFilter value={search.awb_type} onChange={(awb_type) => patch({ awb_type })} />
          <CancelledFilter value={search.cancelled} onChange={(cancelled) => patch({ cancelled })} />
          {search.sale_id !== undefined && <FilterChip label={t('documents.common.filters.ofSale', { id: search.sale_id })} onRemove={() => patch({ sale_id: undefined })} />}
        </>
      }
      detail={(id) => <AwbDetail companyId={companyId} id={id} onClose={() => state.setOpen(null)} />}
    />
  );
}
