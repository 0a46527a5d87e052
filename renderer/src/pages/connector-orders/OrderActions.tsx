import { useState } from 'react';
import { Autocomplete, Button, Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput, Input } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QueuedNotification } from '../../../../shared/domain/staff-actions.ts';
import type { OrderDetail } from '../../../../shared/domain/order-detail.ts';
import type { OperationInput } from '../../../../shared/contract/operations.ts';
import { useAction, useOperation } from '../../api/operations.ts';
import { ActionDialog, useActionPreview } from '../../components/action-dialog/index.ts';
import { confirmAction, fieldErrors, notifyDone, notifyFailed } from '../../components/feedback/index.ts';
import { AmountField, DateField } from '../../components/inputs/index.ts';
import { CancelAwbButton } from '../awbs/CancelAwbButton.tsx';
import { choicesOf, fieldSchema } from './schema-fields.ts';
import { mappedEvents, statusSyncMap } from './status-choices.ts';
import { InvoiceOutcomeList, invoiceOutcomeLines, type InvoiceOutcome } from './InvoiceFollowUps.tsx';

export interface ActionOutcome {
  label: string;
  notifications: readonly QueuedNotification[];
  /** Issue invoice: the invoice and what followed it, listed in the panel. */
  invoice?: InvoiceOutcome;
}

interface ActionsProps {
  companyId: number;
  order: OrderDetail;
  onDone: (outcome: ActionOutcome) => void;
}

type Dialog = 'status' | 'invoice' | 'awb' | null;

/** Change status, issue invoice, generate AWB and cancel: each says what it did and what it queued. */
export function OrderActions({ companyId, order, onDone }: ActionsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const cancel = useAction('orders.cancel');
  const key = { company_id: companyId, connector_id: order.connector_id, order_unique_id: order.order_unique_id };
  const config = useOperation('connectors.get', { company_id: companyId, connector_id: order.connector_id });
  const close = () => setDialog(null);
  const cancelled = order.order_cancelled === 1;
  // The store refuses a second live AWB for an order (or its sales receipt): the button says so before the click.
  const activeAwb = order.awbs.find((a) => a.document_cancelled === 0);
  const liveInvoice = order.invoices.find((i) => i.document_cancelled === 0);
  const awbReasonId = `awb-disabled-reason-${order.SERVICE_order_id}`;
  const invoiceReasonId = `invoice-disabled-reason-${order.SERVICE_order_id}`;

  async function cancelOrder() {
    const ok = await confirmAction({
      title: t('connectorOrders.cancel.title', { uid: order.order_unique_id }),
      body: t('connectorOrders.cancel.body'),
      confirmLabel: t('connectorOrders.cancel.confirm'),
      cancelLabel: t('connectorOrders.cancel.keep'),
      danger: true,
    });
    if (!ok) return;
    cancel.mutate(key, {
      onSuccess: (answer) => {
        const label = t('connectorOrders.actions.cancel');
        onDone({ label, notifications: answer.notifications });
        notifyDone({
          title: answer.already_cancelled
            ? t('connectorOrders.cancel.already', { uid: order.order_unique_id })
            : t('connectorOrders.cancel.done', { uid: order.order_unique_id }),
          message: queuedText(t as Translate, label, answer.notifications),
          link: { label: t('connectorOrders.toastLinks.order'), to: '/c/$companyId/connectors/orders', params: { companyId }, search: { open: order.SERVICE_order_id } as never },
        });
      },
      onError: (error) => notifyFailed(t('connectorOrders.cancel.failed'), error),
    });
  }

  return (
    <>
      <Button size="xs" onClick={() => setDialog('status')} disabled={cancelled} data-testid="action-status">
        {t('connectorOrders.actions.changeStatus')}
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => setDialog('invoice')}
        disabled={cancelled || order.invoices.length > 0}
        aria-describedby={!cancelled && liveInvoice ? invoiceReasonId : undefined}
        data-testid="action-invoice"
      >
        {t('connectorOrders.actions.issueInvoice')}
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => setDialog('awb')}
        disabled={cancelled || activeAwb !== undefined}
        aria-describedby={!cancelled && activeAwb ? awbReasonId : undefined}
        data-testid="action-awb"
      >
        {t('connectorOrders.actions.generateAwb')}
      </Button>
      {activeAwb && <CancelAwbButton companyId={companyId} awb={activeAwb} named />}
      <Button size="xs" variant="light" color="red" onClick={() => void cancelOrder()} disabled={cancelled} loading={cancel.isPending} data-testid="action-cancel">
        {t('connectorOrders.actions.cancel')}
      </Button>
      {!cancelled && (liveInvoice || activeAwb) && (
        <Stack gap={0} w="100%">
          {liveInvoice && (
            <Text size="xs" c="dimmed" id={invoiceReasonId} data-testid="invoice-disabled-reason">
              {t('connectorOrders.actions.invoiced', { number: `${liveInvoice.seria} ${liveInvoice.nr}` })}
            </Text>
          )}
          {activeAwb && (
            <Text size="xs" c="dimmed" id={awbReasonId} data-testid="awb-disabled-reason">
              {t('connectorOrders.actions.awbActive', { number: activeAwb.awb_nr })}
            </Text>
          )}
        </Stack>
      )}
      <StatusDialog opened={dialog === 'status'} onClose={close} orderKey={key} order={order} statusMap={statusSyncMap(config.data)} onDone={onDone} />
      <InvoiceDialog opened={dialog === 'invoice'} onClose={close} orderKey={key} seriesOptions={config.data?.invoicing.series?.options ?? {}} onDone={onDone} />
      <AwbDialog
        opened={dialog === 'awb'}
        onClose={close}
        orderKey={key}
        couriers={config.data?.awb.default_courier?.options ?? {}}
        defaultCourier={config.data?.awb.default_courier?.value}
        onDone={onDone}
      />
    </>
  );
}

/** t, loosened for a helper that picks between two keys (the typed t's overloads are too deep to pass around). */
type Translate = (key: string, options?: Record<string, unknown>) => string;
type OrderKey = { company_id: number; connector_id: number; order_unique_id: string };

function queuedText(t: Translate, label: string, notifications: readonly QueuedNotification[]): string {
  if (notifications.length === 0) return t('connectorOrders.actions.none', { action: label });
  return t('connectorOrders.actions.queued', { action: label, list: notifications.map((n) => `${n.notification_type} #${n.delivery_id}`).join(', ') });
}

interface DialogProps {
  opened: boolean;
  onClose: () => void;
  orderKey: OrderKey;
  onDone: (outcome: ActionOutcome) => void;
}

function StatusDialog({ opened, onClose, orderKey, order, statusMap, onDone }: DialogProps & { order: OrderDetail; statusMap: Record<string, string> }) {
  const { t } = useTranslation();
  const action = useAction('orders.setStatus');
  const [status, setStatus] = useState('');
  const events = mappedEvents(statusMap);
  const errors = fieldErrors(action.error, ['status_text']);
  const label = t('connectorOrders.actions.changeStatus');
  return (
    <ActionDialog
      action={action}
      request={() => ({ ...orderKey, status_text: status })}
      onDone={(answer) => {
        onDone({ label, notifications: answer.notifications });
        setStatus('');
      }}
      result={(answer) => ({
        title: answer.changed ? t('connectorOrders.status.done', { status: answer.order_status }) : t('connectorOrders.status.unchanged', { status: answer.order_status }),
        message: queuedText(t as Translate, label, answer.notifications),
        link: { label: t('connectorOrders.toastLinks.log'), to: '/c/$companyId/logs/webhooks', params: { companyId: orderKey.company_id }, search: { order_unique_id: orderKey.order_unique_id } as never },
      })}
      opened={opened}
      onClose={onClose}
      title={t('connectorOrders.status.title')}
      testId="status-dialog"
      formErrors={[errors._form]}
      submit={{ label: t('connectorOrders.status.submit'), disabled: status.trim() === '', testId: 'status-submit' }}
    >
      <Autocomplete
        label={t('connectorOrders.status.label')}
        description={t('connectorOrders.status.description')}
        placeholder={order.order_status}
        data={Object.keys(statusMap)}
        value={status}
        onChange={setStatus}
        error={errors.status_text}
        maxLength={64}
        required
        data-autofocus
        data-testid="status-input"
      />
      {events.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('connectorOrders.status.mapped')}: {events.join(' · ')}
        </Text>
      )}
    </ActionDialog>
  );
}

function InvoiceDialog({ opened, onClose, orderKey, seriesOptions, onDone }: DialogProps & { seriesOptions: Record<string, string> }) {
  const { t } = useTranslation();
  const action = useAction('orders.issueInvoice');
  // undefined: the typed date cannot be read (the field says why); nothing is sent then.
  const [date, setDate] = useState<string | null | undefined>(null);
  const [series, setSeries] = useState<string | null>(null);
  const errors = fieldErrors(action.error, ['date', 'series']);
  const input = { ...orderKey, ...(date && { date }), ...(series && { series }) };
  // What the click will do with these fields: the action itself, run and rolled back by the core.
  // Its refusals (a date out of range) are said in the preview's box, the action's at the field.
  const preview = useActionPreview('orders.invoicePreview', input, { enabled: opened && date !== undefined });
  return (
    <ActionDialog
      action={action}
      request={() => (date === undefined ? undefined : input)}
      onDone={(answer) => onDone({ label: t('connectorOrders.actions.issueInvoice'), notifications: answer.notifications, invoice: answer })}
      result={(answer) => ({
        title: t('connectorOrders.invoice.done', { number: `${answer.doc_series} ${answer.doc_nr}` }),
        message: invoiceOutcomeLines(t as Translate, answer, true).slice(1).join(' · '),
        link: { label: t('connectorOrders.toastLinks.invoice'), to: '/c/$companyId/documents/invoices', params: { companyId: orderKey.company_id }, search: { open: answer.bocp_id } as never },
      })}
      opened={opened}
      onClose={onClose}
      title={t('connectorOrders.invoice.titleOrder', { uid: orderKey.order_unique_id })}
      size="lg"
      testId="invoice-dialog"
      preview={{
        state: preview,
        render: (outcome) => <InvoiceOutcomeList outcome={outcome} done={false} testId="invoice-preview" />,
        loadingText: t('connectorOrders.invoice.previewLoading'),
        refusedTitle: t('connectorOrders.invoice.previewRefused'),
        refusedTestId: 'invoice-preview-refused',
      }}
      formErrors={[errors._form]}
      submit={{ label: t('connectorOrders.invoice.submit'), disabled: date === undefined, testId: 'invoice-submit' }}
    >
      <DateField label={t('connectorOrders.invoice.date')} description={t('connectorOrders.invoice.dateHint')} value={date} onChange={setDate} error={errors.date} data-testid="invoice-date" />
      <Select
        label={t('connectorOrders.invoice.series')}
        description={t('connectorOrders.invoice.seriesHint')}
        data={Object.entries(seriesOptions).map(([value, label]) => ({ value, label }))}
        clearable
        value={series}
        onChange={setSeries}
        error={errors.series}
      />
    </ActionDialog>
  );
}

const AWB = 'orders.generateAwb' as const;

function AwbDialog({ opened, onClose, orderKey, couriers, defaultCourier, onDone }: DialogProps & { couriers: Record<string, string>; defaultCourier: unknown }) {
  const { t } = useTranslation();
  const action = useAction(AWB);
  const [courier, setCourier] = useState<string | null>(null);
  const [subtype, setSubtype] = useState('');
  const [packets, setPackets] = useState<number | string>((fieldSchema(AWB, 'awb_packet_count').default as number) ?? 1);
  // Amounts: null empty (the order's default applies), undefined while the typed text cannot be read (nothing is sent).
  const [weight, setWeight] = useState<number | null | undefined>(null);
  const [service, setService] = useState(String(fieldSchema(AWB, 'awb_service_type').default ?? 'standard'));
  const [payer, setPayer] = useState(String(fieldSchema(AWB, 'shipping_payer').default ?? 'sender'));
  const [cod, setCod] = useState<number | null | undefined>(null);
  const [declared, setDeclared] = useState<number | null | undefined>(null);
  const chosen = courier ?? (typeof defaultCourier === 'string' ? defaultCourier : null);
  const errors = fieldErrors(action.error, ['awb_type', 'awb_subtype', 'awb_packet_count', 'weight', 'awb_service_type', 'shipping_payer', 'cash_on_delivery', 'declared_value']);
  const num = (v: number | string) => (typeof v === 'number' ? v : undefined);
  const bounds = (field: string) => ({ min: fieldSchema(AWB, field).minimum, max: fieldSchema(AWB, field).maximum });
  // The limits of the control API's schema, said at the field and never applied silently.
  const rules = (field: string) => ({ decimals: 2, ...bounds(field) });
  const unreadable = weight === undefined || cod === undefined || declared === undefined;
  const label = t('connectorOrders.actions.generateAwb');
  const request = (): OperationInput<typeof AWB> | undefined =>
    unreadable
      ? undefined
      : {
          ...orderKey,
          awb_type: chosen ?? '',
          ...(subtype.trim() && { awb_subtype: subtype.trim() }),
          ...(num(packets) !== undefined && { awb_packet_count: num(packets) }),
          ...(weight !== null && { weight }),
          awb_service_type: service as 'standard' | 'express',
          shipping_payer: payer as 'sender' | 'recipient',
          ...(cod !== null && { cash_on_delivery: cod }),
          ...(declared !== null && { declared_value: declared }),
        };
  const option = (value: string) => ({ value, label: t(`connectorOrders.awb.options.${value}`, { defaultValue: value }) });
  return (
    <ActionDialog
      action={action}
      request={request}
      onDone={(answer) => onDone({ label, notifications: answer.notifications })}
      result={(answer) => ({
        title: t('connectorOrders.awb.done', { number: answer.awb_nr }),
        message: queuedText(t as Translate, label, answer.notifications),
        link: { label: t('connectorOrders.toastLinks.awb'), to: '/c/$companyId/documents/awbs', params: { companyId: orderKey.company_id }, search: { open: answer.awb_id } as never },
      })}
      opened={opened}
      onClose={onClose}
      title={t('connectorOrders.awb.title')}
      testId="awb-dialog"
      formErrors={[errors._form]}
      submit={{ label: t('connectorOrders.awb.submit'), disabled: !chosen || unreadable, testId: 'awb-submit' }}
    >
      <Select
        label={t('connectorOrders.awb.courier')}
        description={t('connectorOrders.awb.courierHint')}
        data={Object.entries(couriers).map(([value, label]) => ({ value, label }))}
        value={chosen}
        onChange={setCourier}
        searchable
        required
        error={errors.awb_type}
      />
      <TextInput label={t('connectorOrders.awb.subtype')} value={subtype} onChange={(e) => setSubtype(e.currentTarget.value)} maxLength={32} error={errors.awb_subtype} />
      <Group grow align="flex-start">
        <NumberInput label={t('connectorOrders.awb.packets')} value={packets} onChange={setPackets} allowDecimal={false} {...bounds('awb_packet_count')} error={errors.awb_packet_count} />
        <AmountField label={t('connectorOrders.awb.weight')} description={t('connectorOrders.awb.weightHint')} value={weight} onChange={setWeight} rules={rules('weight')} error={errors.weight} data-testid="awb-weight" />
      </Group>
      <Input.Wrapper label={t('connectorOrders.awb.service')} error={errors.awb_service_type}>
        <SegmentedControl fullWidth value={service} onChange={setService} data={choicesOf(AWB, 'awb_service_type').map(option)} aria-label={t('connectorOrders.awb.service')} />
      </Input.Wrapper>
      <Input.Wrapper label={t('connectorOrders.awb.payer')} error={errors.shipping_payer}>
        <SegmentedControl fullWidth value={payer} onChange={setPayer} data={choicesOf(AWB, 'shipping_payer').map(option)} aria-label={t('connectorOrders.awb.payer')} />
      </Input.Wrapper>
      <Group grow align="flex-start">
        <AmountField label={t('connectorOrders.awb.cod')} description={t('connectorOrders.awb.codHint')} value={cod} onChange={setCod} rules={rules('cash_on_delivery')} error={errors.cash_on_delivery} data-testid="awb-cod" />
        <AmountField label={t('connectorOrders.awb.declared')} description={t('connectorOrders.awb.declaredHint')} value={declared} onChange={setDeclared} rules={rules('declared_value')} error={errors.declared_value} data-testid="awb-declared" />
      </Group>
    </ActionDialog>
  );
}
