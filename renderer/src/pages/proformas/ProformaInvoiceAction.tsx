import { useState } from 'react';
import { Button, List, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProformaInvoiceDone } from '../../../../shared/domain/document-actions.ts';
import { useAction } from '../../api/operations.ts';
import { formatDate, formatMoney } from '../../app/format.ts';
import { ActionDialog, useActionPreview } from '../../components/action-dialog/index.ts';
import { fieldErrors } from '../../components/feedback/index.ts';
import { DateField } from '../../components/inputs/index.ts';

interface ProformaForInvoice {
  proforma_id: number;
  doc_series: string;
  doc_nr: number;
  doc_date: string;
  document_cancelled: number;
  invoice_id: number | null;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What invoicing does, as lines a person reads: before the click (preview) and after it. */
function outcomeLines(t: Translate, o: ProformaInvoiceDone, proforma: string): string[] {
  const k = (key: string, options?: Record<string, unknown>) => t(`documents.proformas.toInvoice.${key}`, options);
  const lines = [
    k('willIssue', { number: `${o.doc_series} ${o.doc_nr}`, date: formatDate(o.doc_date), total: formatMoney(o.document_value_with_vat, o.currency), client: o.client_name }),
    k('linked', { proforma }),
  ];
  const invoiceNotes = o.notifications.filter((n) => n.notification_type === 'invoice').length;
  lines.push(o.order_unique_id !== null && invoiceNotes > 0 ? k('shopTold', { order: o.order_unique_id }) : k('noShop'));
  return lines;
}

/**
 * The proforma panel's **Issue invoice** button and its dialog: the invoice it will make (series,
 * number, date, total; proformas.invoicePreview, the action rolled back) before the click, the
 * toast naming the invoice after it. Disabled, with the reason, for a cancelled or invoiced proforma.
 */
export function ProformaInvoiceAction({ companyId, proforma }: { companyId: number; proforma: ProformaForInvoice }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const reason = proforma.document_cancelled
    ? t('documents.proformas.toInvoice.blockedCancelled')
    : proforma.invoice_id !== null
      ? t('documents.proformas.toInvoice.blockedInvoiced')
      : '';
  const reasonId = `proforma-invoice-reason-${proforma.proforma_id}`;
  return (
    <>
      <Button size="xs" onClick={() => setOpened(true)} disabled={reason !== ''} aria-describedby={reason ? reasonId : undefined} data-testid="action-proforma-invoice">
        {t('documents.proformas.toInvoice.button')}
      </Button>
      {reason && (
        <Text size="xs" c="dimmed" id={reasonId} w="100%" data-testid="proforma-invoice-reason">
          {reason}
        </Text>
      )}
      {opened && <ProformaInvoiceDialog companyId={companyId} proforma={proforma} onClose={() => setOpened(false)} />}
    </>
  );
}

function ProformaInvoiceDialog({ companyId, proforma, onClose }: { companyId: number; proforma: ProformaForInvoice; onClose: () => void }) {
  const { t } = useTranslation();
  const action = useAction('proformas.invoice');
  const [date, setDate] = useState<string | null | undefined>(null);
  const [series, setSeries] = useState<string | null>(null);
  const input = { company_id: companyId, proforma_id: proforma.proforma_id, ...(date && { date }), ...(series && { series }) };
  // The series choices come with the answer: the last one stays on screen while the next is asked.
  const preview = useActionPreview('proformas.invoicePreview', input, { enabled: date !== undefined, atFields: ['date', 'series'], keepPrevious: true });
  const errors = fieldErrors(action.error ?? preview.error, ['date', 'series']);
  const number = `${proforma.doc_series} ${proforma.doc_nr}`;
  const will = preview.outcome;

  return (
    <ActionDialog
      action={action}
      request={() => (date === undefined ? undefined : input)}
      result={(answer) => ({
        title: t('documents.proformas.toInvoice.done', { number: `${answer.doc_series} ${answer.doc_nr}`, proforma: number }),
        message: outcomeLines(t as Translate, answer, number).slice(2).join(' '),
        link: { label: t('documents.proformas.toInvoice.openInvoice'), to: '/c/$companyId/documents/invoices', params: { companyId }, search: { open: answer.bocp_id } as never },
      })}
      onClose={onClose}
      title={t('documents.proformas.toInvoice.title', { number })}
      size="lg"
      testId="proforma-invoice-dialog"
      intro={t('documents.proformas.toInvoice.explain')}
      preview={{
        state: preview,
        render: (outcome) => (
          <List size="sm" spacing={4} data-testid="proforma-invoice-preview" aria-label={t('documents.proformas.toInvoice.previewLabel')}>
            {outcomeLines(t as Translate, outcome, number).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        ),
        loadingText: t('documents.proformas.toInvoice.previewLoading'),
        refusedTitle: t('documents.proformas.toInvoice.refused'),
        refusedTestId: 'proforma-invoice-refused',
      }}
      formErrors={[action.error ? errors._form : undefined]}
      submit={{
        label: will ? t('documents.proformas.toInvoice.submitNumber', { number: `${will.doc_series} ${will.doc_nr}` }) : t('documents.proformas.toInvoice.submit'),
        disabled: !will || date === undefined,
        testId: 'proforma-invoice-submit',
      }}
    >
      <Select
        label={t('documents.proformas.toInvoice.series')}
        description={t('documents.proformas.toInvoice.seriesHint')}
        data={will?.series_options ?? []}
        value={series ?? will?.doc_series ?? null}
        onChange={setSeries}
        error={errors.series}
        allowDeselect={false}
        data-testid="proforma-invoice-series"
      />
      <DateField
        label={t('documents.proformas.toInvoice.date')}
        description={t('documents.proformas.toInvoice.dateHint', { date: formatDate(proforma.doc_date) })}
        value={date}
        onChange={setDate}
        minDate={proforma.doc_date}
        // The day the invoice takes when the field stays empty (today on the core's clock).
        placeholder={will ? formatDate(will.doc_date) : undefined}
        error={errors.date}
      />
    </ActionDialog>
  );
}
