import type { Database } from 'better-sqlite3';
import type { Static } from 'typebox';
import { badRequest, notFound } from '../../../../shared/contract/errors.ts';
import type { ProductPublicationInput, ProductPublished, ProductUnpublished } from '../../../../shared/domain/staff-actions.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { formatTimestamp } from '../../time.ts';
import type { ProductPushes } from '../products/index.ts';
import type { OutboxSince } from '../../webhooks/outbox-since.ts';
import type { StaffOrders } from './staff-order-context.ts';

/**
 * Staff publishes a product to a connector or takes it off (products.publish / unpublish):
 * connector_products, and the spec's notification in the same transaction. product_published
 * carries the full current product as the connector sees it (the push fields of product_update,
 * stock of the connector's workpoint), also when the product was already published (the spec:
 * "newly published ... or republished"; published_ts is renewed). product_unpublished carries
 * only cod_produs. An inactive connector's list changes all the same, with no notification.
 */
export function createStaffProductPublishing(
  db: Database,
  deps: DomainDeps,
  use: { orders: Pick<StaffOrders, 'connectorOf'>; deliveries: OutboxSince; push: ProductPushes },
) {
  const { orders, deliveries, push } = use;
  const productRow = db.prepare<[number, number], { id: number; cod_produs: string; deleted: number }>(
    'SELECT id, cod_produs, deleted FROM products WHERE company_id = ? AND id = ?',
  );
  const publishedAt = db.prepare<[number, number], string>('SELECT published_ts FROM connector_products WHERE connector_id = ? AND product_id = ?').pluck();
  const publishRow = db.prepare<[number, number, string]>(
    `INSERT INTO connector_products (connector_id, product_id, published_ts) VALUES (?, ?, ?)
     ON CONFLICT (connector_id, product_id) DO UPDATE SET published_ts = excluded.published_ts`,
  );
  const unpublishRow = db.prepare<[number, number]>('DELETE FROM connector_products WHERE connector_id = ? AND product_id = ?');

  /** The connector (404 when unknown or deleted) and the product (404 when absent, another account's or deleted). */
  function subjects(input: Static<typeof ProductPublicationInput>) {
    const connector = orders.connectorOf(input.company_id, input.connector_id);
    const product = productRow.get(input.company_id, input.product_id);
    if (!product || product.deleted === 1) throw notFound(`product_id: product ${input.product_id} does not exist`);
    return { connector, product };
  }

  function publish(input: Static<typeof ProductPublicationInput>): ProductPublished {
    return db.transaction((): ProductPublished => {
      const { connector, product } = subjects(input);
      const republished = publishedAt.get(connector.id, product.id) !== undefined;
      const ts = formatTimestamp(deps.clock.now());
      publishRow.run(connector.id, product.id, ts);
      const payload = push.payload(input.company_id, product.id, connector.workpoint_id)!;
      const deliveryId = deps.outbox.enqueue({ companyId: input.company_id, connectorId: connector.id, type: 'product_published', payload });
      return {
        connector_id: connector.id,
        product_id: product.id,
        cod_produs: product.cod_produs,
        published_ts: ts,
        republished,
        product: payload,
        notification: deliveries.ref(deliveryId),
      };
    }).immediate();
  }

  function unpublish(input: Static<typeof ProductPublicationInput>): ProductUnpublished {
    return db.transaction((): ProductUnpublished => {
      const { connector, product } = subjects(input);
      if (publishedAt.get(connector.id, product.id) === undefined) {
        throw badRequest(`product_id: product ${product.id} is not published to connector ${connector.id}`);
      }
      unpublishRow.run(connector.id, product.id);
      const deliveryId = deps.outbox.enqueue({
        companyId: input.company_id,
        connectorId: connector.id,
        type: 'product_unpublished',
        payload: { cod_produs: product.cod_produs },
      });
      return { connector_id: connector.id, product_id: product.id, cod_produs: product.cod_produs, notification: deliveries.ref(deliveryId) };
    }).immediate();
  }

  return { publish, unpublish };
}
