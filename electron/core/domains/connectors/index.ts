import type { Database } from 'better-sqlite3';
import type { ConnectorConfig, ConnectorOrder, MarketplaceConnector, MarketplaceOrder } from '../../../../shared/domain/connectors.ts';
import { notFound } from '../../../../shared/contract/errors.ts';
import { Where } from '../../store/where.ts';
import { writeBatchOf } from '../../store/write-batch.ts';
import type { Page, Pager } from '../../store/paging.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { configOf, createSettingsReader, type ConnectorRow } from './config.ts';
import { createOrderReader, type OrderListQuery } from './orders-read.ts';
import { createOrderImport, type OrderImportInput, type OrderImportOutcome } from './orders-import.ts';
import { createOrderDetailReader } from './order-detail.ts';
import { createOrderCancel } from './order-cancel.ts';
import type { ProductPushes } from '../products/index.ts';

export type { ConnectorRow } from './config.ts';
export { createConnectorWriter, INBOX_PATH_PREFIX, type ConnectorWriter } from './connector-write.ts';
export type { OrderImportInput, OrderImportOutcome } from './orders-import.ts';
export { createStaffActions, type StaffActionDeps, type StaffActions } from './staff-actions.ts';
// The orders waiting for a document (the overview).
export { WAITING_AWB, WAITING_INVOICE } from './orders-read.ts';
export { createInvoiceFollowUps, type InvoiceFollowUpsReader, type IssueOrderInvoice } from './staff-invoice-preview.ts';
export type { OrderExtras } from './order-detail.ts';
export type { OrderCancelInput } from './order-cancel.ts';

export interface MarketplaceConnectorQuery {
  companyId: number;
  id?: number | undefined;
  minId?: number | undefined;
  /** Omit deleted connectors (skipcancelled). */
  skipDeleted?: boolean | undefined;
  /** A connector-bound key sees only its own. */
  onlyId?: number | undefined;
  page: number;
  pageSize: number;
}

/** Connectors of an account: configuration, the marketplace lists, the order lists and the order imports. */
export function createConnectors(db: Database, pager: Pager, deps: DomainDeps, productPush: ProductPushes) {
  const byId = db.prepare<[number, number], ConnectorRow>('SELECT * FROM connectors WHERE company_id = ? AND id = ?');
  const settings = createSettingsReader(db);
  const orders = createOrderReader(db, pager);
  const connectorBlocks = db.prepare<[number, string], MarketplaceOrder['connector']>(
    `SELECT id AS connector_id, name, platform AS type, type AS connector_type, site_domain, active, deleted FROM connectors
      WHERE company_id = ? AND id IN (SELECT value FROM json_each(?))`,
  );

  /** A connector of the account (deleted ones included), or a 404. */
  function get(companyId: number, connectorId: number): ConnectorRow {
    const row = byId.get(companyId, connectorId);
    if (!row) throw notFound(`connector ${connectorId} does not exist in account ${companyId}`);
    return row;
  }
  // Orders change stock: product notifications follow (products.push).
  const imports = createOrderImport(db, deps, { connector: get, settings, push: productPush });
  const batch = writeBatchOf(db);
  const detail = createOrderDetailReader(db);
  const cancelOrder = createOrderCancel(db, { connector: get, importOrder: imports.importOrder, one: orders.one });

  const allOfAccount = db.prepare<[number], MarketplaceConnector>(
    `SELECT id, name, platform AS type, type AS connector_type, site_domain, active, deleted, created_ts, last_changed_ts
       FROM connectors WHERE company_id = ? ORDER BY id`,
  );

  return {
    get,
    /** Every connector of the account, deleted ones included (an account has a handful). */
    list: (companyId: number): MarketplaceConnector[] => allOfAccount.all(companyId),
    find: (companyId: number, connectorId: number): ConnectorRow | undefined => byId.get(companyId, connectorId),
    settings,

    config(companyId: number, connectorId: number, baseUrl: string): ConnectorConfig {
      const connector = get(companyId, connectorId);
      if (connector.deleted) throw notFound(`connector ${connectorId} is deleted`);
      return configOf(connector, settings.withChoices(companyId, settings.settings(companyId, connectorId)), baseUrl);
    },

    marketplaceConnectors(query: MarketplaceConnectorQuery): Page<MarketplaceConnector> {
      const where = new Where()
        .add('company_id = ?', query.companyId)
        .add('id = ?', query.id)
        .add('id >= ?', query.minId)
        .add('id = ?', query.onlyId)
        .when(query.skipDeleted, 'deleted = 0');
      return pager.page<MarketplaceConnector & Record<string, unknown>>({
        from: 'connectors',
        columns: 'id, name, platform AS type, type AS connector_type, site_domain, active, deleted, created_ts, last_changed_ts',
        where,
        idColumn: 'id',
        idKey: 'id',
        page: query.page,
        pageSize: query.pageSize,
      });
    },

    /**
     * POST / PUT /connector/{connector_id}/order/{order_id}/: 200 with the spec's answer, or 400
     * with data.errors (nothing written); 404 for an unknown or deleted connector, and for a PUT
     * of an unknown order.
     */
    importOrder(input: OrderImportInput): OrderImportOutcome {
      return imports.importOrder(input);
    },

    /**
     * importOrder in the connection's write batch (store/write-batch.ts): the orders that arrive
     * in the same turn share one commit; resolves once this one's is done. The REST door's.
     */
    importOrderGrouped(input: OrderImportInput): Promise<OrderImportOutcome> {
      return batch.run(() => imports.importOrder(input));
    },

    orders(query: OrderListQuery): Page<ConnectorOrder> {
      return orders.list(query);
    },

    /** One order as the lists show it (undefined: unknown), and what its detail adds (order-detail.ts). */
    order: orders.one,
    orderExtras: detail.extras,

    /** Staff cancels an order as the partner's PUT with order_cancelled = 1 does (order-cancel.ts); baseUrl: the listener's. */
    cancelOrder,

    /** The screen list of orders, one connector or all (see orders-read.ts). */
    orderWindow: orders.window,

    /** Newest first, each with its connector block. */
    marketplaceOrders(query: OrderListQuery): Page<MarketplaceOrder> {
      const page = orders.list({ ...query, order: 'desc' });
      const ids = [...new Set(page.rows.map((row) => row.connector_id))];
      const blocks = new Map(connectorBlocks.all(query.companyId, JSON.stringify(ids)).map((c) => [c.connector_id, c]));
      return {
        rows: page.rows.map(({ SERVICE_order_id, ...row }) => ({
          rec_id: SERVICE_order_id,
          connector: blocks.get(row.connector_id)!,
          deleted: row.order_cancelled,
          status: row.order_cancelled === 1 ? 'VOIDED' : row.order_status,
          ...row,
        })),
        hasMore: page.hasMore,
      };
    },
  };
}
export type Connectors = ReturnType<typeof createConnectors>;
