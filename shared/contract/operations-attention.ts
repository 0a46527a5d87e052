import Type, { type Static } from 'typebox';
import { op, CompanyId } from './operation-def.ts';

/** Webhook notifications of the account that failed for good (status failed: no attempt is left). */
const FailedDeliveries = Type.Object({
  kind: Type.Literal('failed_deliveries'),
  count: Type.Integer({ minimum: 1 }),
});

/** A connector whose receiver the dispatcher paused after failures in a row (docs/webhooks.md, "Isolation"). */
const PausedReceiver = Type.Object({
  kind: Type.Literal('paused_receiver'),
  connector_id: Type.Integer(),
  connector_name: Type.String(),
  url: Type.String({ description: "the connector's order_event_notification_url" }),
});

/** The account's attachments storage failed its last use (a test, an upload, a download or a delete). */
const StorageUnreachable = Type.Object({
  kind: Type.Literal('storage_unreachable'),
  message: Type.String({ description: 'why, as the refused use said it' }),
  since: Type.String({ description: "'YYYY-MM-DD HH:MM:SS' Europe/Bucharest: the first failure of this run of failures" }),
});

export const AttentionItem = Type.Union([FailedDeliveries, PausedReceiver, StorageUnreachable]);
export type AttentionItem = Static<typeof AttentionItem>;

export const AttentionList = Type.Object({
  count: Type.Integer({ description: 'how many items (the header badge shows it; 0: nothing to show)' }),
  items: Type.Array(AttentionItem),
});
export type AttentionList = Static<typeof AttentionList>;

/**
 * What needs someone's attention in an account: the header's badge and its list. Cheap enough to
 * read after every change: an indexed count and two in-memory states.
 */
export const attentionOperations = {
  'attention.list': op({
    summary:
      'What needs attention in an account: webhook notifications that failed for good, receivers paused after repeated failures, ' +
      'an attachments storage whose last use failed. Empty when all is well',
    input: Type.Object({ company_id: CompanyId }, { additionalProperties: false }),
    output: AttentionList,
    http: { method: 'GET', path: '/accounts/:company_id/attention' },
    // receiver_health and storage_health are not tables: the core names them in data.changed when
    // a receiver is paused or resumes, and when the storage fails or works again.
    reads: ['webhook_outbox', 'connectors', 'account_storage', 'receiver_health', 'storage_health'],
  }),
} as const;
