import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailPanel, DetailSection, KeyValue, queryState } from '../../components/detail/index.ts';
import { useOperation } from '../../api/operations.ts';
import { formatDateTime } from '../../app/format.ts';
import { addressLine, RecordLink, useYesNo } from '../documents-common/detail-parts.tsx';
import { DetailAttachments } from '../attachments/DetailAttachments.tsx';
import { ContactEditAction } from './ContactEditAction.tsx';

/** The open contact: identity, addresses, persons, bank accounts, its documents, attachments. */
export function ContactDetail({ companyId, id, onClose }: { companyId: number; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const contact = useOperation('contacts.get', { company_id: companyId, contact_id: id });
  const d = contact.data;
  const name = d ? d.name : `#${id}`;
  const yesNo = useYesNo();
  const none = (
    <Text size="sm" c="dimmed">
      {t('documents.contacts.detail.none')}
    </Text>
  );

  return (
    <DetailPanel
      title={t('documents.contacts.detail.title', { name })}
      subtitle={d ? [d.client_code, d.vat_id].filter(Boolean).join(' · ') : undefined}
      label={t('documents.contacts.detail.label', { name })}
      onClose={onClose}
      {...queryState(contact)}
      testId="contact-detail"
      actions={
        d && (
          <>
            {d.is_client ? <Badge variant="light" color="blue">{t('documents.contacts.roles.client')}</Badge> : null}
            {d.is_supplier ? <Badge variant="light" color="violet">{t('documents.contacts.roles.supplier')}</Badge> : null}
            <Badge variant="light" color="gray">{d.is_company ? t('documents.contacts.kinds.company') : t('documents.contacts.kinds.person')}</Badge>
            {d.deleted ? <Badge variant="light" color="red">{t('documents.contacts.detail.deleted')}</Badge> : null}
            <ContactEditAction companyId={companyId} contact={d} />
          </>
        )
      }
    >
      {d && (
        <>
          <DetailSection title={t('documents.contacts.detail.identity')}>
            <KeyValue
              items={[
                { label: t('documents.common.fields.fiscalCode'), value: d.vat_id },
                { label: t('documents.common.fields.regCom'), value: d.registration_nr },
                { label: t('documents.contacts.columns.clientCode'), value: d.client_code },
                { label: t('documents.contacts.detail.vatPayer'), value: yesNo(d.vat_payer) },
                { label: t('documents.common.fields.email'), value: d.email },
                { label: t('documents.common.fields.phone'), value: d.phone },
                { label: t('documents.contacts.detail.representative'), value: d.representative },
                { label: t('documents.contacts.detail.group'), value: d.group_name ?? '' },
                { label: t('documents.contacts.detail.pricelist'), value: d.pricelist_name ?? '' },
                { label: t('documents.contacts.detail.created'), value: formatDateTime(d.created_ts) },
                { label: t('documents.common.fields.lastChanged'), value: formatDateTime(d.lastupdated) },
              ]}
            />
          </DetailSection>

          <DetailSection title={t('documents.contacts.detail.addresses')} count={d.addresses?.length ?? 0} testId="contact-addresses">
            {(d.addresses ?? []).length === 0
              ? none
              : (d.addresses ?? []).map((a) => (
                  <Stack key={a.address_id} gap={2}>
                    <Group gap={6}>
                      <Text size="sm" fw={500}>
                        {t(`documents.contacts.detail.kinds.${a.kind}`)}
                      </Text>
                      {a.is_main ? <Badge size="xs" variant="light">{t('documents.contacts.detail.main')}</Badge> : null}
                    </Group>
                    <Text size="sm">{addressLine(a.address, a.address2, a.city, a.county, a.postcode, a.country)}</Text>
                    {(a.shipping_contact_name || a.shipping_contact_phone) && (
                      <Text size="xs" c="dimmed">
                        {t('documents.contacts.detail.shippingContact')}: {addressLine(a.shipping_contact_name, a.shipping_contact_phone)}
                      </Text>
                    )}
                  </Stack>
                ))}
          </DetailSection>

          <DetailSection title={t('documents.contacts.detail.persons')} count={d.contacts?.length ?? 0}>
            {(d.contacts ?? []).length === 0 ? (
              none
            ) : (
              <KeyValue items={(d.contacts ?? []).map((p) => ({ label: p.role || p.name, value: addressLine(p.role ? p.name : '', p.email, p.phone) }))} cols={1} />
            )}
          </DetailSection>

          <DetailSection title={t('documents.contacts.detail.banks')} count={d.bank_accounts?.length ?? 0}>
            {(d.bank_accounts ?? []).length === 0 ? (
              none
            ) : (
              <KeyValue items={(d.bank_accounts ?? []).map((b) => ({ label: `${b.bank_name} (${b.currency})`, value: b.iban }))} cols={1} />
            )}
          </DetailSection>

          <DetailSection title={t('documents.contacts.detail.documents')} testId="detail-links">
            <Stack gap={4}>
              <RecordLink screen="invoices" companyId={companyId} search={{ client_id: id }} testId="link-invoices">
                {t('documents.contacts.detail.invoices')}
              </RecordLink>
              <RecordLink screen="proformas" companyId={companyId} search={{ client_id: id }}>
                {t('documents.contacts.detail.proformas')}
              </RecordLink>
              <RecordLink screen="sales" companyId={companyId} search={{ client_id: id }}>
                {t('documents.contacts.detail.sales')}
              </RecordLink>
              <RecordLink screen="payments" companyId={companyId} search={{ client_id: id }}>
                {t('documents.contacts.detail.payments')}
              </RecordLink>
            </Stack>
          </DetailSection>

          <DetailAttachments doc={{ company_id: companyId, doctype: 'contact', doc_id: id }} inlineUpload />
        </>
      )}
    </DetailPanel>
  );
}
