import { useState } from 'react';
import { Button, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Sale } from '../../../../shared/domain/sales.ts';
import { useOperation } from '../../api/operations.ts';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../app/format.ts';
import { RouterAnchor } from '../../app/shell/RouterLinks.tsx';
import { DetailPanel, DetailSection, KeyValue, queryState } from '../../components/detail/index.ts';
import { Pill } from '../../components/data-table/index.ts';
import { DetailAttachments, UploadAttachmentModal } from '../attachments/DetailAttachments.tsx';
import { saleNumber } from './columns.tsx';
import { RegisterPaymentModal } from './RegisterPaymentModal.tsx';
import { SaleAwbs, SaleFiscalReceipts, SaleInvoice, SaleLines, SalePayments } from './SaleSections.tsx';

function Summary({ companyId, sale }: { companyId: number; sale: Sale }) {
  const { t } = useTranslation();
  const money = (v: number) => formatMoney(v, sale.currency);
  // What is open as the payment rule counts it (payments on the sale's own invoice included).
  const form = useOperation('sales.paymentForm', { company_id: companyId, bv_id: sale.bv_id });
  const open = form.data?.sale.open_amount ?? Math.max(0, sale.document_value_with_vat - sale.paid_amount);
  const origin = sale.connector_order_id !== null
    ? t('sales.detail.originOrder', { id: sale.connector_order_id })
    : sale.added_by_api ? t('sales.detail.originApi') : t('sales.detail.originStaff');
  return (
    <DetailSection title={t('sales.detail.summary')} testId="sale-summary">
      <KeyValue
        items={[
          { label: t('sales.detail.date'), value: formatDate(sale.doc_date) },
          {
            label: t('sales.detail.status'),
            value: sale.document_cancelled ? <Pill color="red">{t('sales.detail.cancelled')}</Pill> : <Pill color="teal">{t('sales.detail.valid')}</Pill>,
          },
          {
            label: t('sales.detail.client'),
            value:
              sale.client_id !== null && sale.client_name ? (
                <RouterAnchor to="/c/$companyId/catalogue/contacts" params={{ companyId }} search={{ open: sale.client_id }} size="sm">
                  {sale.client_name}
                </RouterAnchor>
              ) : (
                sale.client_name
              ),
          },
          { label: t('sales.detail.cui'), value: sale.client_cui },
          { label: t('sales.detail.totalNoVat'), value: money(sale.total_without_vat), numeric: true },
          { label: t('sales.detail.vat'), value: money(sale.total_vat), numeric: true },
          { label: t('sales.detail.total'), value: <strong>{money(sale.document_value_with_vat)}</strong>, numeric: true },
          ...(sale.currency !== 'RON'
            ? [
                { label: t('sales.detail.totalRon'), value: formatMoney(sale.total_ron, 'RON'), numeric: true },
                { label: t('sales.detail.exchangeRate'), value: formatNumber(sale.exchange_rate, 4), numeric: true },
              ]
            : []),
          { label: t('sales.detail.paid'), value: <span data-testid="sale-paid">{money(sale.paid_amount)}</span>, numeric: true },
          { label: t('sales.detail.open'), value: <span data-testid="sale-open">{money(open)}</span>, numeric: true },
          { label: t('sales.detail.origin'), value: origin },
          { label: t('sales.detail.workpoint'), value: sale.workpoint_id ?? '' },
          { label: t('sales.detail.regCom'), value: sale.client_reg_com },
          { label: t('sales.detail.mentions'), value: sale.mentions },
          { label: t('sales.detail.created'), value: formatDateTime(sale.created_ts) },
          { label: t('sales.detail.changed'), value: formatDateTime(sale.last_changed_ts) },
        ]}
      />
    </DetailSection>
  );
}

/**
 * The open sale beside the list (`?open=bv_id`): its summary, lines, payments, fiscal receipts,
 * invoice, AWBs and attachments, with Register payment and Upload attachment where the eye is.
 * Everything here refreshes by itself when a write changes what it reads.
 */
export function SaleDetail({ companyId, bvId, onClose }: { companyId: number; bvId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const sale = useOperation('sales.get', { company_id: companyId, bv_id: bvId });
  const [dialog, setDialog] = useState<'payment' | 'upload' | null>(null);
  const number = sale.data ? saleNumber(sale.data) : `#${bvId}`;
  const cancelled = sale.data?.document_cancelled === 1;

  const payButton = (
    <Button size="xs" onClick={() => setDialog('payment')} disabled={!sale.data || cancelled} data-testid="action-register-payment">
      {t('sales.actions.registerPayment')}
    </Button>
  );

  return (
    <DetailPanel
      label={t('sales.detail.label', { number })}
      title={number}
      subtitle={sale.data ? [sale.data.client_name, formatDate(sale.data.doc_date), formatMoney(sale.data.document_value_with_vat, sale.data.currency)].filter(Boolean).join(' · ') : undefined}
      onClose={onClose}
      {...queryState(sale)}
      testId="sale-detail"
      actions={
        <>
          {cancelled ? (
            <Tooltip label={t('sales.actions.cancelledNoPayment')} withArrow>
              <span>{payButton}</span>
            </Tooltip>
          ) : (
            payButton
          )}
          <Button size="xs" variant="default" onClick={() => setDialog('upload')} disabled={!sale.data} data-testid="action-upload">
            {t('sales.actions.upload')}
          </Button>
        </>
      }
    >
      {sale.data && (
        <>
          <Summary companyId={companyId} sale={sale.data} />
          <SaleLines companyId={companyId} sale={sale.data} />
          <SalePayments companyId={companyId} sale={sale.data} />
          <SaleFiscalReceipts companyId={companyId} bvId={bvId} />
          <SaleInvoice companyId={companyId} sale={sale.data} />
          <SaleAwbs companyId={companyId} bvId={bvId} />
          <DetailAttachments doc={{ company_id: companyId, doctype: 'sale', doc_id: bvId }} />
          <RegisterPaymentModal companyId={companyId} bvId={bvId} saleNumber={number} opened={dialog === 'payment'} onClose={() => setDialog(null)} />
          <UploadAttachmentModal
            opened={dialog === 'upload'}
            onClose={() => setDialog(null)}
            doc={{ company_id: companyId, doctype: 'sale', doc_id: bvId }}
            number={number}
          />
        </>
      )}
    </DetailPanel>
  );
}
