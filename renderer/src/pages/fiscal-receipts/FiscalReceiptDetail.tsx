import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailPanel, DetailSection, KeyValue, queryState } from '../../components/detail/index.ts';
import { useOperation } from '../../api/operations.ts';
import { formatDate, formatDateTime, formatMoney } from '../../app/format.ts';
import { ContactLink, LinesSection, LinksSection, RecordLink } from '../documents-common/detail-parts.tsx';
import { DetailAttachments } from '../attachments/DetailAttachments.tsx';
import { RECEIPT_STATUS_COLORS, statusKey } from './status.ts';

/** The open fiscal receipt: status, how it was paid, the printer's data, its sale's lines, attachments. */
export function FiscalReceiptDetail({ companyId, id, onClose }: { companyId: number; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const receipt = useOperation('fiscalReceipts.get', { company_id: companyId, fiscal_receipt_id: id });
  const d = receipt.data;
  const number = d?.bon_nr ? String(d.bon_nr) : `#${id}`;
  const paid = d
    ? ([
        ['cash', d.paid_cash],
        ['card', d.paid_card],
        ['foodstamp', d.paid_foodstamp],
        ['voucher', d.paid_voucher],
        ['modern', d.paid_modern_payment],
        ['other', d.paid_other_payment],
      ] as const)
    : [];

  return (
    <DetailPanel
      title={t('documents.fiscalReceipts.detail.title', { number })}
      subtitle={d ? [d.client_name, formatDate(d.doc_date)].filter(Boolean).join(' · ') : undefined}
      label={t('documents.fiscalReceipts.detail.title', { number })}
      onClose={onClose}
      {...queryState(receipt)}
      testId="fiscal-receipt-detail"
      actions={
        d && (
          <Badge color={RECEIPT_STATUS_COLORS[statusKey(d.status_id)]} variant="light" data-testid="detail-state">
            {t(`documents.fiscalReceipts.status.${statusKey(d.status_id)}`)}
          </Badge>
        )
      }
    >
      {d && (
        <>
          <DetailSection title={t('documents.fiscalReceipts.detail.paidBy')}>
            <KeyValue
              cols={3}
              items={[
                { label: t('documents.common.money.total'), value: formatMoney(d.document_value_with_vat, d.currency), numeric: true },
                // Only the means actually used: a receipt is paid one or two ways.
                ...paid.filter(([, amount]) => amount > 0).map(([key, amount]) => ({ label: t(`documents.fiscalReceipts.detail.${key}`), value: formatMoney(amount, 'RON'), numeric: true })),
                ...(d.paid_by_voucher_code ? [{ label: t('documents.fiscalReceipts.detail.voucherCode'), value: d.paid_by_voucher_code }] : []),
              ]}
            />
          </DetailSection>

          <DetailSection title={t('documents.common.detail.document')}>
            <KeyValue
              items={[
                { label: t('documents.fiscalReceipts.detail.bonNr'), value: d.bon_nr ?? '' },
                { label: t('documents.fiscalReceipts.detail.bfDate'), value: formatDate(d.bf_date) },
                { label: t('documents.fiscalReceipts.detail.zNr'), value: d.z_nr ?? '' },
                { label: t('documents.fiscalReceipts.detail.station'), value: d.station_id ?? '' },
                { label: t('documents.common.fields.workpoint'), value: d.workpoint_id ?? '' },
                { label: t('documents.fiscalReceipts.detail.posId'), value: d.pos_receipt_id ?? '' },
                { label: t('documents.fiscalReceipts.detail.printConfirmed'), value: formatDateTime(d.print_confirmed_ts) },
                { label: t('documents.common.money.totalWithoutVat'), value: formatMoney(d.total_without_vat, d.currency), numeric: true },
                { label: t('documents.common.money.vat'), value: formatMoney(d.total_vat, d.currency), numeric: true },
                { label: t('documents.common.fields.addedByApi'), value: d.added_by_api ? t('documents.common.yes') : t('documents.common.no') },
              ]}
            />
          </DetailSection>

          <DetailSection title={t('documents.common.detail.client')}>
            {d.client_name ? (
              <KeyValue
                items={[
                  { label: t('documents.common.fields.name'), value: d.client_name },
                  { label: t('documents.common.fields.fiscalCode'), value: d.client_cui },
                  { label: t('documents.common.fields.regCom'), value: d.client_reg_com },
                ]}
              />
            ) : (
              <KeyValue items={[{ label: t('documents.common.fields.name'), value: t('documents.fiscalReceipts.detail.noClient') }]} cols={1} />
            )}
          </DetailSection>

          <LinesSection lines={d.items ?? []} currency={d.currency} label={t('documents.fiscalReceipts.detail.linesOf')} />

          <LinksSection>
            {[
              <RecordLink key="sale" screen="sales" companyId={companyId} search={{ open: d.bv_id }} testId="link-sale">
                {t('documents.common.links.saleId', { id: d.bv_id })}
              </RecordLink>,
              <RecordLink key="payments" screen="payments" companyId={companyId} search={{ bv_id: d.bv_id }}>
                {t('documents.common.links.paymentsOfSale', { id: d.bv_id })}
              </RecordLink>,
              d.client_id !== null && <ContactLink key="contact" companyId={companyId} contactId={d.client_id} name={d.client_name} />,
            ]}
          </LinksSection>

          <DetailAttachments doc={{ company_id: companyId, doctype: 'fiscal_receipt', doc_id: id }} inlineUpload />
        </>
      )}
    </DetailPanel>
  );
}
