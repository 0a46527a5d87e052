import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceFollowUps } from '../../../../shared/domain/staff-actions.ts';
import { formatDate, formatMoney } from '../../app/format.ts';

/** The invoice and what comes with it: what orders.invoicePreview announces and orders.issueInvoice answers. */
export interface InvoiceOutcome {
  doc_series: string;
  doc_nr: number;
  doc_date: string;
  document_value_with_vat: number;
  currency: string;
  sale_created: boolean;
  follow_ups: InvoiceFollowUps;
  notices: readonly string[];
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The outcome as lines a person reads; `done`: told after the click (the AWB has its number then). */
export function invoiceOutcomeLines(t: Translate, outcome: InvoiceOutcome, done: boolean): string[] {
  const k = (key: string, options?: Record<string, unknown>) => t(`connectorOrders.invoice.followUps.${key}`, options);
  const { follow_ups: f } = outcome;
  const lines = [
    k('invoice', {
      number: `${outcome.doc_series} ${outcome.doc_nr}`,
      date: formatDate(outcome.doc_date),
      total: formatMoney(outcome.document_value_with_vat, outcome.currency),
    }),
  ];
  if (outcome.sale_created) lines.push(k('sale'));
  if (f.awb) {
    const courier = f.awb.awb_subtype ? `${f.awb.awb_type} / ${f.awb.awb_subtype}` : f.awb.awb_type;
    const cod = f.awb.cod_amount > 0 ? k('cod', { amount: formatMoney(f.awb.cod_amount, f.awb.cod_currency) }) : '';
    lines.push(done ? k('awbDone', { number: f.awb.awb_nr, courier, cod }) : k('awb', { courier, cod }));
  } else {
    lines.push(k('noAwb'));
  }
  lines.push(f.order_status === f.order_status_before ? k('statusStays', { status: f.order_status }) : k('status', { from: f.order_status_before, to: f.order_status }));
  if (f.notifications.length === 0) {
    lines.push(k('notNotified'));
  } else {
    const list = f.notifications.map((n) => {
      const what = ['invoice', 'awb', 'status', 'product_update'].includes(n.notification_type)
        ? t(`connectorOrders.invoice.notifications.${n.notification_type}`, { status: n.status_text ?? '' })
        : t('connectorOrders.invoice.notifications.other', { type: n.notification_type });
      return n.sent ? what : k('notSent', { what });
    });
    lines.push(k('notified', { list: list.join(', ') }));
  }
  return [...lines, ...outcome.notices];
}

/** The outcome as a titled list (role list, one item a line). */
export function InvoiceOutcomeList({ outcome, done, testId }: { outcome: InvoiceOutcome; done: boolean; testId: string }) {
  const { t } = useTranslation();
  const heading = done ? t('connectorOrders.invoice.didHeading') : t('connectorOrders.invoice.willHeading');
  const headingId = `${testId}-heading`;
  return (
    <div data-testid={testId}>
      <Text size="sm" fw={600} id={headingId}>
        {heading}
      </Text>
      <List size="sm" spacing={2} aria-labelledby={headingId}>
        {invoiceOutcomeLines(t as Translate, outcome, done).map((line, i) => (
          <List.Item key={i}>{line}</List.Item>
        ))}
      </List>
    </div>
  );
}
