import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CatalogueOptions } from '../../../../shared/contract/operations-products.ts';
import type { MarketplaceConnector } from '../../../../shared/domain/connectors.ts';
import type { ListFilters } from '../../components/data-table';
import { DateRangeFilter } from '../documents-common/filters.tsx';

export type ProductFilterValues = Omit<ListFilters<'lists.products'>, 'company_id'>;

interface Props {
  value: ProductFilterValues;
  onChange: (change: Partial<ProductFilterValues>) => void;
  options: CatalogueOptions | undefined;
  connectors: readonly MarketplaceConnector[] | undefined;
}

const idOf = (value: string | null): number | undefined => (value === null || value === '' ? undefined : Number(value));
const text = (value: number | undefined): string | null => (value === undefined ? null : String(value));
/** A yes / no / any filter as a Select value. */
const flag = (value: boolean | undefined): string => (value === undefined ? 'any' : value ? 'yes' : 'no');
const unflag = (value: string | null): boolean | undefined => (value === 'yes' ? true : value === 'no' ? false : undefined);

/**
 * The product list's filters (the free text is in the table's toolbar); every one is a search
 * param of the address (the screen's state).
 */
export function ProductFilters({ value, onChange, options, connectors }: Props) {
  const { t } = useTranslation();
  const any = t('products.filters.any');
  return (
    <Group gap="xs" wrap="wrap" data-testid="product-filters">
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
      <DateRangeFilter
        from={value.date_from}
        through={value.date_through}
        onChange={(date_from, date_through) => onChange({ date_from, date_through })}
        label={t('products.filters.created')}
        placeholder={t('products.filters.created')}
        width={175}
      />
    </Group>
  );
}
