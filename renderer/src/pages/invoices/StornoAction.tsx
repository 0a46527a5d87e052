import { useState } from 'react';
import { Button, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceStornoDone } from '../../../../shared/domain/document-actions.ts';
import { useAction } from '../../api/operations.ts';
import { formatDate, formatMoney } from '../../app/format.ts';
import { ActionDialog, useActionPreview } from '../../components/action-dialog/index.ts';
import { fieldErrors } from '../../components/feedback/index.ts';
import { DateField } from '../../components/inputs/index.ts';

interface StornoInvoice {
  bocp_id: number;
  doc_series: string;
  doc_nr: number;
  doc_date: string;
  document_cancelled: number;
  storno_of_id: number | null;
  reversed_by: { bocp_id: number; doc_series: string; doc_nr: number } | null;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the storno does, as lines a person reads: before the click (preview) and after it. */
function outcomeLines(t: Translate, o: InvoiceStornoDone): string[] {
  const k = (key: string, options?: Record<string, unknown>) => t(`documents.invoices.storno.${key}`, options);
  const lines = [
    k('willIssue', { number: `${o.doc_series} ${o.doc_nr}`, date: formatDate(o.doc_date), total: formatMoney(o.document_value_with_vat, o.currency) }),
    k('original', { number: `${o.reverses.doc_series} ${o.reverses.doc_nr}` }),
    o.stock_returned > 0 ? k('stock', { count: o.stock_returned }) : k('noStock'),
  ];
  const invoiceNotes = o.notifications.filter((n) => n.notification_type === 'invoice').length;
  lines.push(o.order_unique_id !== null && invoiceNotes > 0 ? k('shopTold', { order: o.order_unique_id }) : k('noShop'));
  return lines;
}

/** Why the storno cannot be issued, or '' when it can. */
function blockedReason(t: Translate, d: StornoInvoice): string {
  if (d.document_cancelled) return t('documents.invoices.storno.blockedCancelled');
  if (d.storno_of_id !== null) return t('documents.invoices.storno.blockedStorno');
  if (d.reversed_by) return t('documents.invoices.storno.blockedReversed', { number: `${d.reversed_by.doc_series} ${d.reversed_by.doc_nr}` });
  return '';
}

/**
 * The invoice panel's **Storno** button and its dialog: what the storno will be (number, date,
 * total, stock, the shop's notification; invoices.stornoPreview, the action rolled back) before
 * the click, the toast naming the storno after it. Disabled, with the reason, when the invoice
 * cannot be reversed.
 */
export function StornoAction({ companyId, invoice }: { companyId: number; invoice: StornoInvoice }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const reason = blockedReason(t as Translate, invoice);
  const reasonId = `storno-reason-${invoice.bocp_id}`;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => setOpened(true)}
        disabled={reason !== ''}
        aria-describedby={reason ? reasonId : undefined}
        data-testid="action-storno"
      >
        {t('documents.invoices.storno.button')}
      </Button>
      {reason && (
        <Text size="xs" c="dimmed" id={reasonId} w="100%" data-testid="storno-reason">
          {reason}
        </Text>
      )}
      {opened && <StornoDialog companyId={companyId} invoice={invoice} onClose={() => setOpened(false)} />}
    </>
  );
}

function StornoDialog({ companyId, invoice, onClose }: { companyId: number; invoice: StornoInvoice; onClose: () => void }) {
  const { t } = useTranslation();
  const action = useAction('invoices.storno');
  // undefined: the typed date cannot be read (the field says why); nothing is asked then.
  const [date, setDate] = useState<string | null | undefined>(null);
  const input = { company_id: companyId, bocp_id: invoice.bocp_id, ...(date && { date }) };
  const preview = useActionPreview('invoices.stornoPreview', input, { enabled: date !== undefined, atFields: ['date'] });
  const errors = fieldErrors(action.error ?? preview.error, ['date']);
  const number = `${invoice.doc_series} ${invoice.doc_nr}`;
  const will = preview.outcome;

  return (
    <ActionDialog
      action={action}
      request={() => (date === undefined ? undefined : input)}
      result={(answer) => ({
        title: t('documents.invoices.storno.done', { number: `${answer.doc_series} ${answer.doc_nr}`, original: number }),
        message: outcomeLines(t as Translate, answer).slice(2).join(' '),
        link: { label: t('documents.invoices.storno.openStorno'), to: '/c/$companyId/documents/invoices', params: { companyId }, search: { open: answer.bocp_id } as never },
      })}
      onClose={onClose}
      title={t('documents.invoices.storno.title', { number })}
      size="lg"
      testId="storno-dialog"
      intro={t('documents.invoices.storno.explain')}
      preview={{
        state: preview,
        render: (outcome) => (
          <List size="sm" spacing={4} data-testid="storno-preview" aria-label={t('documents.invoices.storno.previewLabel')}>
            {outcomeLines(t as Translate, outcome).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        ),
        loadingText: t('documents.invoices.storno.previewLoading'),
        refusedTitle: t('documents.invoices.storno.refused'),
        refusedTestId: 'storno-refused',
      }}
      formErrors={[action.error ? errors._form : undefined]}
      submit={{
        label: will ? t('documents.invoices.storno.submitNumber', { number: `${will.doc_series} ${will.doc_nr}` }) : t('documents.invoices.storno.submit'),
        color: 'red.9',
        disabled: !will || date === undefined,
        testId: 'storno-submit',
      }}
    >
      <DateField
        label={t('documents.invoices.storno.date')}
        description={t('documents.invoices.storno.dateHint', { date: formatDate(invoice.doc_date) })}
        value={date}
        onChange={setDate}
        minDate={invoice.doc_date}
        // The day the storno takes when the field stays empty (today on the core's clock).
        placeholder={will ? formatDate(will.doc_date) : undefined}
        error={errors.date}
        data-testid="storno-date"
      />
    </ActionDialog>
  );
}
