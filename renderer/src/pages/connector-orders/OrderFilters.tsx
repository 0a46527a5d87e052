import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MarketplaceConnector } from '../../../../shared/domain/connectors.ts';
import { ClearFilters, DateRangeFilter, FilterChip, FlagFilter, SearchFilter, useTypedFilter } from '../documents-common/filters.tsx';

export interface OrderFilterValues {
  connector_id?: number | undefined;
  order_status?: string | undefined;
  cancelled?: boolean | undefined;
  date_from?: string | undefined;
  date_through?: string | undefined;
  q?: string | undefined;
  /** Set by the overview's figures (orders waiting for an invoice / an AWB): shown as a chip. */
  waiting_for?: 'invoice' | 'awb' | undefined;
}

/** The order list's filters, each bound to one search param of the address (the controls of documents-common). */
export function OrderFilters({
  values,
  connectors,
  onChange,
}: {
  values: OrderFilterValues;
  connectors: readonly MarketplaceConnector[];
  onChange: (patch: OrderFilterValues) => void;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useTypedFilter(values.order_status, (next) => onChange({ order_status: next }));
  const any = Object.values(values).some((v) => v !== undefined);
  // Their own wrapping row: the table's toolbar would otherwise squeeze them beside its buttons.
  return (
    <Group gap={8} wrap="wrap" style={{ minWidth: 0 }}>
      <Select
        size="xs"
        w={220}
        aria-label={t('connectorOrders.filters.connector')}
        placeholder={t('connectorOrders.filters.allConnectors')}
        clearable
        data={connectors.map((c) => ({ value: String(c.id), label: `${c.id} · ${c.name}` }))}
        value={values.connector_id === undefined ? null : String(values.connector_id)}
        onChange={(v) => onChange({ connector_id: v === null ? undefined : Number(v) })}
        data-testid="filter-connector"
      />
      <FlagFilter
        label={t('connectorOrders.filters.cancelled')}
        any={t('connectorOrders.filters.any')}
        yes={t('connectorOrders.filters.cancelledOnly')}
        no={t('connectorOrders.filters.active')}
        value={values.cancelled}
        onChange={(cancelled) => onChange({ cancelled })}
        testId="filter-cancelled"
        width={120}
      />
      <TextInput
        size="xs"
        w={150}
        aria-label={t('connectorOrders.filters.status')}
        placeholder={t('connectorOrders.filters.statusPlaceholder')}
        value={status}
        onChange={(e) => setStatus(e.currentTarget.value)}
        data-testid="filter-status"
      />
      <DateRangeFilter
        from={values.date_from}
        through={values.date_through}
        onChange={(date_from, date_through) => onChange({ date_from, date_through })}
        label={t('connectorOrders.filters.dates')}
        placeholder={t('connectorOrders.filters.datesPlaceholder')}
        width={200}
      />
      <SearchFilter value={values.q} onChange={(q) => onChange({ q })} label={t('connectorOrders.filters.q')} placeholder={t('connectorOrders.filters.qPlaceholder')} width={200} />
      {values.waiting_for !== undefined && (
        <FilterChip label={t(`connectorOrders.filters.waitingFor.${values.waiting_for}`)} onRemove={() => onChange({ waiting_for: undefined })} />
      )}
      {any && (
        <ClearFilters
          onClear={() => onChange({ connector_id: undefined, order_status: undefined, cancelled: undefined, date_from: undefined, date_through: undefined, q: undefined, waiting_for: undefined })}
        />
      )}
    </Group>
  );
}
