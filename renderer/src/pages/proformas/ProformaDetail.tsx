import { useTranslation } from 'react-i18next';
import { DetailPanel, DetailSection, KeyValue, queryState } from '../../components/detail/index.ts';
import { useOperation } from '../../api/operations.ts';
import { formatDate, formatDateTime, formatMoney } from '../../app/format.ts';
import { amountItems, ContactLink, DocumentButton, LinesSection, LinksSection, PaymentBar, RecordLink, StateBadge, useYesNo } from '../documents-common/detail-parts.tsx';
import { DetailAttachments } from '../attachments/DetailAttachments.tsx';
import { proformaState } from './state.ts';
import { ProformaInvoiceAction } from './ProformaInvoiceAction.tsx';

/** The open proforma: document, client, lines, its invoice, attachments; its HTML and PDF. */
export function ProformaDetail({ companyId, id, onClose }: { companyId: number; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const proforma = useOperation('proformas.get', { company_id: companyId, proforma_id: id });
  const d = proforma.data;
  const number = d ? `${d.doc_series} ${d.doc_nr}` : `#${id}`;
  const yesNo = useYesNo();

  return (
    <DetailPanel
      title={t('documents.proformas.detail.title', { number })}
      subtitle={d ? `${d.client_name} · ${formatDate(d.doc_date)}` : undefined}
      label={t('documents.proformas.detail.title', { number })}
      onClose={onClose}
      {...queryState(proforma)}
      testId="proforma-detail"
      actions={
        d && (
          <>
            <StateBadge state={proformaState(d)} />
            <ProformaInvoiceAction companyId={companyId} proforma={d} />
            <DocumentButton href={d.view_link} testId="open-html">
              {t('documents.proformas.detail.html')}
            </DocumentButton>
            <DocumentButton href={d.pdf_url} testId="open-pdf">
              {t('documents.proformas.detail.pdf')}
            </DocumentButton>
            {d.payment_link && (
              <DocumentButton href={d.payment_link} testId="open-payment-link">
                {t('documents.proformas.detail.paymentLink')}
              </DocumentButton>
            )}
          </>
        )
      }
    >
      {d && (
        <>
          <DetailSection title={t('documents.common.detail.payment')}>
            <KeyValue
              cols={3}
              items={[
                { label: t('documents.common.money.total'), value: formatMoney(d.total, d.currency), numeric: true },
                { label: t('documents.proformas.detail.advance'), value: formatMoney(d.paid_amount, d.currency), numeric: true },
                { label: t('documents.common.fields.dueDate'), value: formatDate(d.doc_due_date) },
              ]}
            />
            {!d.document_cancelled && d.paid_amount > 0 && <PaymentBar total={d.total} paid={d.paid_amount} currency={d.currency} />}
          </DetailSection>

          <DetailSection title={t('documents.common.detail.document')}>
            <KeyValue
              items={[
                { label: t('documents.common.fields.number'), value: number },
                { label: t('documents.common.fields.date'), value: formatDate(d.doc_date) },
                ...amountItems(t, d),
                { label: t('documents.common.fields.workpoint'), value: d.workpoint_id ?? '' },
                { label: t('documents.proformas.detail.subscription'), value: d.subscription_template_id ?? '' },
                { label: t('documents.common.fields.addedByApi'), value: yesNo(d.added_by_api) },
                { label: t('documents.common.fields.recorded'), value: formatDateTime(d.record_ts) },
                { label: t('documents.common.fields.mentions'), value: d.mentions },
              ]}
            />
          </DetailSection>

          <DetailSection title={t('documents.common.detail.client')}>
            <KeyValue
              items={[
                { label: t('documents.common.fields.name'), value: d.client_name },
                { label: t('documents.common.fields.fiscalCode'), value: d.client_vat_id },
                { label: t('documents.common.fields.regCom'), value: d.client_reg_com },
              ]}
            />
          </DetailSection>

          <LinesSection lines={d.items} currency={d.currency} label={t('documents.proformas.detail.linesOf')} />

          <LinksSection>
            {[
              d.invoice_id !== null && (
                <RecordLink key="invoice" screen="invoices" companyId={companyId} search={{ open: d.invoice_id }} testId="link-invoice">
                  {t('documents.proformas.detail.invoicedAs', { id: d.invoice_id })}
                </RecordLink>
              ),
              d.bocp_contact_id !== null && <ContactLink key="contact" companyId={companyId} contactId={d.bocp_contact_id} name={d.client_name} />,
            ]}
          </LinksSection>

          <DetailAttachments doc={{ company_id: companyId, doctype: 'proforma', doc_id: id }} inlineUpload />
        </>
      )}
    </DetailPanel>
  );
}
