import { useMemo } from 'react';
import { Group, Stack } from '@mantine/core';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../api/operations.ts';
import { useDataTableLabels } from '../../app/data-table-labels.ts';
import { PageHeader } from '../../app/shell/PageHeader.tsx';
import { DataTable, useListSource, type SortState } from '../../components/data-table';
import { ListDetailLayout } from '../../components/detail';
import { productColumns, type ProductRow, type ProductSort } from './columns.tsx';
import { ProductDetailPanel } from './ProductDetailPanel.tsx';
import { CatalogueImageSetting } from './CatalogueImageSetting.tsx';
import { ClearFilters, SearchFilter } from '../documents-common/filters.tsx';
import { ProductFilters, type ProductFilterValues } from './ProductFilters.tsx';
import { SavedViews } from '../../components/saved-views/index.ts';

const ROUTE = '/c/$companyId/catalogue/products';

/**
 * Catalogue › Products: the product list (lists.products) with its filters, sort and open product
 * in the address; the open product's detail beside it (stock, prices, images, publishing, edit).
 * The header holds the account's catalogue setting (image URLs downloaded or kept as sent).
 */
export function ProductsScreen() {
  const { t } = useTranslation();
  const labels = useDataTableLabels();
  const { companyId } = useParams({ from: ROUTE });
  const search = useSearch({ from: ROUTE });
  const navigate = useNavigate({ from: ROUTE });
  const { open, sort, direction, offset: _offset, limit: _limit, ...filters } = search;
  const options = useOperation('catalogue.options', { company_id: companyId }, { staleTime: 60_000 });
  const connectors = useOperation('connectors.list', { company_id: companyId }, { staleTime: 60_000 });

  const source = useListSource('lists.products', { company_id: companyId, ...filters });
  const connectorName = filters.connector_id === undefined ? undefined : (connectors.data?.find((c) => c.id === filters.connector_id)?.name ?? `#${filters.connector_id}`);
  const columns = useMemo(() => productColumns(t, connectorName), [t, connectorName]);
  const sortState: SortState = { key: sort ?? 'product_id', direction: direction ?? 'desc' };

  const setFilters = (change: Partial<ProductFilterValues>) => void navigate({ search: (prev) => ({ ...prev, ...change }) });
  const clearFilters = () => void navigate({ search: (prev) => ({ sort: prev.sort, direction: prev.direction, open: prev.open }) });
  const setOpen = (id: number | undefined) => void navigate({ search: (prev) => ({ ...prev, open: id }) });

  return (
    <Stack gap={0} h="100%" data-testid="screen-products" style={{ minHeight: 0 }}>
      <PageHeader screen="products">
        <CatalogueImageSetting companyId={companyId} />
      </PageHeader>
      <div style={{ flex: 1, minHeight: 0 }}>
        <ListDetailLayout
          table={
            <DataTable<ProductRow>
              id="products"
              label={t('products.tableLabel')}
              columns={columns as never}
              rowKey={(p) => p.product_id}
              {...source}
              toolbar={
                // The filters sit in the table's card, as on every list; they wrap inside it on a narrow window.
                <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                  <SavedViews tableId="products" />
                  <SearchFilter value={filters.q} onChange={(q) => setFilters({ q })} label={t('products.filters.search')} placeholder={t('products.filters.searchPlaceholder')} width={180} />
                  <ProductFilters value={filters} onChange={setFilters} options={options.data} connectors={connectors.data} />
                  {Object.values(filters).some((v) => v !== undefined) && <ClearFilters onClear={clearFilters} />}
                </Group>
              }
              sort={sortState}
              onSortChange={(s) => void navigate({ search: (prev) => ({ ...prev, sort: s.key as ProductSort, direction: s.direction }) })}
              onOpen={(p) => setOpen(p.product_id)}
              openKey={open ?? null}
              onEscape={() => (open !== undefined ? (setOpen(undefined), true) : false)}
              empty={{
                title: t('products.empty.title'),
                description: t('products.empty.description'),
                action: <ClearFilters onClear={clearFilters} variant="light" />,
              }}
              exportFileName={`produse-${companyId}`}
              labels={labels}
            />
          }
          detail={
            open !== undefined && (
              <ProductDetailPanel
                key={open}
                companyId={companyId}
                productId={open}
                options={options.data}
                connectors={connectors.data}
                onClose={() => setOpen(undefined)}
              />
            )
          }
        />
      </div>
    </Stack>
  );
}
