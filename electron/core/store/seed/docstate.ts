// State shared by the document generators (sales, invoices, orders, workmanager links).
import type { Catalogue, ProductInfo } from './catalogue.ts';
import type { ConnectorFeeds } from './connectors.ts';
import type { ContactInfo, Contacts } from './contacts.ts';
import type { Ctx } from './context.ts';
import { DocWriter, makeLine } from './docwriter.ts';
import type { Allocation, ClientBlock, Line, PaymentPlan } from './docwriter.ts';
import { at, round2, round3 } from './random.ts';
import { DAY, dayOf } from './util.ts';

/** Compact index of the sales written, used to link service files to documents. */
export interface SaleIndex {
  saleId: number[];
  contactIndex: number[]; // -1 when the sale has no client
  invoiceId: number[]; // 0 when not invoiced
  paymentId: number[]; // first payment allocated to it, 0 when none
  day: number[];
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
  readonly index: SaleIndex = { saleId: [], contactIndex: [], invoiceId: [], paymentId: [], day: [] };
  readonly counters: DocCounters = { paidWholesale: 0, posReceiptId: 880000, conn1Seq: 100000, conn2Seq: 0, clientUniqueSeq: 0, standaloneInvoices: 0 };
  /** Station state for Z reports: [day, z number, receipt number in the day]. */
  readonly stations = new Map<number, [number, number, number]>();

  constructor(
    readonly ctx: Ctx,
    readonly cat: Catalogue,
    readonly contacts: Contacts,
    readonly feeds: ConnectorFeeds,
  ) {
    this.w = new DocWriter(ctx);
  }

  contact(index: number): ContactInfo {
    return at(this.contacts.all, index);
  }

  product(index: number): ProductInfo {
    return at(this.cat.products, index);
  }

  randomCompany(): number {
    return this.ctx.rng.pick(this.contacts.clientCompanies);
  }

  randomPerson(): number {
    return this.ctx.rng.pick(this.contacts.clientPersons);
  }

  recordSale(saleId: number, contactIndex: number, invoiceId: number | null, paymentId: number | null, day: number): void {
    this.index.saleId.push(saleId);
    this.index.contactIndex.push(contactIndex);
    this.index.invoiceId.push(invoiceId ?? 0);
    this.index.paymentId.push(paymentId ?? 0);
    this.index.day.push(day);
  }
}

export function clientBlock(c: ContactInfo): ClientBlock {
  return { id: c.id, name: c.name, cui: c.cui, regCom: c.regCom };
}

/** Net unit price of a product in a document currency, given RON per unit of `currency`. */
export function priceIn(p: ProductInfo, currency: string, rate: number, eurRate: number): number {
  if (p.currency === currency) return p.price;
  const ron = p.currency === 'EUR' ? p.price * eurRate : p.price;
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
  const lines: Line[] = [];
  let weight = 0;
  for (let i = 0; i < count; i++) {
    const p = st.product(rng.pick(pool));
    let qty: number;
    if (p.unit === 'kg') qty = round3(rng.float(0.25, wholesale ? 20 : 2.5));
    else if (wholesale && rng.chance(0.2)) qty = rng.int(10, 50);
    else qty = rng.int(1, wholesale ? 6 : 3);
    let price = priceIn(p, currency, rate, eurRate);
    if (wholesale && qty >= 10) price = round2(price * 0.95);
    lines.push(makeLine(p.id, p.code, p.name, p.unit, qty, price, st.ctx.vatRate(sec, p.vatKind)));
    weight += qty * p.weight;
  }
  return { lines, weight };
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
  const toInvoice = a.invoiceId !== null && (a.saleId === null || rng.chance(type === 'bank_transfer' ? 0.6 : 0.2));
  const docType: Allocation['docType'] = toInvoice ? 'invoice' : 'sale';
  const docId = toInvoice ? (a.invoiceId ?? 0) : (a.saleId ?? 0);
  const base = {
    type, client: a.client, workpointId: a.workpointId, currency: a.currency, rate: a.rate, source: 'staff' as const,
    fiscalReceiptId: null, addedByApi: false,
  };
  if (n % 10 === 4) {
    const step = a.currency === 'RON' ? 100 : 10;
    const amount = Math.ceil(a.total / step) * step + step;
    return [{
      ...base, id: ctx.id('payments'), sec: paySec, amount, allocations: [{ docType, docId, amount: a.total }],
      mentions: 'Plata in plus, diferenta ramane in avans',
    }];
  }
  if (rng.chance(0.12) && a.total >= 2) {
    const first = round2(a.total * rng.float(0.3, 0.8));
    const out: PaymentPlan[] = [{
      ...base, id: ctx.id('payments'), sec: paySec, amount: first, allocations: [{ docType, docId, amount: first }],
      mentions: 'Plata partiala',
    }];
    if (rng.chance(0.5)) {
      const rest = round2(a.total - first);
      const sec2 = Math.min(ctx.nowSec - 30, paySec + rng.int(1, 20) * DAY);
      out.push({
        ...base, type: 'bank_transfer', id: ctx.id('payments'), sec: sec2, amount: rest,
        allocations: [{ docType, docId, amount: rest }], mentions: 'Rest de plata',
      });
    }
    return out;
  }
  return [{
    ...base, id: ctx.id('payments'), sec: paySec, amount: a.total, allocations: [{ docType, docId, amount: a.total }],
    mentions: type === 'bank_transfer' ? `OP ${rng.digits(6)}` : '',
  }];
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
