// State shared by the document generators (sales, invoices, orders, workmanager links).
import type { Catalogue } from './catalogue.ts';
import type { ProductTable } from './product-table.ts';
import { int32Column } from './columns.ts';
import type { NumberColumn } from './columns.ts';
import type { ConnectorFeeds } from './connectors.ts';
import type { Contacts } from './contacts.ts';
import type { Ctx } from './context.ts';
import { DocWriter, makeLine } from './docwriter.ts';
import type { Allocation, ClientBlock, Line, PaymentPlan } from './docwriter.ts';
import { at, round2, round3 } from './random.ts';
import { DAY, dayOf } from './util.ts';

/**
 * Compact index of the sales written, used to link service files to documents: one typed
 * column per field (at scale 1000 it holds 380 000 sales).
 */
export class SaleIndex {
  private readonly saleIds: NumberColumn<Int32Array<ArrayBuffer>>;
  /** -1 when the sale has no client. */
  private readonly contacts: NumberColumn<Int32Array<ArrayBuffer>>;
  /** 0 when not invoiced. */
  private readonly invoiceIds: NumberColumn<Int32Array<ArrayBuffer>>;
  /** First payment allocated to it, 0 when none. */
  private readonly paymentIds: NumberColumn<Int32Array<ArrayBuffer>>;
  private readonly days: NumberColumn<Int32Array<ArrayBuffer>>;

  /** `capacity`: the number of sales to come. */
  constructor(capacity: number) {
    this.saleIds = int32Column(capacity);
    this.contacts = int32Column(capacity);
    this.invoiceIds = int32Column(capacity);
    this.paymentIds = int32Column(capacity);
    this.days = int32Column(capacity);
  }

  get length(): number {
    return this.saleIds.length;
  }

  push(saleId: number, contactIndex: number, invoiceId: number, paymentId: number, day: number): void {
    this.saleIds.push(saleId);
    this.contacts.push(contactIndex);
    this.invoiceIds.push(invoiceId);
    this.paymentIds.push(paymentId);
    this.days.push(day);
  }

  saleId(i: number): number {
    return this.saleIds.get(i);
  }

  contactIndex(i: number): number {
    return this.contacts.get(i);
  }

  invoiceId(i: number): number {
    return this.invoiceIds.get(i);
  }

  paymentId(i: number): number {
    return this.paymentIds.get(i);
  }

  day(i: number): number {
    return this.days.get(i);
  }
}

export interface DocCounters {
  paidWholesale: number;
  posReceiptId: number;
  conn1Seq: number;
  conn2Seq: number;
  clientUniqueSeq: number;
  standaloneInvoices: number;
}

export class DocState {
  readonly w: DocWriter;
  readonly index: SaleIndex;
  readonly counters: DocCounters = { paidWholesale: 0, posReceiptId: 880000, conn1Seq: 100000, conn2Seq: 0, clientUniqueSeq: 0, standaloneInvoices: 0 };
  /** Station state for Z reports: [day, z number, receipt number in the day]. */
  readonly stations = new Map<number, [number, number, number]>();

  constructor(
    readonly ctx: Ctx,
    readonly cat: Catalogue,
    readonly contacts: Contacts,
    readonly feeds: ConnectorFeeds,
    /** The number of sales to come. */
    salesCount: number,
  ) {
    this.w = new DocWriter(ctx);
    this.index = new SaleIndex(salesCount);
  }

  /** The client block of contact `index` (documents copy it). */
  client(index: number): ClientBlock {
    return this.contacts.table.client(index);
  }

  isCompany(index: number): boolean {
    return this.contacts.table.isCompany(index);
  }

  randomCompany(): number {
    return this.ctx.rng.pick(this.contacts.clientCompanies);
  }

  randomPerson(): number {
    return this.ctx.rng.pick(this.contacts.clientPersons);
  }

  recordSale(saleId: number, contactIndex: number, invoiceId: number | null, paymentId: number | null, day: number): void {
    this.index.push(saleId, contactIndex, invoiceId ?? 0, paymentId ?? 0, day);
  }
}

/** Net unit price of product `i` in a document currency, given RON per unit of `currency`. */
export function priceIn(products: ProductTable, i: number, currency: string, rate: number, eurRate: number): number {
  const own = products.currency(i);
  const price = products.price(i);
  if (own === currency) return price;
  const ron = own === 'EUR' ? price * eurRate : price;
  return round2(currency === 'RON' ? ron : ron / rate);
}

/**
 * Product lines for a document made at `sec`: `count` products from `pool` (indices into the
 * catalogue), each at the VAT rate of its kind in force on the document's date.
 */
export function productLines(
  st: DocState,
  sec: number,
  count: number,
  currency: string,
  rate: number,
  eurRate: number,
  wholesale: boolean,
  pool: readonly number[] = st.cat.sellable,
): { lines: Line[]; weight: number } {
  const { rng } = st.ctx;
  const products = st.cat.products;
  const lines: Line[] = [];
  let weight = 0;
  for (let k = 0; k < count; k++) {
    const i = rng.pick(pool);
    const unit = products.unit(i);
    let qty: number;
    if (unit === 'kg') qty = round3(rng.float(0.25, wholesale ? 20 : 2.5));
    else if (wholesale && rng.chance(0.2)) qty = rng.int(10, 50);
    else qty = rng.int(1, wholesale ? 6 : 3);
    let price = priceIn(products, i, currency, rate, eurRate);
    if (wholesale && qty >= 10) price = round2(price * 0.95);
    lines.push(makeLine(products.id(i), products.code(i), products.name(i), unit, qty, price, st.ctx.vatRate(sec, products.vatKind(i))));
    weight += qty * products.weight(i);
  }
  return { lines, weight };
}

/**
 * Lines kept for later (a proforma to invoice, an invoice to reverse) as numbers, four per line:
 * a reference, the quantity, the unit price and the VAT rate. The reference is the product id of
 * a catalogue line (its code, name and unit follow from it) or what `otherRef` makes of another
 * line (0 or below). Kept for hundreds of documents, lines as objects with their strings were
 * much of what the seed left to the garbage collector.
 */
export function lineRefs(lines: readonly Line[], otherRef: (line: Line) => number): number[] {
  const out: number[] = [];
  for (const l of lines) out.push(l.productId ?? otherRef(l), l.quantity, l.unitPrice, l.vatRate);
  return out;
}

/** The lines of `refs` (see lineRefs), with their quantities multiplied by `sign`. */
export function refLines(
  st: DocState,
  refs: readonly number[],
  sign: 1 | -1,
  otherLine: (ref: number, quantity: number, unitPrice: number, vatRate: number) => Line,
): Line[] {
  const products = st.cat.products;
  const lines: Line[] = [];
  for (let k = 0; k + 3 < refs.length; k += 4) {
    const ref = at(refs, k);
    const quantity = sign * at(refs, k + 1);
    const unitPrice = at(refs, k + 2);
    const vatRate = at(refs, k + 3);
    if (ref > 0) {
      const i = ref - 1;
      lines.push(makeLine(ref, products.code(i), products.name(i), products.unit(i), quantity, unitPrice, vatRate));
    } else lines.push(otherLine(ref, quantity, unitPrice, vatRate));
  }
  return lines;
}

interface PayArgs {
  sec: number;
  client: ClientBlock;
  workpointId: number;
  currency: string;
  rate: number;
  total: number;
  saleId: number | null;
  invoiceId: number | null;
}

/** Staff payments of a document: none, full, partial (maybe completed later) or an overpayment. */
export function staffPayments(st: DocState, a: PayArgs): PaymentPlan[] {
  const { ctx } = st;
  const { rng } = ctx;
  const age = ctx.today - dayOf(a.sec);
  if (!rng.chance(age > 45 ? 0.85 : age > 10 ? 0.55 : 0.25)) return [];
  const n = ++st.counters.paidWholesale;
  const r = rng.next();
  const type = r < 0.65 ? 'bank_transfer' : r < 0.9 ? 'cash' : 'card';
  const paySec =
    type === 'bank_transfer'
      ? Math.min(ctx.nowSec - 60, a.sec + rng.int(1, 35) * DAY + rng.int(-3, 3) * 3600)
      : Math.min(ctx.nowSec - 60, a.sec + rng.int(30, 900));
  // A payment pays the sales receipt; the invoice only when it has none (docs/data-model.md "What is paid").
  // The draw that once chose between them stays, so the rest of the demo is the same data as before.
  if (a.invoiceId !== null && a.saleId !== null) rng.chance(type === 'bank_transfer' ? 0.6 : 0.2);
  const toInvoice = a.saleId === null && a.invoiceId !== null;
  const docType: Allocation['docType'] = toInvoice ? 'invoice' : 'sale';
  const docId = toInvoice ? (a.invoiceId ?? 0) : (a.saleId ?? 0);
  if (n % 10 === 4) {
    const step = a.currency === 'RON' ? 100 : 10;
    const amount = Math.ceil(a.total / step) * step + step;
    return [staffPayment(a, type, ctx.id('payments'), paySec, amount, docType, docId, a.total, 'Plata in plus, diferenta ramane in avans')];
  }
  if (rng.chance(0.12) && a.total >= 2) {
    const first = round2(a.total * rng.float(0.3, 0.8));
    const out: PaymentPlan[] = [staffPayment(a, type, ctx.id('payments'), paySec, first, docType, docId, first, 'Plata partiala')];
    if (rng.chance(0.5)) {
      const rest = round2(a.total - first);
      const sec2 = Math.min(ctx.nowSec - 30, paySec + rng.int(1, 20) * DAY);
      out.push(staffPayment(a, 'bank_transfer', ctx.id('payments'), sec2, rest, docType, docId, rest, 'Rest de plata'));
    }
    return out;
  }
  return [
    staffPayment(a, type, ctx.id('payments'), paySec, a.total, docType, docId, a.total, type === 'bank_transfer' ? `OP ${rng.digits(6)}` : ''),
  ];
}

/** A payment by staff, allocated to one document (a literal, not a spread of a common base: see regularSale). */
function staffPayment(
  a: PayArgs,
  type: string,
  id: number,
  sec: number,
  amount: number,
  docType: Allocation['docType'],
  docId: number,
  allocated: number,
  mentions: string,
): PaymentPlan {
  return {
    id, sec, type, client: a.client, workpointId: a.workpointId, amount, currency: a.currency, rate: a.rate,
    allocations: [{ docType, docId, amount: allocated }], source: 'staff', fiscalReceiptId: null, addedByApi: false, mentions,
  };
}

/** Sum of allocations to one document, and the latest payment instant touching it. */
export function paidOn(payments: readonly PaymentPlan[], docType: Allocation['docType'], docId: number): [number, number] {
  let sum = 0;
  let last = 0;
  for (const p of payments) {
    for (const a of p.allocations) {
      if (a.docType === docType && a.docId === docId) {
        sum = round2(sum + a.amount);
        last = Math.max(last, p.sec);
      }
    }
  }
  return [sum, last];
}
