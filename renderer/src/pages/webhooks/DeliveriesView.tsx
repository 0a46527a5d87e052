import { useMemo } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DELIVERY_STATUSES, NOTIFICATION_TYPES, type DeliveryStatus, type NotificationType } from '../../../../shared/domain/webhooks.ts';
import { useOperation } from '../../api/operations.ts';
import { useDataTableLabels } from '../../app/data-table-labels.ts';
import { DataTable } from '../../components/data-table/index.ts';
import { ListDetailLayout } from '../../components/detail/index.ts';
import { deliveryColumns } from './columns.tsx';
import { DeliveryDetail } from './DeliveryDetail.tsx';
import { ChoiceFilter, ClearFilters, FilterRow, TextFilter, ViewSwitch } from './filters.tsx';
import { DateRangeFilter } from '../documents-common/filters.tsx';
import { useLogSource, type LogFilters } from './log-source.ts';
import type { WebhookLogSearch } from './search.ts';
import { SavedViews } from '../../components/saved-views/index.ts';

const ROUTE = '/c/$companyId/logs/webhooks';
const FILTER_KEYS = ['status', 'connector_id', 'notification_type', 'order_unique_id', 'date_from', 'date_through'] as const;

/** The account's connectors by id, for the connector column and filter (one small read, shared). */
export function useConnectorNames(companyId: number) {
  const connectors = useOperation('connectors.list', { company_id: companyId }, { staleTime: 60_000 });
  return useMemo(() => {
    const names = new Map((connectors.data ?? []).map((c) => [c.id, c.name]));
    return {
      list: connectors.data ?? [],
      name: (id: number) => (names.has(id) ? `${id} · ${names.get(id)}` : String(id)),
    };
  }, [connectors.data]);
}

/**
 * The delivery log: every notification of the account, newest first, live (a new delivery
 * appears and a state changes in place as the core announces it), filtered from the address;
 * the open delivery's attempts on the side.
 */
export function DeliveriesView() {
  const { t } = useTranslation();
  const labels = useDataTableLabels();
  const { companyId } = useParams({ from: ROUTE });
  const search = useSearch({ from: ROUTE });
  const navigate = useNavigate({ from: ROUTE });
  const patch = (change: Partial<WebhookLogSearch>) => void navigate({ search: (prev) => ({ ...prev, ...change }) });

  const filters: LogFilters<'lists.webhooks'> = {
    company_id: companyId,
    status: search.status,
    connector_id: search.connector_id,
    notification_type: search.notification_type,
    order_unique_id: search.order_unique_id,
    date_from: search.date_from,
    date_through: search.date_through,
  };
  const source = useLogSource('lists.webhooks', filters);
  const connectors = useConnectorNames(companyId);
  const columns = useMemo(() => deliveryColumns(t, connectors.name), [t, connectors]);
  const filtered = FILTER_KEYS.some((key) => search[key] !== undefined);
  const clearFilters = () => patch(Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])));
  const open = search.open;

  return (
    <ListDetailLayout
      table={
        <DataTable
          id="webhook-deliveries"
          label={t('webhookLog.tableLabel')}
          columns={columns}
          rowKey={(d) => d.id}
          {...source}
          sort={{ key: 'id', direction: search.direction ?? 'desc' }}
          onSortChange={(sort) => patch({ direction: sort.direction === 'asc' ? 'asc' : undefined })}
          toolbar={
            <FilterRow>
              <ViewSwitch value="deliveries" onChange={(view) => patch({ view, open: undefined })} />
              <SavedViews tableId="webhook-deliveries" />
              <ChoiceFilter
                label={t('webhookLog.filters.status')}
                any={t('webhookLog.filters.anyStatus')}
                data={DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`webhookLog.status.${s}`) }))}
                value={search.status}
                onChange={(status) => patch({ status: status as DeliveryStatus | undefined })}
                testId="filter-status"
                width={130}
              />
              <ChoiceFilter
                label={t('webhookLog.filters.connector')}
                any={t('webhookLog.filters.anyConnector')}
                data={connectors.list.map((c) => ({ value: String(c.id), label: `${c.id} · ${c.name}` }))}
                value={search.connector_id === undefined ? undefined : String(search.connector_id)}
                onChange={(id) => patch({ connector_id: id === undefined ? undefined : Number(id) })}
                testId="filter-connector"
                width={170}
              />
              <ChoiceFilter
                label={t('webhookLog.filters.type')}
                any={t('webhookLog.filters.anyType')}
                data={NOTIFICATION_TYPES.map((type) => ({ value: type, label: type }))}
                value={search.notification_type}
                onChange={(type) => patch({ notification_type: type as NotificationType | undefined })}
                testId="filter-type"
                width={160}
              />
              <TextFilter
                label={t('webhookLog.filters.order')}
                clearLabel={t('webhookLog.filters.clearField')}
                placeholder={t('webhookLog.filters.orderPlaceholder')}
                value={search.order_unique_id}
                onChange={(order) => patch({ order_unique_id: order })}
                testId="filter-order"
                width={130}
              />
              <DateRangeFilter from={search.date_from} through={search.date_through} onChange={(date_from, date_through) => patch({ date_from, date_through })} width={190} />
              {filtered && <ClearFilters label={t('webhookLog.filters.clear')} onClear={clearFilters} />}
            </FilterRow>
          }
          onOpen={(d) => patch({ open: d.id })}
          openKey={open ?? null}
          onEscape={() => {
            if (open === undefined) return false;
            patch({ open: undefined });
            return true;
          }}
          empty={
            filtered
              ? { title: t('webhookLog.empty.filteredTitle'), description: t('webhookLog.empty.filteredDescription'), action: <ClearFilters label={t('webhookLog.filters.clear')} onClear={clearFilters} variant="light" /> }
              : { title: t('webhookLog.empty.title'), description: t('webhookLog.empty.description') }
          }
          exportFileName={`webhook-deliveries-${companyId}`}
          labels={labels}
        />
      }
      detail={
        open !== undefined ? (
          <DeliveryDetail companyId={companyId} id={open} connectorName={connectors.name} onClose={() => patch({ open: undefined })} onOpen={(id) => patch({ open: id })} />
        ) : undefined
      }
    />
  );
}
