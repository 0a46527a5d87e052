import { useEffect, useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { CatalogueOptions } from '../../../../shared/contract/operations-products.ts';
import type { MarketplaceConnector } from '../../../../shared/domain/connectors.ts';
import type { ListFilters } from '../../components/data-table';
import { IconSearch } from '../../app/shell/icons.tsx';

export type ProductFilterValues = Omit<ListFilters<'lists.products'>, 'company_id'>;

interface Props {
  value: ProductFilterValues;
  onChange: (change: Partial<ProductFilterValues>) => void;
  onClear: () => void;
  options: CatalogueOptions | undefined;
  connectors: readonly MarketplaceConnector[] | undefined;
}

const idOf = (value: string | null): number | undefined => (value === null || value === '' ? undefined : Number(value));
const text = (value: number | undefined): string | null => (value === undefined ? null : String(value));
/** A yes / no / any filter as a Select value. */
const flag = (value: boolean | undefined): string => (value === undefined ? 'any' : value ? 'yes' : 'no');
const unflag = (value: string | null): boolean | undefined => (value === 'yes' ? true : value === 'no' ? false : undefined);

/** Free text: the address changes 300 ms after the last key, so typing does not query on every letter. */
export function SearchInput({ value, onChange }: { value: string | undefined; onChange: (q: string | undefined) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const commit = useDebouncedCallback((q: string) => onChange(q.trim() === '' ? undefined : q.trim()), 300);
  return (
    <TextInput
      size="xs"
      w={180}
      leftSection={<IconSearch size={14} />}
      aria-label={t('products.filters.search')}
      placeholder={t('products.filters.searchPlaceholder')}
      value={draft}
      maxLength={100}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      data-testid="filter-q"
    />
  );
}

/** "Clear filters", shown while a filter is set. */
export function ClearFilters({ value, onClear }: { value: ProductFilterValues; onClear: () => void }) {
  const { t } = useTranslation();
  if (!Object.values(value).some((v) => v !== undefined)) return null;
  return (
    <Button size="xs" variant="subtle" onClick={onClear} data-testid="filter-clear">
      {t('products.filters.clear')}
    </Button>
  );
}

/**
 * The product list's filters (the free text is in the table's toolbar); every one is a search
 * param of the address (the screen's state).
 */
export function ProductFilters({ value, onChange, options, connectors }: Omit<Props, 'onClear'>) {
  const { t } = useTranslation();
  const any = t('products.filters.any');
  return (
    <Group gap="xs" wrap="wrap" mb="sm" data-testid="product-filters">
      <Select
        size="xs"
        w={150}
        searchable
        clearable
        aria-label={t('products.filters.category')}
        placeholder={t('products.filters.category')}
        data={(options?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={text(value.category_id)}
        onChange={(v) => onChange({ category_id: idOf(v) })}
        nothingFoundMessage={any}
        data-testid="filter-category"
      />
      <Select
        size="xs"
        w={150}
        searchable
        clearable
        aria-label={t('products.filters.manufacturer')}
        placeholder={t('products.filters.manufacturer')}
        data={(options?.manufacturers ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
        value={text(value.manufacturer_id)}
        onChange={(v) => onChange({ manufacturer_id: idOf(v) })}
        data-testid="filter-manufacturer"
      />
      <Select
        size="xs"
        w={160}
        clearable
        aria-label={t('products.filters.connector')}
        placeholder={t('products.filters.connector')}
        data={(connectors ?? []).filter((c) => c.deleted === 0).map((c) => ({ value: String(c.id), label: c.name }))}
        value={text(value.connector_id)}
        onChange={(v) => onChange({ connector_id: idOf(v) })}
        data-testid="filter-connector"
      />
      <Select
        size="xs"
        w={115}
        aria-label={t('products.filters.stock')}
        allowDeselect={false}
        data={[
          { value: 'any', label: t('products.filters.stockAny') },
          { value: 'yes', label: t('products.filters.stockIn') },
          { value: 'no', label: t('products.filters.stockOut') },
        ]}
        value={flag(value.in_stock)}
        onChange={(v) => onChange({ in_stock: unflag(v) })}
        data-testid="filter-stock"
      />
      <Select
        size="xs"
        w={95}
        aria-label={t('products.filters.state')}
        allowDeselect={false}
        data={[
          { value: 'no', label: t('products.filters.live') },
          { value: 'yes', label: t('products.filters.deleted') },
        ]}
        value={value.deleted ? 'yes' : 'no'}
        onChange={(v) => onChange({ deleted: v === 'yes' ? true : undefined })}
        data-testid="filter-deleted"
      />
      <Select
        size="xs"
        w={145}
        aria-label={t('products.filters.archived')}
        allowDeselect={false}
        data={[
          { value: 'any', label: t('products.filters.archivedAny') },
          { value: 'yes', label: t('products.filters.archivedOnly') },
          { value: 'no', label: t('products.filters.archivedNot') },
        ]}
        value={flag(value.archived)}
        onChange={(v) => onChange({ archived: unflag(v) })}
        data-testid="filter-archived"
      />
      <DatePickerInput
        type="range"
        size="xs"
        w={175}
        aria-label={t('products.filters.created')}
        placeholder={t('products.filters.created')}
        // Mantine's placeholder grey is below 4.5:1 on white (axe: color-contrast); a darker one is read.
        styles={{ placeholder: { color: 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))' } }}
        valueFormat="DD.MM.YYYY"
        clearable
        allowSingleDateInRange
        value={[value.date_from ?? null, value.date_through ?? null]}
        onChange={(range: DatesRangeValue<string>) => {
          const [start, end] = range;
          // A range is sent once both ends are chosen (or both cleared).
          if ((start === null) !== (end === null)) return;
          onChange({ date_from: start ?? undefined, date_through: end ?? undefined });
        }}
        data-testid="filter-dates"
      />
    </Group>
  );
}
