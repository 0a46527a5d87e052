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
import { PILLS } from '../sales/columns.tsx';

export type PaymentRow = ListRow<'lists.payments'>;
type PaymentSort = ListSortKey<'lists.payments'>;

const ALLOCATION_COLOR = { not_allocated: 'gray', some_allocated: 'yellow', fully_allocated: 'teal' } as const;

/** "CH 12" for a payment with a receipt document, "" without one. */
export const paymentNumber = (p: { doc_series: string; doc_nr: number | null }) => (p.doc_nr === null ? '' : `${p.doc_series} ${p.doc_nr}`.trim());

/** The columns of the payments table; `typeName` names a payment type code (the account's own names). */
export function usePaymentColumns(typeName: (code: string) => string): DataTableColumn<PaymentRow, PaymentSort>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      numberColumn<PaymentRow, PaymentSort>('incasare_id', t('payments.columns.id'), (p) => p.incasare_id, { sortKey: 'incasare_id', sortDescFirst: true, width: 80 }),
      textColumn<PaymentRow, PaymentSort>('number', t('payments.columns.number'), paymentNumber, { priority: 'low', width: 110, defaultHidden: true }),
      dateColumn<PaymentRow, PaymentSort>('doc_date', t('payments.columns.date'), (p) => p.doc_date, { sortKey: 'doc_date', sortDescFirst: true }),
      moneyColumn<PaymentRow, PaymentSort>('amount', t('payments.columns.amount'), (p) => p.amount, (p) => p.currency, { priority: 'high', sortKey: 'amount', sortDescFirst: true }),
      textColumn<PaymentRow, PaymentSort>('client', t('payments.columns.client'), (p) => p.client_name, { width: 200 }),
      { id: 'payment_type', header: t('payments.columns.type'), width: 130, value: (p) => p.payment_type, format: (code) => typeName(String(code)) },
      moneyColumn<PaymentRow, PaymentSort>('amount_ron', t('payments.columns.amountRon'), (p) => p.amount_ron, () => 'RON', { priority: 'low', defaultHidden: true }),
      moneyColumn<PaymentRow, PaymentSort>('allocated_amount', t('payments.columns.allocated'), (p) => p.allocated_amount, (p) => p.currency, { defaultHidden: true }),
      {
        id: 'allocation_status',
        priority: 'high',
        header: t('payments.columns.allocation'),
        width: 150,
        value: (p) => p.allocation_status,
        cell: (p) => <Pill color={ALLOCATION_COLOR[p.allocation_status]}>{t(`payments.allocation.${p.allocation_status}`)}</Pill>,
      },
      numberColumn<PaymentRow, PaymentSort>('bv_id', t('payments.columns.sale'), (p) => p.bv_id, { priority: 'low', width: 80 }),
      { id: 'source', priority: 'low', header: t('payments.columns.source'), width: 140, value: (p) => p.source, format: (s) => t(`payments.source.${String(s) as 'api'}`) },
      {
        id: 'status',
        priority: 'high',
        header: t('payments.columns.status'),
        width: 110,
        // Every payment has a state (the detail's words): a live one said "valid", not left blank.
        value: (p) => (p.document_cancelled ? 'cancelled' : 'valid'),
        cell: (p) => (
          <span style={PILLS}>
            {p.document_cancelled ? <Pill color="red">{t('payments.detail.cancelled')}</Pill> : <Pill color="teal">{t('payments.detail.valid')}</Pill>}
          </span>
        ),
      },
      textColumn<PaymentRow, PaymentSort>('mentions', t('payments.columns.mentions'), (p) => p.mentions, { priority: 'low', defaultHidden: true, width: 220 }),
      dateColumn<PaymentRow, PaymentSort>('last_changed_ts', t('payments.columns.changed'), (p) => p.last_changed_ts, { priority: 'low', defaultHidden: true, withTime: true }),
    ],
    // i18n.language: new headers when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, typeName],
  );
}
