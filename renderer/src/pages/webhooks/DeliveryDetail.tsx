import { NotificationTypeValue } from '../../components/api-value/ApiValue.tsx';
import { Accordion, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WebhookAttempt, WebhookDeliveryWithAttempts } from '../../../../shared/domain/webhooks.ts';
import { useAction, useOperation } from '../../api/operations.ts';
import { formatDateTime, formatNumber } from '../../app/format.ts';
import { DetailPanel, DetailSection, JsonView, KeyValue } from '../../components/detail/index.ts';
import { confirmAction, notifyDone, notifyFailed } from '../../components/feedback/index.ts';
import { lastAnswerOf, shownStatus, STATUS_COLOR, subjectOf } from './columns.tsx';
import type { en } from './messages.ts';

const OUTCOME_COLOR = { delivered: 'teal', permanent_failure: 'red', transient_failure: 'orange' } as const;

/** One attempt: what was sent (headers, body) and what came back (status, headers, body), how long it took, the error. */
function AttemptBody({ attempt }: { attempt: WebhookAttempt }) {
  const { t } = useTranslation();
  const a = (key: Exclude<keyof typeof en.detail.attempt, 'outcomes'>) => t(`webhookLog.detail.attempt.${key}`);
  return (
    <Stack gap="sm">
      <KeyValue
        items={[
          { label: a('started'), value: formatDateTime(attempt.ts) },
          { label: a('responseStatus'), value: attempt.http_status ?? a('noAnswer'), numeric: true },
          { label: a('url'), value: attempt.url },
          { label: a('error'), value: attempt.error },
        ]}
      />
      <Text size="xs" fw={600} c="dimmed">{a('requestHeaders')}</Text>
      <JsonView value={attempt.request_headers} label={`${t('webhookLog.detail.attempt.title', { no: attempt.attempt_no })}: ${a('requestHeaders')}`} maxHeight={200} />
      <Text size="xs" fw={600} c="dimmed">{a('requestBody')}</Text>
      <JsonView value={attempt.request_body} label={`${t('webhookLog.detail.attempt.title', { no: attempt.attempt_no })}: ${a('requestBody')}`} maxHeight={240} />
      <Text size="xs" fw={600} c="dimmed">{a('responseHeaders')}</Text>
      {attempt.response_headers ? (
        <JsonView value={attempt.response_headers} label={`${t('webhookLog.detail.attempt.title', { no: attempt.attempt_no })}: ${a('responseHeaders')}`} maxHeight={200} />
      ) : (
        <Text size="sm" c="dimmed">{a('noAnswer')}</Text>
      )}
      <Text size="xs" fw={600} c="dimmed">{a('responseBody')}</Text>
      {attempt.response_body_head === '' ? (
        <Text size="sm" c="dimmed">{a('emptyBody')}</Text>
      ) : (
        <JsonView value={attempt.response_body_head} label={`${t('webhookLog.detail.attempt.title', { no: attempt.attempt_no })}: ${a('responseBody')}`} maxHeight={240} />
      )}
    </Stack>
  );
}

/** Every attempt, the newest first and open: its number, answer, duration and outcome in the heading. */
function Attempts({ delivery }: { delivery: WebhookDeliveryWithAttempts }) {
  const { t } = useTranslation();
  const attempts = [...delivery.attempts].reverse();
  if (attempts.length === 0) return <Text size="sm" c="dimmed">{t('webhookLog.detail.noAttempts')}</Text>;
  return (
    // Keyed by the newest attempt: a new one arrives open.
    <Accordion multiple variant="separated" defaultValue={[String(attempts[0]!.id)]} key={attempts[0]!.id} data-testid="delivery-attempts">
      {attempts.map((attempt) => (
        <Accordion.Item key={attempt.id} value={String(attempt.id)} data-testid="delivery-attempt">
          <Accordion.Control>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>{t('webhookLog.detail.attempt.title', { no: attempt.attempt_no })}</Text>
              <Badge size="sm" variant="light" color={OUTCOME_COLOR[attempt.outcome]}>
                {attempt.http_status !== null ? `HTTP ${attempt.http_status}` : t('webhookLog.detail.attempt.noAnswer')}
              </Badge>
              <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {t('webhookLog.detail.attempt.duration', { ms: formatNumber(Math.round(attempt.duration_ms)) })} · {formatDateTime(attempt.ts)}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`webhookLog.detail.attempt.outcomes.${attempt.outcome}`)}
                {attempt.trigger === 'manual' && ` · ${t('webhookLog.detail.attempt.manual')}`}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <AttemptBody attempt={attempt} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** Retry now (any delivery not under way) and Cancel (a pending one, after a confirmation), each with a toast. */
function Actions({ delivery, onOpen }: { delivery: WebhookDeliveryWithAttempts; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const retry = useAction('webhooks.retry');
  const cancel = useAction('webhooks.cancel');
  const input = { company_id: delivery.company_id, delivery_id: delivery.id };
  const id = delivery.id;
  // DoneToast takes any route, so its search is not narrowed to this one.
  const link = { label: t('webhookLog.actions.openIt', { id }), to: '/c/$companyId/logs/webhooks' as const, params: { companyId: delivery.company_id }, search: { open: id } as never };

  const doRetry = () =>
    retry.mutate(input, {
      onSuccess: (after) => {
        onOpen(after.id);
        const last = after.attempts.at(-1);
        notifyDone({
          title: t('webhookLog.actions.retried', { id }),
          message: last ? t('webhookLog.actions.retriedAnswer', { answer: last.http_status !== null ? `HTTP ${last.http_status}` : (last.error ?? t('webhookLog.detail.attempt.noAnswer')) }) : undefined,
          link,
        });
      },
      onError: (error) => notifyFailed(t('webhookLog.actions.retryFailed', { id }), error),
    });

  const doCancel = async () => {
    const sure = await confirmAction({
      title: t('webhookLog.actions.cancelConfirmTitle', { id }),
      body: t('webhookLog.actions.cancelConfirmBody'),
      confirmLabel: t('webhookLog.actions.cancelConfirm'),
      cancelLabel: t('webhookLog.actions.keep'),
      danger: true,
    });
    if (!sure) return;
    cancel.mutate(input, {
      onSuccess: () => notifyDone({ title: t('webhookLog.actions.cancelled', { id }), message: t('webhookLog.actions.cancelledBody'), link }),
      onError: (error) => notifyFailed(t('webhookLog.actions.cancelFailed', { id }), error),
    });
  };

  return (
    <>
      <Button size="xs" onClick={doRetry} loading={retry.isPending} disabled={delivery.in_flight} data-testid="delivery-retry">
        {t('webhookLog.actions.retry')}
      </Button>
      {delivery.status === 'pending' && (
        <Button size="xs" variant="default" color="red" onClick={() => void doCancel()} loading={cancel.isPending} data-testid="delivery-cancel">
          {t('webhookLog.actions.cancel')}
        </Button>
      )}
    </>
  );
}

/** The open delivery beside the log: its state, its body, every attempt; live as attempts land. */
export function DeliveryDetail({ companyId, id, connectorName, onClose, onOpen }: {
  companyId: number;
  id: number;
  connectorName: (id: number) => string;
  onClose: () => void;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const read = useOperation('webhooks.get', { company_id: companyId, delivery_id: id });
  const d = read.data;
  const f = (key: keyof typeof en.detail.fields) => t(`webhookLog.detail.fields.${key}`);
  const status = d ? shownStatus(d) : undefined;
  return (
    <DetailPanel
      label={t('webhookLog.detail.label', { id })}
      title={t('webhookLog.detail.title', { id })}
      subtitle={d ? t('webhookLog.detail.subtitle', { type: d.notification_type, connector: connectorName(d.connector_id) }) : undefined}
      actions={d ? <Actions delivery={d} onOpen={onOpen} /> : undefined}
      onClose={onClose}
      loading={read.isPending}
      error={read.error}
      onRetry={() => void read.refetch()}
      testId="delivery-detail"
    >
      {d && status && (
        <>
          <DetailSection title={t('webhookLog.detail.summary')}>
            <KeyValue
              items={[
                { label: f('status'), value: <Badge variant="light" color={STATUS_COLOR[status]} data-testid="delivery-status">{t(`webhookLog.status.${status}`)}</Badge> },
                { label: f('type'), value: <NotificationTypeValue type={d.notification_type} /> },
                { label: f('subject'), value: subjectOf(d) },
                { label: f('connector'), value: connectorName(d.connector_id) },
                { label: f('created'), value: formatDateTime(d.created_ts) },
                { label: f('attempts'), value: `${d.attempt_count}${lastAnswerOf(d) ? ` · ${lastAnswerOf(d)}` : ''}`, numeric: true },
                d.status === 'pending'
                  ? { label: f('next'), value: d.in_flight ? t('webhookLog.detail.sendingNow') : formatDateTime(d.next_attempt_ts) }
                  : { label: f('closed'), value: formatDateTime(d.closed_ts) },
                { label: f('closeReason'), value: d.close_reason },
                { label: f('url'), value: d.url },
                { label: f('webhookId'), value: d.webhook_id },
              ]}
            />
          </DetailSection>
          <DetailSection title={t('webhookLog.detail.attempts')} count={d.attempts.length}>
            <Attempts delivery={d} />
          </DetailSection>
          <DetailSection title={t('webhookLog.detail.payload')}>
            <JsonView value={d.payload} label={t('webhookLog.detail.payload')} maxHeight={260} />
          </DetailSection>
        </>
      )}
    </DetailPanel>
  );
}
