import { createDispatcher, type DispatcherDeps } from './dispatcher.ts';
import { createDeliveries } from './deliveries.ts';
import { createInbox } from './inbox.ts';

export { USER_AGENT } from './dispatcher.ts';

export type WebhooksDeps = DispatcherDeps;

/**
 * Outbound notifications: the dispatcher working from the outbox, the delivery log with its
 * retry and cancel, and the built-in inbox a connector can point at. The connector settings that
 * say where and how notifications go are the connectors domain's (createConnectorWriter).
 */
export function createWebhooks(deps: WebhooksDeps) {
  // The budget is read on every post and read, so a changed setting applies at the next one.
  const inbox = createInbox(deps.clock, () => deps.settings().inbox_budget_mb * 1024 * 1024);
  const dispatcher = createDispatcher({ ...deps, ownInbox: inbox });
  const deliveries = createDeliveries(deps.db, deps.clock, dispatcher);
  return { dispatcher, deliveries, inbox };
}
export type Webhooks = ReturnType<typeof createWebhooks>;
