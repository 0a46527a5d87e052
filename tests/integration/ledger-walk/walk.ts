import type { ConnectorOrder, MarketplaceOrder } from '../../../shared/domain/connectors.ts';
import type { Sale } from '../../../shared/domain/sales.ts';
import type { SalePaymentForm } from '../../../shared/domain/payments.ts';
import type { Harness } from '../harness.ts';
import { WalkApi, type LoggedCall } from './api.ts';
import { newOrder, orderItems, orderPayment, orderTotal, type FeedProduct, type OrderBody, type OrderPaymentBody } from './bodies.ts';
import { Prng } from './prng.ts';
import { checkRules, r2, type Violation } from './rules.ts';
import { liveSalesOf, readDetails, readState, type LedgerState } from './state.ts';

// One run of the ledger random walk: a seeded sequence of what partners and staff do (orders,
// their updates and cancellations, payments, fiscal receipts, invoices, AWBs, the clock), with
// the rules checked on what the REST lists and the screens read every few steps and at the end.

export interface WalkOptions {
  seed: number;
  steps: number;
  /** Check the rules after every `checkEvery` steps (and before the first, and after the last). */
  checkEvery: number;
  /** Go on after a check that found violations (report them all at the end); default: stop at the first. */
  keepGoing: boolean;
  /** Demo sales whose payment form (GET /sales/{bv_id}/payment/) the last check reads besides those the walk touched. */
  demoSample: number;
}

export interface WalkFinding {
  step: number;
  at: string;
  violations: Violation[];
}

export interface WalkResult {
  seed: number;
  findings: WalkFinding[];
  log: LoggedCall[];
  checks: number;
  steps: number;
}

/** How a connector handles an order (GET /connector/{id}/config/) and what its feed offers. */
interface ConnectorInfo {
  id: number;
  reserves: boolean;
  automatic: boolean;
  ignored: Set<string>;
  products: FeedProduct[];
}

/** An order the walk sent, with what the partner knows of it. */
interface WalkOrder {
  connectorId: number;
  uid: string;
  id: number;
  /** The full order as the partner holds it (resent as is by a POST of a known order). */
  body: OrderBody;
  /** Processed by an import since it was last (re)activated: it reserved its stock on a reserving connector. */
  processed: boolean;
  row: ConnectorOrder | undefined;
}

/** An order a staff action or an update targets: one of the walk's or one of the demo's. */
interface OrderRef {
  connectorId: number;
  uid: string;
  id: number;
  walk: WalkOrder | undefined;
}

type ConfigGroup = Record<string, { value: unknown }>;

/** RON per unit of a currency on a day (control API reference.exchangeRate), kept for the whole file: the rates are static. */
const rates = new Map<string, number | null>();

const ORDER_STATUSES = ['processing', 'completed', 'pending', 'on-hold', 'shipped', 'new', 'delivered'];
const STAFF_STATUSES = ['packed', 'delivered', 'shipped', 'picked', 'processing', 'pending'];
const PAYMENT_TYPES = ['cash', 'card', 'bank_transfer', 'modern_payment'];

const ACTIONS = {
  'order.create': 14,
  'order.status': 6,
  'order.pay': 8,
  'order.items': 4,
  'order.cancel': 5,
  'order.reactivate': 2,
  'order.resend': 2,
  'staff.cancelOrder': 2,
  'sale.pay': 10,
  'staff.pay': 7,
  'receipt.import': 5,
  'staff.status': 4,
  'staff.invoice': 9,
  'staff.awb': 6,
  'staff.cancelPayment': 6,
  'awb.delete': 3,
  'awb.add': 2,
  clock: 5,
} as const;
type ActionKind = keyof typeof ACTIONS;

/** The label of the clock move that starts every step. */
export const CLOCK_STEP = 'clock moves on';

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export class LedgerWalk {
  readonly api: WalkApi;
  private readonly rng: Prng;
  private now = '';
  private readonly connectors = new Map<number, ConnectorInfo>();
  private readonly orders: WalkOrder[] = [];
  private readonly touchedSales = new Set<number>();
  private readonly touchedOrders = new Set<number>();
  private readonly walkPayments = new Set<number>();
  private state: LedgerState | undefined;
  private previous: LedgerState | undefined;
  private uidSeq = 0;
  private posSeq = 0;
  private awbSeq = 0;
  private checks = 0;
  private readonly findings: WalkFinding[] = [];
  private readonly reported = new Set<string>();

  constructor(
    h: Harness,
    user: [string, string],
    private readonly options: WalkOptions,
  ) {
    this.api = new WalkApi(h, user);
    this.rng = new Prng(options.seed);
  }

  get today(): string {
    return this.now.slice(0, 10);
  }

  async run(): Promise<WalkResult> {
    const { steps, checkEvery, keepGoing } = this.options;
    // A Tuesday of November, at an hour of the working day the seed picks (before or after the
    // connectors' next-day hour), frozen: every step moves it on.
    await this.start();
    let done = 0;
    if (!(await this.check(0, false)) && !keepGoing) return this.result(0);
    for (let step = 1; step <= steps; step++) {
      this.api.step = step;
      await this.setClock({ advance_s: this.rng.int(60, 1200) }, CLOCK_STEP);
      await this.act(this.rng.weighted(ACTIONS));
      done = step;
      const last = step === steps;
      if (last || step % checkEvery === 0) {
        if (!(await this.check(step, last)) && !keepGoing) break;
      }
    }
    return this.result(done);
  }

  /** Freezes the clock where the seed says and reads the connectors' settings and feeds. */
  async start(): Promise<void> {
    const start = `2026-11-17 ${String(this.rng.int(8, 17)).padStart(2, '0')}:${String(this.rng.int(0, 59)).padStart(2, '0')}:00`;
    await this.setClock({ mode: 'frozen', now: start }, `clock frozen at ${start}`);
    for (const id of [1, 2]) this.connectors.set(id, await this.readConnector(id));
  }

  /**
   * One check outside a run (after `start`), as a run makes them: every rule on what the lists
   * read now, R4 against the previous checkpoint; the clock moved on by `advance_s` first.
   */
  async checkpoint(advanceSeconds: number): Promise<Violation[]> {
    if (advanceSeconds > 0) await this.setClock({ advance_s: advanceSeconds }, CLOCK_STEP);
    const found = this.findings.length;
    await this.check(this.api.step, true);
    return this.findings.slice(found).flatMap((f) => f.violations);
  }

  private result(steps: number): WalkResult {
    return { seed: this.options.seed, findings: this.findings, log: this.api.log, checks: this.checks, steps };
  }

  // ---------------------------------------------------------------- reads

  private async setClock(body: Record<string, unknown>, label: string): Promise<void> {
    const answer = await this.api.service<{ now: string }>(label, 'PATCH', '/clock', body);
    if (answer.status !== 200) throw new Error(`the clock refused ${JSON.stringify(body)}: ${answer.body.messages.join(' | ')}`);
    this.now = answer.body.data.now;
  }

  private async readConnector(id: number): Promise<ConnectorInfo> {
    const config = await this.api.restRead<Record<string, ConfigGroup>>(`/connector/${id}/config/`);
    const processing = config.order_processing!;
    type FeedRow = { product_id: number; cod_produs: string; pret_vanzare_cu_tva: number; cota_tva_vanzare: number; selling_currency_txt: string; stoc_global: number };
    const feed = await this.api.restList<FeedRow>(`/connector/${id}/products/`);
    const products = feed
      .filter((p) => p.selling_currency_txt === 'RON' && p.pret_vanzare_cu_tva > 0)
      .map((p) => ({ product_id: p.product_id, code: p.cod_produs, pwv: p.pret_vanzare_cu_tva, vat: p.cota_tva_vanzare }));
    if (products.length === 0) throw new Error(`connector ${id} publishes no product the walk can order`);
    return {
      id,
      reserves: processing.action_on_import!.value === 'reserve_stock',
      automatic: processing.confirmation_method!.value === 'automatic',
      ignored: new Set((processing.ignored_statuses!.value as string[]).map((s) => s.toLowerCase())),
      // A few products per run keep the reservations of several orders on the same products.
      products: this.rng.sample(products, 12),
    };
  }

  private async readOrderRow(o: WalkOrder): Promise<void> {
    const rows = await this.api.restRead<ConnectorOrder[]>(`/connector/${o.connectorId}/order/list/id:${o.id}/`);
    o.row = rows[0];
    for (const sale of o.row?.sales_receipts ?? []) this.touchedSales.add(sale.bv_id);
  }

  /** After an accepted import: the order as the list shows it, and whether it reserved. */
  private async afterImport(o: WalkOrder): Promise<void> {
    await this.readOrderRow(o);
    const row = o.row;
    if (!row) return;
    const info = this.connectors.get(o.connectorId)!;
    if (row.order_cancelled) o.processed = false;
    else if (info.automatic && !info.ignored.has(row.order_status.toLowerCase())) o.processed = true;
  }

  /** Whether the order should hold a reservation now (R6). */
  private holdsReservation(order: MarketplaceOrder): boolean {
    const info = this.connectors.get(order.connector.connector_id);
    if (!info?.reserves || order.order_cancelled !== 0 || liveSalesOf(order).length > 0) return false;
    const walk = this.orders.find((o) => o.id === order.rec_id);
    return walk ? walk.processed : info.automatic && !info.ignored.has(order.order_status.toLowerCase());
  }

  // ---------------------------------------------------------------- checks

  /** Reads everything and checks the rules; false when violations were found. */
  private async check(step: number, last: boolean): Promise<boolean> {
    this.checks++;
    const state = await readState(this.api, this.now);
    const walkIds = new Set(this.orders.map((o) => o.id));
    const orderIds = [...state.orders.values()]
      .filter((o) => last || walkIds.has(o.rec_id) || this.touchedOrders.has(o.rec_id) || this.holdsReservation(o))
      .map((o) => o.rec_id);
    const saleIds = new Set([...this.touchedSales].filter((id) => state.sales.has(id)));
    if (last) {
      const demo = [...state.sales.keys()].filter((id) => !saleIds.has(id));
      for (const id of new Prng(this.options.seed * 7919).sample(demo, this.options.demoSample)) saleIds.add(id);
    }
    await readDetails(this.api, state, orderIds, saleIds);
    await this.readRates(state);
    const violations: Violation[] = this.api.serverErrors.map((call) => ({
      rule: 'R0' as const,
      text: `step ${call.step}: ${call.method} ${call.path} answered ${call.status}: ${call.note ?? ''}`,
    }));
    this.api.serverErrors = [];
    violations.push(
      ...checkRules(state, this.previous, {
        rateOn: (currency, date) => (currency === 'RON' ? 1 : (rates.get(`${currency}:${date}`) ?? undefined)),
        holdsReservation: (order) => this.holdsReservation(order),
      }),
    );
    this.previous = state;
    this.state = state;
    for (const o of this.orders) {
      const row = state.orders.get(o.id);
      if (row) o.row = { ...row, SERVICE_order_id: row.rec_id };
    }
    const fresh = this.options.keepGoing ? violations.filter((v) => !this.reported.has(v.text)) : violations;
    for (const v of fresh) this.reported.add(v.text);
    if (fresh.length > 0) this.findings.push({ step, at: this.now, violations: fresh });
    return violations.length === 0;
  }

  /** The rates the currency conversions of the rules need (each (currency, day) read once). */
  private async readRates(state: LedgerState): Promise<void> {
    const needed = new Set<string>();
    for (const payment of state.payments.values()) {
      for (const a of payment.allocations ?? []) {
        const currencies: string[] = [];
        if (a.doc_type === 'sale') {
          const sale = state.sales.get(a.doc_id);
          if (sale) currencies.push(sale.currency);
          const invoice = sale?.invoice_id ? state.invoices.get(sale.invoice_id) : undefined;
          if (invoice) currencies.push(invoice.currency);
        } else if (a.doc_type === 'invoice') {
          const invoice = state.invoices.get(a.doc_id);
          if (invoice) currencies.push(invoice.currency);
        }
        for (const c of currencies) if (c !== 'RON' && c !== payment.currency) needed.add(`${c}:${payment.doc_date}`);
      }
    }
    for (const key of needed) {
      if (rates.has(key)) continue;
      const [currency, date] = key.split(':') as [string, string];
      const answer = await this.api.controlRead<{ rate: number | null }>(`/exchange-rate?currency=${currency}&date=${date}`);
      rates.set(key, answer.rate);
    }
  }

  // ---------------------------------------------------------------- targets

  private walkOrder(filter: (o: WalkOrder) => boolean = () => true): WalkOrder | undefined {
    return this.rng.maybePick(this.orders.filter(filter));
  }

  /** An order for a staff action: mostly one of the walk's, sometimes one of the demo's. */
  private anyOrder(): OrderRef | undefined {
    const demo = this.state ? [...this.state.orders.values()].filter((o) => this.connectors.has(o.connector.connector_id)) : [];
    if (this.orders.length === 0 || (demo.length > 0 && this.rng.chance(0.15))) {
      const o = this.rng.maybePick(demo);
      return o && { connectorId: o.connector.connector_id, uid: o.order_unique_id, id: o.rec_id, walk: this.orders.find((w) => w.id === o.rec_id) };
    }
    const o = this.rng.pick(this.orders);
    return { connectorId: o.connectorId, uid: o.uid, id: o.id, walk: o };
  }

  /** A sale to pay: mostly a receipt of the walk's orders, sometimes one of the demo's. */
  private anySale(): number | undefined {
    const walk = [...this.touchedSales];
    if (walk.length > 0 && this.rng.chance(0.75)) return this.rng.pick(walk);
    const demo = this.state ? [...this.state.sales.values()].filter((s) => s.document_cancelled === 0 || this.rng.chance(0.1)) : [];
    return this.rng.maybePick(demo)?.bv_id;
  }

  private orderPath(ref: { connectorId: number; uid: string }): string {
    return `/connector/${ref.connectorId}/order/${encodeURIComponent(ref.uid)}/`;
  }

  private staffPath(ref: OrderRef, action: string): string {
    return `/connectors/${ref.connectorId}/orders/${encodeURIComponent(ref.uid)}/${action}`;
  }

  // ---------------------------------------------------------------- actions

  private async act(kind: ActionKind): Promise<void> {
    const rng = this.rng;
    if (this.orders.length === 0 && kind.startsWith('order.') && kind !== 'order.create') kind = 'order.create';
    switch (kind) {
      case 'order.create': {
        const connectorId = rng.chance(0.65) ? 1 : 2;
        const uid = `LW${this.options.seed}-${++this.uidSeq}`;
        const body = newOrder(rng, uid, this.options.seed, this.connectors.get(connectorId)!.products, this.now);
        const label = `order.create c${connectorId} ${uid} ${body.order_currency_code} ${body.order_status} method ${body.payment_method ?? '-'} total ${orderTotal(body.items)}`;
        const answer = await this.api.rest<{ SERVICE_order_id: number }>(label, 'POST', this.orderPath({ connectorId, uid }), body);
        if (answer.status !== 200) return;
        const o: WalkOrder = { connectorId, uid, id: answer.body.data.SERVICE_order_id, body, processed: false, row: undefined };
        this.orders.push(o);
        await this.afterImport(o);
        return;
      }
      case 'order.status': {
        const o = this.walkOrder()!;
        const status = rng.pick(ORDER_STATUSES);
        await this.put(o, `order.status ${o.uid} -> ${status}`, { order_status: status }, () => (o.body.order_status = status));
        return;
      }
      case 'order.pay':
        return this.payOrder(this.walkOrder()!);
      case 'order.items': {
        const o = this.walkOrder()!;
        const items = orderItems(rng, this.connectors.get(o.connectorId)!.products, o.body.order_currency_code);
        await this.put(o, `order.items ${o.uid} -> ${items.length} lines, total ${orderTotal(items)}`, { items }, () => (o.body.items = items));
        return;
      }
      case 'order.cancel': {
        const o = this.walkOrder((w) => w.row?.order_cancelled !== 1) ?? this.walkOrder()!;
        await this.put(o, `order.cancel ${o.uid}`, { order_status: 'cancelled', order_cancelled: 1 }, () => {
          o.body.order_status = 'cancelled';
          o.body.order_cancelled = 1;
        });
        return;
      }
      case 'order.reactivate': {
        const o = this.walkOrder((w) => w.row?.order_cancelled === 1);
        if (!o) return this.act('order.status');
        await this.put(o, `order.reactivate ${o.uid}`, { order_status: 'processing', order_cancelled: 0 }, () => {
          o.body.order_status = 'processing';
          o.body.order_cancelled = 0;
        });
        return;
      }
      case 'order.resend': {
        const o = this.walkOrder()!;
        const answer = await this.api.rest(`order.resend ${o.uid} (POST of a known order)`, 'POST', this.orderPath(o), o.body);
        // Clients of the real service resend a POST refused because the order exists as a PUT.
        if (answer.status === 400 && /exist/i.test(answer.body.messages.join(' '))) {
          await this.put(o, `order.resend ${o.uid} as PUT`, { ...o.body }, () => undefined);
        } else if (answer.status === 200) await this.afterImport(o);
        return;
      }
      case 'staff.cancelOrder': {
        const ref = this.anyOrder();
        if (!ref) return;
        const answer = await this.api.control(`staff.cancelOrder ${ref.uid} (order ${ref.id})`, 'POST', this.staffPath(ref, 'cancel'), {});
        await this.afterStaff(ref, answer.status);
        if (answer.status === 200 && ref.walk) ref.walk.processed = false;
        return;
      }
      case 'sale.pay':
      case 'staff.pay':
        return this.paySale(kind);
      case 'receipt.import':
        return this.importReceipt();
      case 'staff.status': {
        const ref = this.anyOrder();
        if (!ref) return;
        const status = rng.pick(STAFF_STATUSES);
        const answer = await this.api.control(`staff.status ${ref.uid} (order ${ref.id}) -> ${status}`, 'POST', this.staffPath(ref, 'status'), { status_text: status });
        await this.afterStaff(ref, answer.status);
        return;
      }
      case 'staff.invoice': {
        const ref = this.anyOrder();
        if (!ref) return;
        const body = rng.chance(0.15) ? { date: addDays(this.today, -rng.int(0, 2)) } : {};
        const answer = await this.api.control(`staff.invoice ${ref.uid} (order ${ref.id})`, 'POST', this.staffPath(ref, 'invoice'), body);
        await this.afterStaff(ref, answer.status);
        return;
      }
      case 'staff.awb': {
        const ref = this.anyOrder();
        if (!ref) return;
        const body = { awb_type: rng.pick(['fan', 'sameday']) };
        const answer = await this.api.control(`staff.awb ${ref.uid} (order ${ref.id})`, 'POST', this.staffPath(ref, 'awb'), body);
        await this.afterStaff(ref, answer.status);
        return;
      }
      case 'staff.cancelPayment': {
        const live = this.state ? [...this.state.payments.values()].filter((p) => p.document_cancelled === 0) : [];
        const ours = [...this.walkPayments, ...live.filter((p) => p.bv_id !== null && this.touchedSales.has(p.bv_id)).map((p) => p.incasare_id)];
        const id = ours.length > 0 && rng.chance(0.75) ? rng.pick(ours) : rng.maybePick(live)?.incasare_id;
        if (id === undefined) return;
        const answer = await this.api.control<{ documents: Array<{ doc_type: string; doc_id: number }> }>(
          `staff.cancelPayment ${id}`, 'POST', `/payments/${id}/cancel`, {},
        );
        if (answer.status === 200) for (const d of answer.body.data.documents) if (d.doc_type === 'sale') this.touchedSales.add(d.doc_id);
        return;
      }
      case 'awb.delete': {
        const ours = this.orders.flatMap((o) => (o.row?.awbs ?? []).filter((a) => a.document_cancelled === 0).map((a) => a.awb_id));
        const demo = this.state ? [...this.state.awbs.values()].filter((a) => a.document_cancelled === 0).map((a) => a.awb_id) : [];
        const id = ours.length > 0 && rng.chance(0.8) ? rng.pick(ours) : rng.maybePick(demo);
        if (id === undefined) return;
        await this.api.rest(`awb.delete ${id}`, 'DELETE', `/awb/${id}/`);
        await this.refreshWalkOrders();
        return;
      }
      case 'awb.add': {
        const bv = this.anySale();
        if (bv === undefined) return;
        const nr = `LW${this.options.seed}X${++this.awbSeq}`;
        await this.api.rest(`awb.add on sale ${bv}`, 'POST', '/awb/add/', { awbs: [{ sale_id: bv, awb_nr: nr, awb_type: rng.pick(['fan', 'sameday']) }] });
        return;
      }
      case 'clock': {
        const seconds = rng.chance(0.6) ? rng.int(1, 20) * 3600 : rng.int(1, 3) * 86_400;
        await this.setClock({ advance_s: seconds }, `clock.advance ${seconds / 3600} h`);
        return;
      }
    }
  }

  private async put(o: WalkOrder, label: string, change: Partial<OrderBody>, accepted: () => void): Promise<void> {
    const answer = await this.api.rest(label, 'PUT', this.orderPath(o), { order_unique_id: o.uid, ...change });
    if (answer.status !== 200) return;
    accepted();
    await this.afterImport(o);
  }

  private async afterStaff(ref: OrderRef, status: number): Promise<void> {
    this.touchedOrders.add(ref.id);
    if (status >= 300) return;
    if (ref.walk) await this.readOrderRow(ref.walk);
    else {
      const rows = await this.api.restRead<ConnectorOrder[]>(`/connector/${ref.connectorId}/order/list/id:${ref.id}/`);
      for (const sale of rows[0]?.sales_receipts ?? []) this.touchedSales.add(sale.bv_id);
    }
  }

  private async refreshWalkOrders(): Promise<void> {
    for (const o of this.orders) await this.readOrderRow(o);
  }

  /** PUT with a payment: a new one (confirmed or pending), a pending one confirmed, a confirmed one refunded. */
  private async payOrder(o: WalkOrder): Promise<void> {
    const rng = this.rng;
    const payments = o.body.payments;
    const total = orderTotal(o.body.items);
    const confirmed = r2(payments.filter((p) => p.payment_status === 'confirmed').reduce((s, p) => s + p.payment_amount, 0));
    const pending = payments.filter((p) => p.payment_status === 'pending');
    const kind = rng.weighted({ add: 55, confirm: pending.length > 0 ? 30 : 0.001, refund: 8, pendingNew: 7 });
    const method: OrderPaymentBody['payment_method'] =
      o.body.payment_method === 'bank_transfer' || o.body.payment_method === 'paypal' || o.body.payment_method === 'credit' ? o.body.payment_method : 'card';
    let payment: OrderPaymentBody;
    if (kind === 'confirm' && pending.length > 0) payment = { ...rng.pick(pending), payment_status: 'confirmed' };
    else if (kind === 'refund' && payments.some((p) => p.payment_status === 'confirmed')) {
      payment = { ...rng.pick(payments.filter((p) => p.payment_status === 'confirmed')), payment_status: 'refunded' };
    } else {
      const open = r2(total - confirmed);
      const amount = open > 0 && rng.chance(0.7) ? (rng.chance(0.6) ? open : Math.max(0.01, r2(open * rng.int(10, 90) / 100))) : rng.cents(0.01, 80);
      const status = kind === 'pendingNew' ? 'pending' : 'confirmed';
      payment = orderPayment(rng, `${o.uid}-p${payments.length + 1}`, method, status, amount, o.body.order_currency_code, this.now);
    }
    await this.put(o, `order.pay ${o.uid} ${payment.payment_reference} ${payment.payment_status} ${payment.payment_amount} ${payment.payment_currency}`, { payments: [payment] }, () => {
      const at = payments.findIndex((p) => p.payment_reference === payment.payment_reference);
      if (at >= 0) payments[at] = payment;
      else payments.push(payment);
    });
  }

  /** A payment on a sale, by a partner (REST) or by staff (control API). */
  private async paySale(kind: 'sale.pay' | 'staff.pay'): Promise<void> {
    const rng = this.rng;
    const bv = this.anySale();
    if (bv === undefined) return;
    this.touchedSales.add(bv);
    const form = (await this.api.restRead<SalePaymentForm>(`/sales/${bv}/payment/`)).sale;
    const open = form.open_amount;
    const how = rng.weighted({ partial: 35, full: 25, over: 15, currency: 15, tiny: 10 });
    let currency = form.currency;
    let amount: number;
    if (how === 'partial') amount = open > 0.02 ? r2(open * rng.int(10, 90) / 100) : rng.cents(1, 50);
    else if (how === 'full') amount = open > 0 ? open : rng.cents(1, 50);
    else if (how === 'over') amount = r2(open + rng.cents(1, 100));
    else if (how === 'currency') {
      currency = form.currency === 'RON' ? 'EUR' : 'RON';
      const base = open > 0 ? open : rng.cents(5, 100);
      amount = Math.max(0.01, currency === 'EUR' ? r2(base / 5) : r2(base * 5));
    } else amount = rng.cents(0.01, 5);
    const body: Record<string, unknown> = { amount, payment_type: rng.pick(PAYMENT_TYPES) };
    if (currency !== form.currency || rng.chance(0.3)) body.currency = currency;
    if (rng.chance(0.2)) body.date = addDays(this.today, -rng.int(1, 5));
    const label = `${kind} sale ${bv} ${how} ${amount} ${currency} (open ${open} ${form.currency})`;
    const answer =
      kind === 'sale.pay'
        ? await this.api.rest<{ incasare_id: number }>(label, 'POST', `/sales/${bv}/payment/`, body)
        : await this.api.control<{ incasare_id: number }>(label, 'POST', `/sales/${bv}/payments`, body);
    if (answer.status < 300) this.walkPayments.add(answer.body.data.incasare_id);
  }

  /** POST /payments/fiscalreceipt/: a receipt of a sale, printed (its payments recreated) or not. */
  private async importReceipt(): Promise<void> {
    const rng = this.rng;
    const bv = this.anySale();
    if (bv === undefined) return;
    this.touchedSales.add(bv);
    const sale = await this.api.controlRead<Sale>(`/sales/${bv}`);
    const invoiced = sale.invoiced && sale.invoiced.document_cancelled === 0 ? sale.invoiced : undefined;
    const status = sale.document_cancelled ? 0 : rng.chance(0.85) ? 3 : 1;
    const bfDate = invoiced && rng.chance(0.9) ? invoiced.doc_date : this.today;
    const total = sale.document_value_with_vat;
    const how = rng.weighted({ card: 35, split: 30, partial: 20, over: 15 });
    const amounts: Record<string, number> = {};
    if (how === 'card') amounts.paid_card = total;
    if (how === 'split') {
      amounts.paid_cash = r2(total * rng.int(10, 90) / 100);
      amounts.paid_card = r2(total - amounts.paid_cash);
    }
    if (how === 'partial') amounts.paid_cash = Math.max(0.01, r2(total * rng.int(10, 90) / 100));
    if (how === 'over') amounts.paid_cash = r2(total + rng.cents(0.5, 50));
    const reimport = this.posSeq > 0 && rng.chance(0.1);
    const pos = reimport ? 8_000_000 + this.options.seed * 1000 + rng.int(1, this.posSeq) : 8_000_000 + this.options.seed * 1000 + ++this.posSeq;
    const receipt = {
      pos_receipt_id: pos,
      bv_id: bv,
      status_id: status,
      bf_date: bfDate,
      bon_nr: pos % 10_000,
      ...(status === 3 && amounts),
      ...(reimport && { reimport_existing_bf: 1 }),
    };
    const label = `receipt.import sale ${bv} status ${status} ${how}${reimport ? ' reimport' : ''} (total ${total} ${sale.currency})`;
    await this.api.rest(label, 'POST', '/payments/fiscalreceipt/', { receipts: [receipt] });
  }
}
