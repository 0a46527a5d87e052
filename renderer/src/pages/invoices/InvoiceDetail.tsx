import { useState } from 'react';
import { Badge, Button, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RegisterPaymentModal } from '../sales/RegisterPaymentModal.tsx';
import { DetailPanel, DetailSection, KeyValue, queryState } from '../../components/detail/index.ts';
import { useOperation } from '../../api/operations.ts';
import { formatDate, formatDateTime, formatMoney } from '../../app/format.ts';
import {
  addressLine,
  amountItems,
  ContactLink,
  DocumentButton,
  LinesSection,
  LinksSection,
  PaymentBar,
  paymentState,
  RecordLink,
  StateBadge,
  useYesNo,
} from '../documents-common/detail-parts.tsx';
import { DetailAttachments } from '../attachments/DetailAttachments.tsx';
import { StornoAction } from './StornoAction.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Why the invoice takes no payment from its panel, or '' when it does. A payment from the invoice
 * pays its sales receipt (invoices.get payment_bv_id). A storno and the invoice it reverses have
 * nothing left to collect (their rest is 0, docs/data-model.md "What is paid"): the same fields
 * the core derives that from, storno_of_id and the live storno in reversed_by.
 */
function paymentBlocked(
  t: Translate,
  d: { document_cancelled: number; storno_of_id: number | null; reversed_by: { doc_series: string; doc_nr: number } | null; payment_bv_id: number | null },
): string {
  if (d.document_cancelled) return t('paymentActions.cancelled');
  if (d.storno_of_id !== null) return t('paymentActions.storno');
  if (d.reversed_by) return t('paymentActions.reversed', { number: `${d.reversed_by.doc_series} ${d.reversed_by.doc_nr}` });
  if (d.payment_bv_id === null) return t('paymentActions.noReceipt');
  return '';
}

/** The open invoice: payment state, document, client, lines, linked records, attachments; its HTML and PDF. */
export function InvoiceDetail({ companyId, id, onClose }: { companyId: number; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const invoice = useOperation('invoices.get', { company_id: companyId, bocp_id: id });
  const d = invoice.data;
  const number = d ? `${d.doc_series} ${d.doc_nr}` : `#${id}`;
  const yesNo = useYesNo();
  const [paying, setPaying] = useState(false);
  const payBlocked = d ? paymentBlocked(t as Translate, d) : '';
  const receipt = d?.sales.find((s) => s.bv_id === d.payment_bv_id);

  return (
    <DetailPanel
      title={t('documents.invoices.detail.title', { number })}
      subtitle={d ? `${d.client_name} · ${formatDate(d.doc_date)}` : undefined}
      label={t('documents.invoices.detail.label', { number })}
      onClose={onClose}
      {...queryState(invoice)}
      testId="invoice-detail"
      actions={
        d && (
          <>
            <StateBadge state={paymentState(d)} />
            {/* Reversed by a storno, or a storno itself (invoices.storno): said beside the payment state. */}
            {d.reversed_by && (
              <Badge color="violet" data-testid="badge-reversed">
                {t('documents.invoices.storno.badgeReversed')}
              </Badge>
            )}
            {d.storno_of_id !== null && (
              <Badge color="violet" data-testid="badge-storno">
                {t('documents.invoices.storno.badgeStorno')}
              </Badge>
            )}
            <Tooltip label={payBlocked} disabled={!payBlocked} multiline w={260}>
              <span>
                <Button size="xs" onClick={() => setPaying(true)} disabled={!!payBlocked} data-testid="action-register-payment">
                  {t('paymentActions.register')}
                </Button>
              </span>
            </Tooltip>
            <StornoAction companyId={companyId} invoice={d} />
            <DocumentButton href={d.html_url} testId="open-html">
              {t('documents.invoices.detail.html')}
            </DocumentButton>
            <DocumentButton href={d.pdf_invoice_url} testId="open-pdf">
              {t('documents.invoices.detail.pdf')}
            </DocumentButton>
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
                { label: t('documents.common.money.total'), value: formatMoney(d.document_value_with_vat, d.currency), numeric: true },
                { label: t('documents.common.money.paid'), value: formatMoney(d.paid_amount, d.currency), numeric: true },
                { label: t('documents.common.money.rest'), value: formatMoney(d.rest, d.currency), numeric: true },
                { label: t('documents.common.fields.dueDate'), value: formatDate(d.doc_due_date) },
                { label: t('documents.invoices.detail.lastPayment'), value: formatDate(d.last_payment_date) },
              ]}
            />
            {!d.document_cancelled && <PaymentBar total={d.document_value_with_vat} paid={d.paid_amount} currency={d.currency} />}
          </DetailSection>

          <DetailSection title={t('documents.common.detail.document')}>
            <KeyValue
              items={[
                { label: t('documents.common.fields.number'), value: number },
                { label: t('documents.common.fields.date'), value: formatDate(d.doc_date) },
                ...amountItems(t, d),
                { label: t('documents.invoices.detail.efactura'), value: t(`documents.invoices.detail.efacturaStates.${d.efactura_status}`) },
                { label: t('documents.common.fields.workpoint'), value: d.workpoint_id ?? '' },
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
                { label: t('documents.common.fields.email'), value: d.client_email },
                { label: t('documents.common.fields.phone'), value: addressLine(d.client_phone1, d.client_phone2) },
                { label: t('documents.common.fields.address'), value: addressLine(d.client_address, d.client_city, d.client_county, d.client_postcode, d.client_country) },
                {
                  label: t('documents.common.fields.shippingAddress'),
                  value: addressLine(d.client_shipping_adress, d.client_shipping_city, d.client_shipping_county, d.client_shipping_postcode, d.client_shipping_country),
                },
              ]}
            />
          </DetailSection>

          <LinesSection lines={d.items} currency={d.currency} label={t('documents.invoices.detail.linesOf')} />

          <LinksSection>
            {[
              ...d.sales.map((s) => (
                <RecordLink key={`sale-${s.bv_id}`} screen="sales" companyId={companyId} search={{ open: s.bv_id }} testId="link-sale">
                  {t('documents.common.links.sale', { number: `${s.doc_series} ${s.doc_nr}` })}
                </RecordLink>
              )),
              d.storno_of_id !== null && (
                <RecordLink key="storno" screen="invoices" companyId={companyId} search={{ open: d.storno_of_id }}>
                  {t('documents.invoices.detail.storno')} #{d.storno_of_id}
                </RecordLink>
              ),
              d.reversed_by !== null && (
                <RecordLink key="reversed-by" screen="invoices" companyId={companyId} search={{ open: d.reversed_by.bocp_id }} testId="link-reversed-by">
                  {t('documents.invoices.storno.reversedBy')} {d.reversed_by.doc_series} {d.reversed_by.doc_nr}
                </RecordLink>
              ),
              d.bocp_contact_id !== null && <ContactLink key="contact" companyId={companyId} contactId={d.bocp_contact_id} name={d.client_name} />,
            ]}
          </LinksSection>

          <DetailAttachments doc={{ company_id: companyId, doctype: 'invoice', doc_id: id }} inlineUpload />
          {d.payment_bv_id !== null && (
            <RegisterPaymentModal
              companyId={companyId}
              bvId={d.payment_bv_id}
              saleNumber={t('paymentActions.invoiceTarget', { invoice: number, sale: receipt ? `${receipt.doc_series} ${receipt.doc_nr}` : `#${d.payment_bv_id}` })}
              opened={paying}
              onClose={() => setPaying(false)}
            />
          )}
        </>
      )}
    </DetailPanel>
  );
}
