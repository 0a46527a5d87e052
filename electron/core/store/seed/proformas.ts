// Proformas: subscription templates and the monthly/quarterly/yearly proformas they generate,
// one-off proformas, and the invoices some of them are turned into (written in the date-ordered
// document stream of documents.ts).
import type { Statement } from 'better-sqlite3';
import { COMPANY_ID } from './context.ts';
import type { DocState } from './docstate.ts';
import { lineRefs, paidOn, productLines, refLines, staffPayments } from './docstate.ts';
import { efacturaStatus, makeLine, totalsOf } from './docwriter.ts';
import type { Line, PaymentPlan } from './docwriter.ts';
import { vatKindOf, vatRateOn } from '../../../../shared/domain/vat.ts';
import { at } from './random.ts';
import { rateFor } from './reference.ts';
import { DAY, dayOf, fmtDay, inserter } from './util.ts';

export interface Conversion {
  proformaId: number;
  proformaNumber: number;
  proformaSec: number;
  proformaChangedSec: number;
  contactIndex: number;
  currency: string;
  /** The proforma's lines (lineRefs in docstate.ts; a subscription's line has reference 0). */
  lines: number[];
  /** Code and name of a subscription's line ('' otherwise). */
  lineCode: string;
  lineName: string;
  paidOnline: boolean;
}

const TEMPLATE_NAMES = [
  'Abonament mentenanță IT', 'Abonament service echipamente', 'Închiriere casă de marcat', 'Abonament suport tehnic',
  'Abonament aprovizionare birou', 'Închiriere expozor',
];

const MONTHS = [
  'ianuarie', 'februarie', 'martie', 'aprilie', 'mai', 'iunie', 'iulie', 'august', 'septembrie', 'octombrie',
  'noiembrie', 'decembrie',
];

/** Writes templates and proformas; returns the invoices to issue from proformas, with their instants. */
export function seedProformas(st: DocState, proformaCount: number, templateCount: number): { sec: number; conv: Conversion }[] {
  const { ctx, w } = st;
  const { rng } = ctx;
  const insTemplate = inserter(ctx.db, 'subscription_templates', [
    'id', 'company_id', 'client_id', 'name', 'period', 'amount', 'currency', 'active',
  ]);
  interface PfPlan {
    sec: number;
    template: number;
    templateIdx: number;
  }
  const templates: { ci: number; name: string; amount: number; currency: string }[] = [];
  const pfPlans: PfPlan[] = [];
  const quota = Math.round(proformaCount * 0.35);
  const startDay = dayOf(ctx.startSec);
  for (let t = 0; t < templateCount; t++) {
    const ci = st.randomCompany();
    const name = rng.pick(TEMPLATE_NAMES);
    const r = rng.next();
    const period = r < 0.7 ? 'monthly' : r < 0.9 ? 'quarterly' : 'yearly';
    const step = period === 'monthly' ? 30 : period === 'quarterly' ? 91 : 365;
    const currency = rng.chance(0.15) ? 'EUR' : 'RON';
    const amount = currency === 'EUR' ? 10 * rng.int(5, 80) : 50 * rng.int(3, 60);
    const active = rng.chance(0.85);
    const id = t + 1;
    insTemplate.run(id, COMPANY_ID, st.contacts.table.id(ci), name, period, amount, currency, active ? 1 : 0);
    templates.push({ ci, name, amount, currency });
    const endDay = active ? ctx.today - 1 : startDay + rng.int(200, 600);
    for (let d = startDay + rng.int(0, 300); d <= endDay && pfPlans.length < quota; d += step) {
      pfPlans.push({ sec: d * DAY + 7 * 3600 + rng.int(0, 3600), template: id, templateIdx: t });
    }
  }
  while (pfPlans.length < proformaCount) pfPlans.push({ sec: ctx.docSec(), template: 0, templateIdx: -1 });
  pfPlans.sort((a, b) => a.sec - b.sec);

  const plans: { sec: number; conv: Conversion }[] = [];
  for (const pf of pfPlans) {
    const sec = Math.min(pf.sec, ctx.nowSec - 3600);
    const day = dayOf(sec);
    const id = ctx.id('proformas');
    const number = ctx.number('proforma', 'PF');
    let ci: number;
    let currency: string;
    let lines: Line[];
    const eurRate = rateFor('EUR', day);
    if (pf.templateIdx >= 0) {
      const t = at(templates, pf.templateIdx);
      ci = t.ci;
      currency = t.currency;
      const month = at(MONTHS, Number(fmtDay(day).slice(5, 7)) - 1);
      lines = [makeLine(null, `ABON-${pad3(pf.template)}`, `${t.name} - ${month} ${fmtDay(day).slice(0, 4)}`, 'buc', 1, t.amount, ctx.vatRate(sec, 'standard'))];
    } else {
      ci = rng.chance(0.7) ? st.randomCompany() : st.randomPerson();
      currency = rng.chance(0.1) ? 'EUR' : 'RON';
      lines = productLines(st, sec, rng.int(1, 5), currency, currency === 'EUR' ? eurRate : 1, eurRate, true).lines;
    }
    const rate = currency === 'EUR' ? eurRate : 1;
    const cancelled = rng.chance(0.05);
    const link = rng.chance(0.4) ? `https://pay.demo-retail.ro/p/${rng.token(24)}` : '';
    const changed = cancelled ? ctx.after(sec, 600, 10 * DAY) : ctx.changed(sec);
    w.proforma(
      {
        id, series: 'PF', number, sec, changedSec: changed, client: st.client(ci), workpointId: 1, currency, rate,
        totals: totalsOf(lines), cancelled, addedByApi: rng.chance(0.1), mentions: pf.template ? 'Generata din abonament' : '',
      },
      lines, day + (pf.template ? 10 : 7), pf.template || null, link,
    );
    if (!cancelled && ctx.today - day >= 1 && rng.chance(0.35)) {
      const invDay = Math.min(day + rng.int(0, 10), ctx.today);
      const invSec = Math.min(Math.max(invDay * DAY + 9 * 3600 + rng.int(0, 8 * 3600), sec + 60), ctx.nowSec - 60);
      plans.push({
        sec: invSec,
        conv: {
          proformaId: id, proformaNumber: number, proformaSec: sec, proformaChangedSec: changed, contactIndex: ci, currency,
          lines: lineRefs(lines, () => 0), lineCode: pf.template ? at(lines, 0).code : '', lineName: pf.template ? at(lines, 0).name : '',
          paidOnline: link !== '' && rng.chance(0.7),
        },
      });
    }
    ctx.progress.add();
  }
  return plans;
}

function pad3(n: number): string {
  return String(n).padStart(3, '0');
}

/**
 * The proforma's lines on the invoice made from it at `sec`: a line keeps its kind of goods and
 * takes the rate in force on the invoice's date (a proforma of late July 2025 invoiced in August
 * is invoiced at 21/11; the proforma keeps what it offered).
 */
function linesOnInvoice(st: DocState, conv: Conversion, sec: number): Line[] {
  const from = st.ctx.finalDate(conv.proformaSec);
  const to = st.ctx.finalDate(sec);
  const lines = refLines(st, conv.lines, 1, (_ref, quantity, unitPrice, vatRate) =>
    makeLine(null, conv.lineCode, conv.lineName, 'buc', quantity, unitPrice, vatRate),
  );
  if (from === to) return lines;
  return lines.map((l) => {
    const kind = vatKindOf(l.vatRate, from);
    const rate = kind === undefined ? l.vatRate : vatRateOn(to, kind);
    return rate === l.vatRate ? l : makeLine(l.productId, l.code, l.name, l.unit, l.quantity, l.unitPrice, rate);
  });
}

/** The invoice issued from a proforma, with its payment, and the proforma's link to it. */
export function conversionInvoice(
  st: DocState,
  sec: number,
  conv: Conversion,
  updateProforma: Statement<[number, string, number]>,
): void {
  const { ctx, w } = st;
  const { rng } = ctx;
  const day = dayOf(sec);
  const id = ctx.id('invoices');
  const client = st.client(conv.contactIndex);
  const rate = rateFor(conv.currency, day);
  const lines = linesOnInvoice(st, conv, sec);
  const totals = totalsOf(lines);
  let payments: PaymentPlan[];
  if (conv.paidOnline) {
    payments = [{
      id: ctx.id('payments'), sec: Math.max(sec - rng.int(600, 2 * DAY), conv.proformaChangedSec), type: 'card', client,
      workpointId: 1, amount: totals.withVat, currency: conv.currency, rate,
      allocations: [{ docType: 'invoice', docId: id, amount: totals.withVat }], source: 'staff', fiscalReceiptId: null,
      addedByApi: false, mentions: `Plata online proforma PF ${conv.proformaNumber}`,
    }];
  } else {
    payments = staffPayments(st, {
      sec, client, workpointId: 1, currency: conv.currency, rate, total: totals.withVat, saleId: null, invoiceId: id,
    });
  }
  const [paid, paySec] = paidOn(payments, 'invoice', id);
  const changed = Math.max(ctx.changed(sec), paySec);
  w.invoice(
    {
      id, series: 'DMO', number: ctx.number('invoice', 'DMO'), sec, changedSec: changed, client, workpointId: 1,
      currency: conv.currency, rate, totals, cancelled: false, addedByApi: false,
      mentions: `Conform proforma PF ${conv.proformaNumber}`,
    },
    lines, day + 15, paid, efacturaStatus(rng, day, ctx.today), null,
  );
  for (const p of payments) w.payment(p);
  updateProforma.run(id, ctx.ts(Math.max(sec, conv.proformaChangedSec)), conv.proformaId);
}
