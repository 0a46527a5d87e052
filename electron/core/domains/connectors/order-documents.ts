import type { Database } from 'better-sqlite3';
import type { Awb } from '../../../../shared/domain/awb.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { lineAmounts, round2 } from '../../money.ts';
import { countryCode, createAwbStore, createCourierBook, trackingNumber, trackingUrl } from '../awb/index.ts';
import { addDays } from './order-settings.ts';

/**
 * The ERP documents a connector order creates (sales receipt, invoice, proforma, AWB) and the
 * stock they move. Every method runs inside the import's transaction; the rules of when each is
 * made are in orders-import.ts.
 */

/** A document line (sale_items, invoice_items, proforma_items). */
export interface DocLine {
  product_id: number | null;
  code: string;
  name: string;
  unit: string;
  quantity: number;
  unit_price: number;
  vat_rate: number;
  value_without_vat: number;
  vat_value: number;
  value_with_vat: number;
}

/** What a document line is made from: an order item (with its product's unit). */
export interface ItemForLines {
  type: 'product' | 'discount' | 'service';
  code: string;
  item_name: string;
  item_quantity: number;
  item_price: number;
  item_vat_percent: number;
  /** What the customer pays for the line (item_quantity x item_price_with_vat). */
  line_value_with_vat: number;
  product_id: number | null;
  unit: string;
  /** The item's discount with VAT that the discount rule applies (0 when none). */
  appliedDiscount: number;
}

/** The discount rule on a stored item: discounted_price_with_vat below item_price_with_vat and line_discount_value_with_vat > 0. */
export function appliedDiscountOf(item: {
  type: string;
  item_price_with_vat: number;
  discounted_price_with_vat: number | null;
  line_discount_value_with_vat: number | null;
}): number {
  if (item.type === 'discount' || item.discounted_price_with_vat === null || item.line_discount_value_with_vat === null) return 0;
  return item.discounted_price_with_vat < item.item_price_with_vat && item.line_discount_value_with_vat > 0
    ? round2(item.line_discount_value_with_vat)
    : 0;
}

/**
 * An item's document line from what the customer pays for it (line_value_with_vat): the VAT is
 * taken out of the gross amount, so the documents total exactly what the order totals and what
 * its payments cover (built from item_price x quantity, a cent per unit could stay open).
 */
function grossLine(item: ItemForLines): DocLine {
  const vat = item.item_vat_percent;
  const withVat = round2(item.line_value_with_vat);
  const withoutVat = round2(withVat / (1 + vat / 100));
  return {
    product_id: item.product_id,
    code: item.code,
    name: item.item_name,
    unit: item.unit,
    quantity: item.item_quantity,
    unit_price: round2(withoutVat / item.item_quantity),
    vat_rate: vat,
    value_without_vat: withoutVat,
    vat_value: round2(withVat - withoutVat),
    value_with_vat: withVat,
  };
}

function line(productId: number | null, code: string, name: string, unit: string, quantity: number, unitPrice: number, vat: number): DocLine {
  const a = lineAmounts(quantity, unitPrice, vat);
  return {
    product_id: productId,
    code,
    name,
    unit,
    quantity,
    unit_price: unitPrice,
    vat_rate: vat,
    value_without_vat: a.withoutVat,
    vat_value: a.vat,
    value_with_vat: a.withVat,
  };
}

/**
 * The lines of the documents of an order, in item order: each item from its line value with VAT
 * (see grossLine); an item whose discount the rule applies is followed by a
 * DISCOUNT line of one unit at minus the discount without VAT, at the item's VAT rate.
 */
export function linesOf(items: readonly ItemForLines[]): DocLine[] {
  const lines: DocLine[] = [];
  for (const item of items) {
    lines.push(grossLine(item));
    if (item.appliedDiscount > 0) {
      const net = -round2(item.appliedDiscount / (1 + item.item_vat_percent / 100));
      lines.push(line(null, 'DISCOUNT', `Discount ${item.item_name}`.slice(0, 255), 'buc', 1, net, item.item_vat_percent));
    }
  }
  return lines;
}

export function totalsOf(lines: readonly DocLine[]) {
  let withoutVat = 0;
  let vat = 0;
  let withVat = 0;
  for (const l of lines) {
    withoutVat = round2(withoutVat + l.value_without_vat);
    vat = round2(vat + l.vat_value);
    withVat = round2(withVat + l.value_with_vat);
  }
  return { withoutVat, vat, withVat };
}

/** Quantities per product of the lines that move stock. */
function quantitiesOf(lines: readonly { product_id: number | null; quantity: number }[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of lines) if (l.product_id !== null) out.set(l.product_id, (out.get(l.product_id) ?? 0) + l.quantity);
  return out;
}

/** The client block a document copies at issue time. */
export interface PartyBlock {
  id: number;
  name: string;
  cui: string;
  reg_com: string;
  is_company: number;
}

export interface LiveSale {
  id: number;
  series: string;
  number: number;
  date: string;
  currency: string;
  exchange_rate: number;
  total_with_vat: number;
  paid_amount: number;
  cancelled: number;
  invoice_id: number | null;
  workpoint_id: number | null;
  client_id: number | null;
  client_name: string;
  client_cui: string;
  client_reg_com: string;
}

export interface IssuedInvoice {
  id: number;
  series: string;
  number: number;
  date: string;
  currency: string;
  total_with_vat: number;
  total_ron: number;
}

interface DocHeader {
  companyId: number;
  series: string;
  date: string;
  party: PartyBlock;
  workpointId: number;
  currency: string;
  rate: number;
  lines: readonly DocLine[];
  mentions: string;
  now: string;
}

type DocKind = 'sale' | 'invoice' | 'proforma';
const TABLES: Record<DocKind, { table: string; items: string; fk: string }> = {
  sale: { table: 'sales', items: 'sale_items', fk: 'sale_id' },
  invoice: { table: 'invoices', items: 'invoice_items', fk: 'invoice_id' },
  proforma: { table: 'proformas', items: 'proforma_items', fk: 'proforma_id' },
};

export function createOrderDocuments(db: Database, deps: DomainDeps) {
  const awbStore = createAwbStore(db, deps);
  const couriers = createCourierBook(db);
  const seriesNext = db
    .prepare<[number, string, string], number>('SELECT next_number FROM document_series WHERE company_id = ? AND doc_type = ? AND series = ?')
    .pluck();
  const setSeriesNext = db.prepare(
    `INSERT INTO document_series (company_id, doc_type, series, next_number) VALUES (?, ?, ?, ?)
     ON CONFLICT (company_id, doc_type, series) DO UPDATE SET next_number = excluded.next_number`,
  );
  const maxUsed = Object.fromEntries(
    (Object.keys(TABLES) as DocKind[]).map((kind) => [
      kind,
      db.prepare<[number, string], number | null>(`SELECT max(number) FROM ${TABLES[kind].table} WHERE company_id = ? AND series = ?`).pluck(),
    ]),
  ) as Record<DocKind, ReturnType<typeof db.prepare<[number, string], number | null>>>;
  const insertLine = Object.fromEntries(
    (Object.keys(TABLES) as DocKind[]).map((kind) => [
      kind,
      db.prepare(
        `INSERT INTO ${TABLES[kind].items} (company_id, ${TABLES[kind].fk}, line_no, product_id, code, name, unit, quantity, unit_price,
           vat_rate, value_without_vat, vat_value, value_with_vat)
         VALUES (@company_id, @doc_id, @line_no, @product_id, @code, @name, @unit, @quantity, @unit_price, @vat_rate,
           @value_without_vat, @vat_value, @value_with_vat)`,
      ),
    ]),
  ) as Record<DocKind, ReturnType<typeof db.prepare>>;
  const deleteLines = Object.fromEntries(
    (Object.keys(TABLES) as DocKind[]).map((kind) => [
      kind,
      db.prepare<[number, number]>(`DELETE FROM ${TABLES[kind].items} WHERE company_id = ? AND ${TABLES[kind].fk} = ?`),
    ]),
  ) as Record<DocKind, ReturnType<typeof db.prepare<[number, number]>>>;
  const linesOfDoc = Object.fromEntries(
    (Object.keys(TABLES) as DocKind[]).map((kind) => [
      kind,
      db.prepare<[number, number], DocLine>(
        `SELECT product_id, code, name, unit, quantity, unit_price, vat_rate, value_without_vat, vat_value, value_with_vat
           FROM ${TABLES[kind].items} WHERE company_id = ? AND ${TABLES[kind].fk} = ? ORDER BY line_no`,
      ),
    ]),
  ) as Record<DocKind, ReturnType<typeof db.prepare<[number, number], DocLine>>>;
  const setHeader = Object.fromEntries(
    (['sale', 'proforma'] as const).map((kind) => [
      kind,
      db.prepare(
        `UPDATE ${TABLES[kind].table} SET currency = @currency, exchange_rate = @rate, total_without_vat = @without, total_vat = @vat,
           total_with_vat = @with, total_ron = @ron, last_changed_ts = @now
         WHERE company_id = @company_id AND id = @id`,
      ),
    ]),
  ) as Record<'sale' | 'proforma', ReturnType<typeof db.prepare>>;
  const cancelDoc = Object.fromEntries(
    (['sale', 'proforma'] as const).map((kind) => [
      kind,
      db.prepare<[string, number, number]>(`UPDATE ${TABLES[kind].table} SET cancelled = 1, last_changed_ts = ? WHERE company_id = ? AND id = ?`),
    ]),
  ) as Record<'sale' | 'proforma', ReturnType<typeof db.prepare<[string, number, number]>>>;

  const insertSale = db.prepare(
    `INSERT INTO sales (company_id, series, number, date, client_id, client_name, client_cui, client_reg_com, workpoint_id, currency,
       exchange_rate, total_without_vat, total_vat, total_with_vat, total_ron, paid_amount, invoice_id, connector_order_id, cancelled,
       added_by_api, mentions, created_ts, last_changed_ts)
     VALUES (@company_id, @series, @number, @date, @client_id, @client_name, @client_cui, @client_reg_com, @workpoint_id, @currency,
       @rate, @without, @vat, @with, @ron, 0, NULL, @order_id, 0, 1, @mentions, @now, @now)`,
  );
  const insertInvoice = db.prepare(
    `INSERT INTO invoices (company_id, series, number, date, due_date, client_id, client_name, client_cui, client_reg_com, workpoint_id,
       currency, exchange_rate, total_without_vat, total_vat, total_with_vat, total_ron, paid_amount, efactura_status, cancelled,
       storno_of_id, mentions, added_by_api, created_ts, last_changed_ts)
     VALUES (@company_id, @series, @number, @date, @due_date, @client_id, @client_name, @client_cui, @client_reg_com, @workpoint_id,
       @currency, @rate, @without, @vat, @with, @ron, 0, 'not_sent', 0, NULL, @mentions, 1, @now, @now)`,
  );
  const insertProforma = db.prepare(
    `INSERT INTO proformas (company_id, series, number, date, due_date, client_id, client_name, client_cui, client_reg_com, workpoint_id,
       currency, exchange_rate, total_without_vat, total_vat, total_with_vat, total_ron, subscription_template_id, payment_link,
       paid_amount, invoice_id, cancelled, mentions, added_by_api, created_ts, last_changed_ts)
     VALUES (@company_id, @series, @number, @date, @due_date, @client_id, @client_name, @client_cui, @client_reg_com, @workpoint_id,
       @currency, @rate, @without, @vat, @with, @ron, NULL, '', 0, NULL, 0, @mentions, 1, @now, @now)`,
  );
  const setSaleInvoice = db.prepare<[number, string, number, number]>(
    'UPDATE sales SET invoice_id = ?, last_changed_ts = ? WHERE company_id = ? AND id = ?',
  );
  const liveSale = db.prepare<[number, number], LiveSale>(
    `SELECT id, series, number, date, currency, exchange_rate, total_with_vat, paid_amount, cancelled, invoice_id, workpoint_id,
            client_id, client_name, client_cui, client_reg_com
       FROM sales WHERE company_id = ? AND connector_order_id = ? AND cancelled = 0 ORDER BY id DESC LIMIT 1`,
  );
  const invoiceRow = db.prepare<[number, number], IssuedInvoice & { cancelled: number }>(
    'SELECT id, series, number, date, currency, total_with_vat, total_ron, cancelled FROM invoices WHERE company_id = ? AND id = ?',
  );
  const proformaRow = db.prepare<[number, number], { id: number; series: string; number: number; cancelled: number; invoice_id: number | null }>(
    'SELECT id, series, number, cancelled, invoice_id FROM proformas WHERE company_id = ? AND id = ?',
  );
  const liveAwb = db
    .prepare<[number, number, number], number>(
      `SELECT id FROM awbs WHERE company_id = ? AND cancelled = 0 AND (connector_order_id = ? OR sale_id = ?) ORDER BY id LIMIT 1`,
    )
    .pluck();
  const moveQuantity = db.prepare(
    `INSERT INTO stock (company_id, product_id, workpoint_id, quantity, reserved) VALUES (?, ?, ?, ?, 0)
     ON CONFLICT (product_id, workpoint_id) DO UPDATE SET quantity = round(quantity + excluded.quantity, 3)`,
  );
  const moveReserved = db.prepare(
    `INSERT INTO stock (company_id, product_id, workpoint_id, quantity, reserved) VALUES (@company, @product, @workpoint, 0, max(0, @delta))
     ON CONFLICT (product_id, workpoint_id) DO UPDATE SET reserved = max(0, round(reserved + @delta, 3))`,
  );
  const touchProduct = db.prepare<[string, number, number]>('UPDATE products SET last_changed_ts = ? WHERE company_id = ? AND id = ?');
  const stockRow = db.prepare<[number, number], { quantity: number; reserved: number }>(
    'SELECT quantity, reserved FROM stock WHERE product_id = ? AND workpoint_id = ?',
  );
  const productWeight = db
    .prepare<[number, number], number>('SELECT weight_kg FROM products WHERE company_id = ? AND id = ?')
    .pluck();

  /** The next number of a series: document_series, never one the table already holds (the row is created when missing). */
  function nextNumber(companyId: number, kind: DocKind, series: string): number {
    const number = Math.max(seriesNext.get(companyId, kind, series) ?? 1, (maxUsed[kind].get(companyId, series) ?? 0) + 1);
    setSeriesNext.run(companyId, kind, series, number + 1);
    return number;
  }

  function writeLines(kind: DocKind, companyId: number, docId: number, lines: readonly DocLine[]): void {
    lines.forEach((l, i) => insertLine[kind].run({ company_id: companyId, doc_id: docId, line_no: i + 1, ...l }));
  }

  function header(h: DocHeader, kind: DocKind) {
    const t = totalsOf(h.lines);
    return {
      company_id: h.companyId,
      series: h.series,
      number: nextNumber(h.companyId, kind, h.series),
      date: h.date,
      client_id: h.party.id,
      client_name: h.party.name,
      client_cui: h.party.cui,
      client_reg_com: h.party.reg_com,
      workpoint_id: h.workpointId,
      currency: h.currency,
      rate: h.rate,
      without: t.withoutVat,
      vat: t.vat,
      with: t.withVat,
      ron: round2(t.withVat * h.rate),
      mentions: h.mentions,
      now: h.now,
    };
  }

  /** stock.quantity moves by `sign` x the lines' quantities at the workpoint; the products' last_changed_ts follows. */
  function moveStock(companyId: number, workpointId: number, lines: readonly { product_id: number | null; quantity: number }[], sign: 1 | -1, now: string): void {
    for (const [productId, quantity] of quantitiesOf(lines)) {
      moveQuantity.run(companyId, productId, workpointId, sign * quantity);
      touchProduct.run(now, companyId, productId);
    }
  }

  return {
    liveSale: (companyId: number, orderId: number): LiveSale | undefined => liveSale.get(companyId, orderId),

    /** The sale's invoice when it has one that is not cancelled. */
    invoiceOf(companyId: number, sale: LiveSale): (IssuedInvoice & { cancelled: number }) | undefined {
      if (sale.invoice_id === null) return undefined;
      const invoice = invoiceRow.get(companyId, sale.invoice_id);
      return invoice && invoice.cancelled === 0 ? invoice : undefined;
    },

    proforma: (companyId: number, proformaId: number | null) => (proformaId === null ? undefined : proformaRow.get(companyId, proformaId)),

    /** An AWB of the order (generated for it or attached to its sale) that is not cancelled. */
    hasLiveAwb: (companyId: number, orderId: number, saleId: number | null): boolean => liveAwb.get(companyId, orderId, saleId ?? -1) !== undefined,

    /** The sales receipt of an order (series BVW); its lines take stock out of the workpoint. */
    createSale(h: DocHeader & { orderId: number }): number {
      const id = Number(insertSale.run({ ...header(h, 'sale'), order_id: h.orderId }).lastInsertRowid);
      writeLines('sale', h.companyId, id, h.lines);
      moveStock(h.companyId, h.workpointId, h.lines, -1, h.now);
      return id;
    },

    /** New lines (and currency) for a sale or a proforma; a sale gives back the stock of its old lines and takes the new. */
    replaceLines(kind: 'sale' | 'proforma', args: { companyId: number; docId: number; workpointId: number | null; currency: string; rate: number; lines: readonly DocLine[]; now: string }): void {
      const old = linesOfDoc[kind].all(args.companyId, args.docId);
      deleteLines[kind].run(args.companyId, args.docId);
      writeLines(kind, args.companyId, args.docId, args.lines);
      const t = totalsOf(args.lines);
      setHeader[kind].run({
        company_id: args.companyId,
        id: args.docId,
        currency: args.currency,
        rate: args.rate,
        without: t.withoutVat,
        vat: t.vat,
        with: t.withVat,
        ron: round2(t.withVat * args.rate),
        now: args.now,
      });
      if (kind === 'sale' && args.workpointId !== null) {
        moveStock(args.companyId, args.workpointId, old, 1, args.now);
        moveStock(args.companyId, args.workpointId, args.lines, -1, args.now);
      }
    },

    /** Cancels a sale (its stock comes back) or a proforma. */
    cancel(kind: 'sale' | 'proforma', companyId: number, docId: number, workpointId: number | null, now: string): void {
      cancelDoc[kind].run(now, companyId, docId);
      if (kind === 'sale' && workpointId !== null) moveStock(companyId, workpointId, linesOfDoc.sale.all(companyId, docId), 1, now);
    },

    /** stock.reserved moves by `sign` x the lines' quantities at the workpoint (never below 0). */
    reserve(companyId: number, workpointId: number, lines: readonly { product_id: number | null; quantity: number }[], sign: 1 | -1, now: string): void {
      for (const [productId, quantity] of quantitiesOf(lines)) {
        moveReserved.run({ company: companyId, product: productId, workpoint: workpointId, delta: sign * quantity });
        touchProduct.run(now, companyId, productId);
      }
    },

    /**
     * The product lines without enough stock at the workpoint: available (quantity - reserved)
     * must cover the quantities, or, when the order already holds them (`held`: its sale took
     * them out or it reserved them), stay at 0 or above. Answers the product ids short.
     */
    shortages(workpointId: number, lines: readonly { product_id: number | null; quantity: number }[], held: boolean): number[] {
      const short: number[] = [];
      for (const [productId, quantity] of quantitiesOf(lines)) {
        const row = stockRow.get(productId, workpointId);
        const available = (row?.quantity ?? 0) - (row?.reserved ?? 0);
        if (available - (held ? 0 : quantity) < -1e-9) short.push(productId);
      }
      return short;
    },

    /** The fiscal invoice of a sale (its lines, client block, workpoint and currency); sales.invoice_id links it. */
    issueInvoice(companyId: number, sale: LiveSale, args: { series: string; date: string; rate: number; isCompany: boolean; mentions: string; now: string }): IssuedInvoice {
      const lines = linesOfDoc.sale.all(companyId, sale.id);
      const h = header(
        {
          companyId,
          series: args.series,
          date: args.date,
          party: { id: sale.client_id ?? 0, name: sale.client_name, cui: sale.client_cui, reg_com: sale.client_reg_com, is_company: args.isCompany ? 1 : 0 },
          workpointId: sale.workpoint_id ?? 0,
          currency: sale.currency,
          rate: args.rate,
          lines,
          mentions: args.mentions,
          now: args.now,
        },
        'invoice',
      );
      const row = { ...h, client_id: sale.client_id, workpoint_id: sale.workpoint_id, due_date: addDays(args.date, args.isCompany ? 30 : 5) };
      const id = Number(insertInvoice.run(row).lastInsertRowid);
      writeLines('invoice', companyId, id, lines);
      setSaleInvoice.run(id, args.now, companyId, sale.id);
      return { id, series: row.series, number: row.number, date: row.date, currency: row.currency, total_with_vat: row.with, total_ron: row.ron };
    },

    /** A proforma for the order (due in 7 days). */
    createProforma(h: DocHeader): number {
      const row = { ...header(h, 'proforma'), due_date: addDays(h.date, 7) };
      const id = Number(insertProforma.run(row).lastInsertRowid);
      writeLines('proforma', h.companyId, id, h.lines);
      return id;
    },

    /** Weight of the product lines (kg, products.weight_kg). */
    weightOf(companyId: number, lines: readonly { product_id: number | null; quantity: number }[]): number {
      let kg = 0;
      for (const [productId, quantity] of quantitiesOf(lines)) kg += quantity * (productWeight.get(companyId, productId) ?? 0);
      return Math.round(kg * 1000) / 1000;
    },

    /**
     * An AWB generated for the order with the courier of awb.default_courier (posta_romana for
     * shipping by post; a broker takes its first sub-courier, a sub-courier its broker; an
     * unknown code: fan, with a notice), and the spec's awb notification to the connector.
     */
    generateAwb(
      args: {
        companyId: number;
        order: { id: number; connectorId: number; orderUniqueId: string };
        saleId: number | null;
        courier: string;
        shippingMethod: string;
        date: string;
        weightKg: number;
        codAmount: number;
        codCurrency: string;
        declaredValue: number;
        deliveryCountry: string;
        client: { id: number; name: string; cui: string; regCom: string };
        now: string;
      },
      notices: string[],
    ): Awb {
      const book = couriers.load();
      let named = args.shippingMethod === 'post' ? book.get('posta_romana') : book.get(args.courier);
      if (!named) {
        notices.push(`settings awb.default_courier: '${args.courier}' is not a courier code (GET /awb/add/); the AWB was generated with fan`);
        named = book.get('fan');
      }
      if (!named) throw new Error('the couriers table holds neither the default courier nor fan');
      let type = named.code;
      let subtype = '';
      if (named.parent_code !== null) [type, subtype] = [named.parent_code, named.code];
      else if (named.is_broker === 1) subtype = book.subCouriers(named.code)[0]?.code ?? '';
      let nr = trackingNumber(type, subtype);
      while (awbStore.numberTaken(args.companyId, nr, type)) nr = trackingNumber(type, subtype);
      const id = awbStore.insert(
        {
          companyId: args.companyId,
          saleId: args.saleId,
          connectorOrderId: args.order.id,
          awbNr: nr,
          awbType: type,
          awbSubtype: subtype,
          awbUrl: trackingUrl(type, nr),
          date: args.date,
          packetCount: 1,
          weightKg: Math.max(0.5, args.weightKg),
          serviceType: 'standard',
          shippingPayer: 'sender',
          codAmount: args.codAmount,
          codCurrency: args.codCurrency,
          declaredValue: args.declaredValue,
          deliveryCountry: args.deliveryCountry,
          deliveryCountryCode: countryCode(args.deliveryCountry),
          client: args.client,
          source: 'connector',
        },
        args.now,
      );
      const awb = awbStore.record(args.companyId, id)!;
      awbStore.notifyConnector(args.companyId, args.order, awb);
      return awb;
    },
  };
}
export type OrderDocuments = ReturnType<typeof createOrderDocuments>;
