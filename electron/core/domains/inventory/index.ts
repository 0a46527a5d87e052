import type { Database } from 'better-sqlite3';
import type { Inventory, InventoryRow, InventoryView } from '../../../../shared/domain/inventory.ts';
import { notFound } from '../../../../shared/contract/errors.ts';
import { documentWhere, type DocumentQuery } from '../../store/document-query.ts';
import type { Page, Pager } from '../../store/paging.ts';

const INVENTORY_COLUMNS = `id AS inventory_id, series AS doc_series, number AS doc_nr, date AS doc_date, workpoint_id,
  sub_management_id, description, closed, cancelled AS document_cancelled, created_ts, last_changed_ts`;

interface Totals {
  row_count: number;
  total_book_ron: number;
  total_counted_ron: number;
  total_difference_ron: number;
}

const TOTALS = `count(*) AS row_count, round(total(quantity_book * unit_cost_ron), 2) AS total_book_ron,
  round(total(quantity_counted * unit_cost_ron), 2) AS total_counted_ron,
  round(total((quantity_counted - quantity_book) * unit_cost_ron), 2) AS total_difference_ron`;

const NO_ROWS: Totals = { row_count: 0, total_book_ron: 0, total_counted_ron: 0, total_difference_ron: 0 };

/** Inventory documents: /inventory/list/ and /inventory/view/{inventory_id}/. */
export function createInventories(db: Database, pager: Pager) {
  // The totals of a whole page of inventories, in one query.
  const totals = db.prepare<[number, string], Totals & { inventory_id: number }>(
    `SELECT inventory_id, ${TOTALS} FROM inventory_rows
      WHERE company_id = ? AND inventory_id IN (SELECT value FROM json_each(?)) GROUP BY inventory_id`,
  );
  const one = db.prepare<[number, number], Omit<InventoryView, keyof Totals | 'rows'>>(
    `SELECT i.id AS inventory_id, i.series AS doc_series, i.number AS doc_nr, i.date AS doc_date, i.workpoint_id,
            i.sub_management_id, i.description, i.closed, i.cancelled AS document_cancelled, i.created_ts, i.last_changed_ts, w.name AS workpoint_name,
            sm.name AS sub_management_name
       FROM inventories i
       JOIN workpoints w ON w.id = i.workpoint_id
       LEFT JOIN sub_managements sm ON sm.id = i.sub_management_id
      WHERE i.id = ? AND i.company_id = ?`,
  );
  const rows = db.prepare<[number, number], Omit<InventoryRow, 'line_no'>>(
    `SELECT COALESCE(product_id, 0) AS product_variant_id, code AS item_code, name AS item_name, unit, quantity_book, quantity_counted,
            round(quantity_counted - quantity_book, 3) AS quantity_difference, unit_cost_ron,
            round((quantity_counted - quantity_book) * unit_cost_ron, 2) AS value_difference_ron
       FROM inventory_rows WHERE inventory_id = ? AND company_id = ? ORDER BY id`,
  );

  return {
    list(query: DocumentQuery): Page<Inventory> {
      const page = pager.page<Inventory>({
        from: 'inventories',
        columns: INVENTORY_COLUMNS,
        where: documentWhere(query),
        idColumn: 'id',
        idKey: 'inventory_id',
        page: query.page,
        pageSize: query.pageSize,
      });
      if (page.rows.length > 0) {
        const ids = JSON.stringify(page.rows.map((row) => row.inventory_id));
        const byId = new Map(totals.all(query.companyId, ids).map(({ inventory_id, ...t }) => [inventory_id, t]));
        for (const row of page.rows) Object.assign(row, byId.get(row.inventory_id) ?? NO_ROWS);
      }
      return page;
    },

    /** One inventory with its workpoint, sub-management and stock rows; 404 when absent. */
    view(companyId: number, inventoryId: number): InventoryView {
      const head = one.get(inventoryId, companyId);
      if (!head) throw notFound(`inventory ${inventoryId} does not exist`);
      const lines = rows.all(inventoryId, companyId);
      // The same totals query as the list, so both answers carry the same numbers.
      const [sums] = totals.all(companyId, JSON.stringify([inventoryId]));
      const { inventory_id: _, ...documentTotals } = sums ?? { inventory_id: inventoryId, ...NO_ROWS };
      return {
        ...head,
        ...documentTotals,
        rows: lines.map((line, index) => ({ line_no: index + 1, ...line })),
      };
    },
  };
}
export type Inventories = ReturnType<typeof createInventories>;
