import { round2 } from '../../money.ts';
import type { DocLine } from '../issuing/index.ts';

/**
 * The lines of an order's documents, without the database: how an order item becomes a document
 * line (VAT taken out of the gross value, discount lines) and the discount rule. The line itself,
 * its totals and the quantities that move stock are issuing's (issuing/document-lines.ts).
 */

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
 * A document line from what the customer pays for it (its value with VAT): the VAT is taken out
 * of the gross amount, so the documents total exactly what the order totals and what its
 * payments cover (built from a price without VAT x quantity, a cent per line could stay open).
 */
function grossLine(productId: number | null, code: string, name: string, unit: string, quantity: number, gross: number, vat: number): DocLine {
  const withVat = round2(gross);
  const withoutVat = round2(withVat / (1 + vat / 100));
  return {
    product_id: productId,
    code,
    name,
    unit,
    quantity,
    unit_price: round2(withoutVat / quantity),
    vat_rate: vat,
    value_without_vat: withoutVat,
    vat_value: round2(withVat - withoutVat),
    value_with_vat: withVat,
  };
}

/**
 * The lines of the documents of an order, in item order: each item from its line value with VAT
 * (see grossLine); an item whose discount the rule applies is followed by a DISCOUNT line of one
 * unit at minus the discount with VAT, at the item's VAT rate. The discount is what the customer
 * sees, with VAT: rounded on its value without VAT it could leave the documents a cent off the
 * order's total (-41.40 with VAT became -41.39).
 */
export function linesOf(items: readonly ItemForLines[]): DocLine[] {
  const lines: DocLine[] = [];
  for (const item of items) {
    lines.push(grossLine(item.product_id, item.code, item.item_name, item.unit, item.item_quantity, item.line_value_with_vat, item.item_vat_percent));
    if (item.appliedDiscount > 0) {
      lines.push(grossLine(null, 'DISCOUNT', `Discount ${item.item_name}`.slice(0, 255), 'buc', 1, -item.appliedDiscount, item.item_vat_percent));
    }
  }
  return lines;
}
