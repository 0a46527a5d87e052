import type { Database } from 'better-sqlite3';
import { notFound } from '../../../../shared/contract/errors.ts';
import type { ConnectorOrderAnswer, ConnectorOrderRefusal } from '../../../../shared/domain/connector-orders.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { round2 } from '../../money.ts';
import { formatTimestamp } from '../../time.ts';
import { createPaymentLedger, type SaleForPayment } from '../payments/index.ts';
import type { ProductPushes } from '../products/index.ts';
import type { ConnectorRow, createSettingsReader } from './config.ts';
import { createOrderClients, type ResolvedClient } from './order-clients.ts';
import {
  appliedDiscountOf,
  createOrderDocuments,
  linesOf,
  totalsOf,
  type IssuedInvoice,
  type ItemForLines,
  type LiveSale,
  type PartyBlock,
} from './order-documents.ts';
import { parseOrderRequest, type OrderMethod, type ParsedPayment } from './order-request.ts';
import { awbDate, documentDate, readOrderSettings, type OrderSettings } from './order-settings.ts';

/**
 * POST and PUT /connector/{connector_id}/order/{order_id}/: the order, its client, items and
 * payments, and what the connector's settings make of it (sales receipt or reservation, ERP
 * payments, invoice, proforma, AWB, notifications), all in one transaction. A refused request
 * (400, data.errors) writes nothing. The rules where the spec is silent are in
 * docs/data-model.md ("Connector orders").
 */

export interface OrderImportInput {
  companyId: number;
  connectorId: number;
  /** The {order_id} path segment, decoded. */
  pathOrderId: string;
  method: OrderMethod;
  body: unknown;
  /** Scheme and host the caller used: the invoice notification's document URLs start with it. */
  baseUrl: string;
}

export type OrderImportOutcome =
  | { status: 200; data: ConnectorOrderAnswer }
  | { status: 400; data: ConnectorOrderRefusal; messages: string[] };

interface StoredOrder {
  id: number;
  connector_id: number;
  order_unique_id: string;
  order_reference: string;
  order_date: string;
  order_updated_at: string | null;
  order_status: string;
  cancelled: number;
  order_mentions: string;
  currency: string;
  shipping_method: 'courier' | 'post' | 'personal_pickup' | 'other';
  cod_amount: number;
  cod_currency: string;
  client_id: number | null;
  client_unique_id: number | null;
  invoice_address_id: number | null;
  delivery_address_id: number | null;
  total_with_vat: number;
  paid_amount: number;
  proforma_id: number | null;
  reserved_workpoint_id: number | null;
}

/** An order line as stored (connector_order_items) with its product's unit. */
interface ItemRow {
  type: 'product' | 'discount' | 'service';
  code: string;
  ean: string;
  item_name: string;
  item_comments: string;
  item_requires_customization: number;
  item_quantity: number;
  item_price: number;
  item_vat_percent: number;
  item_price_with_vat: number;
  line_value_with_vat: number;
  discounted_price_with_vat: number | null;
  line_discount_value_with_vat: number | null;
  product_id: number | null;
  unit: string;
}

interface PaymentRow {
  id: number;
  payment_method: string;
  payment_status: 'confirmed' | 'pending' | 'refunded';
  payment_date: string;
  payment_amount: number;
  payment_currency: string;
  payment_reference: string;
  payment_comments: string;
  payment_id: number | null;
}

/** A refusal found while the transaction runs: everything it wrote is rolled back. */
class Refused extends Error {
  constructor(
    readonly errors: string[],
    readonly notices: string[],
  ) {
    super(errors[0]);
  }
}

const ITEM_FIELDS = [
  'type', 'code', 'ean', 'item_name', 'item_comments', 'item_requires_customization', 'item_quantity', 'item_price',
  'item_vat_percent', 'item_price_with_vat', 'line_value_with_vat', 'discounted_price_with_vat', 'line_discount_value_with_vat',
] as const;

const sameItems = (a: readonly ItemRow[], b: readonly ItemRow[]) =>
  a.length === b.length && a.every((item, i) => ITEM_FIELDS.every((field) => item[field] === b[i]![field]));

/** The ERP payment type of an order payment method. */
const ERP_PAYMENT_TYPE: Record<string, string> = {
  bank_transfer: 'bank_transfer',
  card: 'card',
  paypal: 'modern_payment',
  credit: 'bank_transfer',
};

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface OrderImportDeps {
  connector(companyId: number, connectorId: number): ConnectorRow;
  settings: ReturnType<typeof createSettingsReader>;
  push: ProductPushes;
}

export function createOrderImport(db: Database, deps: DomainDeps, use: OrderImportDeps) {
  const clients = createOrderClients(db);
  const docs = createOrderDocuments(db, deps);
  const ledger = createPaymentLedger(db);

  const orderByUid = db.prepare<[number, number, string], StoredOrder>(
    `SELECT id, connector_id, order_unique_id, order_reference, order_date, order_updated_at, order_status, cancelled, order_mentions,
            currency, shipping_method, cod_amount, cod_currency, client_id, client_unique_id, invoice_address_id,
            delivery_address_id, total_with_vat, paid_amount, proforma_id, reserved_workpoint_id
       FROM connector_orders WHERE company_id = ? AND connector_id = ? AND order_unique_id = ?`,
  );
  const accountCurrencies = db.prepare<[number], string>('SELECT currency FROM account_currencies WHERE company_id = ? ORDER BY currency').pluck();
  const productByCode = db.prepare<[number, string], { id: number; unit: string; deleted: number }>(
    'SELECT id, unitate_masura AS unit, deleted FROM products WHERE company_id = ? AND cod_produs = ?',
  );
  const published = db.prepare<[number, number], number>('SELECT 1 FROM connector_products WHERE connector_id = ? AND product_id = ?').pluck();
  const liveWorkpoint = db.prepare<[number, number], number>('SELECT id FROM workpoints WHERE company_id = ? AND id = ? AND deleted = 0').pluck();
  const firstWorkpoint = db.prepare<[number], number>('SELECT id FROM workpoints WHERE company_id = ? AND deleted = 0 ORDER BY id LIMIT 1').pluck();
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
  const storedPayments = db.prepare<[number, number], PaymentRow>(
    `SELECT id, payment_method, payment_status, payment_date, payment_amount, payment_currency, payment_reference, payment_comments,
            payment_id
       FROM connector_order_payments WHERE company_id = ? AND order_id = ? ORDER BY id`,
  );
  const insertPayment = db.prepare(
    `INSERT INTO connector_order_payments (company_id, order_id, payment_method, payment_status, payment_date, payment_amount,
       payment_currency, payment_reference, payment_comments, payment_id, created_ts)
     VALUES (@company_id, @order_id, @payment_method, @payment_status, @payment_date, @payment_amount, @payment_currency,
       @payment_reference, @payment_comments, NULL, @now)`,
  );
  const updatePayment = db.prepare(
    `UPDATE connector_order_payments SET payment_method = @payment_method, payment_status = @payment_status,
       payment_date = @payment_date, payment_amount = @payment_amount, payment_currency = @payment_currency,
       payment_comments = @payment_comments
     WHERE company_id = @company_id AND id = @id`,
  );
  const setPaymentStatus = db.prepare<[string, number, number]>(
    'UPDATE connector_order_payments SET payment_status = ? WHERE company_id = ? AND id = ?',
  );
  const linkPayment = db.prepare<[number, number, number]>('UPDATE connector_order_payments SET payment_id = ? WHERE company_id = ? AND id = ?');
  const paymentSource = db.prepare<[number, number]>("UPDATE payments SET source = 'connector_order' WHERE company_id = ? AND id = ?");
  const insertOrder = db.prepare(
    `INSERT INTO connector_orders (company_id, connector_id, order_unique_id, order_reference, order_date, order_updated_at,
       order_status, cancelled, order_mentions, currency, shipping_method, cod_amount, cod_currency, client_id, client_unique_id,
       invoice_address_id, delivery_address_id, total_with_vat, paid_amount, received_payload, created_ts, last_changed_ts)
     VALUES (@company_id, @connector_id, @order_unique_id, @order_reference, @order_date, @order_updated_at, @order_status,
       @cancelled, @order_mentions, @currency, @shipping_method, @cod_amount, @cod_currency, @client_id, @client_unique_id,
       @invoice_address_id, @delivery_address_id, @total_with_vat, 0, @received_payload, @now, @last_changed_ts)`,
  );
  const updateOrder = db.prepare(
    `UPDATE connector_orders SET order_reference = @order_reference, order_date = @order_date, order_updated_at = @order_updated_at,
       order_status = @order_status, cancelled = @cancelled, order_mentions = @order_mentions, currency = @currency,
       shipping_method = @shipping_method, cod_amount = @cod_amount, cod_currency = @cod_currency, client_id = @client_id,
       client_unique_id = @client_unique_id, invoice_address_id = @invoice_address_id, delivery_address_id = @delivery_address_id,
       total_with_vat = @total_with_vat, received_payload = @received_payload, last_changed_ts = @last_changed_ts
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
    `INSERT INTO connector_order_imports (company_id, connector_id, order_id, method, mode, ts, at_ms)
     VALUES (@company_id, @connector_id, @order_id, @method, @mode, @ts, @at_ms)`,
  );
  const addressCountry = db
    .prepare<[number, number], string>('SELECT country FROM contact_addresses WHERE company_id = ? AND id = ?')
    .pluck();
  const paymentTypeExists = db.prepare<[number, string], number>('SELECT 1 FROM payment_types WHERE company_id = ? AND code = ?').pluck();

  /** The workpoint of the order's documents: order_processing.workpoint_id, else the connector's, else the account's first. */
  function workpointOf(companyId: number, settings: OrderSettings, connector: ConnectorRow, notices: string[]): number | undefined {
    if (settings.workpointId !== null) {
      if (liveWorkpoint.get(companyId, settings.workpointId) !== undefined) return settings.workpointId;
      notices.push(`settings order_processing.workpoint_id: ${settings.workpointId} is not a workpoint of the account; the connector's workpoint is used`);
    }
    if (connector.workpoint_id !== null && liveWorkpoint.get(companyId, connector.workpoint_id) !== undefined) return connector.workpoint_id;
    return firstWorkpoint.get(companyId);
  }

  function partyOf(companyId: number, contactId: number): PartyBlock | undefined {
    const c = clients.contact(companyId, contactId);
    return c && c.deleted === 0 ? { id: c.id, name: c.name, cui: c.cui, reg_com: c.reg_com, is_company: c.is_company } : undefined;
  }

  function importOrder(input: OrderImportInput): OrderImportOutcome {
    const { companyId, connectorId, pathOrderId, method, body } = input;
    const connector = use.connector(companyId, connectorId);
    if (connector.deleted) throw notFound(`connector ${connectorId} is deleted`);
    const refuse = (errors: string[], notices: string[], orderId: number | null): OrderImportOutcome => ({
      status: 400,
      data: { SERVICE_order_id: orderId, notices, errors, received_payload: body ?? null },
      messages: errors,
    });
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return refuse(['body: must be a JSON object (the connector order request)'], [], null);
    }

    const instant = deps.clock.now();
    const ts = formatTimestamp(instant);
    const today = ts.slice(0, 10);

    try {
      return db.transaction((): OrderImportOutcome => run(input, connector, body as Record<string, unknown>, instant, ts, today)).immediate();
    } catch (error) {
      if (error instanceof Refused) {
        return refuse(error.errors, error.notices, orderByUid.get(companyId, connectorId, pathOrderId)?.id ?? null);
      }
      throw error;
    }
  }

  function run(input: OrderImportInput, connector: ConnectorRow, body: Record<string, unknown>, instant: Date, ts: string, today: string): OrderImportOutcome {
    const { companyId, connectorId, pathOrderId, method } = input;
    const stored = orderByUid.get(companyId, connectorId, pathOrderId);
    if (method === 'PUT' && !stored) throw notFound(`order '${pathOrderId}' does not exist on connector ${connectorId}`);

    const parsed = parseOrderRequest(method, pathOrderId, body);
    if (!parsed.ok) throw new Refused(parsed.errors, parsed.notices);
    const o = parsed.order;
    const notices = [...parsed.notices];
    const errors: string[] = [];
    if (connector.active !== 1) errors.push(`connector ${connectorId} is not active: it takes no orders`);

    const settings = readOrderSettings(use.settings.settings(companyId, connectorId), notices);
    const mode: 'create' | 'update' = stored ? 'update' : 'create';

    // The repeated-order block: the N-th POST of the same order within an hour.
    const threshold = settings.repeatedOrderBlockThreshold;
    if (method === 'POST' && stored && threshold > 0) {
      const earlier = recentPosts.get(stored.id, instant.getTime() - 3_600_000) ?? 0;
      if (earlier >= Math.max(2, threshold) - 1) {
        errors.push(
          `order_unique_id: order '${o.orderUniqueId}' was already imported ${earlier} time(s) in the last hour; import number ` +
            `${earlier + 1} within an hour is blocked (order_processing.repeated_order_block_threshold = ${threshold})`,
        );
      }
    }

    // What the account holds: currencies, rates, products, the invoiced party, a workpoint.
    const currencies = accountCurrencies.all(companyId);
    const currency = o.order_currency_code ?? stored!.currency;
    if (o.order_currency_code !== undefined && !currencies.includes(o.order_currency_code)) {
      errors.push(`order_currency_code: '${o.order_currency_code}' is not a currency of the account (one of ${currencies.join(', ')})`);
    }
    if (o.cod_currency !== undefined && o.cod_currency !== '' && !currencies.includes(o.cod_currency)) {
      errors.push(`cod_currency: '${o.cod_currency}' is not a currency of the account (one of ${currencies.join(', ')})`);
    }
    const docDate = documentDate(ts, settings);
    const docRate = ledger.rateOn(currency, docDate);
    if (docRate === undefined && currencies.includes(currency)) {
      errors.push(`order_currency_code: no ${currency} exchange rate is stored on or before ${docDate} (the date of the order's documents)`);
    }

    let newItems: ItemRow[] | undefined;
    if (o.items) {
      newItems = o.items.map((item, index) => {
        let productId: number | null = null;
        let unit = 'buc';
        if (item.type === 'product') {
          const product = productByCode.get(companyId, item.code);
          if (!product) errors.push(`items[${index}].code: '${item.code}' is not a product of the catalogue (a cod_produs of the product feed)`);
          else if (product.deleted) errors.push(`items[${index}].code: product '${item.code}' is deleted`);
          else {
            productId = product.id;
            unit = product.unit;
            if (published.get(connectorId, product.id) === undefined) {
              notices.push(`items[${index}].code: product '${item.code}' is not published to connector ${connectorId}`);
            }
          }
        }
        return {
          type: item.type,
          code: item.code,
          ean: item.ean ?? '',
          item_name: item.item_name,
          item_comments: item.item_comments ?? '',
          item_requires_customization: item.item_requires_customization ?? 0,
          item_quantity: item.item_quantity,
          item_price: item.item_price,
          item_vat_percent: item.item_vat_percent,
          item_price_with_vat: item.item_price_with_vat,
          line_value_with_vat: item.line_value_with_vat,
          discounted_price_with_vat: item.discounted_price_with_vat ?? null,
          line_discount_value_with_vat: item.line_discount_value_with_vat ?? null,
          product_id: productId,
          unit,
        };
      });
    }
    (o.payments ?? []).forEach((payment, index) => {
      if (!currencies.includes(payment.payment_currency)) {
        errors.push(`payments[${index}].payment_currency: '${payment.payment_currency}' is not a currency of the account (one of ${currencies.join(', ')})`);
      } else if (ledger.rateOn(payment.payment_currency, payment.day) === undefined) {
        errors.push(`payments[${index}].payment_currency: no ${payment.payment_currency} exchange rate is stored on or before ${payment.day}`);
      }
    });

    let dropshipper: PartyBlock | undefined;
    if (connector.type === 'dropship' && settings.actionOnImport !== 'none') {
      dropshipper = connector.dropshipper_contact_id === null ? undefined : partyOf(companyId, connector.dropshipper_contact_id);
      if (!dropshipper) {
        errors.push(`connector ${connectorId}: a dropship connector invoices its dropshipper contact, and none is configured (dropshipper_contact_id)`);
      }
    }
    const workpointId = workpointOf(companyId, settings, connector, notices);
    if (workpointId === undefined) errors.push('the account has no workpoint for the documents of the order');

    // Items replace every line: refused when the order's sales receipt is already invoiced.
    const oldItems = stored ? storedItems.all(companyId, stored.id) : [];
    const itemsChanged = newItems !== undefined && (!stored || !sameItems(oldItems, newItems));
    const currencyChanged = stored !== undefined && currency !== stored.currency;
    const linesChanged = stored !== undefined && (itemsChanged || currencyChanged);
    const cancelled = o.order_cancelled ?? stored?.cancelled ?? 0;
    const saleBefore = stored ? docs.liveSale(companyId, stored.id) : undefined;
    const invoiceBefore = saleBefore ? docs.invoiceOf(companyId, saleBefore) : undefined;
    // Cancelled or not: an invoiced receipt's lines are fixed, and kept documents (keep_documents)
    // must keep matching the order they belong to.
    if (linesChanged && saleBefore && invoiceBefore) {
      errors.push(
        `items: the order's sales receipt ${saleBefore.series} ${saleBefore.number} (bv_id ${saleBefore.id}) is invoiced ` +
          `(${invoiceBefore.series} ${invoiceBefore.number}); its lines and currency cannot change (a fiscal invoice is reversed in the ERP)`,
      );
    }
    if (linesChanged && cancelled === 1 && saleBefore && !invoiceBefore) {
      errors.push(
        `items: the order is cancelled and its sales receipt ${saleBefore.series} ${saleBefore.number} is kept; ` +
          'its lines cannot change while it is',
      );
    }
    if (newItems) {
      const value = newItems.reduce((sum, i) => round2(sum + i.line_value_with_vat - appliedDiscountOf(i)), 0);
      if (value <= 0) {
        errors.push(`items: the order's value after discounts is ${value.toFixed(2)}; it must be above 0 (discount lines exceed the goods)`);
      }
    }
    if (errors.length > 0) throw new Refused(errors, notices);

    // ---- writes ----
    const items = newItems ?? oldItems;
    const snapshot = use.push.capture(companyId, [...oldItems, ...items].flatMap((i) => (i.product_id === null ? [] : [i.product_id])));

    let client: ResolvedClient | undefined;
    if (o.client) client = clients.apply({ companyId, connectorId, client: o.client, current: stored?.client_id ?? null, now: ts }, notices);
    const clientId = client?.contactId ?? stored?.client_id ?? null;

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
      last_changed_ts: lastChanged,
    };
    const orderId = stored
      ? (updateOrder.run({ ...row, id: stored.id }), stored.id)
      : Number(insertOrder.run({ ...row, connector_id: connectorId, order_unique_id: o.orderUniqueId, now: ts }).lastInsertRowid);
    if (itemsChanged) {
      deleteItems.run(companyId, orderId);
      items.forEach((item, i) => {
        const { unit: _unit, ...fields } = item;
        insertItem.run({ ...fields, company_id: companyId, order_id: orderId, line_no: i + 1 });
      });
    }

    const lines = linesOf(items.map((i): ItemForLines => ({ ...i, appliedDiscount: appliedDiscountOf(i) })));
    const linesTotal = totalsOf(lines).withVat;
    let reservedAt = stored?.reserved_workpoint_id ?? null;
    let proformaId = stored?.proforma_id ?? null;
    const livingProforma = () => {
      const pf = docs.proforma(companyId, proformaId);
      return pf && pf.cancelled === 0 ? pf : undefined;
    };

    // Cancellation, and its end.
    if (stored && cancelled === 1 && stored.cancelled === 0) {
      if (reservedAt !== null) {
        docs.reserve(companyId, reservedAt, oldItems.map((i) => ({ product_id: i.product_id, quantity: i.item_quantity })), -1, ts);
        reservedAt = null;
      }
      if (settings.cancelAction === 'cancel_documents') {
        if (saleBefore && invoiceBefore) {
          notices.push(
            `order cancelled: invoice ${invoiceBefore.series} ${invoiceBefore.number} is a fiscal document and is not cancelled ` +
              `(reverse it with a storno invoice in the ERP); its sales receipt ${saleBefore.series} ${saleBefore.number} stays`,
          );
        } else if (saleBefore) docs.cancel('sale', companyId, saleBefore.id, saleBefore.workpoint_id, ts);
        const pf = livingProforma();
        if (pf && pf.invoice_id === null) docs.cancel('proforma', companyId, pf.id, null, ts);
        if (docs.hasLiveAwb(companyId, orderId, saleBefore?.id ?? null)) {
          notices.push('order cancelled: its AWB is not cancelled here (DELETE /awb/{awb_id}/ cancels it)');
        }
      }
    } else if (stored && cancelled === 0 && stored.cancelled === 1) {
      notices.push('order_cancelled: the order is active again; documents cancelled with it stay cancelled');
    }

    // New lines on the documents the order already has.
    let sale = docs.liveSale(companyId, orderId);
    if (linesChanged && cancelled === 0) {
      if (sale && !docs.invoiceOf(companyId, sale)) {
        docs.replaceLines('sale', {
          companyId,
          docId: sale.id,
          workpointId: sale.workpoint_id,
          currency,
          rate: ledger.rateOn(currency, sale.date) ?? docRate!,
          lines,
          now: ts,
        });
        if (sale.paid_amount > linesTotal + 0.005) {
          notices.push(`items: the sales receipt's new total ${linesTotal} is below what is already paid on it (${sale.paid_amount})`);
        }
        sale = docs.liveSale(companyId, orderId);
      }
      const pf = livingProforma();
      if (pf && pf.invoice_id === null) {
        docs.replaceLines('proforma', { companyId, docId: pf.id, workpointId: null, currency, rate: docRate!, lines, now: ts });
      } else if (pf) notices.push(`items: proforma ${pf.series} ${pf.number} is already invoiced; its lines stay`);
      if (reservedAt !== null) {
        docs.reserve(companyId, reservedAt, oldItems.map((i) => ({ product_id: i.product_id, quantity: i.item_quantity })), -1, ts);
        docs.reserve(companyId, reservedAt, lines, 1, ts);
      }
    }

    // The automatic steps run while the order is processed.
    const status = row.order_status;
    const ignored = settings.ignoredStatuses.some((s) => sameText(s, status));
    const processing = cancelled === 0 && settings.actionOnImport !== 'none' && settings.confirmationMethod === 'automatic' && !ignored;
    if (cancelled === 0 && settings.actionOnImport !== 'none') {
      if (settings.confirmationMethod === 'manual') {
        notices.push('order_processing.confirmation_method is manual: the order waits for an operator, no document is created');
      } else if (ignored) {
        notices.push(`order_status: '${status}' is in order_processing.ignored_statuses: no document is created while it lasts`);
      }
    }
    const party = connector.type === 'dropship' ? dropshipper : clientId === null ? undefined : partyOf(companyId, clientId);
    const kind = connector.type === 'dropship' ? 'dropshipping' : 'magazin online';
    const mentions = `Comanda ${kind} ${o.orderUniqueId}${row.order_mentions ? ` - ${row.order_mentions}` : ''}`.slice(0, 2000);

    if (processing && party && workpointId !== undefined) {
      if (settings.actionOnImport === 'create_sale' && !sale) {
        if (reservedAt !== null) {
          docs.reserve(companyId, reservedAt, lines, -1, ts);
          reservedAt = null;
        }
        docs.createSale({ companyId, orderId, series: 'BVW', date: docDate, party, workpointId, currency, rate: docRate!, lines, mentions, now: ts });
        sale = docs.liveSale(companyId, orderId);
        if (Math.abs(linesTotal - total) > 0.005) {
          notices.push(
            `the sales receipt's total ${linesTotal.toFixed(2)} (VAT per line from item_price) differs from the order's total ${total.toFixed(2)}`,
          );
        }
      } else if (settings.actionOnImport === 'reserve_stock' && !sale && reservedAt === null) {
        docs.reserve(companyId, workpointId, lines, 1, ts);
        reservedAt = workpointId;
      }
    }

    // Payments: merged by reference; confirmed ones are registered once, while the order is processed.
    const payments = mergePayments(companyId, orderId, o.payments ?? [], ts, notices);
    let registered = 0;
    let registeredAmount = 0;
    if (processing && party) {
      for (const p of payments) {
        if (p.payment_status !== 'confirmed' || p.payment_id !== null) continue;
        const rate = ledger.rateOn(p.payment_currency, p.payment_date.slice(0, 10));
        const paymentType = ERP_PAYMENT_TYPE[p.payment_method] ?? 'bank_transfer';
        if (rate === undefined || paymentTypeExists.get(companyId, paymentType) === undefined) {
          notices.push(`payment ${p.payment_reference}: not registered (no ${p.payment_currency} rate or no payment type ${paymentType})`);
          continue;
        }
        const target: SaleForPayment = sale ?? {
          // No sales receipt (stock reserved only): the payment stays unallocated, the client's advance.
          id: 0,
          date: p.payment_date.slice(0, 10),
          currency: p.payment_currency,
          exchange_rate: rate,
          total_with_vat: 0,
          paid_amount: 0,
          cancelled: 0,
          client_id: party.id,
          client_name: party.name,
          client_cui: party.cui,
          client_reg_com: party.reg_com,
          workpoint_id: workpointId ?? null,
          invoice_id: null,
        };
        const erp = ledger.payOnSale({
          companyId,
          sale: target,
          date: p.payment_date.slice(0, 10),
          paymentType,
          amount: p.payment_amount,
          currency: p.payment_currency,
          rate,
          bankAccountId: null,
          mentions: `Comanda ${o.orderUniqueId}, ${p.payment_reference}${p.payment_comments ? ` - ${p.payment_comments}` : ''}`.slice(0, 1000),
          source: 'api',
          fiscalReceiptId: null,
          addedByApi: 1,
          now: ts,
        });
        paymentSource.run(companyId, erp.incasare_id);
        linkPayment.run(erp.incasare_id, companyId, p.id);
        p.payment_id = erp.incasare_id;
        registered++;
        registeredAmount = round2(registeredAmount + toCurrency(p, currency, docRate ?? 1));
        if (sale) sale = docs.liveSale(companyId, orderId);
      }
    } else if (cancelled === 1 && (o.payments ?? []).some((p) => p.payment_status === 'confirmed')) {
      notices.push('payments: the order is cancelled; its confirmed payments are stored with it and not registered');
    }
    const paidAmount = payments
      .filter((p) => p.payment_status === 'confirmed')
      .reduce((sum, p) => round2(sum + toCurrency(p, currency, docRate ?? 1)), 0);

    const confirmedMethod = payments.find((p) => p.payment_status === 'confirmed')?.payment_method;
    const paymentMethod: string | null = confirmedMethod ?? payments[0]?.payment_method ?? (codAmount > 0 ? 'cod' : null);
    const paid = total > 0 && paidAmount >= total - 0.005;

    // Invoice, proforma, AWB.
    let invoice: IssuedInvoice | undefined = sale ? docs.invoiceOf(companyId, sale) : undefined;
    const tryInvoice = (trigger: 'import' | 'awb') => {
      if (!processing || !sale || invoice) return;
      const inv = settings.invoicing;
      const wanted =
        inv.autoIssue === 'on_import'
          ? trigger === 'import' && (!inv.onlyIfPaid || paid)
          : inv.autoIssue === 'when_paid'
            ? trigger === 'import' && paid
            : inv.autoIssue === 'on_awb'
              ? trigger === 'awb' && (!inv.onlyIfPaid || paid)
              : false;
      if (!wanted || (paymentMethod !== null && inv.excludedPaymentMethods.includes(paymentMethod))) return;
      if (inv.requireStock && sale.workpoint_id !== null) {
        const short = docs.shortages(sale.workpoint_id, lines, true);
        if (short.length > 0) {
          notices.push(`invoice not issued: not enough stock at workpoint ${sale.workpoint_id} of ${codesOf(items, short)} (invoicing.require_stock)`);
          return;
        }
      }
      invoice = docs.issueInvoice(companyId, sale, {
        series: inv.series,
        date: docDate,
        rate: ledger.rateOn(sale.currency, docDate) ?? sale.exchange_rate,
        isCompany: party?.is_company === 1,
        mentions,
        now: ts,
      });
      sale = docs.liveSale(companyId, orderId);
      const base = `${input.baseUrl}/app/rest/v1/${companyId}/invoices/${invoice.id}`;
      deps.outbox.enqueue({
        companyId,
        connectorId,
        type: 'invoice',
        payload: {
          order_unique_id: o.orderUniqueId,
          invoice_number: String(invoice.number),
          invoice_date: invoice.date,
          invoice_series: invoice.series,
          invoice_total: invoice.total_with_vat,
          invoice_currency: invoice.currency,
          invoice_total_RON: invoice.total_ron,
          invoice_url_html: `${base}/html/`,
          invoice_url_pdf: `${base}/pdf/`,
        },
      });
    };
    tryInvoice('import');

    if (processing && party && workpointId !== undefined && !livingProforma() && !invoice) {
      const pf = settings.proforma;
      const statusMatches = pf.triggerStatus === '' || sameText(pf.triggerStatus, status);
      if (paymentMethod !== null && pf.triggerPaymentMethods.includes(paymentMethod) && statusMatches) {
        proformaId = docs.createProforma({
          companyId,
          series: pf.series,
          date: docDate,
          party,
          workpointId: sale?.workpoint_id ?? workpointId,
          currency,
          rate: docRate!,
          lines,
          mentions,
          now: ts,
        });
      }
    }

    let awbMade = false;
    const shipped = row.shipping_method === 'courier' || row.shipping_method === 'post';
    const awbWanted = settings.awb.autoIssue === 'on_import' || (settings.awb.autoIssue === 'on_invoice' && invoice !== undefined);
    if (processing && shipped && awbWanted && clientId !== null && !docs.hasLiveAwb(companyId, orderId, sale?.id ?? null)) {
      const held = sale !== undefined || reservedAt !== null;
      const at = sale?.workpoint_id ?? reservedAt ?? workpointId;
      const short = settings.awb.requireStock && at !== undefined && at !== null ? docs.shortages(at, lines, held) : [];
      if (short.length > 0) {
        notices.push(`AWB not generated: not enough stock at workpoint ${at} of ${codesOf(items, short)} (awb.require_stock)`);
      } else {
        const contact = clients.contact(companyId, clientId)!;
        docs.generateAwb(
          {
            companyId,
            order: { id: orderId, connectorId, orderUniqueId: o.orderUniqueId },
            saleId: sale?.id ?? null,
            courier: settings.awb.defaultCourier,
            shippingMethod: row.shipping_method,
            date: awbDate(ts, docDate, settings.awb),
            weightKg: docs.weightOf(companyId, lines),
            codAmount,
            codCurrency: row.cod_currency || currency,
            declaredValue: total,
            deliveryCountry: (row.delivery_address_id === null ? undefined : addressCountry.get(companyId, row.delivery_address_id)) ?? 'Romania',
            client: { id: contact.id, name: contact.name, cui: contact.cui, regCom: contact.reg_com },
            now: ts,
          },
          notices,
        );
        awbMade = true;
      }
    }
    if (awbMade) tryInvoice('awb');

    finishOrder.run({
      company_id: companyId,
      id: orderId,
      paid_amount: paidAmount,
      proforma_id: proformaId,
      reserved_workpoint_id: reservedAt,
      last_changed_ts: lastChanged,
    });
    logImport.run({ company_id: companyId, connector_id: connectorId, order_id: orderId, method, mode, ts, at_ms: instant.getTime() });
    use.push.enqueueChanges(snapshot);

    return {
      status: 200,
      data: {
        SERVICE_order_id: orderId,
        notices,
        errors: [],
        received_payload: body,
        import_summary: {
          mode,
          bocp_order_id: orderId,
          items_received: parsed.itemsReceived,
          items_imported: newItems?.length ?? 0,
          payments_received: parsed.paymentsReceived,
          payments_registered: registered,
          payments_skipped_pending: (o.payments ?? []).filter((p) => p.payment_status === 'pending').length,
          paid_amount_registered: registeredAmount,
          payment_method_applied: paymentMethod,
          item_field_aliases_used: parsed.aliasesUsed,
        },
      },
    };
  }

  /** A payment amount in the order currency (through RON at the payment date's rates). */
  function toCurrency(p: PaymentRow, currency: string, fallbackRate: number): number {
    if (p.payment_currency === currency) return p.payment_amount;
    const day = p.payment_date.slice(0, 10);
    return round2((p.payment_amount * (ledger.rateOn(p.payment_currency, day) ?? 1)) / (ledger.rateOn(currency, day) ?? fallbackRate));
  }

  function codesOf(items: readonly ItemRow[], productIds: readonly number[]): string {
    return productIds.map((id) => items.find((i) => i.product_id === id)?.code ?? String(id)).join(', ');
  }

  /**
   * The order's payments after this request: a new reference is stored; a known one is never
   * stored twice. A known payment not yet registered takes the values sent; a registered one
   * only changes status (a refund of a registered payment is noted, the ERP payment stays).
   */
  function mergePayments(companyId: number, orderId: number, sent: readonly ParsedPayment[], now: string, notices: string[]): PaymentRow[] {
    const byReference = new Map(storedPayments.all(companyId, orderId).map((p) => [p.payment_reference, p]));
    sent.forEach((p, index) => {
      const known = byReference.get(p.payment_reference);
      const values = {
        payment_method: p.payment_method,
        payment_status: p.payment_status,
        payment_date: p.ts,
        payment_amount: p.payment_amount,
        payment_currency: p.payment_currency,
        payment_comments: p.payment_comments ?? '',
      };
      if (!known) {
        insertPayment.run({ company_id: companyId, order_id: orderId, payment_reference: p.payment_reference, now, ...values });
      } else if (known.payment_id === null) {
        updatePayment.run({ company_id: companyId, id: known.id, ...values });
      } else {
        if (known.payment_status !== p.payment_status) setPaymentStatus.run(p.payment_status, companyId, known.id);
        if (p.payment_status === 'refunded' && known.payment_status !== 'refunded') {
          notices.push(
            `payments[${index}]: '${p.payment_reference}' was registered (incasare_id ${known.payment_id}); it is marked refunded, the ERP payment stays (refund it in the ERP)`,
          );
        }
        if (known.payment_amount !== p.payment_amount || known.payment_currency !== p.payment_currency) {
          notices.push(
            `payments[${index}]: '${p.payment_reference}' is already registered with ${known.payment_amount} ${known.payment_currency}; the amount sent is ignored`,
          );
        }
      }
      if (p.payment_status === 'refunded' && known?.payment_id == null) {
        notices.push(`payments[${index}]: refunded; stored with the order, not registered`);
      }
    });
    return storedPayments.all(companyId, orderId);
  }

  return { importOrder };
}
export type OrderImport = ReturnType<typeof createOrderImport>;
