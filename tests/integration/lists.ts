import { expect } from 'vitest';
import type { Caller, Envelope } from './harness.ts';

/**
 * `get(path, status = 200)`: GET /1{path} as the demo's API user, expecting `status` (the path
 * and the answer's messages are in the failure text); answers the envelope. `D` is the type of
 * `data` when a call names none.
 */
export function restGet<D = unknown>(demo: Caller) {
  return async function get<T = D>(path: string, status = 200): Promise<Envelope<T>> {
    const answer = await demo.h.rest<T>('GET', `/1${path}`, demo.user);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body.messages)}`).toBe(status);
    return answer.body;
  };
}

/** What a walk checks on every page besides collecting its rows. */
export interface PageChecks {
  /** Each answer's `page` echoes the page asked for. */
  echoesPage?: boolean;
  /** Every page before the last holds exactly this many rows. */
  pageSize?: number;
  /** The last page holds at most `pageSize` rows. */
  lastPageFits?: boolean;
}

export interface ListClient<T> {
  /** GET /1{base}{filters}, expecting 200; the envelope. */
  list(filters: string): Promise<Envelope<T[]>>;
  /** Every row of `filters`, walking page:1/, page:2/, … while has_more_pages is true. */
  walk<R = T>(filters: string): Promise<R[]>;
}

/** The list and walk helpers of one list endpoint (`base` as '/sales/list/'; '' to name the endpoint in each call). */
export function listClient<T = Record<string, unknown>>(demo: Caller, base: string, checks: PageChecks = {}): ListClient<T> {
  const get = restGet(demo);
  return {
    list: (filters) => get<T[]>(`${base}${filters}`),
    async walk<R = T>(filters: string): Promise<R[]> {
      const rows: R[] = [];
      for (let page = 1; ; page++) {
        const body = await get<R[]>(`${base}${filters}page:${page}/`);
        if (checks.echoesPage) expect(body.page).toBe(page);
        rows.push(...body.data);
        if (!body.has_more_pages) {
          if (checks.lastPageFits) expect(body.data.length).toBeLessThanOrEqual(checks.pageSize!);
          return rows;
        }
        if (checks.pageSize !== undefined) expect(body.data).toHaveLength(checks.pageSize);
      }
    },
  };
}

/**
 * The store column behind each answered key of the "inferred" document family (docs/data-model.md):
 * the answer says doc_date where the table says date, and so on. Other keys are the column's own name.
 */
const STORED_COLUMN: Record<string, string> = {
  doc_series: 'series',
  doc_nr: 'number',
  doc_date: 'date',
  document_value_with_vat: 'total_with_vat',
  document_cancelled: 'cancelled',
};
export const storedColumnOf = (key: string): string => STORED_COLUMN[key] ?? key;

/**
 * A stored line (a row of sale_items, invoice_items ...) under the document line keys
 * (shared/domain/documents.ts), without the keys read from the product today
 * (product_current_name, barcode) and the derived service_id / item_name_plain.
 */
export function listedLineOf(line: Record<string, unknown>) {
  return {
    product_variant_id: line.product_id ?? 0,
    item_code: line.code,
    item_name: line.name,
    qty_mu1: line.quantity,
    value_with_vat: line.value_with_vat,
    line_no: line.line_no,
    unit: line.unit,
    unit_price: line.unit_price,
    vat_rate: line.vat_rate,
    value_without_vat: line.value_without_vat,
    vat_value: line.vat_value,
  };
}
/** The keys listedLineOf leaves out, taken off an answered line for the comparison. */
export function comparableLine(line: Record<string, unknown>) {
  const { service_id: _s, item_name_plain: _p, product_current_name: _c, barcode: _b, ...rest } = line;
  return rest;
}
