// Documents of the demo account, written in date order so that numbers grow with dates: sales
// receipts (wholesale and retail) with their invoices, fiscal receipts, payments and AWBs,
// standalone and storno invoices, proformas (some from subscription templates, some turned into
// invoices), advance payments, and the connector orders (orders.ts) interleaved with them.
import type { Statement } from 'better-sqlite3';
import { vatKindOf, type VatKind } from '../../../../shared/domain/vat.ts';
import type { Catalogue } from './catalogue.ts';
import type { ConnectorFeeds } from './connectors.ts';
import type { Contacts } from './contacts.ts';
import type { Ctx } from './context.ts';
import { COMPANY_ID } from './context.ts';
import { DocState, lineRefs, paidOn, productLines, refLines, staffPayments } from './docstate.ts';
import { conversionInvoice, seedProformas } from './proformas.ts';
import { NO_CLIENT, efacturaStatus, makeLine, totalsOf } from './docwriter.ts';
import type { Line, PaymentPlan } from './docwriter.ts';
import { connectorOrder } from './orders.ts';
import { at, round2 } from './random.ts';
import { rateFor } from './reference.ts';
import { DAY, dayOf } from './util.ts';
import type { SqlValue } from './util.ts';

export interface DocumentCounts {
  regularSales: number;
  orders: number;
  standaloneInvoices: number;
  proformas: number;
  templates: number;
  advances: number;
}

/** Kinds of planned documents; also the order of documents made in the same second. */
const SALE = 0;
const ORDER = 1;
const INVOICE = 2;
const CONVERSION = 3;
const ADVANCE = 4;

/** An invoice a later storno may reverse (its lines as lineRefs, see docstate.ts). */
interface StornoCandidate {
  id: number;
  number: number;
  contactIndex: number;
  currency: string;
  lines: number[];
}

const SERVICES: readonly (readonly [string, string, number, number])[] = [
  ['SRV-TRANSP', 'Servicii transport marfă', 150, 1500],
  ['SRV-MONTAJ', 'Servicii montaj', 200, 2000],
  ['SRV-CONS', 'Consultanță tehnică', 300, 3000],
  ['SRV-MENT', 'Mentenanță echipamente', 250, 1500],
  ['SRV-INCH', 'Închiriere echipament', 100, 800],
];

const SALE_MENTIONS = ['', '', '', '', 'Livrare prin curier', 'Comandă telefonică', 'Ridicare personală', 'Plată la termen'];

interface ReceiptSplit {
  cash: number;
  card: number;
  foodstamp: number;
  voucher: number;
  modern: number;
  other: number;
  code: string;
}

type SplitKind = Exclude<keyof ReceiptSplit, 'code'>;

function splitReceipt(st: DocState, total: number): ReceiptSplit {
  const { rng } = st.ctx;
  const out: ReceiptSplit = { cash: 0, card: 0, foodstamp: 0, voucher: 0, modern: 0, other: 0, code: '' };
  const r = rng.next();
  if (r < 0.45) out.cash = total;
  else if (r < 0.85) out.card = total;
  else if (r < 0.92) {
    out.cash = round2(total * rng.float(0.2, 0.8));
    out.card = round2(total - out.cash);
  } else if (r < 0.96) {
    out.foodstamp = Math.min(total, 10 * rng.int(1, 8));
    out.cash = round2(total - out.foodstamp);
  } else if (r < 0.98) out.modern = total;
  else if (r < 0.99) {
    out.voucher = Math.min(total, 50);
    out.card = round2(total - out.voucher);
    out.code = 'VCH-' + rng.token(8, true);
  } else {
    out.other = Math.min(total, 100);
    out.cash = round2(total - out.other);
  }
  return out;
}

/**
 * The fiscal printer's VAT group of a receipt line (A=1 standard, B=2 reduced, C=3 the former 5%
 * group, D=4 exempt), found from the rate by the rates in force on the receipt's date: a printer
 * is programmed with the rates of the day, so 21 and 19 both print in group A.
 */
const PRINTER_VAT_GROUP: Readonly<Record<VatKind, number>> = { standard: 1, reduced: 2, reduced_low: 3 };

function printerVatGroup(rate: number, date: string): number {
  const kind = vatKindOf(rate, date);
  return kind === undefined ? 4 : PRINTER_VAT_GROUP[kind];
}

const RECEIPT_KINDS: readonly (readonly [SplitKind, string])[] = [
  ['cash', 'cash'], ['card', 'card'], ['foodstamp', 'foodstamps'], ['voucher', 'voucher'], ['modern', 'modern_payment'],
  ['other', 'tichet_cadou'],
];

/** A sale plan: when, retail or wholesale, cancelled, and its fiscal receipt's status (-1: none). */
interface SalePlan {
  sec: number;
  retail: boolean;
  cancelled: boolean;
  receipt: number;
}

function regularSale(st: DocState, plan: SalePlan): void {
  const { ctx, w } = st;
  const { rng } = ctx;
  const sec = plan.sec;
  const day = dayOf(sec);
  const retail = plan.retail;
  let ci: number;
  if (retail) {
    const r = rng.next();
    ci = r < 0.6 ? -1 : r < 0.88 ? st.randomPerson() : st.randomCompany();
  } else ci = rng.chance(0.8) ? st.randomCompany() : st.randomPerson();
  const hasClient = ci >= 0;
  const isCompany = hasClient && st.isCompany(ci);
  const client = hasClient ? st.client(ci) : NO_CLIENT;
  const eurRate = rateFor('EUR', day);
  const currency = !retail && isCompany && rng.chance(0.1) ? 'EUR' : 'RON';
  const rate = currency === 'EUR' ? eurRate : 1;
  const count = retail ? rng.int(1, 4) : rng.int(1, 5);
  const { lines, weight } = productLines(st, sec, count, currency, rate, eurRate, !retail);
  const totals = totalsOf(lines);
  const workpointId = retail ? 2 : 1;
  const series = retail ? 'BVM' : 'BV';
  const saleId = ctx.id('sales');
  const saleNumber = ctx.number('sale', series);
  const invoiced = retail
    ? hasClient && rng.chance(isCompany ? 0.6 : 0.05)
    : rng.chance(plan.cancelled ? 0.3 : 0.72);
  const invoiceId = invoiced ? ctx.id('invoices') : null;
  const addedByApi = rng.chance(0.08);

  // fiscal receipt and the payments it produces
  let payments: PaymentPlan[] = [];
  // the receipt's row, written after the sale it refers to
  let receiptRow: SqlValue[] | null = null;
  if (retail && plan.receipt >= 0) {
    const status = plan.receipt;
    const receiptId = ctx.id('fiscal_receipts');
    const station = rng.int(1, 3);
    let state = st.stations.get(station) ?? [day, 140 + station * 37, 0];
    if (state[0] !== day) state = [day, state[1] + 1, 0];
    st.stations.set(station, state);
    const printed = status === 3 || status === 2 || (status === 0 && rng.chance(0.5));
    const bonNr = printed ? ++state[2] : null;
    const pos = rng.chance(0.6) ? ++st.counters.posReceiptId : null;
    const split = status === 3 || status === 2 ? splitReceipt(st, totals.withVat) : null;
    const rSec = sec + 15;
    const receiptDate = ctx.finalDate(rSec);
    const content = lines
      .slice(0, 6)
      .map((l) => `S,1,______,_,__;${l.name.slice(0, 36)};${round2(l.valueWithVat / l.quantity).toFixed(2)};${l.quantity};1;1;${printerVatGroup(l.vatRate, receiptDate)};0;0;${l.unit}`)
      .join('\n');
    // in the order of RECEIPT_COLS (docwriter.ts)
    receiptRow = [
      receiptId, COMPANY_ID, saleId, pos, status, 2, station, ctx.date(day), bonNr, bonNr === null ? null : state[1],
      content + `\nT,1,______,_,__;0;${totals.withVat.toFixed(2)};;;;`,
      status === 3 ? `OK;BON=${bonNr ?? 0}` : status === 2 ? 'BUSY' : status === 0 ? 'ANULAT' : '',
      status === 3 ? ctx.ts(rSec + 5) : null, 'RON', totals.withVat, split?.cash ?? 0, split?.card ?? 0,
      split?.foodstamp ?? 0, split?.voucher ?? 0, split?.modern ?? 0, split?.other ?? 0, split?.code ?? '',
      pos !== null ? 1 : 0, ctx.ts(rSec), ctx.ts(status === 0 ? ctx.after(rSec, 60, 3600) : rSec + 5),
    ];
    if (status === 3 && split && !plan.cancelled) {
      for (const [key, type] of RECEIPT_KINDS) {
        const amount = split[key];
        if (amount <= 0) continue;
        payments.push({
          id: ctx.id('payments'), sec: rSec + 5, type, client, workpointId: 2, amount, currency: 'RON', rate: 1,
          allocations: [{ docType: 'sale', docId: saleId, amount }], source: 'fiscal_receipt', fiscalReceiptId: receiptId,
          addedByApi: pos !== null, mentions: `Bon fiscal ${bonNr ?? ''}`.trim(),
        });
      }
    }
  } else if (!plan.cancelled && (!retail || invoiced)) {
    payments = staffPayments(st, {
      sec, client, workpointId, currency, rate, total: totals.withVat, saleId, invoiceId,
    });
  }

  const [salePaid, salePaySec] = paidOn(payments, 'sale', saleId);
  const changed = plan.cancelled ? ctx.after(sec, 600, 5 * DAY) : Math.max(ctx.changed(sec), salePaySec);
  const mentions = addedByApi ? 'Importat prin API' : rng.pick(SALE_MENTIONS);
  // Headers are written out rather than spread from a common object: V8 (Node 20) promotes the
  // copies an object spread makes, and the old generation then fills with them (the RSS of a
  // large seed was four times its live data).
  if (invoiceId !== null) {
    // The invoice of a sales receipt is paid by what pays the receipt (the store's rule, migration 023).
    const [invPaid, invPaySec] = [salePaid, salePaySec];
    const invSec = sec + 30;
    w.invoice(
      {
        id: invoiceId, series: 'DMO', number: ctx.number('invoice', 'DMO'), sec: invSec,
        changedSec: Math.max(plan.cancelled ? changed : ctx.changed(invSec), invPaySec), client, workpointId, currency,
        rate, totals, cancelled: plan.cancelled, addedByApi: false, mentions,
      },
      lines, day + (isCompany ? 30 : 15), invPaid, efacturaStatus(rng, day, ctx.today), null,
    );
  }
  w.sale(
    {
      id: saleId, series, number: saleNumber, sec, changedSec: changed, client, workpointId, currency, rate, totals,
      cancelled: plan.cancelled, addedByApi, mentions,
    },
    lines, salePaid, invoiceId, null,
  );
  if (receiptRow) w.insReceipt.run(...receiptRow);
  for (const p of payments) w.payment(p, saleId);

  if (!retail && hasClient && rng.chance(0.28)) {
    const cod = !isCompany && currency === 'RON' && salePaid === 0 && rng.chance(0.6) ? totals.withVat : 0;
    w.awb({
      saleId, connectorOrderId: null, sec: ctx.after(sec, 1800, DAY), client, weight, codAmount: cod, codCurrency: 'RON',
      declaredValue: totals.withVat, source: rng.chance(0.8) ? 'staff' : 'api', cancelled: plan.cancelled,
    });
  }
  st.recordSale(saleId, ci, invoiceId, payments[0]?.id ?? null, day);
}

/** Services billed by an invoice made at `sec`, at the standard rate of its date. */
function serviceLines(st: DocState, sec: number, currency: string, rate: number): Line[] {
  const { rng } = st.ctx;
  const n = rng.int(1, 2);
  const lines: Line[] = [];
  for (let i = 0; i < n; i++) {
    const [code, name, min, max] = rng.pick(SERVICES);
    const ron = rng.money(min, max);
    lines.push(makeLine(null, code, name, 'buc', 1, currency === 'RON' ? ron : round2(ron / rate), st.ctx.vatRate(sec, 'standard')));
  }
  return lines;
}

const SERVICE_INDEX = new Map(SERVICES.map(([code], i) => [code, i]));

/** A storno candidate's lines (lineRefs): a service line's reference is -1 - its index in SERVICES. */
const serviceRef = (line: Line): number => -1 - (SERVICE_INDEX.get(line.code) ?? 0);

function serviceLine(ref: number, quantity: number, unitPrice: number, vatRate: number): Line {
  const [code, name] = at(SERVICES, -1 - ref);
  return makeLine(null, code, name, 'buc', quantity, unitPrice, vatRate);
}

function standaloneInvoice(st: DocState, sec: number, storno: StornoCandidate[]): void {
  const { ctx, w } = st;
  const { rng } = ctx;
  const day = dayOf(sec);
  const id = ctx.id('invoices');
  const number = ctx.number('invoice', 'DMO');
  if (storno.length > 0 && rng.chance(0.08)) {
    const k = rng.index(storno.length);
    const orig = at(storno, k);
    storno.splice(k, 1);
    const rate = rateFor(orig.currency, day);
    const lines = refLines(st, orig.lines, -1, serviceLine);
    w.invoice(
      {
        id, series: 'DMO', number, sec, changedSec: ctx.changed(sec), client: st.client(orig.contactIndex), workpointId: 1,
        currency: orig.currency, rate, totals: totalsOf(lines), cancelled: false, addedByApi: false,
        mentions: `Stornare factura DMO ${orig.number}`,
      },
      lines, day, 0, efacturaStatus(rng, day, ctx.today), orig.id,
    );
    return;
  }
  const ci = rng.chance(0.9) ? st.randomCompany() : st.randomPerson();
  const client = st.client(ci);
  const eurRate = rateFor('EUR', day);
  const currency = rng.chance(0.15) ? 'EUR' : 'RON';
  const rate = currency === 'EUR' ? eurRate : 1;
  const lines = rng.chance(0.5)
    ? serviceLines(st, sec, currency, rate)
    : productLines(st, sec, rng.int(1, 6), currency, rate, eurRate, true).lines;
  const totals = totalsOf(lines);
  // a few cancelled invoices at every scale: every twelfth standalone invoice, plus chance
  const cancelled = ++st.counters.standaloneInvoices % 12 === 5 || rng.chance(0.05);
  const payments = cancelled
    ? []
    : staffPayments(st, { sec, client, workpointId: 1, currency, rate, total: totals.withVat, saleId: null, invoiceId: id });
  const [paid, paySec] = paidOn(payments, 'invoice', id);
  w.invoice(
    {
      id, series: 'DMO', number, sec, changedSec: cancelled ? ctx.after(sec, 600, 3 * DAY) : Math.max(ctx.changed(sec), paySec),
      client, workpointId: 1, currency, rate, totals, cancelled, addedByApi: rng.chance(0.1), mentions: '',
    },
    lines, day + 30, paid, efacturaStatus(rng, day, ctx.today), null,
  );
  for (const p of payments) w.payment(p);
  if (!cancelled) {
    storno.push({ id, number, contactIndex: ci, currency, lines: lineRefs(lines, serviceRef) });
    if (storno.length > 500) storno.shift();
  }
}

function advancePayment(st: DocState, sec: number): void {
  const { ctx, w } = st;
  const { rng } = ctx;
  const client = st.client(st.randomCompany());
  const eur = rng.chance(0.15);
  w.payment({
    id: ctx.id('payments'), sec, type: 'bank_transfer', client, workpointId: 1,
    amount: eur ? 100 * rng.int(2, 40) : 50 * rng.int(10, 400), currency: eur ? 'EUR' : 'RON',
    rate: eur ? rateFor('EUR', dayOf(sec)) : 1, allocations: [], source: rng.chance(0.3) ? 'api' : 'staff',
    fiscalReceiptId: null, addedByApi: false, mentions: rng.pick(['Avans conform contract', 'Plata in avans', 'Avans comanda']),
  });
}

/** Sale plans' details: retail, cancelled, and the receipt status + 1 above them. */
const RETAIL = 1;
const CANCELLED = 2;
const saleDetail = (retail: boolean, cancelled: boolean, receipt: number): number =>
  (retail ? RETAIL : 0) | (cancelled ? CANCELLED : 0) | ((receipt + 1) << 2);
const receiptOf = (detail: number): number => (detail >> 2) - 1;

export function seedDocuments(ctx: Ctx, cat: Catalogue, contacts: Contacts, feeds: ConnectorFeeds, counts: DocumentCounts): DocState {
  const st = new DocState(ctx, cat, contacts, feeds, counts.regularSales + counts.orders);
  const { rng } = ctx;
  ctx.progress.phase('proformas');
  const conversions = seedProformas(st, counts.proformas, counts.templates);

  // The plan of every document, in columns (a third of a million at scale 1000): kind, instant,
  // and a detail per kind (sale: flags and receipt status, order: connector, conversion: index).
  const total = conversions.length + counts.regularSales + counts.orders + counts.standaloneInvoices + counts.advances;
  const kinds = new Uint8Array(total);
  const secs = new Float64Array(total);
  const details = new Int32Array(total);
  let n = 0;
  const plan = (kind: number, sec: number, detail: number): void => {
    kinds[n] = kind;
    secs[n] = sec;
    details[n] = detail;
    n++;
  };
  conversions.forEach((c, i) => plan(CONVERSION, c.sec, i));
  const receiptStatus = (cancelled: boolean): number => {
    if (cancelled) return 0;
    const r = rng.next();
    return r < 0.88 ? 3 : r < 0.92 ? 0 : r < 0.96 ? 1 : 2;
  };
  for (let i = 0; i < counts.regularSales; i++) {
    const retail = rng.chance(0.55);
    const cancelled = rng.chance(0.04);
    const receipt = retail && rng.chance(0.83) ? receiptStatus(cancelled) : -1;
    plan(SALE, ctx.docSec(), saleDetail(retail, cancelled, receipt));
  }
  for (let i = 0; i < counts.orders; i++) {
    const sec = ctx.docSec();
    plan(ORDER, sec, rng.chance(0.75) ? 1 : 2);
  }
  for (let i = 0; i < counts.standaloneInvoices; i++) plan(INVOICE, ctx.docSec(), 0);
  for (let i = 0; i < counts.advances; i++) plan(ADVANCE, ctx.docSec(), 0);
  // in date order, same instants by kind, then as planned (the order a stable sort of the plans gave)
  const order = Array.from({ length: total }, (_, i) => i);
  order.sort((a, b) => (secs[a] ?? 0) - (secs[b] ?? 0) || (kinds[a] ?? 0) - (kinds[b] ?? 0) || a - b);

  // every fiscal receipt status must be present: recent receipts take the missing ones
  const receipts = order.filter((i) => kinds[i] === SALE && receiptOf(details[i] ?? 0) >= 0);
  const receipt = (i: number): number => receiptOf(details[i] ?? 0);
  const cancelled = (i: number): boolean => ((details[i] ?? 0) & CANCELLED) !== 0;
  for (const status of [0, 1, 2, 3]) {
    if (receipts.some((i) => receipt(i) === status)) continue;
    const printed = receipts.filter((i) => receipt(i) === 3 && !cancelled(i));
    const target = status === 3 ? receipts.find((i) => !cancelled(i)) : printed.length > 1 ? printed[printed.length - 1] : undefined;
    if (target !== undefined) details[target] = saleDetail(((details[target] ?? 0) & RETAIL) !== 0, cancelled(target), status);
  }

  const updateProforma = proformaUpdate(ctx);
  const storno: StornoCandidate[] = [];
  ctx.progress.phase('documents');
  for (const i of order) {
    const sec = secs[i] ?? 0;
    const detail = details[i] ?? 0;
    switch (kinds[i]) {
      case SALE:
        regularSale(st, { sec, retail: (detail & RETAIL) !== 0, cancelled: (detail & CANCELLED) !== 0, receipt: receiptOf(detail) });
        break;
      case ORDER: connectorOrder(st, sec, detail === 1 ? 1 : 2); break;
      case INVOICE: standaloneInvoice(st, sec, storno); break;
      case CONVERSION: conversionInvoice(st, sec, at(conversions, detail).conv, updateProforma); break;
      case ADVANCE: advancePayment(st, sec); break;
    }
    if (kinds[i] !== CONVERSION) ctx.progress.add();
  }
  return st;
}

/** Links a proforma to the invoice made from it: (invoice_id, last_changed_ts, id). */
function proformaUpdate(ctx: Ctx): Statement<[number, string, number]> {
  return ctx.db.prepare<[number, string, number]>('UPDATE proformas SET invoice_id = ?, last_changed_ts = ? WHERE id = ?');
}
