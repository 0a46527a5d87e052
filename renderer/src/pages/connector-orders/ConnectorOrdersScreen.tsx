import { useMemo } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../api/operations.ts';
import { useDataTableLabels } from '../../app/data-table-labels.ts';
import { inputOf } from '../../app/search.ts';
import { PageHeader } from '../../app/shell/PageHeader.tsx';
import { DataTable, dateColumn, moneyColumn, numberColumn, Pill, textColumn, useListSource, type DataTableColumn, type ListRow, type ListSortKey } from '../../components/data-table/index.ts';
import { ListDetailLayout } from '../../components/detail/index.ts';
import { OrderDetailPanel } from './OrderDetailPanel.tsx';
import { OrderFilters, type OrderFilterValues } from './OrderFilters.tsx';
import { BulkOrderActions } from './BulkOrderActions.tsx';
import { SavedViews } from '../../components/saved-views/index.ts';
import { OrderStatusPill } from './order-status.tsx';

const ROUTE = '/c/$companyId/connectors/orders';
type OrderRow = ListRow<'lists.connectorOrders'>;
type OrderSort = ListSortKey<'lists.connectorOrders'>;

/** Connectors › Connector orders: every connector's orders (or one's), the open one on the side. */
export function ConnectorOrdersScreen() {
  const { t } = useTranslation();
  const { companyId } = useParams({ from: ROUTE });
  const search = useSearch({ from: ROUTE });
  const navigate = useNavigate({ from: ROUTE });
  const labels = useDataTableLabels();
  const connectors = useOperation('connectors.list', { company_id: companyId });
  const { company_id: _c, offset: _o, limit: _l, sort, direction, ...filters } = inputOf<'lists.connectorOrders'>(companyId, search);
  const source = useListSource('lists.connectorOrders', { company_id: companyId, ...filters });
  const names = useMemo(() => new Map((connectors.data ?? []).map((c) => [c.id, c.name])), [connectors.data]);
  const columns = useMemo((): DataTableColumn<OrderRow, OrderSort>[] => {
    const c = (key: string) => t(`connectorOrders.columns.${key}` as 'connectorOrders.columns.id');
    return [
      numberColumn('id', c('id'), (o) => o.SERVICE_order_id, { sortKey: 'SERVICE_order_id', sortDescFirst: true, width: 80 }),
      textColumn('order', c('order'), (o) => o.order_unique_id, { priority: 'high', width: 130 }),
      { id: 'connector', header: c('connector'), value: (o) => names.get(o.connector_id) ?? String(o.connector_id), width: 190 },
      dateColumn('date', c('date'), (o) => o.order_date, { sortKey: 'order_date', sortDescFirst: true }),
      {
        id: 'status',
        priority: 'high',
        header: c('status'),
        value: (o) => (o.order_cancelled ? 'cancelled' : o.order_status),
        cell: (o) => (o.order_cancelled ? <Pill color="red">{t('connectorOrders.cancelledPill')}</Pill> : <OrderStatusPill status={o.order_status} compact />),
        width: 130,
      },
      textColumn('client', c('client'), (o) => o.client_name, { width: 200 }),
      moneyColumn('total', c('total'), (o) => o.document_value_with_vat, (o) => o.order_currency_code, { priority: 'high' }),
      moneyColumn('paid', c('paid'), (o) => o.paid_amount, (o) => o.order_currency_code, { priority: 'low', defaultHidden: true }),
      textColumn('payment', c('payment'), (o) => o.payment_method ?? '', { priority: 'low', width: 120 }),
      textColumn('shipping', c('shipping'), (o) => o.shipping_method, { priority: 'low', defaultHidden: true }),
      {
        id: 'documents',
        priority: 'low',
        header: c('documents'),
        value: (o) => [...o.sales_receipts.map((s) => `${s.doc_series} ${s.doc_nr}`), ...o.invoices.map((i) => `${i.seria} ${i.nr}`), ...o.awbs.map((a) => a.awb_nr)].join(', '),
        width: 200,
      },
      dateColumn('changed', c('changed'), (o) => o.last_changed_ts, { priority: 'low', defaultHidden: true }),
    ];
  }, [t, names]);

  const setFilters = (patch: OrderFilterValues) => void navigate({ search: (prev) => ({ ...prev, ...patch }) });
  const open = (id: number | undefined) => void navigate({ search: (prev) => ({ ...prev, open: id }) });

  return (
    <div data-testid="screen-connectorOrders">
      <PageHeader screen="connectorOrders" />
      <ListDetailLayout
        table={
          <DataTable
            id="connector-orders"
            label={t('connectorOrders.tableLabel')}
            labels={labels}
            columns={columns}
            rowKey={(o) => o.SERVICE_order_id}
            {...source}
            sort={{ key: sort ?? 'SERVICE_order_id', direction: direction ?? 'desc' }}
            onSortChange={(next) => void navigate({ search: (prev) => ({ ...prev, sort: next.key as OrderSort, direction: next.direction }) })}
            selection="multi"
            toolbar={({ selected, clearSelection }) => (
              <>
                <BulkOrderActions companyId={companyId} selected={selected} onFinished={clearSelection} />
                <SavedViews tableId="connector-orders" />
                <OrderFilters values={filters} connectors={connectors.data ?? []} onChange={setFilters} />
              </>
            )}
            onOpen={(o) => open(o.SERVICE_order_id)}
            openKey={search.open}
            onEscape={() => (search.open ? (open(undefined), true) : false)}
            empty={{ title: t('connectorOrders.empty.title'), description: t('connectorOrders.empty.description') }}
            exportFileName={`comenzi-conectori-${companyId}`}
          />
        }
        detail={search.open ? <OrderDetailPanel key={search.open} companyId={companyId} orderId={search.open} onClose={() => open(undefined)} /> : undefined}
      />
    </div>
  );
}
