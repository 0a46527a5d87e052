import { f, standardFilters } from '../../../shared/filters/grammar.ts';
import { OperationError, notFound } from '../../../shared/contract/errors.ts';
import { MARKETPLACE_ORDERS_PAGE_SIZE, MarketplaceConnector, MarketplaceOrder } from '../../../shared/domain/connectors.ts';
import { LIST_PAGE_SIZE } from '../../../shared/domain/documents.ts';
import { Envelope, PagingKeys } from '../../../shared/contract/envelope.ts';
import Type, { type Static } from 'typebox';
import { envelope, pagingKeys } from '../envelope.ts';
import { SENT, type RestRoutes } from './route-kit.ts';
import { documentQuery } from './document-filters.ts';
import { baseUrlOf } from './request-urls.ts';
import { parseRestPath, REST_PREFIX } from './rest-path.ts';
import { marketplaceConnectorsListExample, marketplaceOrdersListExample } from './marketplace.examples.ts';

export const connectorListFilters = {
  id: standardFilters.id,
  minid: standardFilters.minid,
  skipcancelled: standardFilters.skipcancelled,
  page: standardFilters.page,
} as const;

export const orderListFilters = {
  connector_id: f.int(),
  datefrom: standardFilters.datefrom,
  datethrough: standardFilters.datethrough,
  year: standardFilters.year,
  yearmonth: standardFilters.yearmonth,
  date: standardFilters.date,
  modifiedafter: standardFilters.modifiedafter,
  modifiedthrough: standardFilters.modifiedthrough,
  skipcancelled: standardFilters.skipcancelled,
  id: standardFilters.id,
  minid: standardFilters.minid,
  page: standardFilters.page,
} as const;

/**
 * The marketplace answer: the envelope with the spec's data_next_page_exists / data_next_page_url
 * (instead of has_more_pages, as the spec says), and data_count / data_next_page as every list.
 */
const { has_more_pages: _instead, ...marketplacePaging } = PagingKeys;
const MarketplaceOrdersAnswer = Type.Object({
  ...Envelope(Type.Array(MarketplaceOrder)).properties,
  ...marketplacePaging,
  data_next_page_url: Type.Union([Type.String(), Type.Null()], { description: 'a ready-made URL of the next page, null on the last' }),
});

export function registerMarketplaceRoutes(routes: RestRoutes): void {
  routes.list(
    {
      path: '/marketplace/connectors/list/',
      module: 'marketplace',
      summary: 'Connectors of the account (marketplace)',
      example: marketplaceConnectorsListExample,
      description:
        'Oldest id first; inactive and deleted connectors are included, flagged by active and deleted ' +
        '(skipcancelled omits deleted ones). Date filters are refused (400). Credentials and internal URLs are never ' +
        'answered. A key bound to a connector sees only that connector. 404 when no connector matches.',
      filters: connectorListFilters,
      item: MarketplaceConnector,
      pageSize: LIST_PAGE_SIZE,
      errors: { 404: 'no connector matches' },
    },
    ({ core, companyId, filters, page, request }) => {
      const result = core.rest.connectors.marketplaceConnectors({
        companyId,
        id: filters.id,
        minId: filters.minid,
        skipDeleted: filters.skipcancelled,
        onlyId: request.rest?.user.connectorId ?? undefined,
        page,
        pageSize: LIST_PAGE_SIZE,
      });
      if (result.rows.length === 0) throw notFound('no connector matches the filters');
      return result;
    },
  );

  routes.endpoint(
    {
      method: 'GET',
      path: '/marketplace/orders/list/',
      module: 'marketplace',
      summary: 'Orders of every connector (marketplace)',
      example: marketplaceOrdersListExample,
      description:
        `Newest first (rec_id descending), ${MARKETPLACE_ORDERS_PAGE_SIZE} per page. Paging is signalled by ` +
        'data_next_page_exists and data_next_page_url (a ready-made URL of the next page) instead of has_more_pages; ' +
        'data_count and data_next_page (the next page number) are there too, as on every list. ' +
        'Each row carries its connector block and its sales receipts, invoices and AWBs, cancelled ones flagged. ' +
        'A page with no rows answers 404. A key bound to a connector sees only its orders; another connector_id is a 401.',
      filters: orderListFilters,
      ok: { description: 'one page of orders', schema: MarketplaceOrdersAnswer, whole: true },
      errors: { 404: 'no order on this page' },
      pageSize: MARKETPLACE_ORDERS_PAGE_SIZE,
    },
    ({ core, companyId, filters, request, reply }) => {
      const bound = request.rest?.user.connectorId ?? null;
      if (bound !== null && filters.connector_id !== undefined && filters.connector_id !== bound) {
        throw new OperationError(401, `this API user is bound to connector ${bound}, not to connector ${filters.connector_id}`);
      }
      const page = filters.page ?? 1;
      const result = core.rest.connectors.marketplaceOrders({
        ...documentQuery(companyId, filters, page, MARKETPLACE_ORDERS_PAGE_SIZE),
        connectorId: bound ?? filters.connector_id,
      });
      if (result.rows.length === 0) throw notFound(`no order on page ${page}`);
      // The next page's URL: the same filters, page:n+1.
      const segments = (parseRestPath(request.url)?.segments ?? []).filter((s) => s !== '' && !s.startsWith('page:'));
      const next = result.hasMore
        ? `${baseUrlOf(request)}${REST_PREFIX}/${companyId}/${[...segments, `page:${page + 1}`].join('/')}/`
        : null;
      const { has_more_pages: _spec, ...paging } = pagingKeys(result.rows, page, result.hasMore);
      const answer: Static<typeof MarketplaceOrdersAnswer> = {
        ...envelope(request, 200, result.rows),
        data: result.rows,
        ...paging,
        data_next_page_url: next,
      };
      // Sent as text: the route's envelope schema would drop the marketplace paging fields.
      void reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
      return SENT;
    },
  );
}
