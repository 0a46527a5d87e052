import Type from 'typebox';
import { op, CompanyId, Empty } from './operation-def.ts';
import { ConnectorConfig, MarketplaceConnector } from '../domain/connectors.ts';
import { ConnectorPatch } from '../domain/connector-patch.ts';
import { DELIVERY_STATUSES, NotificationTypeSchema, WebhookDeliveryWithAttempts } from '../domain/webhooks.ts';
import { InboxBehaviour, InboxMessage, InboxName, InboxState } from '../domain/inbox.ts';

const ConnectorId = Type.Integer({ minimum: 1 });
const DeliveryId = Type.Integer({ minimum: 1 });
const RangeEnd = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?$',
  description: "'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM:SS', Europe/Bucharest, inclusive",
});

/** The webhook delivery log, its actions, the connector settings that steer delivery, and the built-in inbox. */
export const webhookOperations = {
  'connectors.list': op({
    summary: 'The connectors of an account, deleted ones included (flagged), oldest first: as the marketplace list shows them',
    input: Type.Object({ company_id: CompanyId }, { additionalProperties: false }),
    output: Type.Array(MarketplaceConnector),
    http: { method: 'GET', path: '/accounts/:company_id/connectors' },
    reads: ['connectors'],
  }),
  'connectors.get': op({
    summary: 'A connector configuration as GET /connector/{id}/config/ shows it (the secret only as webhook_secret_set)',
    input: Type.Object({ company_id: CompanyId, connector_id: ConnectorId }, { additionalProperties: false }),
    output: ConnectorConfig,
    http: { method: 'GET', path: '/accounts/:company_id/connectors/:connector_id' },
    reads: ['connectors', 'connector_settings'],
    record: { table: 'connectors', input: 'connector_id' },
  }),
  'connectors.update': op({
    summary: 'Change connector settings (receiver URL, type, active, signing secret, tracked product fields); answers the configuration',
    input: Type.Object({ company_id: CompanyId, connector_id: ConnectorId, ...ConnectorPatch.properties }, { additionalProperties: false }),
    output: ConnectorConfig,
    http: { method: 'PATCH', path: '/accounts/:company_id/connectors/:connector_id' },
  }),
  'webhooks.list': op({
    summary: 'Webhook deliveries, newest first, each with its attempts',
    input: Type.Object(
      {
        company_id: CompanyId,
        status: Type.Optional(Type.Enum([...DELIVERY_STATUSES])),
        connector_id: Type.Optional(ConnectorId),
        notification_type: Type.Optional(NotificationTypeSchema),
        order_unique_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        created_from: Type.Optional(RangeEnd),
        created_through: Type.Optional(RangeEnd),
        before_id: Type.Optional(Type.Integer({ minimum: 1, description: 'page back: deliveries older than this id' })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
      },
      { additionalProperties: false },
    ),
    output: Type.Array(WebhookDeliveryWithAttempts),
    http: { method: 'GET', path: '/accounts/:company_id/webhooks' },
    reads: ['webhook_outbox', 'webhook_attempts'],
  }),
  'webhooks.get': op({
    summary: 'One delivery with every attempt (request headers and body, answer status, headers and body head)',
    input: Type.Object({ company_id: CompanyId, delivery_id: DeliveryId }, { additionalProperties: false }),
    output: WebhookDeliveryWithAttempts,
    http: { method: 'GET', path: '/accounts/:company_id/webhooks/:delivery_id' },
    reads: ['webhook_outbox', 'webhook_attempts'],
    record: { table: 'webhook_outbox', input: 'delivery_id' },
  }),
  'webhooks.retry': op({
    summary: 'Send a delivery again now (also a closed one): a new attempt, same id and body; answers after it',
    input: Type.Object({ company_id: CompanyId, delivery_id: DeliveryId }, { additionalProperties: false }),
    output: WebhookDeliveryWithAttempts,
    http: { method: 'POST', path: '/accounts/:company_id/webhooks/:delivery_id/retry' },
  }),
  'webhooks.cancel': op({
    summary: 'Cancel a pending delivery: no further attempt',
    input: Type.Object({ company_id: CompanyId, delivery_id: DeliveryId }, { additionalProperties: false }),
    output: WebhookDeliveryWithAttempts,
    http: { method: 'POST', path: '/accounts/:company_id/webhooks/:delivery_id/cancel' },
  }),
  'inbox.names': op({
    summary: 'The built-in inboxes in use, with what each holds (kept_bytes of all together stay within the inbox_budget_mb setting)',
    input: Empty,
    output: Type.Array(InboxState),
    http: { method: 'GET', path: '/inbox' },
    reads: ['inbox'],
  }),
  'inbox.list': op({
    summary: 'What an inbox received, oldest first (after_id: only newer posts)',
    input: Type.Object(
      {
        name: InboxName,
        after_id: Type.Optional(Type.Integer({ minimum: 0 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
      },
      { additionalProperties: false },
    ),
    output: Type.Object({ inbox: InboxState, messages: Type.Array(InboxMessage) }),
    http: { method: 'GET', path: '/inbox/:name' },
    reads: ['inbox'],
  }),
  'inbox.setBehaviour': op({
    summary: 'What an inbox answers next: a status (or a sequence of them) and a delay',
    input: Type.Object({ name: InboxName, ...InboxBehaviour.properties }, { additionalProperties: false }),
    output: InboxState,
    http: { method: 'PUT', path: '/inbox/:name/behaviour' },
  }),
  'inbox.clear': op({
    summary: 'Forget what an inbox received (its behaviour stays)',
    input: Type.Object({ name: InboxName }, { additionalProperties: false }),
    output: InboxState,
    http: { method: 'DELETE', path: '/inbox/:name' },
  }),
} as const;
