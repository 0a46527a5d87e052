import { NotificationTypeValue } from '../../components/api-value/ApiValue.tsx';
import { Anchor, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { QueuedNotification } from '../../../../shared/domain/staff-actions.ts';
import type { MarketplaceConnector } from '../../../../shared/domain/connectors.ts';
import { useOperation } from '../../api/operations.ts';
import { DetailSection } from '../../components/detail';
import { notifyDone } from '../../components/feedback';

const STATE_COLOR: Record<string, string> = { delivered: 'teal', failed: 'red', pending: 'yellow', cancelled: 'gray', sending: 'blue' };

/** The webhook log, filtered on a delivery's type and connector, with that delivery open. */
function logSearch(notification: QueuedNotification, connectorId?: number) {
  return { notification_type: notification.notification_type, ...(connectorId !== undefined && { connector_id: connectorId }), open: notification.delivery_id };
}

/**
 * One queued delivery with its state as it changes: webhooks.get is read again by itself when a
 * webhook.attempt event names this delivery (api/live.ts), so "pending" turns "delivered ✓" in place.
 */
function DeliveryLine({ companyId, notification, connectors }: { companyId: number; notification: QueuedNotification; connectors: readonly MarketplaceConnector[] | undefined }) {
  const { t } = useTranslation();
  const delivery = useOperation('webhooks.get', { company_id: companyId, delivery_id: notification.delivery_id });
  const d = delivery.data;
  const state = d ? (d.in_flight ? 'sending' : d.status) : undefined;
  const connector = d ? (connectors?.find((c) => c.id === d.connector_id)?.name ?? `#${d.connector_id}`) : '…';
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="queued-notification" data-delivery-id={notification.delivery_id} data-state={state ?? 'loading'}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm">
          <NotificationTypeValue type={notification.notification_type} /> → {connector}
        </Text>
        <Anchor component={Link} size="xs" to="/c/$companyId/logs/webhooks" params={{ companyId } as never} search={logSearch(notification, d?.connector_id) as never}>
          #{notification.delivery_id} · {t('products.notifications.openLog')}
        </Anchor>
      </Stack>
      {state ? (
        <Stack gap={0} align="flex-end">
          <Badge color={STATE_COLOR[state] ?? 'gray'} variant="light" data-testid="delivery-state">
            {t(`products.notifications.states.${state}`)}
          </Badge>
          {d && d.attempt_count > 0 && (
            <Text size="xs" c="dimmed">
              {t('products.notifications.attempts', { count: d.attempt_count })}
            </Text>
          )}
        </Stack>
      ) : (
        <Loader size="xs" aria-label={t('common.loading')} />
      )}
    </Group>
  );
}

/** What the writes made from this panel queued, newest first (empty until one was made). */
export function QueuedNotifications({
  companyId,
  batches,
  connectors,
}: {
  companyId: number;
  /** One entry per write: the deliveries it queued (an empty list: it queued none). */
  batches: readonly (readonly QueuedNotification[])[];
  connectors: readonly MarketplaceConnector[] | undefined;
}) {
  const { t } = useTranslation();
  if (batches.length === 0) return null;
  const all = batches.flat();
  return (
    <DetailSection title={t('products.notifications.title')} count={all.length} testId="product-notifications">
      <Text size="xs" c="dimmed">
        {t('products.notifications.hint')}
      </Text>
      {all.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('products.notifications.none')}
        </Text>
      ) : (
        <Stack gap="xs">
          {all.map((n) => (
            <DeliveryLine key={n.delivery_id} companyId={companyId} notification={n} connectors={connectors} />
          ))}
        </Stack>
      )}
    </DetailSection>
  );
}

/**
 * The address of the webhook log on a delivery, for a toast: the toasts are rendered above the
 * router (app/providers.tsx), where a router <Link> cannot work, so the link is a plain hash href
 * (the app uses hash history, in the browser and in the desktop window alike).
 */
function logHref(companyId: number, notification: QueuedNotification, connectorId?: number): string {
  const params = new URLSearchParams({ notification_type: notification.notification_type });
  if (connectorId !== undefined) params.set('connector_id', String(connectorId));
  params.set('open', String(notification.delivery_id));
  return `#/c/${companyId}/logs/webhooks?${params.toString()}`;
}

/** The toast of a write: what happened, how many notifications it queued, a link to the webhook log on them. */
export function notifyWrite(t: TFunction, companyId: number, title: string, notifications: readonly QueuedNotification[], connectorId?: number): void {
  const first = notifications[0];
  const types = [...new Set(notifications.map((n) => n.notification_type))].join(', ');
  notifyDone({
    title,
    message: first ? (
      <>
        {t('products.notifications.toastQueued', { count: notifications.length })}: {types}
        <br />
        <Anchor href={logHref(companyId, first, connectorId)} size="sm">
          {t('products.notifications.openLog')}
        </Anchor>
      </>
    ) : (
      t('products.notifications.none')
    ),
  });
}
