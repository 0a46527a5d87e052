import { NotificationTypeValue } from '../../components/api-value/ApiValue.tsx';
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryWithAttempts } from '../../../../shared/domain/webhooks.ts';
import { formatDateTime } from '../../app/format.ts';
import { deliveryState, deliveryStateText } from './delivery-state.ts';

/** A delivery's state as a badge; it changes in place as the dispatcher's attempts land (live query). */
export function DeliveryBadge({ delivery }: { delivery: WebhookDeliveryWithAttempts }) {
  const { t } = useTranslation();
  const state = deliveryState(delivery);
  return (
    <Badge color={state.color} variant="light" data-testid={`delivery-state-${delivery.id}`} data-state={state.key} tt="none">
      {deliveryStateText(t, delivery)}
    </Badge>
  );
}

/** The webhook deliveries of the order, newest first, each with its state and attempts. */
export function OrderNotifications({ companyId, orderUniqueId, deliveries }: { companyId: number; orderUniqueId: string; deliveries: readonly WebhookDeliveryWithAttempts[] }) {
  const { t } = useTranslation();
  if (deliveries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('connectorOrders.detail.noNotifications')}
      </Text>
    );
  }
  return (
    <>
      <Table withTableBorder={false} verticalSpacing={4} fz="sm" aria-label={t('connectorOrders.detail.notifications')} data-testid="order-notifications">
        <Table.Tbody>
          {deliveries.map((d) => (
            <Table.Tr key={d.id} data-delivery-id={d.id}>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', width: 48 }}>
                #{d.id}
              </Table.Td>
              <Table.Td>
                <NotificationTypeValue type={d.notification_type} />
              </Table.Td>
              <Table.Td>
                <DeliveryBadge delivery={d} />
              </Table.Td>
              <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('connectorOrders.delivery.attempts', { count: d.attempt_count })}
              </Table.Td>
              <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(d.created_ts)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/c/$companyId/logs/webhooks" params={{ companyId }} search={{ order_unique_id: orderUniqueId }} />}>
          {t('connectorOrders.detail.openLog')}
        </Anchor>
      </Group>
    </>
  );
}
