import type { webhookOperations } from '../../../shared/contract/operations-webhooks.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import { createConnectorWriter, type Connectors } from '../domains/connectors/index.ts';
import { createDispatcher, type DispatcherDeps } from './dispatcher.ts';
import { createDeliveries } from './deliveries.ts';
import { createInbox } from './inbox.ts';

export { USER_AGENT } from './dispatcher.ts';

export interface WebhooksDeps extends DispatcherDeps {
  connectors: Connectors;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
}

/**
 * Outbound notifications: the dispatcher working from the outbox, the delivery log with its
 * retry and cancel, the connector settings that say where and how notifications go, and the
 * built-in inbox a connector can point at.
 */
export function createWebhooks(deps: WebhooksDeps) {
  // The budget is read on every post and read, so a changed setting applies at the next one.
  const inbox = createInbox(deps.clock, () => deps.settings().inbox_budget_mb * 1024 * 1024);
  const dispatcher = createDispatcher({ ...deps, ownInbox: inbox });
  const deliveries = createDeliveries(deps.db, deps.clock, dispatcher);
  const connectorWriter = createConnectorWriter(deps.db, deps.clock);

  const handlers: HandlersOf<keyof typeof webhookOperations> = {
    'connectors.list': ({ company_id }) => {
      deps.requireAccount(company_id);
      return deps.connectors.list(company_id);
    },
    'connectors.get': ({ company_id, connector_id }) => deps.connectors.config(company_id, connector_id, deps.publicUrl()),
    'connectors.update': ({ company_id, connector_id, ...patch }) => {
      connectorWriter.update(company_id, connector_id, patch);
      // Queued copies carry the old URL, secret or switch: read them again, and look now.
      dispatcher.release({ connectorId: connector_id });
      dispatcher.wake();
      return deps.connectors.config(company_id, connector_id, deps.publicUrl());
    },
    'webhooks.list': ({ company_id, ...filter }) => deliveries.list(company_id, filter),
    'webhooks.get': ({ company_id, delivery_id }) => deliveries.get(company_id, delivery_id),
    'webhooks.retry': ({ company_id, delivery_id }) => deliveries.retry(company_id, delivery_id),
    'webhooks.cancel': ({ company_id, delivery_id }) => deliveries.cancel(company_id, delivery_id),
    'inbox.names': () => inbox.names(),
    'inbox.list': ({ name, ...filter }) => inbox.list(name, filter),
    'inbox.setBehaviour': ({ name, ...behaviour }) => inbox.setBehaviour(name, behaviour),
    'inbox.clear': ({ name }) => inbox.clear(name),
  };

  return { dispatcher, deliveries, inbox, handlers };
}
export type Webhooks = ReturnType<typeof createWebhooks>;
