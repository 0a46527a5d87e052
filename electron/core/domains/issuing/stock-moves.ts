import type { Database } from 'better-sqlite3';
import { quantitiesOf } from './document-lines.ts';

/**
 * The stock documents move at a workpoint: stock.quantity (a sales receipt or an invoice made
 * without one takes its lines out, a cancelled or changed receipt and a storno give them back),
 * stock.reserved (an order that only reserves), the shortage check before an invoice or an AWB,
 * and the weight of the lines for the AWB. Each move touches the product's last_changed_ts. Runs
 * inside the caller's transaction.
 */

type StockLines = readonly { product_id: number | null; quantity: number }[];

export function createStockMoves(db: Database) {
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

  return {
    /** stock.quantity moves by `sign` x the lines' quantities at the workpoint; the products' last_changed_ts follows. */
    moveStock(companyId: number, workpointId: number, lines: StockLines, sign: 1 | -1, now: string): void {
      for (const [productId, quantity] of quantitiesOf(lines)) {
        moveQuantity.run(companyId, productId, workpointId, sign * quantity);
        touchProduct.run(now, companyId, productId);
      }
    },

    /** stock.reserved moves by `sign` x the lines' quantities at the workpoint (never below 0). */
    reserve(companyId: number, workpointId: number, lines: StockLines, sign: 1 | -1, now: string): void {
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
    shortages(workpointId: number, lines: StockLines, held: boolean): number[] {
      const short: number[] = [];
      for (const [productId, quantity] of quantitiesOf(lines)) {
        const row = stockRow.get(productId, workpointId);
        const available = (row?.quantity ?? 0) - (row?.reserved ?? 0);
        if (available - (held ? 0 : quantity) < -1e-9) short.push(productId);
      }
      return short;
    },

    /** Weight of the product lines (kg, products.weight_kg). */
    weightOf(companyId: number, lines: StockLines): number {
      let kg = 0;
      for (const [productId, quantity] of quantitiesOf(lines)) kg += quantity * (productWeight.get(companyId, productId) ?? 0);
      return Math.round(kg * 1000) / 1000;
    },
  };
}
export type StockMoves = ReturnType<typeof createStockMoves>;
