import type { Database } from 'better-sqlite3';
import { documentNumberReadings, type DocumentNumberReading } from '../../../shared/filters/grammar.ts';

/** A subquery answering ids, with its parameters: a filter writes `<id column> IN (<sql>)`. */
export interface IdQuery {
  sql: string;
  params: unknown[];
}

/** The tables whose documents carry a series and a number. */
export type NumberedTable = 'sales' | 'invoices' | 'proformas' | 'payments';

/**
 * The document a number as a partner types it names (documentnr: `596`, `FA 596`, `fa596`):
 * its readings in order, the first that names a document of the account wins (its series as
 * stored); a bare number is any series. Undefined when no reading names one.
 */
export function createDocumentNumberResolver(db: Database, table: NumberedTable) {
  // Index-served: (company_id, number), then the series of those few rows.
  const seriesOf = db
    .prepare<[number, number, string], string>(
      `SELECT series FROM ${table} WHERE company_id = ? AND number = ? AND series = ? COLLATE NOCASE LIMIT 1`,
    )
    .pluck();
  return (companyId: number, readings: readonly DocumentNumberReading[]): { number: number; series?: string } | undefined => {
    for (const reading of readings) {
      if (reading.series === null) return { number: reading.number };
      const series = seriesOf.get(companyId, reading.number, reading.series);
      if (series !== undefined) return { number: reading.number, series };
    }
    return undefined;
  };
}

/**
 * The free text `q` of a document screen list: the document's number (with or without its
 * series, read as documentnr) or the start of the client's name, folded as the command palette
 * folds it (any case, Romanian diacritics or none). Each branch reads one index: (company_id,
 * number) and (company_id, folded client_name) of migration 031.
 */
export function createDocumentSearch(db: Database, table: NumberedTable) {
  const resolve = createDocumentNumberResolver(db, table);
  return (companyId: number, q: string): IdQuery => {
    const text = q.trim();
    const name = foldedStart('client_name', text);
    const branches = [`SELECT id FROM ${table} WHERE company_id = ? AND ${name.sql}`];
    const params: unknown[] = [companyId, ...name.params];
    const named = resolve(companyId, documentNumberReadings(text));
    if (named) {
      branches.push(`SELECT id FROM ${table} WHERE company_id = ? AND number = ?${named.series === undefined ? '' : ' AND series = ?'}`);
      params.push(companyId, named.number, ...(named.series === undefined ? [] : [named.series]));
    }
    return { sql: branches.join(' UNION ALL '), params };
  };
}

/**
 * The Romanian letters with diacritics and what they fold to: ș and ț with the comma below and
 * with the older cedilla (both are in the wild), each in both cases (SQLite's lower() folds only
 * A-Z).
 */
const ROMANIAN_FOLDS: ReadonlyArray<readonly [string, string]> = [
  ['ă', 'a'], ['Ă', 'a'], ['â', 'a'], ['Â', 'a'], ['î', 'i'], ['Î', 'i'],
  ['ș', 's'], ['Ș', 's'], ['ş', 's'], ['Ş', 's'], ['ț', 't'], ['Ț', 't'], ['ţ', 't'], ['Ţ', 't'],
];

/**
 * The SQL expression folding a column as foldText folds a query. Migration 025 indexes exactly
 * this expression for contacts.name and products.product_name: change one, change the other.
 */
export function foldedSql(column: string): string {
  let expression = column;
  for (const [from, to] of ROMANIAN_FOLDS) expression = `replace(${expression}, '${from}', '${to}')`;
  return `lower(${expression})`;
}

const FOLD_MAP = new Map(ROMANIAN_FOLDS);

/** "Ștefănescu" -> "stefanescu": what foldedSql makes of the same text in SQLite. */
export function foldText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[ăĂâÂîÎșȘşŞțȚţŢ]/g, (c) => FOLD_MAP.get(c)!)
    .replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/**
 * The start of a name in a list's search: "stefanescu", "STEF" and "ștef" all find "Ștefănescu".
 * A range on foldedSql(column), which an index of that very expression reads (migrations 025,
 * 031); `params` are its bounds.
 */
export function foldedStart(column: string, text: string): { sql: string; params: [string, string] } {
  const expression = foldedSql(column);
  return { sql: `${expression} >= ? AND ${expression} < ?`, params: prefixRange(foldText(text)) };
}

/**
 * The bounds of a prefix range on a folded index: `expr >= low AND expr < high` reads the index
 * (a LIKE on an expression would not). The high bound is the prefix followed by the highest code point.
 */
export function prefixRange(folded: string): [string, string] {
  return [folded, `${folded}\u{10FFFF}`];
}
