// Connector orders (connectors 1 and 2): the order as the partner sent it (items, payments,
// received payload), the sales receipt created from it, and for some an invoice and an AWB.
import { COMPANY_ID } from './context.ts';
import type { DocState } from './docstate.ts';
import { priceIn } from './docstate.ts';
import { orderPayloadJson, type PayloadItem } from './order-payload.ts';
import { efacturaStatus, makeLine, totalsOf } from './docwriter.ts';
import type { Allocation, Line, PaymentPlan } from './docwriter.ts';
import { Weighted, at, pad, round2 } from './random.ts';
import { rateFor } from './reference.ts';
import { DAY, dayOf, fmtDay, fmtTs, inserter } from './util.ts';
import type { Insert } from './util.ts';

/** An order line: what the payload carries of it, and what the import made of it. */
interface OrderItem extends PayloadItem {
  type: 'product' | 'discount' | 'service';
  productId: number | null;
  unit: string;
}

interface OrderPayment {
  method: 'bank_transfer' | 'card' | 'paypal' | 'credit';
  status: 'confirmed' | 'pending' | 'refunded';
  sec: number;
  amount: number;
  reference: string;
}

type PayMethod = OrderPayment['method'] | 'cod';

const PAY_METHODS_ECOM = new Weighted<PayMethod>([['card', 42], ['cod', 33], ['bank_transfer', 13], ['paypal', 7], ['credit', 5]]);
const PAY_METHODS_DROP = new Weighted<PayMethod>([['cod', 60], ['bank_transfer', 40]]);
const SHIPPING = new Weighted<'courier' | 'post' | 'personal_pickup' | 'other'>([
  ['courier', 80], ['post', 5], ['personal_pickup', 10], ['other', 5],
]);

/**
 * Net and gross unit prices such that the ERP line (net * qty, VAT on it) and the partner line
 * (gross * qty) give the same value with VAT.
 */
function reconcile(net0: number, vat: number, qty: number): { net: number; gross: number } | null {
  for (let k = 0; k <= 20; k++) {
    const delta = (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * 0.01;
    const net = round2(net0 + delta);
    const gross = round2(net * (1 + vat / 100));
    const vwv = round2(qty * net);
    if (Math.abs(round2(qty * gross) - round2(vwv + round2((vwv * vat) / 100))) < 0.001) return { net, gross };
  }
  return null;
}

function item(
  type: OrderItem['type'], code: string, ean: string, name: string, qty0: number, net0: number, vat: number,
  productId: number | null, unit: string,
): OrderItem {
  let qty = qty0;
  let r = reconcile(net0, vat, qty);
  if (!r) {
    qty = 1;
    r = reconcile(net0, vat, 1) ?? { net: net0, gross: round2(net0 * (1 + vat / 100)) };
  }
  return {
    type, code, ean, name, comments: '', customization: false, qty, net: r.net, vat, gross: r.gross,
    lineValue: round2(qty * r.gross), productId, unit,
  };
}

interface OrderStatements {
  order: Insert;
  item: Insert;
  payment: Insert;
  client: Insert;
  /** Sellable products of the feeds of connectors 1 and 2 (catalogue indices). */
  pool1: number[];
  pool2: number[];
  /** Returning clients per connector (1, 2): client_unique_id and contact index, in pairs. */
  known: [number[], number[]];
}

const statements = new WeakMap<DocState, OrderStatements>();

function prepared(st: DocState): OrderStatements {
  let s = statements.get(st);
  if (!s) {
    const db = st.ctx.db;
    s = {
      order: inserter(db, 'connector_orders', [
        'id', 'company_id', 'connector_id', 'order_unique_id', 'order_reference', 'order_date', 'order_updated_at',
        'order_status', 'cancelled', 'order_mentions', 'currency', 'shipping_method', 'cod_amount', 'cod_currency',
        'client_id', 'client_unique_id', 'invoice_address_id', 'delivery_address_id', 'total_with_vat', 'paid_amount',
        'received_payload', 'created_ts', 'last_changed_ts',
      ]),
      item: inserter(db, 'connector_order_items', [
        'id', 'company_id', 'order_id', 'line_no', 'type', 'code', 'ean', 'item_name', 'item_comments',
        'item_requires_customization', 'item_quantity', 'item_price', 'item_vat_percent', 'item_price_with_vat',
        'line_value_with_vat', 'discounted_price_with_vat', 'line_discount_value_with_vat', 'product_id',
      ]),
      payment: inserter(db, 'connector_order_payments', [
        'id', 'company_id', 'order_id', 'payment_method', 'payment_status', 'payment_date', 'payment_amount',
        'payment_currency', 'payment_reference', 'payment_comments', 'payment_id', 'created_ts',
      ]),
      client: inserter(db, 'connector_clients', ['connector_id', 'client_unique_id', 'contact_id']),
      pool1: orderable(st, st.feeds.conn1),
      pool2: orderable(st, st.feeds.conn2),
      known: [[], []],
    };
    statements.set(st, s);
  }
  return s;
}

function orderable(st: DocState, feed: readonly number[]): number[] {
  const products = st.cat.products;
  const out = feed.filter((i) => products.sellable(i) && !products.archived(i) && !products.deleted(i));
  return out.length > 0 ? out : st.cat.sellable;
}

export function connectorOrder(st: DocState, sec: number, connectorId: 1 | 2): void {
  const { ctx, w } = st;
  const { rng } = ctx;
  const s = prepared(st);
  const day = dayOf(sec);
  const age = ctx.today - day;
  const orderId = ctx.id('connector_orders');
  const ecommerce = connectorId === 1;
  const uniqueId = ecommerce ? String(++st.counters.conn1Seq) : `DS-${fmtDay(day).slice(0, 4)}-${pad(++st.counters.conn2Seq, 6)}`;

  // the ordering client, recognised by client_unique_id when returning
  const known = connectorId === 1 ? s.known[0] : s.known[1];
  let contactIndex: number;
  let clientUniqueId: number | null = null;
  if (known.length > 0 && rng.chance(0.3)) {
    const k = 2 * rng.index(known.length / 2);
    clientUniqueId = at(known, k);
    contactIndex = at(known, k + 1);
  } else {
    contactIndex = ecommerce && rng.chance(0.15) ? st.randomCompany() : st.randomPerson();
    if (rng.chance(0.85)) {
      clientUniqueId = (ecommerce ? 20000 : 7000) + ++st.counters.clientUniqueSeq;
      known.push(clientUniqueId, contactIndex);
      s.client.run(connectorId, clientUniqueId, st.contacts.table.id(contactIndex));
    }
  }
  const contacts = st.contacts.table;
  const contactId = contacts.id(contactIndex);
  const invoiceAddressId = contacts.invoiceAddressId(contactIndex);
  const deliveryAddressId = contacts.deliveryAddressId(contactIndex);

  const currency = ecommerce && rng.chance(0.06) ? 'EUR' : 'RON';
  const eurRate = rateFor('EUR', day);
  const rate = currency === 'EUR' ? eurRate : 1;
  const pool = ecommerce ? s.pool1 : s.pool2;
  // the webshop sends the rates in force on the order's day (its documents are made the same day)
  const standardVat = ctx.vatRate(sec, 'standard');

  // items: products, an optional coupon discount, shipping
  const items: OrderItem[] = [];
  const count = rng.int(1, 4);
  let weight = 0;
  const products = st.cat.products;
  for (let k = 0; k < count; k++) {
    const p = rng.pick(pool);
    const qty = rng.chance(0.75) ? 1 : rng.int(2, 3);
    const it = item(
      'product', products.code(p), products.barcode(p), products.name(p), qty, priceIn(products, p, currency, rate, eurRate),
      ctx.vatRate(sec, products.vatKind(p)), products.id(p), products.unit(p),
    );
    if (rng.chance(0.03)) it.comments = 'Ambalare cadou';
    if (rng.chance(0.02)) {
      it.customization = true;
      it.comments = 'Gravura: "La multi ani!"';
    }
    items.push(it);
    weight += it.qty * products.weight(p);
  }
  let subtotal = 0;
  for (const it of items) subtotal = round2(subtotal + it.lineValue);
  if (rng.chance(0.1)) {
    const pct = rng.pick([5, 10, 15]);
    const netSum = items.reduce((acc, it) => round2(acc + round2(it.qty * it.net)), 0);
    items.push(item('discount', 'DISCOUNT', '', `Reducere cupon DEMO${pct}`, 1, -round2((netSum * pct) / 100), standardVat, null, 'buc'));
  }
  const shipping = SHIPPING.pick(rng);
  const freeShipping = currency === 'RON' ? subtotal >= 250 : subtotal >= 50;
  if ((shipping === 'courier' || shipping === 'post') && !freeShipping) {
    const gross = currency === 'RON' ? (shipping === 'post' ? 14.99 : 19.99) : 3.99;
    items.push(item('service', 'SHIPPING', '', shipping === 'post' ? 'Transport Poșta Română' : 'Transport curier', 1, round2(gross / (1 + standardVat / 100)), standardVat, null, 'buc'));
  }
  let total = 0;
  for (const it of items) total = round2(total + it.lineValue);

  // payments as the partner reports them
  const cancelled = rng.chance(0.07);
  const method = (ecommerce ? PAY_METHODS_ECOM : PAY_METHODS_DROP).pick(rng);
  const payments: OrderPayment[] = [];
  if (method !== 'cod') {
    let status: OrderPayment['status'];
    let reference: string;
    let paySec = ctx.after(sec, 5, 300);
    if (method === 'card' || method === 'paypal') {
      status = cancelled ? 'refunded' : 'confirmed';
      reference = method === 'card' ? `ch_${rng.token(24)}` : `PAYID-${rng.token(20, true)}`;
    } else if (method === 'bank_transfer') {
      status = !cancelled && age > 3 && rng.chance(0.8) ? 'confirmed' : 'pending';
      reference = `OP-${rng.digits(8)}`;
      if (status === 'confirmed') paySec = ctx.after(sec, DAY, 3 * DAY);
    } else {
      status = !cancelled && age > 5 && rng.chance(0.5) ? 'confirmed' : 'pending';
      reference = `CRD-${rng.digits(10)}`;
    }
    payments.push({ method, status, sec: paySec, amount: total, reference });
  }
  let paid = 0;
  for (const p of payments) if (p.status === 'confirmed') paid = round2(paid + p.amount);
  const cod = method === 'cod' && shipping !== 'personal_pickup' ? total : 0;

  // the sales receipt and the documents that follow it
  const saleSec = ctx.after(sec, 60, 1800);
  const saleDay = dayOf(saleSec);
  const saleId = ctx.id('sales');
  const saleContact = ecommerce ? contactIndex : st.contacts.dropshipper;
  const client = st.client(saleContact);
  const lines: Line[] = items.map((it) =>
    makeLine(it.productId, it.code, it.name, it.unit, it.qty, it.net, it.vat),
  );
  const totals = totalsOf(lines);
  const invoiced =
    !cancelled && method !== 'credit' && (paid > 0 || (method === 'cod' && age > 2) || !ecommerce) && rng.chance(0.8);
  const invoiceId = invoiced ? ctx.id('invoices') : null;
  const erpPayments: PaymentPlan[] = [];
  const paymentIds: (number | null)[] = [];
  // Each payment is allocated to the sales receipt up to what it still has open (the ledger's rule).
  let open = totals.withVat;
  const allocate = (amount: number): Allocation[] => {
    const allocated = Math.min(amount, open);
    open = round2(open - allocated);
    return allocated > 0 ? [{ docType: 'sale', docId: saleId, amount: allocated }] : [];
  };
  for (const p of payments) {
    if (p.status !== 'confirmed') {
      paymentIds.push(null);
      continue;
    }
    const pid = ctx.id('payments');
    paymentIds.push(pid);
    erpPayments.push({
      id: pid, sec: Math.max(p.sec, saleSec), type: p.method === 'paypal' ? 'modern_payment' : p.method === 'card' ? 'card' : 'bank_transfer',
      client, workpointId: 1, amount: p.amount, currency, rate,
      allocations: allocate(p.amount),
      source: 'connector_order', fiscalReceiptId: null, addedByApi: true, mentions: `Comanda ${uniqueId}, ${p.reference}`,
    });
  }
  const shipped = (shipping === 'courier' || shipping === 'post') && (cancelled ? rng.chance(0.2) : rng.chance(0.88));
  const awbSec = ctx.after(saleSec, 1800, DAY);
  if (shipped && !cancelled && cod > 0 && age > 10 && rng.chance(0.8)) {
    // cash on delivery collected by the courier and transferred to the account: it pays the sales receipt (and so its invoice)
    erpPayments.push({
      id: ctx.id('payments'), sec: Math.min(ctx.nowSec - 60, awbSec + rng.int(3, 7) * DAY), type: 'bank_transfer', client,
      workpointId: 1, amount: totals.withVat, currency, rate, allocations: allocate(totals.withVat),
      source: 'staff', fiscalReceiptId: null, addedByApi: false, mentions: `Ramburs comanda ${uniqueId}`,
    });
  }

  let salePaid = 0;
  let saleLast = 0;
  for (const p of erpPayments) {
    for (const a of p.allocations) {
      salePaid = round2(salePaid + a.amount);
      saleLast = Math.max(saleLast, p.sec);
    }
  }
  // The invoice of the receipt is paid by what pays the receipt (migration 023).
  const [invPaid, invLast] = [salePaid, saleLast];
  const saleChanged = cancelled ? ctx.after(saleSec, 3600, 3 * DAY) : Math.max(ctx.changed(saleSec), saleLast);

  // order status as last reported by the partner
  let status: string;
  if (cancelled) status = 'cancelled';
  else if (age > 7) status = ecommerce ? 'completed' : 'delivered';
  else if (payments.some((p) => p.status === 'pending' && p.method === 'bank_transfer')) status = 'on-hold';
  else status = rng.pick(shipped ? ['processing', 'packed', 'shipped'] : ['processing', 'packed']);
  const orderChanged = Math.max(
    cancelled ? ctx.after(sec, 3600, 3 * DAY) : ctx.changed(sec),
    saleSec,
    shipped ? awbSec : 0,
    status === 'completed' || status === 'delivered' ? Math.min(ctx.nowSec, sec + rng.int(2, 6) * DAY) : 0,
  );
  const mentions = rng.chance(0.15) ? rng.pick(['Vă rog sunați înainte de livrare', 'Livrare după ora 17', 'Las la recepție']) : '';

  const contact = contacts.contactDetails(contactIndex);
  const reference = ecommerce ? `#${uniqueId}` : uniqueId;
  const codCurrency = cod > 0 ? currency : '';
  // the payload as the partner sent it: its dates are the anchor's, as the move never touched text
  const payload = orderPayloadJson({
    uniqueId, reference, date: fmtDay(day), updatedAt: fmtTs(orderChanged), status, cancelled, mentions, currency, shipping, cod,
    codCurrency,
    client: {
      name: contact.name, representative: contact.representative, email: contact.email, phone: contact.phone,
      cui: contact.cui, reg_com: contact.regCom, clientUniqueId, invoiceAddress: contacts.payloadAddress(contactIndex, false),
      deliveryAddress: contacts.payloadAddress(contactIndex, true),
    },
    items, payments: payments.map((p) => ({ method: p.method, status: p.status, date: fmtTs(p.sec), amount: p.amount, reference: p.reference })),
  });

  s.order.run(
    orderId, COMPANY_ID, connectorId, uniqueId, reference, ctx.date(day), ctx.ts(orderChanged), status,
    cancelled ? 1 : 0, mentions, currency, shipping, cod, codCurrency, contactId, clientUniqueId,
    invoiceAddressId, deliveryAddressId, total, paid, payload, ctx.ts(sec), ctx.ts(orderChanged),
  );
  items.forEach((it, i) => {
    s.item.run(
      ctx.id('connector_order_items'), COMPANY_ID, orderId, i + 1, it.type, it.code, it.ean, it.name, it.comments,
      it.customization ? 1 : 0, it.qty, it.net, it.vat, it.gross, it.lineValue, null, null, it.productId,
    );
  });

  // written out, not spread from a common header (see regularSale in documents.ts)
  const docMentions = `Comanda ${connectorId === 1 ? 'magazin online' : 'dropshipping'} ${uniqueId}`;
  if (invoiceId !== null) {
    const invSec = saleSec + 60;
    w.invoice(
      {
        id: invoiceId, series: 'WEB', number: ctx.number('invoice', 'WEB'), sec: invSec,
        changedSec: Math.max(ctx.changed(invSec), invLast), client, workpointId: 1, currency, rate, totals, cancelled,
        addedByApi: true, mentions: docMentions,
      },
      lines, saleDay + (st.isCompany(saleContact) ? 30 : 5), invPaid, efacturaStatus(rng, saleDay, ctx.today), null,
    );
  }
  w.sale(
    {
      id: saleId, series: 'BVW', number: ctx.number('sale', 'BVW'), sec: saleSec, changedSec: saleChanged, client,
      workpointId: 1, currency, rate, totals, cancelled, addedByApi: true, mentions: docMentions,
    },
    lines, salePaid, invoiceId, orderId,
  );
  for (const p of erpPayments) w.payment(p, saleId);
  payments.forEach((p, i) => {
    const ts = ctx.ts(p.sec);
    s.payment.run(
      ctx.id('connector_order_payments'), COMPANY_ID, orderId, p.method, p.status, ts, p.amount, currency, p.reference,
      p.status === 'refunded' ? 'Rambursat la anularea comenzii' : '', paymentIds[i] ?? null, ts,
    );
  });
  if (shipped) {
    w.awb({
      saleId, connectorOrderId: orderId, sec: awbSec, client: st.client(contactIndex), weight, codAmount: cod,
      codCurrency: cod > 0 ? currency : 'RON', declaredValue: total, source: 'connector', cancelled,
      courier: shipping === 'post' ? 'posta_romana' : undefined,
    });
  }
  st.recordSale(saleId, ecommerce ? contactIndex : st.contacts.dropshipper, invoiceId, erpPayments[0]?.id ?? null, saleDay);
}
