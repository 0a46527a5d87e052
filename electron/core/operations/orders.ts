import { notFound } from '../../../shared/contract/errors.ts';
import type { orderOperations } from '../../../shared/contract/operations-orders.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { Connectors } from '../domains/connectors/index.ts';
import type { Webhooks } from '../webhooks/index.ts';

export interface OrderOperationDeps {
  connectors: Pick<Connectors, 'order' | 'orderExtras' | 'cancelOrder'>;
  /** The webhook delivery log (webhooks.list's own query). */
  deliveries: Pick<Webhooks['deliveries'], 'list'>;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
  /** The listener's address: links in the notifications a cancellation queues start with it. */
  publicUrl(): string;
}

/** Most notifications an opened order lists (an order gets a handful; newest first). */
const NOTIFICATIONS_SHOWN = 50;

/**
 * A connector order opened in the back office (orders.get: the list's row, the connector domain's
 * extras and the order's deliveries from the delivery log), and its cancellation by staff.
 */
export function createOrderHandlers(deps: OrderOperationDeps): HandlersOf<keyof typeof orderOperations> {
  return {
    'orders.get': ({ company_id, SERVICE_order_id }) => {
      deps.requireAccount(company_id);
      const order = deps.connectors.order(company_id, SERVICE_order_id);
      const extras = deps.connectors.orderExtras(company_id, SERVICE_order_id);
      if (!order || !extras) throw notFound(`SERVICE_order_id: order ${SERVICE_order_id} does not exist in account ${company_id}`);
      const notifications = deps.deliveries.list(company_id, {
        connector_id: order.connector_id,
        order_unique_id: order.order_unique_id,
        limit: NOTIFICATIONS_SHOWN,
      });
      return { ...order, ...extras, notifications };
    },
    'orders.cancel': (input) => {
      deps.requireAccount(input.company_id);
      return deps.connectors.cancelOrder(input, deps.publicUrl());
    },
  };
}
