import type { Database } from 'better-sqlite3';
import { round2 } from '../../money.ts';
import { docNumber } from './format.ts';
import type { Parties, Party } from './parties.ts';

/** One line of an invoice or proforma, amounts in the document currency. */
export interface InvoiceLine {
  lineNo: number;
  code: string;
  name: string;
  unit: string;
  quantity: number;
  unitPrice: number;
  vatRate: number;
  valueWithoutVat: number;
  vatValue: number;
}

/** The VAT summary a Romanian invoice prints: taxable base and VAT per rate. */
export interface VatGroup {
  rate: number;
  base: number;
  vat: number;
}

/** What an invoice or proforma page shows. */
export interface InvoiceDocument {
  kind: 'invoice' | 'proforma';
  series: string;
  number: number;
  date: string;
  dueDate: string;
  currency: string;
  /** RON per one unit of the currency, on the document date (1 for RON). */
  exchangeRate: number;
  totalWithoutVat: number;
  totalVat: number;
  totalWithVat: number;
  totalRon: number;
  paidAmount: number;
  cancelled: boolean;
  mentions: string;
  /** Invoice: `SERIES-NR` of the invoice it reverses (storno); null otherwise. */
  stornoOf: string | null;
  /** Proforma: `SERIES-NR` of the final invoice issued from it; null until then. */
  invoicedAs: string | null;
  /** Proforma: its online payment page ('' when none). */
  paymentLink: string;
  supplier: Party;
  client: Party;
  lines: InvoiceLine[];
  vatGroups: VatGroup[];
}

interface HeaderRow {
  series: string;
  number: number;
  date: string;
  due_date: string;
  client_id: number | null;
  client_name: string;
  client_cui: string;
  client_reg_com: string;
  workpoint_id: number | null;
  currency: string;
  exchange_rate: number;
  total_without_vat: number;
  total_vat: number;
  total_with_vat: number;
  total_ron: number;
  paid_amount: number;
  cancelled: number;
  mentions: string;
  /** storno_of_id (invoice) or invoice_id (proforma): the linked invoice's number. */
  linked: string | null;
  payment_link: string;
  /** The invoice address of the connector order the document came from, if any. */
  order_address_id: number | null;
}

const LINE_COLUMNS = `line_no AS lineNo, code, name, unit, quantity, unit_price AS unitPrice, vat_rate AS vatRate,
  value_without_vat AS valueWithoutVat, vat_value AS vatValue`;

/** Per-rate sums of the lines, highest rate first (each sum rounded as the ERP rounds). */
export function vatGroups(lines: readonly InvoiceLine[]): VatGroup[] {
  const byRate = new Map<number, VatGroup>();
  for (const line of lines) {
    const group = byRate.get(line.vatRate) ?? { rate: line.vatRate, base: 0, vat: 0 };
    group.base = round2(group.base + line.valueWithoutVat);
    group.vat = round2(group.vat + line.vatValue);
    byRate.set(line.vatRate, group);
  }
  return [...byRate.values()].sort((a, b) => b.rate - a.rate);
}

/** Reads invoices and proformas with their lines and parties; table names are fixed here, never taken from input. */
export function createInvoiceData(db: Database, parties: Parties) {
  const COMMON = `series, number, date, due_date, client_id, client_name, client_cui, client_reg_com, workpoint_id, currency,
    exchange_rate, total_without_vat, total_vat, total_with_vat, total_ron, paid_amount, cancelled, mentions`;
  const headers = {
    invoice: db.prepare<[number, number], HeaderRow>(
      `SELECT ${COMMON},
         (SELECT s.series || '-' || s.number FROM invoices s WHERE s.id = i.storno_of_id) AS linked,
         '' AS payment_link,
         (SELECT o.invoice_address_id FROM sales sa JOIN connector_orders o ON o.id = sa.connector_order_id
            WHERE sa.invoice_id = i.id ORDER BY sa.id LIMIT 1) AS order_address_id
       FROM invoices i WHERE company_id = ? AND id = ?`,
    ),
    proforma: db.prepare<[number, number], HeaderRow>(
      `SELECT ${COMMON},
         (SELECT f.series || '-' || f.number FROM invoices f WHERE f.id = p.invoice_id) AS linked,
         payment_link,
         (SELECT o.invoice_address_id FROM connector_orders o WHERE o.company_id = p.company_id AND o.proforma_id = p.id
            ORDER BY o.id LIMIT 1) AS order_address_id
       FROM proformas p WHERE company_id = ? AND id = ?`,
    ),
  };
  const lines = {
    invoice: db.prepare<[number, number], InvoiceLine>(
      `SELECT ${LINE_COLUMNS} FROM invoice_items WHERE company_id = ? AND invoice_id = ? ORDER BY line_no, id`,
    ),
    proforma: db.prepare<[number, number], InvoiceLine>(
      `SELECT ${LINE_COLUMNS} FROM proforma_items WHERE company_id = ? AND proforma_id = ? ORDER BY line_no, id`,
    ),
  };

  return {
    /** The document, or undefined when the account has no such invoice / proforma. */
    read(kind: 'invoice' | 'proforma', companyId: number, id: number): InvoiceDocument | undefined {
      const h = headers[kind].get(companyId, id);
      if (!h) return undefined;
      const supplier = parties.supplier(companyId, h.workpoint_id, h.currency);
      if (!supplier) return undefined;
      const items = lines[kind].all(companyId, id);
      return {
        kind,
        series: h.series,
        number: h.number,
        date: h.date,
        dueDate: h.due_date,
        currency: h.currency,
        exchangeRate: h.exchange_rate,
        totalWithoutVat: h.total_without_vat,
        totalVat: h.total_vat,
        totalWithVat: h.total_with_vat,
        totalRon: h.total_ron,
        paidAmount: h.paid_amount,
        cancelled: h.cancelled === 1,
        mentions: h.mentions,
        stornoOf: kind === 'invoice' ? h.linked : null,
        invoicedAs: kind === 'proforma' ? h.linked : null,
        paymentLink: h.payment_link,
        supplier,
        client: parties.client(companyId, h, h.order_address_id, 'invoice'),
        lines: items,
        vatGroups: vatGroups(items),
      };
    },
  };
}
export type InvoiceData = ReturnType<typeof createInvoiceData>;

/** Title and file name of a document: FACTURĂ FISCALĂ / FACTURĂ PROFORMĂ. */
export function invoiceTitle(doc: Pick<InvoiceDocument, 'kind'>): string {
  return doc.kind === 'invoice' ? 'FACTURĂ FISCALĂ' : 'FACTURĂ PROFORMĂ';
}
export function invoiceFileName(doc: Pick<InvoiceDocument, 'kind' | 'series' | 'number'>): string {
  return `${doc.kind === 'invoice' ? 'FACTURA' : 'PROFORMA'}-${docNumber(doc.series, doc.number)}`;
}
