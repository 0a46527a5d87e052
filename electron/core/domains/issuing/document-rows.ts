import type { Database } from 'better-sqlite3';
import { round2 } from '../../money.ts';
import { totalsOf, type DocLine } from './document-lines.ts';

/**
 * What the three documents (sales receipt, invoice, proforma) share: their tables, the numbering
 * of a series (document_series), the per-kind line statements and the header every new document
 * starts from. The invoice is written by invoice-writer.ts; an order's sales receipt and
 * proforma by connectors/order-document-writers.ts.
 */

/** The client block a document copies at issue time (id null: no contact, as an invoice may have). */
export interface ClientBlock {
  id: number | null;
  name: string;
  cui: string;
  reg_com: string;
}

/** A contact's client block, as an order's documents copy it (is_company decides an invoice's due date). */
export interface PartyBlock extends ClientBlock {
  id: number;
  is_company: number;
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

/** What a new document's row is made from: header() numbers it and totals its lines. */
export interface HeaderFields {
  companyId: number;
  series: string;
  date: string;
  party: ClientBlock;
  workpointId: number | null;
  currency: string;
  rate: number;
  lines: readonly DocLine[];
  mentions: string;
  now: string;
}

/** An order's document: its contact and workpoint are known. */
export interface DocHeader extends HeaderFields {
  party: PartyBlock;
  workpointId: number;
}

export type DocKind = 'sale' | 'invoice' | 'proforma';
const TABLES: Record<DocKind, { table: string; items: string; fk: string }> = {
  sale: { table: 'sales', items: 'sale_items', fk: 'sale_id' },
  invoice: { table: 'invoices', items: 'invoice_items', fk: 'invoice_id' },
  proforma: { table: 'proformas', items: 'proforma_items', fk: 'proforma_id' },
};

/** The statements every document kind has (lines, numbering, header and cancellation of sale and proforma). */
export function createDocumentRows(db: Database) {
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

  /** The next number of a series: document_series, never one the table already holds (the row is created when missing). */
  function nextNumber(companyId: number, kind: DocKind, series: string): number {
    const number = Math.max(seriesNext.get(companyId, kind, series) ?? 1, (maxUsed[kind].get(companyId, series) ?? 0) + 1);
    setSeriesNext.run(companyId, kind, series, number + 1);
    return number;
  }

  function writeLines(kind: DocKind, companyId: number, docId: number, lines: readonly DocLine[]): void {
    lines.forEach((l, i) => insertLine[kind].run({ company_id: companyId, doc_id: docId, line_no: i + 1, ...l }));
  }

  function header(h: HeaderFields, kind: DocKind) {
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

  return { linesOfDoc, deleteLines, setHeader, cancelDoc, writeLines, header };
}
export type DocumentRows = ReturnType<typeof createDocumentRows>;
