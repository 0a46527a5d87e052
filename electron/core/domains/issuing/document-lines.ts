import { round2 } from '../../money.ts';

/**
 * A document's lines without the database: the line every document kind stores, its totals and
 * the per-product quantities that move stock. How an order's items become lines is the order's
 * (connectors/order-lines.ts).
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

/** The document's totals: the lines' values summed, each step rounded to the cent. */
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
export function quantitiesOf(lines: readonly { product_id: number | null; quantity: number }[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of lines) if (l.product_id !== null) out.set(l.product_id, (out.get(l.product_id) ?? 0) + l.quantity);
  return out;
}

/** The products the lines name, each once (what a product_update snapshot captures). */
export function productIdsOf(lines: readonly { product_id: number | null }[]): number[] {
  return [...new Set(lines.flatMap((l) => (l.product_id === null ? [] : [l.product_id])))];
}
