import type { Database } from 'better-sqlite3';
import { round2 } from '../../money.ts';
import type { ResolvedClient } from './order-clients.ts';
import { appliedDiscountOf } from './order-documents.ts';
import type { ItemRow, StoredOrder } from './order-import-model.ts';
import type { ParsedOrder } from './order-request.ts';
import { withFields } from '../../with-fields.ts';

/**
 * The connector order's own rows: connector_orders (read by its unique id, written from the
 * request merged over what is stored, finished with its paid amount, proforma and reservation),
 * its lines (connector_order_items, replaced as a whole) and the import log
 * (connector_order_imports, which the repeated-order block counts).
 */

export interface OrderSave {
  companyId: number;
  connectorId: number;
  o: ParsedOrder;
  stored: StoredOrder | undefined;
  client: ResolvedClient | undefined;
  clientId: number | null;
  cancelled: number;
  currency: string;
  items: readonly ItemRow[];
  newItems: readonly ItemRow[] | undefined;
  itemsChanged: boolean;
  body: Record<string, unknown>;
  ts: string;
  today: string;
  notices: string[];
}

export function createOrderRecord(db: Database) {
  const orderByUid = db.prepare<[number, number, string], StoredOrder>(
    `SELECT id, connector_id, order_unique_id, order_reference, order_date, order_updated_at, order_status, cancelled, order_mentions,
            currency, shipping_method, cod_amount, cod_currency, client_id, client_unique_id, invoice_address_id,
            delivery_address_id, total_with_vat, paid_amount, proforma_id, reserved_workpoint_id, payment_method
       FROM connector_orders WHERE company_id = ? AND connector_id = ? AND order_unique_id = ?`,
  );
  const storedItems = db.prepare<[number, number], ItemRow>(
    `SELECT i.type, i.code, i.ean, i.item_name, i.item_comments, i.item_requires_customization, i.item_quantity, i.item_price,
            i.item_vat_percent, i.item_price_with_vat, i.line_value_with_vat, i.discounted_price_with_vat,
            i.line_discount_value_with_vat, i.product_id, COALESCE(p.unitate_masura, 'buc') AS unit
       FROM connector_order_items i LEFT JOIN products p ON p.id = i.product_id
      WHERE i.company_id = ? AND i.order_id = ? ORDER BY i.line_no`,
  );
  const deleteItems = db.prepare<[number, number]>('DELETE FROM connector_order_items WHERE company_id = ? AND order_id = ?');
  const insertItem = db.prepare(
    `INSERT INTO connector_order_items (company_id, order_id, line_no, type, code, ean, item_name, item_comments,
       item_requires_customization, item_quantity, item_price, item_vat_percent, item_price_with_vat, line_value_with_vat,
       discounted_price_with_vat, line_discount_value_with_vat, product_id)
     VALUES (@company_id, @order_id, @line_no, @type, @code, @ean, @item_name, @item_comments, @item_requires_customization,
       @item_quantity, @item_price, @item_vat_percent, @item_price_with_vat, @line_value_with_vat, @discounted_price_with_vat,
       @line_discount_value_with_vat, @product_id)`,
  );
  const insertOrder = db.prepare(
    `INSERT INTO connector_orders (company_id, connector_id, order_unique_id, order_reference, order_date, order_updated_at,
       order_status, cancelled, order_mentions, currency, shipping_method, cod_amount, cod_currency, client_id, client_unique_id,
       invoice_address_id, delivery_address_id, total_with_vat, paid_amount, received_payload, payment_method, created_ts,
       last_changed_ts)
     VALUES (@company_id, @connector_id, @order_unique_id, @order_reference, @order_date, @order_updated_at, @order_status,
       @cancelled, @order_mentions, @currency, @shipping_method, @cod_amount, @cod_currency, @client_id, @client_unique_id,
       @invoice_address_id, @delivery_address_id, @total_with_vat, 0, @received_payload, @payment_method, @now, @last_changed_ts)`,
  );
  const updateOrder = db.prepare(
    `UPDATE connector_orders SET order_reference = @order_reference, order_date = @order_date, order_updated_at = @order_updated_at,
       order_status = @order_status, cancelled = @cancelled, order_mentions = @order_mentions, currency = @currency,
       shipping_method = @shipping_method, cod_amount = @cod_amount, cod_currency = @cod_currency, client_id = @client_id,
       client_unique_id = @client_unique_id, invoice_address_id = @invoice_address_id, delivery_address_id = @delivery_address_id,
       total_with_vat = @total_with_vat, received_payload = @received_payload, payment_method = @payment_method,
       last_changed_ts = @last_changed_ts
     WHERE company_id = @company_id AND id = @id`,
  );
  const finishOrder = db.prepare(
    `UPDATE connector_orders SET paid_amount = @paid_amount, proforma_id = @proforma_id, reserved_workpoint_id = @reserved_workpoint_id,
       last_changed_ts = @last_changed_ts
     WHERE company_id = @company_id AND id = @id`,
  );
  const recentPosts = db
    .prepare<[number, number], number>("SELECT count(*) FROM connector_order_imports WHERE order_id = ? AND method = 'POST' AND at_ms > ?")
    .pluck();
  const logImport = db.prepare(
    `INSERT INTO connector_order_imports (company_id, connector_id, order_id, method, mode, ts, at_ms, import_summary, notices)
     VALUES (@company_id, @connector_id, @order_id, @method, @mode, @ts, @at_ms, @import_summary, @notices)`,
  );

  /** The order row (created or updated) and, when they changed, its lines. */
  function save(s: OrderSave) {
    const { companyId, connectorId, o, stored, client, clientId, cancelled, currency, items, newItems, itemsChanged, body, ts, today, notices } = s;
    let lastChanged = ts;
    if (o.order_updated_at !== undefined) {
      if (o.order_updated_at > ts) notices.push(`order_updated_at: ${o.order_updated_at} is later than now (${ts}); last_changed_ts is now`);
      else lastChanged = o.order_updated_at;
    }
    const total = newItems ? items.reduce((sum, i) => round2(sum + i.line_value_with_vat - appliedDiscountOf(i)), 0) : stored!.total_with_vat;
    const codAmount = o.cod_amount ?? stored?.cod_amount ?? 0;
    const row = {
      company_id: companyId,
      order_reference: o.order_reference ?? stored?.order_reference ?? '',
      order_date: o.order_date ?? stored?.order_date ?? today,
      order_updated_at: o.order_updated_at ?? stored?.order_updated_at ?? null,
      order_status: o.order_status ?? stored!.order_status,
      cancelled,
      order_mentions: o.order_mentions ?? stored?.order_mentions ?? '',
      currency,
      shipping_method: o.shipping_method ?? stored!.shipping_method,
      cod_amount: codAmount,
      cod_currency: (o.cod_currency ?? stored?.cod_currency ?? '') || (codAmount > 0 ? currency : ''),
      client_id: clientId,
      client_unique_id: o.client?.client_unique_id !== undefined ? o.client.client_unique_id : (stored?.client_unique_id ?? null),
      invoice_address_id: client?.invoiceAddressId ?? stored?.invoice_address_id ?? null,
      delivery_address_id: client?.deliveryAddressId ?? stored?.delivery_address_id ?? null,
      total_with_vat: total,
      received_payload: JSON.stringify(body),
      payment_method: o.payment_method ?? stored?.payment_method ?? null,
      last_changed_ts: lastChanged,
    };
    const orderId = stored
      ? (updateOrder.run(withFields(row, { id: stored.id })), stored.id)
      : Number(insertOrder.run(withFields(row, { connector_id: connectorId, order_unique_id: o.orderUniqueId, now: ts })).lastInsertRowid);
    if (itemsChanged) {
      deleteItems.run(companyId, orderId);
      items.forEach((item, i) => {
        const { unit: _unit, ...fields } = item;
        insertItem.run(withFields(fields, { company_id: companyId, order_id: orderId, line_no: i + 1 }));
      });
    }
    return { row, orderId, lastChanged, total, codAmount };
  }

  return {
    byUid: (companyId: number, connectorId: number, orderUniqueId: string): StoredOrder | undefined =>
      orderByUid.get(companyId, connectorId, orderUniqueId),
    items: (companyId: number, orderId: number): ItemRow[] => storedItems.all(companyId, orderId),
    /** POSTs of the order logged since `sinceMs`. */
    recentPosts: (orderId: number, sinceMs: number): number | undefined => recentPosts.get(orderId, sinceMs),
    save,
    finish: (args: { company_id: number; id: number; paid_amount: number; proforma_id: number | null; reserved_workpoint_id: number | null; last_changed_ts: string }) =>
      void finishOrder.run(args),
    /** An accepted import, with what it answered (summary and notices, JSON: the back office's order detail shows them). */
    log: (args: {
      company_id: number;
      connector_id: number;
      order_id: number;
      method: string;
      mode: string;
      ts: string;
      at_ms: number;
      import_summary: string;
      notices: string;
    }) => void logImport.run(args),
  };
}
export type OrderRecord = ReturnType<typeof createOrderRecord>;
