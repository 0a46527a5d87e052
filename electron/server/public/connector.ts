import Type from 'typebox';
import { notFound } from '../../../shared/contract/errors.ts';
import { ConnectorOrderAnswer, ConnectorOrderBody, ConnectorOrderRefusal, ITEM_FIELD_ALIASES } from '../../../shared/domain/connector-orders.ts';
import { envelope } from '../envelope.ts';
import { standardFilters, type FilterSpec } from '../../../shared/filters/grammar.ts';
import { ConnectorConfig, ConnectorOrder } from '../../../shared/domain/connectors.ts';
import { LIST_PAGE_SIZE } from '../../../shared/domain/documents.ts';
import { SENT, type EndpointContext, type RestRoutes } from './route-kit.ts';
import { documentQuery } from './document-filters.ts';
import { baseUrlOf } from './request-urls.ts';
import { f } from '../../../shared/filters/grammar.ts';
import { Product, PRODUCTS_PAGE_SIZE } from '../../../shared/domain/products.ts';
import { answerProducts, productFilters } from './product-query.ts';
import {
  connectorConfigExample,
  connectorOrderPostExample,
  connectorOrderPutExample,
  connectorOrdersListExample,
  connectorProductsExample,
} from './connector.examples.ts';

/** The feed's filters (the spec): page, format, code, modifiedafter, include, magazia_id. */
export const feedFilters = {
  page: productFilters.page,
  format: productFilters.format,
  code: productFilters.code,
  modifiedafter: productFilters.modifiedafter,
  include: f.options(['images', 'properties'] as const),
  magazia_id: productFilters.magazia_id,
} as const;

const CONNECTOR_ID = { connector_id: Type.Integer({ minimum: 1 }) };

/** The item field aliases, by the field they stand for: 'code: sku, product_code, cod_produs; ...'. */
const ALIASES_BY_FIELD = Object.entries(
  Object.entries(ITEM_FIELD_ALIASES).reduce<Record<string, string[]>>((byField, [alias, field]) => {
    (byField[field] ??= []).push(alias);
    return byField;
  }, {}),
)
  .map(([field, aliases]) => `${field}: ${aliases.join(', ')}`)
  .join('; ');

const ORDER_DESCRIPTION =
  'The spec\'s connector order request. POST: the whole order; a new order_unique_id creates the order (mode create), a ' +
  'known one (per connector) updates it (mode update). PUT: only order_unique_id is required, only the fields sent change; ' +
  'items, when sent, replace every line; client updates the order\'s client; order_status and order_cancelled may come ' +
  'alone; an unknown order is a 404. order_unique_id must equal {order_id}. Item fields may come under other names ' +
  `(reported in import_summary.item_field_aliases_used; an alias beside its field is a 400): ${ALIASES_BY_FIELD}. ` +
  'Fatal problems answer 400 with the envelope ' +
  'whose data is {SERVICE_order_id, BOCP_order_id, notices, errors, received_payload} (messages repeat errors) and nothing is ' +
  'stored; BOCP_order_id is SERVICE_order_id again, under the name clients of the real service read. A refusal because ' +
  'the order already exists (the repeated-order block) says "already exists". ' +
  'Non-fatal problems answer 200 with data.notices. The order creates what the connector\'s settings say (sales receipt or ' +
  'stock reservation, ERP payments for confirmed payments, invoice, proforma, AWB, with their notifications), in the same ' +
  'transaction. Rules where the spec is silent: docs/data-model.md, "Connector orders".';

/** The body is read by the import itself: a fatal problem is a 400 whose data carries errors, notices and the payload. */
function orderHandler(method: 'POST' | 'PUT') {
  return async (ctx: EndpointContext<FilterSpec> & { body: unknown }) => {
    // Orders arriving together share one commit (electron/core/store/write-batch.ts).
    const outcome = await ctx.core.rest.connectors.importOrderGrouped({
      companyId: ctx.companyId,
      connectorId: Number(ctx.params.connector_id),
      pathOrderId: ctx.params.order_id ?? '',
      method,
      body: ctx.body,
      baseUrl: baseUrlOf(ctx.request),
    });
    if (outcome.status === 200) return outcome.data;
    ctx.reply
      .code(400)
      .type('application/json; charset=utf-8')
      .send(envelope(ctx.request, 400, outcome.data, { messages: outcome.messages }));
    return SENT;
  };
}

export function registerConnectorRoutes(routes: RestRoutes): void {
  const orderParams = {
    ...CONNECTOR_ID,
    order_id: Type.String({ minLength: 1, description: 'the partner-side order id (order_unique_id), URL-encoded' }),
  };
  for (const method of ['POST', 'PUT'] as const) {
    routes.endpoint(
      {
        method,
        path: '/connector/{connector_id}/order/{order_id}/',
        module: 'connector',
        summary: method === 'POST' ? 'Submit a webshop or dropship order (create, or update a known one)' : 'Update an order',
        example: method === 'POST' ? connectorOrderPostExample : connectorOrderPutExample,
        description: ORDER_DESCRIPTION,
        params: orderParams,
        // Checked by the import itself: a refused order answers its own 400 (data.errors).
        body: { contentType: 'application/json', schema: ConnectorOrderBody, description: 'the connector order request', validate: false },
        ok: { description: 'the order was imported: SERVICE_order_id (and BOCP_order_id, the same id), notices, errors ([]), received_payload, import_summary', schema: ConnectorOrderAnswer },
        errorData: { 400: ConnectorOrderRefusal },
        errors: {
          400:
            'fatal problems: data.errors names each field and rule (data also holds notices and received_payload); nothing is stored',
          404: method === 'PUT' ? 'the connector does not exist or is deleted, or the order is unknown' : 'the connector does not exist or is deleted',
          413: 'request body over the limit',
          415: 'the body is not application/json',
        },
      },
      orderHandler(method),
      (data) => ({ connector_orders: [data.SERVICE_order_id] }),
    );
  }

  routes.endpoint(
    {
      method: 'GET',
      path: '/connector/{connector_id}/config/',
      module: 'connector',
      summary: 'Read-only configuration of a connector',
      example: connectorConfigExample,
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
      example: connectorOrdersListExample,
      description:
        'Date filters act on the order date, modifiedafter/modifiedthrough on the last change; skipcancelled omits ' +
        'cancelled orders. Each order lists its sales receipts, invoices and AWBs (cancelled ones flagged).',
      params: CONNECTOR_ID,
      filters: standardFilters,
      item: ConnectorOrder,
      pageSize: LIST_PAGE_SIZE,
      errors: { 404: 'the connector does not exist or is deleted' },
    },
    ({ core, companyId, params, filters, page }) => {
      const connectorId = Number(params.connector_id);
      if (core.rest.connectors.get(companyId, connectorId).deleted) throw notFound(`connector ${connectorId} is deleted`);
      return core.rest.connectors.orders({ ...documentQuery(companyId, filters, page, LIST_PAGE_SIZE), connectorId });
    },
  );

  routes.list(
    {
      path: '/connector/{connector_id}/products/',
      module: 'connector',
      summary: 'Products published to a connector (its feed)',
      example: connectorProductsExample,
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
