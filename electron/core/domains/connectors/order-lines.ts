import { lineAmounts, round2 } from '../../money.ts';

/**
 * The lines of an order's documents, without the database: how an order item becomes a document
 * line (VAT taken out of the gross value, discount lines), the discount rule, the totals and the
 * per-product quantities that move stock. Shared by the import and the document writers.
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
export function quantitiesOf(lines: readonly { product_id: number | null; quantity: number }[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of lines) if (l.product_id !== null) out.set(l.product_id, (out.get(l.product_id) ?? 0) + l.quantity);
  return out;
}
