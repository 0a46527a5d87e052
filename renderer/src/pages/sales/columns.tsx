import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dateColumn,
  moneyColumn,
  numberColumn,
  Pill,
  textColumn,
  type DataTableColumn,
  type ListRow,
  type ListSortKey,
} from '../../components/data-table/index.ts';

/** Pills side by side (one style object for every row). */
export const PILLS = { display: 'inline-flex', gap: 4 } as const;

export type SaleRow = ListRow<'lists.sales'>;
export type SaleSort = ListSortKey<'lists.sales'>;

/** "BV 107": how a sales receipt is named on paper and in the detail's title. */
export const saleNumber = (sale: { doc_series: string; doc_nr: number }) => `${sale.doc_series} ${sale.doc_nr}`.trim();

/** What is left to pay, as the list's open_amount sort orders it (rounded to cents; 0 or less: paid). */
export const openAmount = (sale: { document_value_with_vat: number; paid_amount: number }) =>
  Math.round((sale.document_value_with_vat - sale.paid_amount) * 100) / 100;

/** The columns of the sales table, in the interface's language (made again only when it changes). */
export function useSaleColumns(): DataTableColumn<SaleRow, SaleSort>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      numberColumn<SaleRow, SaleSort>('bv_id', t('sales.columns.id'), (s) => s.bv_id, { sortKey: 'bv_id', sortDescFirst: true, width: 80 }),
      textColumn<SaleRow, SaleSort>('number', t('sales.columns.number'), saleNumber, { width: 110 }),
      dateColumn<SaleRow, SaleSort>('doc_date', t('sales.columns.date'), (s) => s.doc_date, { sortKey: 'doc_date', sortDescFirst: true, width: 110 }),
      textColumn<SaleRow, SaleSort>('client', t('sales.columns.client'), (s) => s.client_name, { width: 200 }),
      textColumn<SaleRow, SaleSort>('client_cui', t('sales.columns.clientCui'), (s) => s.client_cui, { priority: 'low', defaultHidden: true }),
      moneyColumn<SaleRow, SaleSort>('total', t('sales.columns.total'), (s) => s.document_value_with_vat, (s) => s.currency, {
        priority: 'high',
        sortKey: 'document_value_with_vat',
        sortDescFirst: true,
      }),
      moneyColumn<SaleRow, SaleSort>('paid', t('sales.columns.paid'), (s) => s.paid_amount, (s) => s.currency, { priority: 'high', sortKey: 'paid_amount', sortDescFirst: true }),
      moneyColumn<SaleRow, SaleSort>('open', t('sales.columns.open'), (s) => Math.max(0, openAmount(s)), (s) => s.currency, { width: 130, sortKey: 'open_amount', sortDescFirst: true }),
      textColumn<SaleRow, SaleSort>('currency', t('sales.columns.currency'), (s) => s.currency, { priority: 'low', defaultHidden: true, width: 80 }),
      {
        id: 'status',
        priority: 'high',
        header: t('sales.columns.status'),
        width: 140,
        value: (s) => [s.document_cancelled ? 'cancelled' : '', s.invoice_id !== null ? 'invoiced' : '', s.added_by_api ? 'api' : ''].filter(Boolean).join(' '),
        cell: (s) => (
          <span style={PILLS}>
            {s.document_cancelled ? <Pill color="red">{t('sales.pill.cancelled')}</Pill> : null}
            {s.invoice_id !== null ? <Pill color="blue">{t('sales.pill.invoiced')}</Pill> : null}
            {s.added_by_api ? <Pill color="violet">{t('sales.pill.api')}</Pill> : null}
          </span>
        ),
      },
      textColumn<SaleRow, SaleSort>('mentions', t('sales.columns.mentions'), (s) => s.mentions, { priority: 'low', defaultHidden: true, width: 220 }),
      numberColumn<SaleRow, SaleSort>('connector_order_id', t('sales.columns.order'), (s) => s.connector_order_id, { priority: 'low', defaultHidden: true }),
      dateColumn<SaleRow, SaleSort>('last_changed_ts', t('sales.columns.changed'), (s) => s.last_changed_ts, { priority: 'low', defaultHidden: true, withTime: true }),
    ],
    // i18n.language: new headers when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
}
