import type { Database } from 'better-sqlite3';
import type { DocumentLine } from '../../../shared/domain/documents.ts';
import { groupByParent } from './document-query.ts';

/** The line tables and the column naming their document. */
const LINE_TABLES = {
  invoice: { table: 'invoice_items', parent: 'invoice_id' },
  sale: { table: 'sale_items', parent: 'sale_id' },
  proforma: { table: 'proforma_items', parent: 'proforma_id' },
} as const;

interface LineRow {
  parent_id: number;
  product_id: number | null;
  code: string;
  name: string;
  product_name: string | null;
  product_barcode: string | null;
  line_no: number;
  unit: string;
  quantity: number;
  unit_price: number;
  vat_rate: number;
  value_without_vat: number;
  vat_value: number;
  value_with_vat: number;
}

/** A line name as plain text: markup removed, character references of the usual kind decoded, spaces collapsed. */
export function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' })[e]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** A stored line under the real service's keys, then our own. */
function lineOf(row: Omit<LineRow, 'parent_id'>): DocumentLine {
  const isProduct = row.product_id !== null;
  return {
    product_variant_id: row.product_id ?? 0,
    // No service catalogue: a line without product is uncatalogued, a discount when it takes value off.
    service_id: isProduct ? 0 : row.value_with_vat < 0 || /^(discount|reducere)\b/i.test(row.name) ? -2 : -1,
    item_code: row.code,
    item_name: row.name,
    item_name_plain: plainText(row.name),
    product_current_name: row.product_name ?? '',
    barcode: row.product_barcode ?? '',
    qty_mu1: row.quantity,
    value_with_vat: row.value_with_vat,
    line_no: row.line_no,
    unit: row.unit,
    unit_price: row.unit_price,
    vat_rate: row.vat_rate,
    value_without_vat: row.value_without_vat,
    vat_value: row.vat_value,
  };
}

/**
 * Reads the lines of a whole page of documents of one kind at once (no query per row), through
 * the (document id, line_no) index of its line table, and answers them by document id.
 */
export function documentLinesReader(db: Database, kind: keyof typeof LINE_TABLES) {
  const { table, parent } = LINE_TABLES[kind];
  const lines = db.prepare<[number, string], LineRow>(
    `SELECT ${parent} AS parent_id, product_id, code, name,
            (SELECT p.product_name FROM products p WHERE p.id = ${table}.product_id) AS product_name,
            (SELECT p.barcode FROM products p WHERE p.id = ${table}.product_id) AS product_barcode,
            line_no, unit, quantity, unit_price, vat_rate, value_without_vat, vat_value, value_with_vat
       FROM ${table} WHERE company_id = ? AND ${parent} IN (SELECT value FROM json_each(?))
      ORDER BY ${parent}, line_no`,
  );
  return (companyId: number, documentIds: readonly number[]): Map<number, DocumentLine[]> => {
    const byDocument = new Map<number, DocumentLine[]>();
    if (documentIds.length === 0) return byDocument;
    for (const [id, rows] of groupByParent(lines.all(companyId, JSON.stringify(documentIds)))) byDocument.set(id, rows.map(lineOf));
    return byDocument;
  };
}
