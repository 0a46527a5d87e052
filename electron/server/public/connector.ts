import Type from 'typebox';
import { notFound } from '../../../shared/contract/errors.ts';
import { standardFilters } from '../../../shared/filters/grammar.ts';
import { ConnectorConfig, ConnectorOrder } from '../../../shared/domain/connectors.ts';
import { LIST_PAGE_SIZE } from '../../../shared/domain/documents.ts';
import type { RestRoutes } from './route-kit.ts';
import { documentQuery } from './document-filters.ts';
import { f } from '../../../shared/filters/grammar.ts';
import { Product, PRODUCTS_PAGE_SIZE } from '../../../shared/domain/products.ts';
import { answerProducts, productFilters } from './product.ts';

/** The feed's filters (the spec): page, format, code, modifiedafter, include, magazia_id. */
const feedFilters = {
  page: productFilters.page,
  format: productFilters.format,
  code: productFilters.code,
  modifiedafter: productFilters.modifiedafter,
  include: f.options(['images', 'properties'] as const),
  magazia_id: productFilters.magazia_id,
} as const;

const CONNECTOR_ID = { connector_id: Type.Integer({ minimum: 1 }) };

/** The base URL the caller used, for the ready-made URLs of the answers. */
export const baseUrlOf = (request: { protocol: string; headers: { host?: string | undefined } }): string =>
  `${request.protocol}://${request.headers.host ?? 'localhost'}`;

export function registerConnectorRoutes(routes: RestRoutes): void {
  routes.endpoint(
    {
      method: 'GET',
      path: '/connector/{connector_id}/config/',
      module: 'connector',
      summary: 'Read-only configuration of a connector',
      description:
        'Groups connector, products, order_processing, invoicing, proforma, awb and status_sync. Every setting is an ' +
        'object {value, label, options, source}: source is connector when the connector sets it, global when the ' +
        'account default applies. products.product_change_notify_url equals order_event_notification_url. No ' +
        'credential is ever answered. Field names inside the groups are ours (the spec does not show them).',
      params: CONNECTOR_ID,
      ok: { description: 'the configuration', schema: ConnectorConfig },
      errors: { 404: 'the connector does not exist (or is deleted)' },
    },
    ({ core, companyId, params, request }) =>
      core.rest.connectors.config(companyId, Number(params.connector_id), baseUrlOf(request)),
  );

  routes.list(
    {
      path: '/connector/{connector_id}/order/list/',
      module: 'connector',
      summary: 'Orders received through a connector',
      description:
        'Date filters act on the order date, modifiedafter/modifiedthrough on the last change; skipcancelled omits ' +
        'cancelled orders. Each order lists its sales receipts, invoices and AWBs (cancelled ones flagged).',
      params: CONNECTOR_ID,
      filters: standardFilters,
      item: ConnectorOrder,
      pageSize: LIST_PAGE_SIZE,
      errors: { 404: 'the connector does not exist' },
    },
    ({ core, companyId, params, filters, page }) => {
      const connectorId = Number(params.connector_id);
      core.rest.connectors.get(companyId, connectorId);
      return core.rest.connectors.orders({ ...documentQuery(companyId, filters, page, LIST_PAGE_SIZE), connectorId });
    },
  );

  routes.list(
    {
      path: '/connector/{connector_id}/products/',
      module: 'connector',
      summary: 'Products published to a connector (its feed)',
      description:
        'The product list\'s shape, only the products published to the connector, with prices and stock of the ' +
        'connector\'s workpoint (magazia_id overrides it; without either, the sum of the workpoints). Filters: page, ' +
        'format (json default, xml, csv: the same export as /product/list/), code (cod_produs, cod_varianta or ' +
        'barcode), modifiedafter, include:images,properties, magazia_id. 404 for an unknown or deleted connector.',
      params: CONNECTOR_ID,
      filters: feedFilters,
      item: Product,
      pageSize: PRODUCTS_PAGE_SIZE,
      alternatives: {
        'text/csv': 'format:csv: the feed as CSV',
        'application/xml': 'format:xml: the feed as XML',
      },
      errors: { 404: 'the connector does not exist or is deleted' },
    },
    (ctx) => {
      const connectorId = Number(ctx.params.connector_id);
      const connector = ctx.core.rest.connectors.get(ctx.companyId, connectorId);
      if (connector.deleted) throw notFound(`connector ${connectorId} is deleted`);
      return answerProducts(ctx, 'list', (query) => ({
        ...query,
        connectorId,
        workpointId: query.workpointId ?? connector.workpoint_id ?? undefined,
      }));
    },
  );
}
