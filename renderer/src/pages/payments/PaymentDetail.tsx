import { useState } from 'react';
import { Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Payment, PaymentAllocation } from '../../../../shared/domain/payments.ts';
import { useAction, useOperation } from '../../api/operations.ts';
import { confirmAction, notifyDone, notifyFailed } from '../../components/feedback/index.ts';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../app/format.ts';
import { RouterAnchor } from '../../app/shell/RouterLinks.tsx';
import { DetailPanel, DetailSection, KeyValue, queryState } from '../../components/detail/index.ts';
import { Pill } from '../../components/data-table/index.ts';
import { DetailAttachments, UploadAttachmentModal } from '../attachments/DetailAttachments.tsx';
import { paymentNumber } from './columns.tsx';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The document an allocation goes to, as a link to its screen (opened there). */
function DocumentLink({ companyId, allocation }: { companyId: number; allocation: PaymentAllocation }) {
  const { t } = useTranslation();
  const number = `${allocation.doc_series} ${allocation.doc_nr}`.trim();
  const label = t('payments.detail.openDocument', { kind: t(`payments.detail.kinds.${allocation.doc_type}`), number });
  const common = { params: { companyId }, search: { open: allocation.doc_id }, 'aria-label': label, size: 'sm' } as const;
  switch (allocation.doc_type) {
    case 'sale':
      return <RouterAnchor to="/c/$companyId/documents/sales" {...common}>{number}</RouterAnchor>;
    case 'invoice':
      return <RouterAnchor to="/c/$companyId/documents/invoices" {...common}>{number}</RouterAnchor>;
    default:
      return <RouterAnchor to="/c/$companyId/documents/proformas" {...common}>{number}</RouterAnchor>;
  }
}

function Summary({ payment, typeName }: { payment: Payment; typeName: string }) {
  const { t } = useTranslation();
  const money = (v: number) => formatMoney(v, payment.currency);
  return (
    <DetailSection title={t('payments.detail.summary')} testId="payment-summary">
      <KeyValue
        items={[
          { label: t('payments.detail.date'), value: formatDate(payment.doc_date) },
          {
            label: t('payments.detail.status'),
            value: payment.document_cancelled ? <Pill color="red">{t('payments.detail.cancelled')}</Pill> : <Pill color="teal">{t('payments.detail.valid')}</Pill>,
          },
          { label: t('payments.detail.type'), value: typeName },
          { label: t('payments.detail.amount'), value: <strong data-testid="payment-amount">{money(payment.amount)}</strong>, numeric: true },
          ...(payment.currency !== 'RON'
            ? [
                { label: t('payments.detail.exchangeRate'), value: formatNumber(payment.exchange_rate, 4), numeric: true },
                { label: t('payments.detail.amountRon'), value: formatMoney(payment.amount_ron, 'RON'), numeric: true },
              ]
            : []),
          { label: t('payments.detail.allocationStatus'), value: t(`payments.allocation.${payment.allocation_status}`) },
          { label: t('payments.detail.allocated'), value: money(payment.allocated_amount), numeric: true },
          { label: t('payments.detail.client'), value: payment.client_name },
          { label: t('payments.detail.cui'), value: payment.client_cui },
          { label: t('payments.detail.number'), value: paymentNumber(payment) || t('payments.detail.noReceiptDoc') },
          { label: t('payments.detail.source'), value: t(`payments.source.${payment.source}`) },
          { label: t('payments.detail.bankAccount'), value: payment.bank_account_id ?? '' },
          { label: t('payments.detail.fiscalReceipt'), value: payment.fiscal_receipt_id ?? '' },
          { label: t('payments.detail.mentions'), value: <span data-testid="payment-mentions">{payment.mentions}</span> },
          { label: t('payments.detail.created'), value: formatDateTime(payment.created_ts) },
        ]}
      />
    </DetailSection>
  );
}

/**
 * The open payment beside the list (`?open=incasare_id`): its summary, the sale it belongs to, how
 * it is allocated to documents (each a link to its screen) and its attachments.
 */
export function PaymentDetail({ companyId, incasareId, typeName, onClose }: { companyId: number; incasareId: number; typeName: (code: string) => string; onClose: () => void }) {
  const { t } = useTranslation();
  const payment = useOperation('payments.get', { company_id: companyId, incasare_id: incasareId });
  const [uploading, setUploading] = useState(false);
  const cancel = useAction('payments.cancel');
  const p = payment.data;
  const allocations = p?.allocations ?? [];

  async function cancelPayment(): Promise<void> {
    if (!p) return;
    const documents = allocations.map((a) => `${t(`payments.detail.kinds.${a.doc_type}`)} ${a.doc_series} ${a.doc_nr}`.trim()).join(', ');
    const ok = await confirmAction({
      title: t('paymentActions.cancel.title', { id: p.incasare_id }),
      body: t('paymentActions.cancel.body', { amount: formatMoney(p.amount, p.currency), documents: documents || t('paymentActions.cancel.nothing') }),
      confirmLabel: t('paymentActions.cancel.confirm'),
      cancelLabel: t('paymentActions.cancel.keep'),
      danger: true,
    });
    if (!ok) return;
    cancel.mutate(
      { company_id: companyId, incasare_id: p.incasare_id },
      {
        onSuccess: () => notifyDone({ title: t('paymentActions.cancel.done', { id: p.incasare_id }), message: t('paymentActions.cancel.doneText') }),
        onError: (error) => notifyFailed(t('paymentActions.cancel.failed'), error),
      },
    );
  }
  return (
    <DetailPanel
      label={t('payments.detail.label', { id: incasareId })}
      title={t('payments.detail.title', { id: incasareId })}
      subtitle={p ? [p.client_name, formatDate(p.doc_date), formatMoney(p.amount, p.currency), typeName(p.payment_type)].filter(Boolean).join(' · ') : undefined}
      onClose={onClose}
      {...queryState(payment)}
      testId="payment-detail"
      actions={
        <Group gap="xs">
          <Button
            size="xs"
            // Neutral like the other panel actions (readable in both themes); the confirmation carries the danger colour.
            variant="default"
            onClick={() => void cancelPayment()}
            disabled={!p || p.document_cancelled === 1}
            title={p?.document_cancelled === 1 ? t('paymentActions.cancel.already') : undefined}
            loading={cancel.isPending}
            data-testid="action-cancel-payment"
          >
            {t('paymentActions.cancel.action')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setUploading(true)} disabled={!p} data-testid="action-upload">
            {t('sales.actions.upload')}
          </Button>
        </Group>
      }
    >
      {p && (
        <>
          <Summary payment={p} typeName={typeName(p.payment_type)} />
          <DetailSection title={t('payments.detail.sale')} testId="payment-sale">
            {p.bv_id === null ? (
              <Text size="sm" c="dimmed">
                {t('payments.detail.noSale')}
              </Text>
            ) : (
              <Text size="sm">
                <RouterAnchor to="/c/$companyId/documents/sales" params={{ companyId }} search={{ open: p.bv_id }} aria-label={t('payments.detail.openSale', { id: p.bv_id })}>
                  {t('payments.detail.openSale', { id: p.bv_id })}
                </RouterAnchor>
              </Text>
            )}
          </DetailSection>
          <DetailSection title={t('payments.detail.allocations')} count={allocations.length} testId="payment-allocations">
            {allocations.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('payments.detail.noAllocations')}
              </Text>
            ) : (
              <Table fz="sm" verticalSpacing={4} horizontalSpacing={6} aria-label={t('payments.detail.allocations')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('payments.detail.allocationColumns.document')}</Table.Th>
                    <Table.Th scope="col">{t('payments.detail.allocationColumns.kind')}</Table.Th>
                    <Table.Th scope="col" ta="right">{t('payments.detail.allocationColumns.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {allocations.map((a) => (
                    <Table.Tr key={`${a.doc_type}-${a.doc_id}`}>
                      <Table.Td>
                        <DocumentLink companyId={companyId} allocation={a} />
                      </Table.Td>
                      <Table.Td>{t(`payments.detail.kinds.${a.doc_type}`)}</Table.Td>
                      <Table.Td ta="right" style={num}>
                        {formatMoney(a.amount, p.currency)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {p.amount - p.allocated_amount > 0.004 && (
              <Text size="xs" c="dimmed">
                {t('payments.detail.unallocated')}: {formatMoney(p.amount - p.allocated_amount, p.currency)}
              </Text>
            )}
          </DetailSection>
          <DetailAttachments doc={{ company_id: companyId, doctype: 'payment', doc_id: incasareId }} />
          <UploadAttachmentModal
            opened={uploading}
            onClose={() => setUploading(false)}
            doc={{ company_id: companyId, doctype: 'payment', doc_id: incasareId }}
            number={t('payments.detail.title', { id: incasareId })}
          />
        </>
      )}
    </DetailPanel>
  );
}
