import { Alert, Badge, Button, Group, List, Loader, Table, Text, Code } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Trans, useTranslation } from 'react-i18next';
import type { WebhookDeliveryWithAttempts } from '../../../../shared/domain/webhooks.ts';
import type { OperationInput } from '../../../../shared/contract/operations.ts';
import { useDeliveryAction, useWebhookDeliveries } from '../../api/queries.ts';
import { ErpError } from '../../api/errors.ts';
import { formatDateTime } from '../../app/format.ts';
import { IconInfo } from '../../app/shell/icons.tsx';

const STATUS_COLOR: Record<string, string> = { delivered: 'teal', failed: 'red', pending: 'yellow', cancelled: 'gray', sending: 'blue' };

/** The spec's answer table in plain words: it differs from most webhook senders. */
export function AnswerRules() {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="blue" role="note" icon={<IconInfo />} title={t('webhooks.rulesTitle')} data-testid="webhook-rules" mb="md">
      <List size="sm" spacing={4}>
        <List.Item>
          <Trans i18nKey="webhooks.rule200" components={{ code: <Code /> }} />
        </List.Item>
        <List.Item>
          <Trans i18nKey="webhooks.rule4xx" components={{ strong: <strong /> }} />
        </List.Item>
        <List.Item>
          <Trans i18nKey="webhooks.ruleOther" components={{ strong: <strong /> }} />
        </List.Item>
      </List>
    </Alert>
  );
}

function lastAnswer(delivery: WebhookDeliveryWithAttempts, noAnswer: string): string {
  const last = delivery.attempts.at(-1);
  if (!last) return delivery.close_reason ?? '—';
  return last.http_status !== null ? `HTTP ${last.http_status} · ${Math.round(last.duration_ms)} ms` : (last.error ?? noAnswer);
}

function Actions({ delivery }: { delivery: WebhookDeliveryWithAttempts }) {
  const { t } = useTranslation();
  const retry = useDeliveryAction('webhooks.retry');
  const cancel = useDeliveryAction('webhooks.cancel');
  const input = { company_id: delivery.company_id, delivery_id: delivery.id };
  const error = retry.error ?? cancel.error;
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="default"
        disabled={delivery.in_flight}
        loading={retry.isPending}
        onClick={() => retry.mutate(input, { onSuccess: () => notifications.show({ color: 'teal', message: t('webhooks.retried', { id: delivery.id }) }) })}
      >
        {t('webhooks.retry')}
      </Button>
      {delivery.status === 'pending' && (
        <Button
          size="compact-sm"
          variant="default"
          color="red"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(input, { onSuccess: () => notifications.show({ color: 'gray', message: t('webhooks.cancelled', { id: delivery.id }) }) })}
        >
          {t('webhooks.cancel')}
        </Button>
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error instanceof ErpError ? error.messages.join('; ') : error.message}
        </Text>
      )}
    </Group>
  );
}

type Filter = Omit<OperationInput<'webhooks.list'>, 'company_id'>;

/** The latest deliveries of an account with their last answer, live (polled). */
export function WebhookDeliveries({ companyId, filter = {} }: { companyId: number; filter?: Filter }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries({ company_id: companyId, ...filter });
  return (
    <section aria-labelledby="webhooks-heading">
      <Text id="webhooks-heading" component="h2" fw={600} size="lg" mb="sm">
        {t('webhooks.title')}
      </Text>
      <AnswerRules />
      {deliveries.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('webhooks.loading')}
          </Text>
        </Group>
      )}
      {deliveries.isError && (
        <Text size="sm" c="dimmed">
          {t('webhooks.cannotRead', { message: deliveries.error.message })}
        </Text>
      )}
      {deliveries.isSuccess && deliveries.data.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="webhooks-empty">
          {t('webhooks.empty')}
        </Text>
      )}
      {deliveries.isSuccess && deliveries.data.length > 0 && (
        <Table.ScrollContainer minWidth={1040}>
          <Table aria-label={t('webhooks.title')} striped style={{ whiteSpace: 'nowrap' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" ta="right">{t('webhooks.columns.id')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.columns.created')}</Table.Th>
                <Table.Th scope="col" ta="right">{t('webhooks.columns.connector')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.columns.type')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.columns.subject')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.columns.status')}</Table.Th>
                <Table.Th scope="col" ta="right">{t('webhooks.columns.attempts')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.columns.lastAnswer')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.map((d) => {
                const status = d.in_flight ? 'sending' : d.status;
                return (
                  <Table.Tr key={d.id}>
                    <Table.Td ta="right">{d.id}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.created_ts)}</Table.Td>
                    <Table.Td ta="right">{d.connector_id}</Table.Td>
                    <Table.Td>
                      <Code>{d.notification_type}</Code>
                    </Table.Td>
                    <Table.Td>{d.order_unique_id ?? String((d.payload as { cod_produs?: unknown }).cod_produs ?? '')}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[status] ?? 'gray'} data-status={status}>
                        {t(`webhooks.status.${status}`)}
                      </Badge>
                      {d.status === 'pending' && d.next_attempt_ts && !d.in_flight && (
                        <Text size="xs" c="dimmed">
                          {t('webhooks.next', { when: formatDateTime(d.next_attempt_ts) })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{d.attempt_count}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastAnswer(d, t('webhooks.noAnswer'))}</Table.Td>
                    <Table.Td>
                      <Actions delivery={d} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
