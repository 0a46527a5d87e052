// Prepared inserts for documents and the arithmetic they share: VAT lines and totals, the client
// block, payments with their allocations, AWB numbers per courier.
import type { Ctx } from './context.ts';
import { COMPANY_ID } from './context.ts';
import { Weighted, at, round2, round3 } from './random.ts';
import type { Rng } from './random.ts';
import { dayOf, inserter } from './util.ts';
import type { Insert, SqlValue } from './util.ts';

export interface Line {
  productId: number | null;
  code: string;
  name: string;
  unit: string;
  quantity: number;
  unitPrice: number;
  vatRate: number;
  valueWithoutVat: number;
  vatValue: number;
  valueWithVat: number;
}

export function makeLine(
  productId: number | null,
  code: string,
  name: string,
  unit: string,
  quantity: number,
  unitPrice: number,
  vatRate: number,
): Line {
  const valueWithoutVat = round2(quantity * unitPrice);
  const vatValue = round2((valueWithoutVat * vatRate) / 100);
  return {
    productId, code, name, unit, quantity, unitPrice, vatRate, valueWithoutVat, vatValue,
    valueWithVat: round2(valueWithoutVat + vatValue),
  };
}

export interface Totals {
  withoutVat: number;
  vat: number;
  withVat: number;
}

export function totalsOf(lines: readonly Line[]): Totals {
  let withoutVat = 0;
  let vat = 0;
  for (const l of lines) {
    withoutVat = round2(withoutVat + l.valueWithoutVat);
    vat = round2(vat + l.vatValue);
  }
  return { withoutVat, vat, withVat: round2(withoutVat + vat) };
}

export interface ClientBlock {
  id: number | null;
  name: string;
  cui: string;
  regCom: string;
}

export const NO_CLIENT: ClientBlock = { id: null, name: '', cui: '', regCom: '' };

/** Common header of sales, invoices and proformas. */
export interface DocHeader {
  id: number;
  series: string;
  number: number;
  sec: number;
  changedSec: number;
  client: ClientBlock;
  workpointId: number;
  currency: string;
  rate: number;
  totals: Totals;
  cancelled: boolean;
  addedByApi: boolean;
  mentions: string;
}

export interface Allocation {
  docType: 'sale' | 'invoice' | 'proforma';
  docId: number;
  amount: number;
}

export interface PaymentPlan {
  id: number;
  sec: number;
  type: string;
  client: ClientBlock;
  workpointId: number;
  amount: number;
  currency: string;
  rate: number;
  allocations: Allocation[];
  source: 'staff' | 'api' | 'fiscal_receipt' | 'connector_order';
  fiscalReceiptId: number | null;
  addedByApi: boolean;
  mentions: string;
}

export interface AwbPlan {
  saleId: number | null;
  connectorOrderId: number | null;
  sec: number;
  client: ClientBlock;
  weight: number;
  codAmount: number;
  codCurrency: string;
  declaredValue: number;
  source: 'staff' | 'api' | 'connector' | 'b2b';
  cancelled: boolean;
  courier?: string;
}

const COURIER_WEIGHTS = new Weighted<string>([
  ['fan', 30], ['sameday', 20], ['cargus', 15], ['dpd', 10], ['gls', 8], ['posta_romana', 4], ['innoship', 9],
  ['europarcel', 4],
]);
const INNOSHIP_SUBS = ['innoship_fan', 'innoship_cargus', 'innoship_sameday', 'innoship_dpd', 'innoship_gls'];
const EUROPARCEL_SUBS = ['europarcel_cargus', 'europarcel_dpd', 'europarcel_gls'];

function awbNumber(rng: Rng, courier: string): string {
  switch (courier) {
    case 'fan': return '2' + rng.digits(12);
    case 'cargus': return '1' + rng.digits(9);
    case 'sameday': return '1ONB' + rng.digits(10);
    case 'dpd': return '8' + rng.digits(13);
    case 'gls': return '6' + rng.digits(10);
    case 'posta_romana': return 'CP' + rng.digits(9) + 'RO';
    default: return rng.digits(12);
  }
}

function trackingUrl(courier: string, nr: string): string {
  switch (courier) {
    case 'fan': return `https://www.fancourier.ro/awb-tracking/?tracking=${nr}`;
    case 'cargus': return `https://www.cargus.ro/personal/urmareste-coletul/?tracking_number=${nr}`;
    case 'sameday': return `https://sameday.ro/#awb=${nr}`;
    case 'dpd': return `https://tracking.dpd.ro/?shipmentNumber=${nr}`;
    case 'gls': return `https://gls-group.com/RO/ro/urmarire-colet?match=${nr}`;
    case 'posta_romana': return `https://www.posta-romana.ro/track-trace.html?id=${nr}`;
    case 'innoship': return `https://app.innoship.io/tracking/${nr}`;
    default: return `https://www.europarcel.com/tracking/${nr}`;
  }
}

export const RECEIPT_COLS: readonly string[] = [
  'id', 'company_id', 'sale_id', 'pos_receipt_id', 'status_id', 'workpoint_id', 'station_id', 'bf_date', 'bon_nr', 'z_nr',
  'bf_content', 'printer_response', 'print_confirmed_ts', 'currency', 'total', 'paid_cash', 'paid_card',
  'paid_foodstamp', 'paid_voucher', 'paid_modern_payment', 'paid_other_payment', 'paid_by_voucher_code',
  'added_by_api', 'created_ts', 'last_changed_ts',
];

const LINE_COLS = [
  'id', 'company_id', 'line_no', 'product_id', 'code', 'name', 'unit', 'quantity', 'unit_price', 'vat_rate',
  'value_without_vat', 'vat_value', 'value_with_vat',
];
const HEADER_COLS = [
  'id', 'company_id', 'series', 'number', 'date', 'client_id', 'client_name', 'client_cui', 'client_reg_com', 'workpoint_id',
  'currency', 'exchange_rate', 'total_without_vat', 'total_vat', 'total_with_vat', 'total_ron', 'cancelled', 'added_by_api',
  'mentions', 'created_ts', 'last_changed_ts',
];

export class DocWriter {
  private readonly insSale: Insert;
  private readonly insSaleItem: Insert;
  private readonly insInvoice: Insert;
  private readonly insInvoiceItem: Insert;
  private readonly insProforma: Insert;
  private readonly insProformaItem: Insert;
  private readonly insPayment: Insert;
  private readonly insAllocation: Insert;
  private readonly insAwb: Insert;
  readonly insReceipt: Insert;

  constructor(private readonly ctx: Ctx) {
    const db = ctx.db;
    this.insSale = inserter(db, 'sales', [...HEADER_COLS, 'paid_amount', 'invoice_id', 'connector_order_id']);
    this.insSaleItem = inserter(db, 'sale_items', ['sale_id', ...LINE_COLS]);
    this.insInvoice = inserter(db, 'invoices', [
      ...HEADER_COLS, 'due_date', 'paid_amount', 'efactura_status', 'storno_of_id',
    ]);
    this.insInvoiceItem = inserter(db, 'invoice_items', ['invoice_id', ...LINE_COLS]);
    this.insProforma = inserter(db, 'proformas', [
      ...HEADER_COLS, 'due_date', 'subscription_template_id', 'payment_link', 'invoice_id',
    ]);
    this.insProformaItem = inserter(db, 'proforma_items', ['proforma_id', ...LINE_COLS]);
    this.insPayment = inserter(db, 'payments', [
      'id', 'company_id', 'series', 'number', 'date', 'payment_type', 'client_id', 'client_name', 'client_cui',
      'client_reg_com', 'workpoint_id', 'amount', 'currency', 'exchange_rate', 'amount_ron', 'bank_account_id', 'mentions',
      'source', 'fiscal_receipt_id', 'allocated_amount', 'allocation_status', 'cancelled', 'added_by_api', 'created_ts',
      'last_changed_ts', 'sale_id',
    ]);
    this.insAllocation = inserter(db, 'payment_allocations', ['id', 'company_id', 'payment_id', 'doc_type', 'doc_id', 'amount']);
    this.insAwb = inserter(db, 'awbs', [
      'id', 'company_id', 'sale_id', 'connector_order_id', 'awb_nr', 'awb_type', 'awb_subtype', 'awb_url', 'date',
      'packet_count', 'weight_kg', 'service_type', 'shipping_payer', 'cod_amount', 'cod_currency', 'declared_value',
      'delivery_country', 'delivery_country_code', 'client_id', 'client_name', 'client_cui', 'client_reg_com', 'source',
      'cancelled', 'created_ts', 'last_changed_ts',
    ]);
    this.insReceipt = inserter(db, 'fiscal_receipts', RECEIPT_COLS);
  }

  /** A document's row: HEADER_COLS, then the columns of its kind (`tail`). */
  private header(ins: Insert, h: DocHeader, ...tail: SqlValue[]): void {
    const { ctx } = this;
    const c = h.client;
    const t = h.totals;
    ins.run(
      h.id, COMPANY_ID, h.series, h.number, ctx.date(dayOf(h.sec)), c.id, c.name, c.cui, c.regCom, h.workpointId,
      h.currency, h.rate, t.withoutVat, t.vat, t.withVat, round2(t.withVat * h.rate), h.cancelled ? 1 : 0,
      h.addedByApi ? 1 : 0, h.mentions, ctx.ts(h.sec), ctx.ts(Math.max(h.sec, h.changedSec)), ...tail,
    );
  }

  private lines(ins: Insert, parentId: number, table: string, lines: readonly Line[]): void {
    for (let i = 0; i < lines.length; i++) {
      const l = at(lines, i);
      ins.run(
        parentId, this.ctx.id(table), COMPANY_ID, i + 1, l.productId, l.code, l.name, l.unit, l.quantity, l.unitPrice,
        l.vatRate, l.valueWithoutVat, l.vatValue, l.valueWithVat,
      );
    }
  }

  sale(h: DocHeader, lines: readonly Line[], paid: number, invoiceId: number | null, connectorOrderId: number | null): void {
    this.header(this.insSale, h, paid, invoiceId, connectorOrderId);
    this.lines(this.insSaleItem, h.id, 'sale_items', lines);
  }

  invoice(h: DocHeader, lines: readonly Line[], dueDay: number, paid: number, efactura: string, stornoOf: number | null): void {
    this.header(this.insInvoice, h, this.ctx.date(dueDay), paid, efactura, stornoOf);
    this.lines(this.insInvoiceItem, h.id, 'invoice_items', lines);
  }

  proforma(h: DocHeader, lines: readonly Line[], dueDay: number, templateId: number | null, paymentLink: string): void {
    this.header(this.insProforma, h, this.ctx.date(dueDay), templateId, paymentLink, null);
    this.lines(this.insProformaItem, h.id, 'proforma_items', lines);
  }

  /**
   * Writes a payment and its allocations; cash payments by staff get a receipt (CH) number.
   * `saleId`: the sale it belongs to (bv_id), when it pays a sale or that sale's own invoice.
   */
  payment(p: PaymentPlan, saleId: number | null = null): void {
    const { ctx } = this;
    let allocated = 0;
    for (const a of p.allocations) allocated = round2(allocated + a.amount);
    const status = allocated <= 0 ? 'not_allocated' : allocated >= p.amount - 0.004 ? 'fully_allocated' : 'some_allocated';
    const numbered = p.type === 'cash' && p.source === 'staff';
    const c = p.client;
    const ts = ctx.ts(p.sec);
    this.insPayment.run(
      p.id, COMPANY_ID, numbered ? 'CH' : '', numbered ? ctx.number('payment', 'CH') : null, ctx.date(dayOf(p.sec)),
      p.type, c.id, c.name, c.cui, c.regCom, p.workpointId, p.amount, p.currency, p.rate, round2(p.amount * p.rate),
      p.type === 'bank_transfer' ? (p.currency === 'EUR' ? 2 : 1) : null, p.mentions, p.source, p.fiscalReceiptId,
      allocated, status, 0, p.addedByApi ? 1 : 0, ts, ts, saleId,
    );
    for (const a of p.allocations) {
      this.insAllocation.run(ctx.id('payment_allocations'), COMPANY_ID, p.id, a.docType, a.docId, a.amount);
    }
  }

  /** Writes an AWB with a courier-shaped number; returns its id. */
  awb(a: AwbPlan): number {
    const { ctx } = this;
    const { rng } = ctx;
    const id = ctx.id('awbs');
    const type = a.courier ?? COURIER_WEIGHTS.pick(rng);
    const subtype = type === 'innoship' ? rng.pick(INNOSHIP_SUBS) : type === 'europarcel' ? rng.pick(EUROPARCEL_SUBS) : '';
    const underlying = subtype ? (subtype.split('_')[1] ?? 'fan') : type;
    const nr = awbNumber(rng, underlying);
    const packets = rng.chance(0.88) ? 1 : rng.int(2, 3);
    const c = a.client;
    // The draws below go in the order of the columns, as they did when the row was an object.
    this.insAwb.run(
      id, COMPANY_ID, a.saleId, a.connectorOrderId, nr, type, subtype, trackingUrl(type, nr), ctx.date(dayOf(a.sec)),
      packets, round3(Math.max(0.5, a.weight)), rng.chance(0.9) ? 'standard' : 'express',
      a.codAmount > 0 || rng.chance(0.85) ? 'sender' : 'recipient', a.codAmount, a.codCurrency, a.declaredValue,
      'Romania', 'RO', c.id, c.name, c.cui, c.regCom, a.source, a.cancelled ? 1 : 0, ctx.ts(a.sec),
      ctx.ts(a.cancelled ? ctx.after(a.sec, 600, 2 * 86400) : ctx.after(a.sec, 0, 300)),
    );
    return id;
  }
}

/** e-Factura status of an invoice issued on `day`, given today. */
export function efacturaStatus(rng: Rng, day: number, today: number): string {
  const age = today - day;
  if (age <= 0) return rng.chance(0.6) ? 'not_sent' : 'sent';
  if (age <= 4) return rng.chance(0.5) ? 'sent' : 'validated';
  const r = rng.next();
  return r < 0.94 ? 'validated' : r < 0.97 ? 'rejected' : 'sent';
}
