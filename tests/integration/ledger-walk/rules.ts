import type { MarketplaceOrder } from '../../../shared/domain/connectors.ts';
import type { Payment } from '../../../shared/domain/payments.ts';
import type { Sale } from '../../../shared/domain/sales.ts';
import { liveSalesOf, type InvoiceRow, type LedgerState } from './state.ts';

// The rules every document of the account obeys at every moment (issue 27, item 4), checked on
// what a partner and the screens read. Each finding names its rule and the documents involved.

export type RuleId = 'R0' | 'R1' | 'R2' | 'R3' | 'R4' | 'R5' | 'R6';

export const RULES: Readonly<Record<RuleId, string>> = {
  R0: 'no request ends in a server error (5xx)',
  R1: "an invoice's rest, paid state and last_payment_date (and a proforma's paid figure) follow from the live payments allocated to its sales receipts",
  R2: "a sale's paid_amount is the sum of its allocations; GET /sales/{bv_id}/payment/ agrees with the sale row",
  R3: "a payment's allocated_amount is the sum of its allocations, within its amount; its allocation_status agrees; cancelled payments and cancelled documents hold no allocation",
  R4: 'a document whose paid figures changed because of a payment carries a last_changed_ts at or after it (modifiedafter sees it)',
  R5: "an order's documents total the order's total; its registered payments belong to its live sales receipt; an invoice is not dated before its sales receipt; an invoiced order's proforma carries invoice_id; a live AWB of an order with a live sale carries its sale_id",
  R6: "a product's stock_reserved is what open connector orders reserve; stock_available = stock_global - stock_reserved",
};

export interface Violation {
  rule: RuleId;
  text: string;
}

export interface RuleContext {
  /** RON per unit of `currency` as a payment of `date` takes it (the stored BNR rate of that day or before; RON 1). */
  rateOn(currency: string, date: string): number | undefined;
  /** True when the order should hold a stock reservation now (its lines are in state.details). */
  holdsReservation(order: MarketplaceOrder): boolean;
}

/** Half a ban rounded away from zero, as the ERP rounds money. */
export function r2(x: number): number {
  const cents = Math.abs(x) * 100;
  const r = Math.round(cents + cents * 8 * Number.EPSILON) / 100;
  return x < 0 ? -r : r;
}
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const same = (a: number, b: number) => Math.abs(a - b) < 0.005;
const money = (x: number) => x.toFixed(2);

const saleName = (s: Pick<Sale, 'bv_id' | 'doc_series' | 'doc_nr'>) => `sale ${s.bv_id} (${s.doc_series} ${s.doc_nr})`;
const invoiceName = (i: Pick<InvoiceRow, 'bocp_id' | 'doc_series' | 'doc_nr'>) => `invoice ${i.bocp_id} (${i.doc_series} ${i.doc_nr})`;

interface Allocated {
  payment: Payment;
  amount: number;
}

/** An amount of a payment in a document's currency (docs/data-model.md "Currencies"). */
function inDocumentCurrency(ctx: RuleContext, amount: number, payment: Payment, doc: { currency: string; exchange_rate: number }): number {
  if (payment.currency === doc.currency) return amount;
  const docRate = ctx.rateOn(doc.currency, payment.doc_date) ?? doc.exchange_rate;
  return r2((amount * payment.exchange_rate) / docRate);
}

function paidBy(ctx: RuleContext, allocated: readonly Allocated[], doc: { currency: string; exchange_rate: number }): number {
  let paid = 0;
  for (const a of allocated) paid = r2(paid + inDocumentCurrency(ctx, a.amount, a.payment, doc));
  return paid;
}

const describeAllocations = (allocated: readonly Allocated[]) =>
  allocated.length === 0
    ? 'no live allocation'
    : allocated.map((a) => `payment ${a.payment.incasare_id} ${money(a.amount)} ${a.payment.currency} of ${a.payment.doc_date}`).join(', ');

export function checkRules(state: LedgerState, previous: LedgerState | undefined, ctx: RuleContext): Violation[] {
  const out: Violation[] = [];
  const flag = (rule: RuleId, text: string) => out.push({ rule, text });

  // The live allocations by document.
  const allocations = new Map<string, Allocated[]>();
  for (const payment of state.payments.values()) {
    if (payment.document_cancelled !== 0) continue;
    for (const a of payment.allocations ?? []) {
      const key = `${a.doc_type}:${a.doc_id}`;
      const list = allocations.get(key) ?? [];
      list.push({ payment, amount: a.amount });
      allocations.set(key, list);
    }
  }
  const allocatedTo = (type: 'sale' | 'invoice' | 'proforma', id: number) => allocations.get(`${type}:${id}`) ?? [];
  const salesOfInvoice = new Map<number, Sale[]>();
  for (const sale of state.sales.values()) {
    if (sale.invoice_id === null) continue;
    const list = salesOfInvoice.get(sale.invoice_id) ?? [];
    list.push(sale);
    salesOfInvoice.set(sale.invoice_id, list);
  }

  // R2: sales.
  for (const sale of state.sales.values()) {
    const allocated = allocatedTo('sale', sale.bv_id);
    const paid = paidBy(ctx, allocated, sale);
    if (!same(sale.paid_amount, paid)) {
      flag('R2', `${saleName(sale)}: paid_amount ${money(sale.paid_amount)} ${sale.currency}, its live allocations pay ${money(paid)} (${describeAllocations(allocated)})`);
    }
    if (sale.paid_amount > sale.document_value_with_vat + 0.004) {
      flag('R2', `${saleName(sale)}: paid_amount ${money(sale.paid_amount)} is above its total ${money(sale.document_value_with_vat)}`);
    }
    const transactions = (sale.transactions ?? []).map((t) => `${t.incasare_id}:${money(t.amount)}`).sort();
    const expected = allocated.map((a) => `${a.payment.incasare_id}:${money(a.amount)}`).sort();
    if (transactions.join() !== expected.join()) {
      flag('R2', `${saleName(sale)}: include:transactions lists [${transactions.join(', ')}], /payments/list/include:allocations gives [${expected.join(', ')}]`);
    }
    const form = state.forms.get(sale.bv_id);
    if (form) {
      const open = Math.max(0, r2(sale.document_value_with_vat - sale.paid_amount));
      const problems: string[] = [];
      if (!same(form.paid_amount, sale.paid_amount)) problems.push(`paid_amount ${money(form.paid_amount)} (the sale row: ${money(sale.paid_amount)})`);
      if (!same(form.open_amount, open)) problems.push(`open_amount ${money(form.open_amount)} (total ${money(sale.document_value_with_vat)} - paid ${money(sale.paid_amount)} = ${money(open)})`);
      if (!same(form.document_value_with_vat, sale.document_value_with_vat)) problems.push(`document_value_with_vat ${money(form.document_value_with_vat)} (the row: ${money(sale.document_value_with_vat)})`);
      if (form.document_cancelled !== sale.document_cancelled) problems.push(`document_cancelled ${form.document_cancelled} (the row: ${sale.document_cancelled})`);
      if (problems.length > 0) flag('R2', `GET /sales/${sale.bv_id}/payment/ of ${saleName(sale)}: ${problems.join('; ')}`);
    }
  }

  // R1: invoices and proformas.
  const invoicePaid = new Map<number, number>();
  for (const invoice of state.invoices.values()) {
    const sales = (salesOfInvoice.get(invoice.bocp_id) ?? []).filter((s) => s.document_cancelled === 0);
    const direct = allocatedTo('invoice', invoice.bocp_id);
    if (sales.length > 0 && direct.length > 0) {
      flag('R1', `${invoiceName(invoice)} has sales receipts (${sales.map(saleName).join(', ')}) but payments allocated to the invoice itself: ${describeAllocations(direct)}`);
    }
    const allocated = sales.length > 0 ? sales.flatMap((s) => allocatedTo('sale', s.bv_id)) : direct;
    const paid = paidBy(ctx, allocated, invoice);
    invoicePaid.set(invoice.bocp_id, paid);
    const rest = Math.max(0, r2(invoice.document_value_with_vat - paid));
    const lastDate = allocated.reduce((last, a) => (a.payment.doc_date > last ? a.payment.doc_date : last), '');
    const from = sales.length > 0 ? `its sales receipts ${sales.map(saleName).join(', ')}` : 'itself (no sales receipt)';
    const problems: string[] = [];
    if (!same(invoice.rest, rest)) problems.push(`rest ${money(invoice.rest)}, expected ${money(rest)}`);
    if (!same(invoice.paid_amount, paid)) problems.push(`paid_amount ${money(invoice.paid_amount)}, expected ${money(paid)}`);
    if (invoice.last_payment_date !== lastDate) problems.push(`last_payment_date '${invoice.last_payment_date}', expected '${lastDate}'`);
    if ((invoice.rest === 0) !== state.paidOnScreen.has(invoice.bocp_id)) {
      problems.push(`rest ${money(invoice.rest)} but the invoice screen ${state.paidOnScreen.has(invoice.bocp_id) ? 'lists it as paid' : 'does not list it as paid'}`);
    }
    if (problems.length > 0) {
      flag('R1', `${invoiceName(invoice)} (total ${money(invoice.document_value_with_vat)} ${invoice.currency}, paid through ${from}: ${describeAllocations(allocated)}): ${problems.join('; ')}`);
    }
  }
  for (const proforma of state.proformas.values()) {
    const invoice = proforma.invoice_id === null ? undefined : state.invoices.get(proforma.invoice_id);
    const expected = invoice ? Math.min(proforma.total, invoicePaid.get(invoice.bocp_id) ?? 0) : 0;
    if (!same(proforma.paid_amount, expected)) {
      flag('R1', `proforma ${proforma.proforma_id} (${proforma.doc_series} ${proforma.doc_nr}, total ${money(proforma.total)}): paid_amount ${money(proforma.paid_amount)}, expected ${money(expected)} (${invoice ? `what ${invoiceName(invoice)} has paid, up to the proforma's total` : 'not invoiced'})`);
    }
  }

  // R3: payments.
  const docCancelled = (type: string, id: number): boolean | undefined => {
    const doc = type === 'sale' ? state.sales.get(id) : type === 'invoice' ? state.invoices.get(id) : state.proformas.get(id);
    return doc === undefined ? undefined : doc.document_cancelled !== 0;
  };
  for (const payment of state.payments.values()) {
    const list = payment.allocations ?? [];
    const sum = r2(list.reduce((s, a) => s + a.amount, 0));
    const name = `payment ${payment.incasare_id} (${money(payment.amount)} ${payment.currency}, ${payment.source}, bv_id ${payment.bv_id})`;
    const status = sum <= 0 ? 'not_allocated' : sum >= payment.amount - 0.004 ? 'fully_allocated' : 'some_allocated';
    const problems: string[] = [];
    if (!same(payment.allocated_amount, sum)) problems.push(`allocated_amount ${money(payment.allocated_amount)}, its allocations sum to ${money(sum)}`);
    if (sum > payment.amount + 0.004) problems.push(`allocations ${money(sum)} above its amount`);
    if (payment.allocation_status !== status) problems.push(`allocation_status ${payment.allocation_status}, its allocations make it ${status}`);
    if (payment.document_cancelled !== 0 && list.length > 0) problems.push(`cancelled but still allocated to ${list.map((a) => `${a.doc_type} ${a.doc_id}`).join(', ')}`);
    for (const a of list) {
      const cancelled = docCancelled(a.doc_type, a.doc_id);
      if (cancelled === undefined) problems.push(`allocated to ${a.doc_type} ${a.doc_id}, which no list shows`);
      else if (cancelled) problems.push(`allocated ${money(a.amount)} to cancelled ${a.doc_type} ${a.doc_id}`);
      if (a.amount <= 0) problems.push(`allocation of ${money(a.amount)} to ${a.doc_type} ${a.doc_id}`);
    }
    if (problems.length > 0) flag('R3', `${name}: ${problems.join('; ')}`);
  }

  // R4 (a): a document a live payment pays was changed at or after the payment.
  for (const payment of state.payments.values()) {
    if (payment.document_cancelled !== 0) continue;
    const late: string[] = [];
    const atLeast = (what: string, ts: string) => {
      if (ts < payment.created_ts) late.push(`${what} last_changed_ts ${ts}`);
    };
    for (const a of payment.allocations ?? []) {
      if (a.doc_type === 'sale') {
        const sale = state.sales.get(a.doc_id);
        if (!sale) continue;
        atLeast(saleName(sale), sale.last_changed_ts);
        const invoice = sale.invoice_id === null ? undefined : state.invoices.get(sale.invoice_id);
        if (invoice) {
          atLeast(`its ${invoiceName(invoice)}`, invoice.last_changed_ts);
          for (const proforma of state.proformas.values()) {
            if (proforma.invoice_id === invoice.bocp_id) atLeast(`the invoice's proforma ${proforma.proforma_id}`, proforma.last_changed_ts);
          }
        }
      } else if (a.doc_type === 'invoice') {
        const invoice = state.invoices.get(a.doc_id);
        if (invoice) atLeast(invoiceName(invoice), invoice.last_changed_ts);
      } else {
        const proforma = state.proformas.get(a.doc_id);
        if (proforma) atLeast(`proforma ${proforma.proforma_id}`, proforma.last_changed_ts);
      }
    }
    if (late.length > 0) flag('R4', `payment ${payment.incasare_id} created ${payment.created_ts} pays ${late.join(', ')}: before the payment`);
  }
  // R4 (b): what changed since the previous check is seen by modifiedafter:<time of that check>.
  if (previous) {
    const since = previous.at;
    const changed = (what: string, before: Record<string, unknown>, after: Record<string, unknown>, keys: string[], ts: string) => {
      const moved = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
      if (moved.length > 0 && ts <= since) {
        flag('R4', `${what}: ${moved.map((k) => `${k} ${JSON.stringify(before[k])} -> ${JSON.stringify(after[k])}`).join(', ')} since ${since}, but last_changed_ts is still ${ts} (modifiedafter:${since} misses it)`);
      }
    };
    for (const [id, sale] of state.sales) {
      const old = previous.sales.get(id);
      if (old) changed(saleName(sale), old, sale, ['paid_amount'], sale.last_changed_ts);
    }
    for (const [id, invoice] of state.invoices) {
      const old = previous.invoices.get(id);
      if (old) changed(invoiceName(invoice), old, invoice, ['rest', 'paid_amount', 'last_payment_date'], invoice.last_changed_ts);
    }
    for (const [id, proforma] of state.proformas) {
      const old = previous.proformas.get(id);
      if (old) changed(`proforma ${id}`, old, proforma, ['paid_amount'], proforma.last_changed_ts);
    }
    for (const [id, payment] of state.payments) {
      const old = previous.payments.get(id);
      if (old) changed(`payment ${id}`, old, payment, ['allocated_amount', 'allocation_status', 'document_cancelled'], payment.last_changed_ts);
    }
  }

  // R5: an order's documents. The payments an order registered carry 'Comanda <order_unique_id>, <payment_reference>'
  // (docs/data-model.md, Connector orders, Payments): by that note, for order ids no other order shares.
  const uidCount = new Map<string, number>();
  for (const order of state.orders.values()) uidCount.set(order.order_unique_id, (uidCount.get(order.order_unique_id) ?? 0) + 1);
  const orderPayments = new Map<string, Payment[]>();
  for (const payment of state.payments.values()) {
    const uid = payment.source === 'connector_order' && payment.document_cancelled === 0 ? /^Comanda (.+?), /.exec(payment.mentions)?.[1] : undefined;
    if (uid !== undefined && uidCount.get(uid) === 1) orderPayments.set(uid, [...(orderPayments.get(uid) ?? []), payment]);
  }
  for (const order of state.orders.values()) {
    const name = `order ${order.rec_id} (connector ${order.connector.connector_id}, ${order.order_unique_id}, total ${money(order.document_value_with_vat)} ${order.order_currency_code})`;
    const live = liveSalesOf(order);
    if (live.length > 1) flag('R5', `${name} has ${live.length} live sales receipts: ${live.map((s) => s.bv_id).join(', ')}`);
    for (const link of live) {
      const sale = state.sales.get(link.bv_id);
      if (sale && !same(sale.document_value_with_vat, order.document_value_with_vat)) {
        flag('R5', `${name}: its ${saleName(sale)} totals ${money(sale.document_value_with_vat)} ${sale.currency}`);
      }
    }
    if (live.length === 1) {
      for (const payment of orderPayments.get(order.order_unique_id) ?? []) {
        if (payment.bv_id === live[0]!.bv_id) continue;
        const owner = payment.bv_id === null ? 'no sale' : `sale ${payment.bv_id}${state.sales.get(payment.bv_id)?.document_cancelled ? ' (cancelled)' : ''}`;
        flag('R5', `${name}: its payment ${payment.incasare_id} (${money(payment.amount)} ${payment.currency}, ${payment.allocation_status}) belongs to ${owner}, not to its live sales receipt ${live[0]!.bv_id}`);
      }
    }
    const liveInvoices = order.invoices.filter((i) => i.document_cancelled === 0);
    for (const link of liveInvoices) {
      const invoice = state.invoices.get(link.bocp_id);
      if (invoice && !same(invoice.document_value_with_vat, order.document_value_with_vat)) {
        flag('R5', `${name}: its ${invoiceName(invoice)} totals ${money(invoice.document_value_with_vat)} ${invoice.currency}`);
      }
    }
    const detail = state.details.get(order.rec_id);
    const proforma = detail?.proforma ? state.proformas.get(detail.proforma.proforma_id) : undefined;
    if (proforma && proforma.document_cancelled === 0) {
      if (!same(proforma.total, order.document_value_with_vat)) {
        flag('R5', `${name}: its proforma ${proforma.proforma_id} (${proforma.doc_series} ${proforma.doc_nr}) totals ${money(proforma.total)}`);
      }
      const invoiced = liveInvoices[0];
      if (invoiced && proforma.invoice_id !== invoiced.bocp_id) {
        flag('R5', `${name} is invoiced (invoice ${invoiced.bocp_id}, ${invoiced.seria} ${invoiced.nr}) but its proforma ${proforma.proforma_id} carries invoice_id ${proforma.invoice_id}`);
      }
    }
  }
  for (const invoice of state.invoices.values()) {
    if (invoice.document_cancelled !== 0) continue;
    for (const sale of salesOfInvoice.get(invoice.bocp_id) ?? []) {
      if (invoice.doc_date < sale.doc_date) flag('R5', `${invoiceName(invoice)} is dated ${invoice.doc_date}, before its ${saleName(sale)} of ${sale.doc_date}`);
    }
  }
  for (const awb of state.awbs.values()) {
    if (awb.document_cancelled !== 0 || awb.connector_order_id === null) continue;
    const order = state.orders.get(awb.connector_order_id);
    const sale = order ? liveSalesOf(order)[0] : undefined;
    if (sale && awb.sale_id !== sale.bv_id) {
      flag('R5', `AWB ${awb.awb_id} (${awb.awb_type} ${awb.awb_nr}, ${awb.source}) of order ${awb.connector_order_id} carries sale_id ${awb.sale_id}, the order's live sales receipt is ${sale.bv_id}`);
    }
  }

  // R6: reservations.
  const reserved = new Map<number, { quantity: number; orders: string[] }>();
  for (const order of state.orders.values()) {
    if (!ctx.holdsReservation(order)) continue;
    const detail = state.details.get(order.rec_id);
    if (!detail) throw new Error(`R6 needs the lines of order ${order.rec_id}: read it with orders.get first`);
    for (const line of detail.lines) {
      if (line.type !== 'product' || line.product_id === null) continue;
      const entry = reserved.get(line.product_id) ?? { quantity: 0, orders: [] };
      entry.quantity = r3(entry.quantity + line.item_quantity);
      entry.orders.push(`order ${order.rec_id} x${line.item_quantity}`);
      reserved.set(line.product_id, entry);
    }
  }
  for (const product of state.products.values()) {
    const expected = reserved.get(product.product_id);
    const quantity = expected?.quantity ?? 0;
    const name = `product ${product.product_id} (${product.cod_produs})`;
    if (Math.abs(product.stock_reserved - quantity) > 0.0005) {
      flag('R6', `${name}: stock_reserved ${product.stock_reserved}, open orders reserve ${quantity}${expected ? ` (${expected.orders.join(', ')})` : ' (no open order holds it)'}`);
    }
    if (Math.abs(product.stock_available - r3(product.stoc_global - product.stock_reserved)) > 0.0005) {
      flag('R6', `${name}: stock_available ${product.stock_available}, stock_global ${product.stoc_global} - stock_reserved ${product.stock_reserved}`);
    }
  }
  return out;
}
