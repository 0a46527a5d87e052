import type { Database } from 'better-sqlite3';
import type { ConnectorOrder, LinkedAwb, LinkedInvoice, LinkedSale } from '../../../../shared/domain/connectors.ts';
import { documentWhere, type DocumentColumns, type DocumentQuery } from '../../store/document-query.ts';
import type { Page, Pager, Window, WindowOptions } from '../../store/paging.ts';
import { withFields } from '../../with-fields.ts';

const ORDER_COLUMNS = `o.id AS SERVICE_order_id, o.connector_id, o.order_unique_id, o.order_reference, o.order_date,
  o.order_updated_at, o.order_status, o.cancelled AS order_cancelled, o.order_mentions, o.currency AS order_currency_code,
  o.shipping_method, o.cod_amount, o.cod_currency, o.client_id, COALESCE(c.name, '') AS client_name,
  COALESCE(c.cui, '') AS client_cui, COALESCE(c.reg_com, '') AS client_reg_com, o.client_unique_id,
  o.total_with_vat AS document_value_with_vat, o.paid_amount, o.payment_method, o.created_ts, o.last_changed_ts`;

const ORDER_FROM = 'connector_orders o LEFT JOIN contacts c ON c.id = o.client_id';

/** Date filters act on the order date, modifiedafter/through on the last change (the spec). */
const ORDER_FILTER_COLUMNS: DocumentColumns = {
  company: 'o.company_id',
  id: 'o.id',
  date: 'o.order_date',
  changed: 'o.last_changed_ts',
  cancelled: 'o.cancelled',
};

export type OrderRow = Omit<ConnectorOrder, 'sales_receipts' | 'invoices' | 'awbs'>;

export interface OrderListQuery extends DocumentQuery {
  /** One connector, or (marketplace) any, or a connector-bound key's own. */
  connectorId?: number | undefined;
  order?: 'asc' | 'desc';
  /** Screen lists: the status text, exactly as stored. */
  orderStatus?: string | undefined;
  /** Screen lists: live orders without a live invoice, or without a live AWB (the overview's "waiting"). */
  waitingFor?: 'invoice' | 'awb' | undefined;
  /** Screen lists: the order's id on its connector (order_unique_id) or in the service (SERVICE_order_id), exactly. */
  q?: string | undefined;
}

/** The screen sorts and the column each one orders by (an index of migration 015 each). */
const SORTS = { SERVICE_order_id: 'o.id', order_date: 'o.order_date' } as const;
export type OrdersSort = keyof typeof SORTS;

/**
 * Live orders without a live invoice / AWB: has_invoice and has_awb are kept on the order by the
 * triggers of migration 027 (connector_orders_waiting_invoice / _awb hold exactly these orders).
 */
export const WAITING_INVOICE = 'o.cancelled = 0 AND o.has_invoice = 0';
export const WAITING_AWB = 'o.cancelled = 0 AND o.has_awb = 0';

/** One WHERE for the REST pages and the screen windows. */
function orderWhere(query: Omit<OrderListQuery, 'page' | 'pageSize'>) {
  const where = documentWhere(query, ORDER_FILTER_COLUMNS).add('o.connector_id = ?', query.connectorId).add('o.order_status = ?', query.orderStatus);
  // The overview's terms (domains/dashboard), served by the partial indexes of migration 027.
  where.when(query.waitingFor === 'invoice', WAITING_INVOICE).when(query.waitingFor === 'awb', WAITING_AWB);
  if (query.q !== undefined) {
    // connector_orders_company_unique, or the primary key.
    const text = query.q.trim();
    const id = /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null;
    where.add(
      'o.id IN (SELECT id FROM connector_orders WHERE company_id = ? AND order_unique_id = ? UNION ALL SELECT id FROM connector_orders WHERE company_id = ? AND id = ?)',
      query.companyId, text, query.companyId, id,
    );
  }
  return where;
}

const SOURCE = { from: ORDER_FROM, columns: ORDER_COLUMNS, idColumn: 'o.id', idKey: 'SERVICE_order_id' };

/** Connector orders with the sales receipts, invoices and AWBs linked to each (one query each per page). */
export function createOrderReader(db: Database, pager: Pager) {
  const sales = db.prepare<[number, string], LinkedSale & { order_id: number; invoice_id: number | null }>(
    `SELECT connector_order_id AS order_id, id AS bv_id, series AS doc_series, number AS doc_nr, date AS doc_date,
            total_with_vat AS document_value_with_vat, currency, cancelled AS document_cancelled, invoice_id
       FROM sales WHERE company_id = ? AND connector_order_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const invoices = db.prepare<[number, string], LinkedInvoice>(
    `SELECT id AS bocp_id, series AS seria, number AS nr, date AS doc_date, total_with_vat AS document_value_with_vat, currency,
            cancelled AS document_cancelled
       FROM invoices WHERE company_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  // An order's AWBs: generated for it, or attached to one of its sales (POST /awb/add/).
  const awbs = db.prepare<[{ company: number; orders: string; sales: string }], LinkedAwb & { connector_order_id: number | null; sale_id: number | null }>(
    `SELECT connector_order_id, sale_id, id AS awb_id, awb_nr, awb_type, awb_subtype, date AS doc_date, cancelled AS document_cancelled
       FROM awbs
      WHERE company_id = @company AND (connector_order_id IN (SELECT value FROM json_each(@orders))
                                       OR sale_id IN (SELECT value FROM json_each(@sales)))
      ORDER BY id`,
  );

  function withLinks<T extends OrderRow>(companyId: number, rows: T[]): Array<T & Pick<ConnectorOrder, 'sales_receipts' | 'invoices' | 'awbs'>> {
    const orderIds = rows.map((row) => row.SERVICE_order_id);
    const saleRows = orderIds.length ? sales.all(companyId, JSON.stringify(orderIds)) : [];
    const invoiceIds = [...new Set(saleRows.flatMap((s) => (s.invoice_id === null ? [] : [s.invoice_id])))];
    const invoiceById = new Map(invoices.all(companyId, JSON.stringify(invoiceIds)).map((i) => [i.bocp_id, i]));
    const orderOfSale = new Map(saleRows.map((s) => [s.bv_id, s.order_id]));
    const awbRows = orderIds.length ? awbs.all({ company: companyId, orders: JSON.stringify(orderIds), sales: JSON.stringify([...orderOfSale.keys()]) }) : [];
    return rows.map((row) => {
      const own = saleRows.filter((s) => s.order_id === row.SERVICE_order_id);
      return withFields(row, {
        sales_receipts: own.map(({ order_id: _o, invoice_id: _i, ...sale }) => sale),
        invoices: own.flatMap((s) => (s.invoice_id !== null && invoiceById.has(s.invoice_id) ? [invoiceById.get(s.invoice_id)!] : [])),
        awbs: awbRows
          .filter((a) => a.connector_order_id === row.SERVICE_order_id || (a.sale_id !== null && orderOfSale.get(a.sale_id) === row.SERVICE_order_id))
          .map(({ connector_order_id: _c, sale_id: _s, ...awb }) => awb),
      });
    });
  }

  const byId = db.prepare<[number, number], OrderRow>(`SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE o.company_id = ? AND o.id = ?`);

  return {
    /** One order with its links, as list() shows it (the back office's order detail); undefined when unknown. */
    one(companyId: number, orderId: number): ConnectorOrder | undefined {
      const row = byId.get(companyId, orderId);
      return row && withLinks(companyId, [row])[0];
    },

    list(query: OrderListQuery): Page<ConnectorOrder> {
      const page = pager.page<OrderRow & Record<string, unknown>>({
        ...SOURCE,
        where: orderWhere(query),
        page: query.page,
        pageSize: query.pageSize,
        order: query.order ?? 'asc',
      });
      return { rows: withLinks(query.companyId, page.rows), hasMore: page.hasMore };
    },

    /** A window of the screen list: the same WHERE and records as list(), any offset, any sort of SORTS. */
    window(query: Omit<OrderListQuery, 'page' | 'pageSize' | 'order'>, options: WindowOptions<OrdersSort>): Window<ConnectorOrder> {
      const window = pager.window<OrderRow & Record<string, unknown>>({
        ...SOURCE,
        // The filters read only the order: the ids and the count come from its indexes alone.
        keysFrom: 'connector_orders o',
        where: orderWhere(query),
        ...options,
        sort: SORTS[options.sort],
      });
      return { ...window, rows: withLinks(query.companyId, window.rows) };
    },
  };
}
