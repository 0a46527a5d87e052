import type { webhookOperations } from '../../../shared/contract/operations-webhooks.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { ConnectorWriter, Connectors } from '../domains/connectors/index.ts';
import type { Webhooks } from '../webhooks/index.ts';

export interface WebhookHandlerDeps {
  webhooks: Webhooks;
  connectors: Pick<Connectors, 'list' | 'config'>;
  /** A connector's settings written (connectors.update). */
  connectorWriter: Pick<ConnectorWriter, 'update'>;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
  /** The listener's address: a connector's inbox URL is shown on it. */
  publicUrl(): string;
}

/**
 * Where notifications go and what became of them (shared/contract/operations-webhooks.ts): the
 * connectors' settings, the delivery log with its retry and cancel, and the built-in inbox.
 */
export function createWebhookHandlers(deps: WebhookHandlerDeps): HandlersOf<keyof typeof webhookOperations> {
  const { dispatcher, deliveries, inbox } = deps.webhooks;
  return {
    'connectors.list': ({ company_id }) => {
      deps.requireAccount(company_id);
      return deps.connectors.list(company_id);
    },
    'connectors.get': ({ company_id, connector_id }) => deps.connectors.config(company_id, connector_id, deps.publicUrl()),
    'connectors.update': ({ company_id, connector_id, ...patch }) => {
      deps.connectorWriter.update(company_id, connector_id, patch);
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
}
