import type { TFunction } from 'i18next';
import {
  dateColumn,
  moneyColumn,
  numberColumn,
  Pill,
  textColumn,
  type DataTableColumn,
  type ListRow,
  type ListSortKey,
} from '../../components/data-table';

export type ProductRow = ListRow<'lists.products'>;
export type ProductSort = ListSortKey<'lists.products'>;

/** The badges of a row: where it is shown (web, partners, the connector filtered on) and what it is not. */
function Badges({ row, t, connectorName }: { row: ProductRow; t: TFunction; connectorName: string | undefined }) {
  return (
    <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'nowrap' }}>
      {connectorName !== undefined && <Pill color="violet">{connectorName}</Pill>}
      {row.website_published === 1 && <Pill color="teal">{t('products.badges.web')}</Pill>}
      {row.partner_visible === 1 && <Pill color="blue">{t('products.badges.partner')}</Pill>}
      {row.is_archived === 1 && <Pill color="yellow">{t('products.badges.archived')}</Pill>}
      {row.deleted === 1 && <Pill color="red">{t('products.badges.deleted')}</Pill>}
    </span>
  );
}

/**
 * The columns of the product list. Built per language (headers) and per connector filter: the list
 * row does not say which connectors publish it, but under "published to X" every row is.
 */
export function productColumns(t: TFunction, connectorName: string | undefined): DataTableColumn<ProductRow, ProductSort>[] {
  return [
    numberColumn<ProductRow, ProductSort>('product_id', t('products.columns.id'), (p) => p.product_id, {
      sortKey: 'product_id',
      sortDescFirst: true,
      width: 80,
      format: (v) => String(v),
      defaultHidden: true,
    }),
    textColumn<ProductRow, ProductSort>('cod_produs', t('products.columns.code'), (p) => p.cod_produs, { width: 120 }),
    textColumn<ProductRow, ProductSort>('product_name', t('products.columns.name'), (p) => p.product_name, { priority: 'high', sortKey: 'product_name', width: 250 }),
    textColumn<ProductRow, ProductSort>('barcode', t('products.columns.ean'), (p) => p.barcode, { priority: 'low', width: 140 }),
    numberColumn<ProductRow, ProductSort>('stoc_global', t('products.columns.stock'), (p) => p.stoc_global, { priority: 'high', sortKey: 'stoc_global', sortDescFirst: true, width: 100 }),
    numberColumn<ProductRow, ProductSort>('stock_available', t('products.columns.available'), (p) => p.stock_available, { priority: 'low', width: 100, defaultHidden: true }),
    textColumn<ProductRow, ProductSort>('unitate_masura', t('products.columns.unit'), (p) => p.unitate_masura, { priority: 'low', width: 70, defaultHidden: true }),
    moneyColumn<ProductRow, ProductSort>('pret_vanzare', t('products.columns.price'), (p) => p.pret_vanzare, (p) => p.selling_currency_txt, {
      priority: 'high',
      sortKey: 'pret_vanzare',
      sortDescFirst: true,
    }),
    moneyColumn<ProductRow, ProductSort>('pret_vanzare_cu_tva', t('products.columns.priceWithVat'), (p) => p.pret_vanzare_cu_tva, (p) => p.selling_currency_txt, {
      defaultHidden: true,
    }),
    numberColumn<ProductRow, ProductSort>('cota_tva_vanzare', t('products.columns.vat'), (p) => p.cota_tva_vanzare, { priority: 'low', width: 70, format: (v) => `${String(v)}%` }),
    textColumn<ProductRow, ProductSort>('category_name', t('products.columns.category'), (p) => p.category_name, { priority: 'low', width: 140 }),
    textColumn<ProductRow, ProductSort>('producator', t('products.columns.manufacturer'), (p) => p.producator, { priority: 'low', width: 140, defaultHidden: true }),
    {
      id: 'published',
      header: t('products.columns.published'),
      width: 170,
      value: (p) => [p.website_published ? 'web' : '', p.partner_visible ? 'partner' : ''].filter(Boolean).join(' '),
      cell: (p) => <Badges row={p} t={t} connectorName={connectorName} />,
    },
    dateColumn<ProductRow, ProductSort>('last_changed_ts', t('products.columns.changed'), (p) => p.last_changed_ts, { priority: 'low', withTime: true, defaultHidden: true }),
  ];
}
