import { useEffect, useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { MarketplaceConnector } from '../../../../shared/domain/connectors.ts';
import { IconSearch } from '../../app/shell/icons.tsx';
import classes from './filters.module.css';

export interface OrderFilterValues {
  connector_id?: number | undefined;
  order_status?: string | undefined;
  cancelled?: boolean | undefined;
  date_from?: string | undefined;
  date_through?: string | undefined;
  q?: string | undefined;
}

/** Text typed into a filter reaches the address once typing pauses; the address changing it does not send again. */
function useTypedFilter(value: string | undefined, onChange: (next: string | undefined) => void) {
  const [text, setText] = useState(value ?? '');
  const [debounced] = useDebouncedValue(text, 300);
  useEffect(() => setText((current) => (current.trim() === (value ?? '') ? current : (value ?? ''))), [value]);
  useEffect(() => {
    const next = debounced.trim() === '' ? undefined : debounced.trim().slice(0, 100);
    if (next !== value) onChange(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return [text, setText] as const;
}

/** The order list's filters, each bound to one search param of the address. */
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
  const [q, setQ] = useTypedFilter(values.q, (next) => onChange({ q: next }));
  const [status, setStatus] = useTypedFilter(values.order_status, (next) => onChange({ order_status: next }));
  const [range, setRange] = useState<DatesRangeValue<string>>([values.date_from ?? null, values.date_through ?? null]);
  useEffect(() => setRange([values.date_from ?? null, values.date_through ?? null]), [values.date_from, values.date_through]);
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
      <Select
        size="xs"
        w={120}
        aria-label={t('connectorOrders.filters.cancelled')}
        placeholder={t('connectorOrders.filters.any')}
        clearable
        data={[
          { value: 'false', label: t('connectorOrders.filters.active') },
          { value: 'true', label: t('connectorOrders.filters.cancelledOnly') },
        ]}
        value={values.cancelled === undefined ? null : String(values.cancelled)}
        onChange={(v) => onChange({ cancelled: v === null ? undefined : v === 'true' })}
        data-testid="filter-cancelled"
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
      <DatePickerInput
        type="range"
        size="xs"
        w={200}
        clearable
        allowSingleDateInRange
        valueFormat="DD.MM.YYYY"
        classNames={{ placeholder: classes.datePlaceholder }}
        aria-label={t('connectorOrders.filters.dates')}
        placeholder={t('connectorOrders.filters.datesPlaceholder')}
        value={range}
        onChange={(next) => {
          setRange(next);
          if ((next[0] && next[1]) || (!next[0] && !next[1])) onChange({ date_from: next[0] ?? undefined, date_through: next[1] ?? undefined });
        }}
        data-testid="filter-dates"
      />
      <TextInput
        size="xs"
        w={200}
        type="search"
        leftSection={<IconSearch size={14} />}
        aria-label={t('connectorOrders.filters.q')}
        placeholder={t('connectorOrders.filters.qPlaceholder')}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        data-testid="filter-q"
      />
      {any && (
        <Button size="compact-xs" variant="subtle" onClick={() => onChange({ connector_id: undefined, order_status: undefined, cancelled: undefined, date_from: undefined, date_through: undefined, q: undefined })}>
          {t('connectorOrders.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
