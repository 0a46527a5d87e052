import Type, { type Static } from 'typebox';

export const NOTIFICATION_TYPES = [
  'status',
  'invoice',
  'awb',
  'product_published',
  'product_update',
  'product_unpublished',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NotificationTypeSchema = Type.Enum([...NOTIFICATION_TYPES]);

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One HTTP attempt of a delivery, as it was sent and answered. */
export const WebhookAttempt = Type.Object({
  id: Type.Integer(),
  attempt_no: Type.Integer({ description: '1 for the first attempt' }),
  trigger: Type.Enum(['scheduled', 'manual'], { description: 'manual: a "retry now"' }),
  ts: Type.String({ description: 'when it started, Europe/Bucharest' }),
  url: Type.String(),
  request_headers: Type.Record(Type.String(), Type.String()),
  request_body: Type.String(),
  http_status: Type.Union([Type.Integer(), Type.Null()], { description: 'null: no answer (network error, timeout)' }),
  response_headers: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]),
  response_body_head: Type.String({ description: 'the first 4 KiB of the answer' }),
  duration_ms: Type.Number(),
  error: Type.Union([Type.String(), Type.Null()], { description: 'network error or timeout text' }),
  outcome: Type.Enum(['delivered', 'permanent_failure', 'transient_failure'], {
    description: '200: delivered; any 4xx: permanent (never retried); anything else: transient (retried)',
  }),
});
export type WebhookAttempt = Static<typeof WebhookAttempt>;

/** A notification on its way to a connector's receiver (one row of the transactional outbox). */
export const WebhookDelivery = Type.Object({
  id: Type.Integer(),
  webhook_id: Type.String({ description: 'Standard Webhooks message id; the same on every retry' }),
  company_id: Type.Integer(),
  connector_id: Type.Integer(),
  notification_type: NotificationTypeSchema,
  order_unique_id: Type.Union([Type.String(), Type.Null()]),
  url: Type.String(),
  status: Type.Enum([...DELIVERY_STATUSES]),
  attempt_count: Type.Integer(),
  next_attempt_ts: Type.Union([Type.String(), Type.Null()], { description: 'when the next attempt is due; null once closed' }),
  in_flight: Type.Boolean({ description: 'an attempt is under way or about to start (the row stays pending meanwhile)' }),
  last_http_status: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()]),
  created_ts: Type.String(),
  closed_ts: Type.Union([Type.String(), Type.Null()]),
  close_reason: Type.Union([Type.String(), Type.Null()]),
  payload: Type.Unknown({ description: 'the JSON body, exactly as sent' }),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveryWithAttempts = Type.Object({
  ...WebhookDelivery.properties,
  attempts: Type.Array(WebhookAttempt),
});
export type WebhookDeliveryWithAttempts = Static<typeof WebhookDeliveryWithAttempts>;
