import type { TFunction } from 'i18next';
import type { WebhookDeliveryWithAttempts } from '../../../../shared/domain/webhooks.ts';

export type DeliveryStateKey = 'queued' | 'sending' | 'delivered' | 'failed' | 'cancelled' | 'retrying';

/** The state of a delivery as staff reads it: queued, sending, delivered 200, retrying (503), failed 404… */
export function deliveryState(d: WebhookDeliveryWithAttempts): { key: DeliveryStateKey; color: string } {
  if (d.in_flight) return { key: 'sending', color: 'blue' };
  if (d.status === 'delivered') return { key: 'delivered', color: 'teal' };
  if (d.status === 'failed') return { key: 'failed', color: 'red' };
  if (d.status === 'cancelled') return { key: 'cancelled', color: 'gray' };
  return d.attempt_count > 0 ? { key: 'retrying', color: 'orange' } : { key: 'queued', color: 'yellow' };
}

/** The state in words, with the receiver's last answer (HTTP status, or the network error). */
export function deliveryStateText(t: TFunction, d: WebhookDeliveryWithAttempts): string {
  const { key } = deliveryState(d);
  const status = d.last_http_status !== null ? String(d.last_http_status) : (d.last_error ?? '').slice(0, 40);
  return t(`connectorOrders.delivery.${key}`, { status }).trim();
}
