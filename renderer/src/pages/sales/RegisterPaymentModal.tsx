import { Fragment, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Modal, Select, SimpleGrid, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import type { OperationInput, OperationOutput } from '../../../../shared/contract/operations.ts';
import { useAction, useOperation } from '../../api/operations.ts';
import { formatDate, formatMoney, formatNumber } from '../../app/format.ts';
import { IconAlert } from '../../app/shell/icons.tsx';
import { confirmAction, fieldErrors, notifyDone } from '../../components/feedback/index.ts';
import { AmountField, DateField } from '../../components/inputs/index.ts';
import classes from './register-payment.module.css';
import { PAYMENT_FIELD_NAMES, PAYMENT_FIELDS, requestOf, type PaymentField, type PaymentFieldName, type PaymentValues } from './payment-fields.ts';

type PaymentForm = OperationOutput<'sales.paymentForm'>;

/** Decimals each amount field takes (the ledger keeps cents; BNR publishes four decimals). */
const DECIMALS: Partial<Record<PaymentFieldName, number>> = { amount: 2, exchange_rate: 4 };

/** The automatic BNR rate for the chosen currency and date, read live as they change. */
function useAutomaticRate(companyId: number, currency: unknown, date: unknown) {
  const valid = typeof currency === 'string' && currency !== 'RON' && /^[A-Z]{3}$/.test(currency) && typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date);
  return useOperation(
    'reference.exchangeRate',
    { company_id: companyId, currency: valid ? currency : 'EUR', date: valid ? date : '2000-01-01' },
    { enabled: valid, placeholderData: (previous) => previous },
  );
}

function RateHint({ currency, rate }: { currency: string; rate: ReturnType<typeof useAutomaticRate> }) {
  const { t } = useTranslation();
  if (currency === 'RON') return <>{t('sales.payment.rateRon')}</>;
  if (rate.isPending || (rate.isFetching && rate.data?.currency !== currency)) return <>{t('sales.payment.rateLoading')}</>;
  if (!rate.data || rate.data.rate === null) return <>{t('sales.payment.rateMissing', { currency })}</>;
  const key = rate.data.rate_date === rate.data.date ? 'sales.payment.rateAuto' : 'sales.payment.rateAutoOlder';
  return (
    <span data-testid="payment-rate">
      <Trans i18nKey={key} values={{ rate: formatNumber(rate.data.rate, 4), currency, day: formatDate(rate.data.rate_date) }} components={{ strong: <strong /> }} />
    </span>
  );
}

function PaymentFormBody({ companyId, form, saleNumber, onDone }: { companyId: number; form: PaymentForm; saleNumber: string; onDone: () => void }) {
  const { t } = useTranslation();
  const action = useAction('sales.registerPayment');
  const [values, setValues] = useState<PaymentValues>(() => ({
    amount: form.sale.open_amount > 0 ? form.sale.open_amount : '',
    date: form.defaults.date,
    currency: form.defaults.currency,
    // Preselected: the account's first payment type (the standard codes come first, bank transfer leading).
    ...(form.types[0] && { payment_type: form.types[0].code }),
  }));
  // Fields whose typed text cannot be read (each says why at itself): nothing is sent while any is.
  const [unreadable, setUnreadable] = useState<ReadonlySet<string>>(new Set());
  // The core's messages by field; a field loses its message once it is changed.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const currency = typeof values.currency === 'string' && values.currency ? values.currency : form.defaults.currency;
  const rate = useAutomaticRate(companyId, currency, values.date ?? form.defaults.date);

  const set = (name: PaymentFieldName, value: string | number | null) => {
    setValues((all) => ({ ...all, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  /** A typed field's reading: its value, null when empty, undefined while it cannot be read. */
  const setTyped = (name: PaymentFieldName, value: string | number | null | undefined) => {
    setUnreadable((all) => {
      const next = new Set(all);
      if (value === undefined) next.add(name);
      else next.delete(name);
      return next;
    });
    if (value !== undefined) set(name, value);
  };

  const typeName = (code: string) => form.types.find((pt) => pt.code === code)?.name ?? code;
  const options: Record<string, { value: string; label: string }[]> = {
    payment_type: form.types.map((pt) => ({ value: pt.code, label: pt.name === pt.code ? pt.code : `${pt.name} (${pt.code})` })),
    currency: form.currencies.map((c) => ({ value: c, label: c })),
    bank_account_id: form.bank_accounts.map((b) => ({ value: String(b.id), label: `${b.bank_name} · ${b.iban} (${b.currency})` })),
  };

  const submit = async () => {
    if (unreadable.size > 0) return;
    // A required field left empty says so itself, in the app's language, before anything is asked or sent.
    const empty = PAYMENT_FIELDS.filter((f) => f.required && (values[f.name] === undefined || values[f.name] === null || values[f.name] === ''));
    if (empty.length > 0) {
      setErrors((all) => ({ ...all, ...Object.fromEntries(empty.map((f) => [f.name, t('inputs.required')])) }));
      return;
    }
    // Nothing left to pay: the payment would stay unallocated, the client's credit. Said, and asked, first.
    if (form.sale.open_amount <= 0) {
      const ok = await confirmAction({
        title: t('sales.payment.nothingOpen.title', { number: saleNumber }),
        body: t('sales.payment.nothingOpen.body', { total: formatMoney(form.sale.document_value_with_vat, form.sale.currency) }),
        confirmLabel: t('sales.payment.nothingOpen.confirm'),
        cancelLabel: t('common.cancel'),
      });
      if (!ok) return;
    }
    const input = { company_id: companyId, bv_id: form.bv_id, ...requestOf(values) } as OperationInput<'sales.registerPayment'>;
    action.mutate(input, {
      onSuccess: (paid) => {
        notifyDone({
          title: t('sales.payment.done'),
          // The link as a plain address: toasts are rendered above the router, where a router
          // Link (notifyDone's `link`) has no router to read.
          message: (
            <>
              {t('sales.payment.doneText', { amount: formatMoney(paid.amount, paid.currency), type: typeName(paid.payment_type), number: saleNumber, date: formatDate(paid.date) })}
              <Anchor href={`#/c/${companyId}/documents/payments?open=${paid.incasare_id}`} size="sm" display="block" data-testid="toast-payment-link">
                {t('sales.payment.openInPayments')}
              </Anchor>
            </>
          ),
        });
        onDone();
      },
      onError: (error) => setErrors(fieldErrors(error, [...PAYMENT_FIELD_NAMES, 'bv_id'])),
    });
  };

  const inRon = (() => {
    const amount = Number(values.amount);
    const r = currency === 'RON' ? 1 : Number(values.exchange_rate) || rate.data?.rate;
    return currency !== 'RON' && amount > 0 && r ? formatMoney(amount * r, 'RON') : null;
  })();

  const fieldOf = (field: PaymentField): ReactNode => {
    const common = {
      label: t(`sales.payment.fields.${field.name}`),
      withAsterisk: field.required,
      error: errors[field.name],
      'data-testid': `payment-${field.name}`,
    };
    const value = values[field.name];
    const hint = t(`sales.payment.hints.${field.name}`, { defaultValue: '' }) || undefined;
    switch (field.kind) {
      case 'choice':
        return (
          <Select
            {...common}
            description={field.name === 'currency' ? t('sales.payment.hints.currency', { currency: form.defaults.currency }) : hint}
            data={options[field.name] ?? []}
            value={value === undefined || value === null || value === '' ? null : String(value)}
            onChange={(next) => set(field.name, next)}
            placeholder={field.required ? t('sales.payment.choose') : t('sales.payment.none')}
            clearable={!field.required}
            clearButtonProps={{ 'aria-label': t('sales.payment.clearField', { field: common.label }) }}
            searchable={(options[field.name]?.length ?? 0) > 8}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        );
      case 'date':
        return (
          <DateField
            {...common}
            description={hint}
            required={field.required}
            value={typeof value === 'string' && value ? value : null}
            onChange={(next) => setTyped(field.name, next)}
          />
        );
      case 'number': {
        const isRate = field.name === 'exchange_rate';
        return (
          <AmountField
            {...common}
            description={field.name === 'amount' && inRon ? `${hint ?? ''} ${t('sales.payment.inRon', { amount: inRon })}` : isRate ? <RateHint currency={currency} rate={rate} /> : hint}
            required={field.required}
            value={typeof value === 'number' ? value : null}
            onChange={(next) => setTyped(field.name, next)}
            rules={{ decimals: DECIMALS[field.name] ?? (field.integer ? 0 : 2), ...(field.max !== undefined && { max: field.max }) }}
            disabled={isRate && currency === 'RON'}
            placeholder={isRate ? (currency === 'RON' ? '1' : rate.data?.rate ? formatNumber(rate.data.rate, 4) : undefined) : undefined}
            rightSection={field.name === 'amount' ? <Text size="xs" c="dimmed">{currency}</Text> : undefined}
            rightSectionWidth={field.name === 'amount' ? 44 : undefined}
          />
        );
      }
      case 'longText':
        return <Textarea {...common} description={hint} autosize minRows={2} maxRows={5} maxLength={field.maxLength} value={String(value ?? '')} onChange={(e) => set(field.name, e.currentTarget.value)} />;
      default:
        return <TextInput {...common} description={hint} maxLength={field.maxLength} value={String(value ?? '')} onChange={(e) => set(field.name, e.currentTarget.value)} />;
    }
  };

  const short = PAYMENT_FIELDS.filter((f) => f.kind !== 'longText' && f.kind !== 'text');
  const long = PAYMENT_FIELDS.filter((f) => f.kind === 'longText' || f.kind === 'text');
  const formError = [errors.bv_id, errors._form].filter(Boolean).join('\n');

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="payment-form"
    >
      <Stack gap="md">
        <Text size="sm" data-testid="payment-open">
          <Trans
            i18nKey="sales.payment.openLine"
            values={{
              total: formatMoney(form.sale.document_value_with_vat, form.sale.currency),
              paid: formatMoney(form.sale.paid_amount, form.sale.currency),
              open: formatMoney(form.sale.open_amount, form.sale.currency),
            }}
            components={{ strong: <strong /> }}
          />
        </Text>
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlert />} title={t('sales.payment.refused')} data-testid="payment-form-error" style={{ whiteSpace: 'pre-line' }}>
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {short.map((f) => (
            <Fragment key={f.name}>{fieldOf(f)}</Fragment>
          ))}
        </SimpleGrid>
        {long.map((f) => (
          <Fragment key={f.name}>{fieldOf(f)}</Fragment>
        ))}
        {/* Kept in view at the dialog's foot while a short window scrolls the fields above it. */}
        <Group justify="flex-end" gap="sm" className={classes.footer}>
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={action.isPending} data-testid="payment-submit">
            {t('sales.payment.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Register payment: a dialog whose form is generated from the schema of the operation it calls
 * (payment-fields.ts), with the payment types, currencies and bank accounts of the account, the
 * BNR rate shown live for the chosen currency and date, the amount set to what is open, and each
 * of the core's refusals shown at the field it names.
 */
export function RegisterPaymentModal({ companyId, bvId, saleNumber, opened, onClose }: { companyId: number; bvId: number; saleNumber: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useOperation('sales.paymentForm', { company_id: companyId, bv_id: bvId }, { enabled: opened });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('sales.payment.title', { number: saleNumber })}
      size="lg"
      // A margin above and below on a short window (1280x720): the dialog scrolls inside, its buttons stay on screen.
      yOffset="4dvh"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="payment-dialog"
    >
      {form.isError ? (
        <Alert color="red" variant="light" icon={<IconAlert />}>
          {form.error.message}
        </Alert>
      ) : !form.data ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('sales.payment.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={52} radius="sm" />
          ))}
        </Stack>
      ) : (
        // Mounted while the dialog is open: each opening starts from the defaults and the open amount.
        <PaymentFormBody companyId={companyId} form={form.data} saleNumber={saleNumber} onDone={onClose} />
      )}
    </Modal>
  );
}
