import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailPanel, DetailSection, KeyValue, queryState } from '../../components/detail/index.ts';
import { useOperation } from '../../api/operations.ts';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../app/format.ts';
import { ContactLink, DocumentButton, LinksSection, RecordLink } from '../documents-common/detail-parts.tsx';
import { DetailAttachments } from '../attachments/DetailAttachments.tsx';
import { useCourierName } from './courier.ts';
import { CancelAwbButton } from './CancelAwbButton.tsx';

/** The open AWB: its label (PDF / HTML), the shipment, the recipient, its sale and order, attachments. */
export function AwbDetail({ companyId, id, onClose }: { companyId: number; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const courierName = useCourierName();
  const awb = useOperation('awbs.get', { company_id: companyId, awb_id: id });
  const d = awb.data;
  const number = d ? d.awb_nr : `#${id}`;
  // awb_url is the label itself for an AWB the service generated: then it is not offered twice.
  const tracking = d && d.awb_url && d.awb_url !== d.label_pdf_url ? d.awb_url : null;

  return (
    <DetailPanel
      title={t('documents.awbs.detail.title', { number })}
      subtitle={d ? [courierName(d), d.client_name, formatDate(d.doc_date)].filter(Boolean).join(' · ') : undefined}
      label={t('documents.awbs.detail.title', { number })}
      onClose={onClose}
      {...queryState(awb)}
      testId="awb-detail"
      actions={
        d && (
          <>
            <Badge color={d.document_cancelled ? 'gray' : 'teal'} variant="light" data-testid="detail-state">
              {d.document_cancelled ? t('documents.common.status.cancelled') : t('documents.awbs.detail.live')}
            </Badge>
            <DocumentButton href={d.label_pdf_url} testId="open-label">
              {t('documents.awbs.detail.labelPdf')}
            </DocumentButton>
            <DocumentButton href={d.label_html_url} testId="open-label-html">
              {t('documents.awbs.detail.labelHtml')}
            </DocumentButton>
            {tracking && (
              <DocumentButton href={tracking} testId="open-tracking">
                {t('documents.awbs.detail.tracking')}
              </DocumentButton>
            )}
            {d.document_cancelled === 0 && <CancelAwbButton companyId={companyId} awb={d} />}
          </>
        )
      }
    >
      {d && (
        <>
          <DetailSection title={t('documents.awbs.detail.shipment')}>
            <KeyValue
              items={[
                { label: t('documents.awbs.detail.courier'), value: courierName(d) },
                { label: t('documents.awbs.detail.subtype'), value: d.awb_subtype },
                { label: t('documents.awbs.detail.service'), value: d.service_type },
                { label: t('documents.common.fields.date'), value: formatDate(d.doc_date) },
                { label: t('documents.awbs.detail.parcels'), value: formatNumber(d.packet_count), numeric: true },
                { label: t('documents.awbs.detail.weight'), value: `${formatNumber(d.weight_kg)} kg`, numeric: true },
                { label: t('documents.awbs.detail.cod'), value: d.cod_amount > 0 ? formatMoney(d.cod_amount, d.cod_currency) : '', numeric: true },
                { label: t('documents.awbs.detail.declared'), value: d.declared_value > 0 ? formatMoney(d.declared_value, d.cod_currency) : '', numeric: true },
                { label: t('documents.awbs.detail.payer'), value: t(`documents.awbs.detail.payers.${d.shipping_payer}`) },
                { label: t('documents.awbs.detail.country'), value: [d.delivery_country, d.delivery_country_code].filter(Boolean).join(' · ') },
                { label: t('documents.awbs.detail.source'), value: t(`documents.awbs.sources.${d.source}`) },
                { label: t('documents.awbs.detail.created'), value: formatDateTime(d.created_ts) },
              ]}
            />
          </DetailSection>

          <DetailSection title={t('documents.common.detail.client')}>
            <KeyValue
              items={
                d.client_name
                  ? [
                      { label: t('documents.common.fields.name'), value: d.client_name },
                      { label: t('documents.common.fields.fiscalCode'), value: d.client_cui },
                      { label: t('documents.common.fields.regCom'), value: d.client_reg_com },
                    ]
                  : [{ label: t('documents.common.fields.name'), value: t('documents.awbs.detail.noClient') }]
              }
            />
          </DetailSection>

          <LinksSection>
            {[
              d.sale_id !== null && (
                <RecordLink key="sale" screen="sales" companyId={companyId} search={{ open: d.sale_id }} testId="link-sale">
                  {t('documents.common.links.saleId', { id: d.sale_id })}
                </RecordLink>
              ),
              d.connector_order_id !== null && (
                <RecordLink key="order" screen="connectorOrders" companyId={companyId} search={{ open: d.connector_order_id }} testId="link-order">
                  {t('documents.common.links.order', { id: d.connector_order_id })}
                </RecordLink>
              ),
              d.client_id !== null && <ContactLink key="contact" companyId={companyId} contactId={d.client_id} name={d.client_name} />,
            ]}
          </LinksSection>

          <DetailAttachments doc={{ company_id: companyId, doctype: 'awb', doc_id: id }} inlineUpload />
        </>
      )}
    </DetailPanel>
  );
}
