/**
 * What the bench needs to know of the data folder before it loads the service: the size of the
 * sales list, the products an order may sell, sales a payment may go to, products to change.
 * Read once on a read-only connection (the service has the file open meanwhile: WAL allows it).
 */
import BetterSqlite3 from 'better-sqlite3';

export const COMPANY = 1;
/** Rows per page of the sales list (shared/domain/documents.ts LIST_PAGE_SIZE). */
export const PAGE_SIZE = 100;

export interface OrderableProduct {
  code: string;
  price: number;
  vat: number;
}

export interface Dataset {
  sales: { count: number; minId: number; maxId: number; pages: number };
  /** A day about 30 days before the newest change: the filtered list's modifiedafter. */
  recentDay: string;
  /** last_changed_ts of the oldest and newest sale, as 'YYYY-MM-DD HH:MM:SS'. */
  changedRange: [string, string];
  /** Live RON products of connector 1 with stock at its workpoint, for orders. */
  orderable: OrderableProduct[];
  /** Live RON products not in `orderable`, for PATCH (an order's price stays the catalogue's). */
  patchable: number[];
  /** Sales that are not cancelled, for payments. */
  payable: number[];
  /** Rows of the product export (sellable, not deleted). */
  exportRows: number;
}

export function readDataset(dbFile: string): Dataset {
  const db = new BetterSqlite3(dbFile, { readonly: true });
  try {
    const sales = db
      .prepare('SELECT count(*) AS count, min(id) AS minId, max(id) AS maxId, min(last_changed_ts) AS first, max(last_changed_ts) AS last FROM sales WHERE company_id = ?')
      .get(COMPANY) as { count: number; minId: number; maxId: number; first: string; last: string };
    if (sales.count === 0) throw new Error(`${dbFile} holds no sales: seed it with the demo data (npm run serve -- --scale N)`);
    const recent = new Date(`${sales.last.slice(0, 10)}T00:00:00Z`);
    recent.setUTCDate(recent.getUTCDate() - 30);
    const orderable = db
      .prepare(
        `SELECT p.cod_produs AS code, p.pret_vanzare AS price, p.cota_tva_vanzare AS vat
           FROM products p JOIN connector_products cp ON cp.product_id = p.id AND cp.connector_id = 1
           JOIN stock s ON s.product_id = p.id AND s.workpoint_id = 1
          WHERE p.company_id = ? AND p.deleted = 0 AND p.is_sellable = 1 AND p.selling_currency = 'RON' AND s.quantity >= 100
          ORDER BY s.quantity DESC, p.id LIMIT 2000`,
      )
      .all(COMPANY) as OrderableProduct[];
    if (orderable.length < 2) throw new Error('fewer than two products connector 1 can sell: the order bench needs the demo data');
    const patchable = db
      .prepare(
        `SELECT id FROM products p WHERE company_id = ? AND deleted = 0 AND selling_currency = 'RON'
            AND NOT EXISTS (SELECT 1 FROM connector_products cp WHERE cp.connector_id = 1 AND cp.product_id = p.id)
          ORDER BY id LIMIT 5000`,
      )
      .pluck()
      .all(COMPANY) as number[];
    // Spread over the whole table: every n-th live sale.
    const step = Math.max(1, Math.floor(sales.count / 5000));
    const payable = db
      .prepare('SELECT id FROM sales WHERE company_id = ? AND cancelled = 0 AND id % ? = 0 ORDER BY id LIMIT 5000')
      .pluck()
      .all(COMPANY, step) as number[];
    const exportRows = db
      .prepare('SELECT count(*) FROM products WHERE company_id = ? AND deleted = 0 AND is_sellable = 1')
      .pluck()
      .get(COMPANY) as number;
    return {
      sales: { count: sales.count, minId: sales.minId, maxId: sales.maxId, pages: Math.ceil(sales.count / PAGE_SIZE) },
      recentDay: recent.toISOString().slice(0, 10),
      changedRange: [sales.first, sales.last],
      orderable,
      patchable,
      payable,
      exportRows,
    };
  } finally {
    db.close();
  }
}
