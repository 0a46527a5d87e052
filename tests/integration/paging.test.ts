import { describe, expect, it } from 'vitest';
import type { Sale } from '../../shared/domain/sales.ts';
import { useDemo } from './harness.ts';

/** `db` is writable here: the tests add and change sales between pages. */
const demo = useDemo({ writable: true });

const page = async (filters: string) => (await demo.h.rest<Sale[]>('GET', `/1/sales/list/${filters}`, demo.user)).body;

function addSale(number: number, cancelled = 0): number {
  return Number(
    demo.db
      .prepare(
        `INSERT INTO sales (company_id, series, number, date, cancelled, created_ts, last_changed_ts)
         VALUES (1, 'TST', ?, '2026-01-15', ?, '2026-01-15 10:00:00', '2026-01-15 10:00:00')`,
      )
      .run(number, cancelled).lastInsertRowid,
  );
}

describe('pagination', () => {
  it('a walk sees every row once, in order, while rows are added between pages', async () => {
    const before = (demo.db.prepare('SELECT id FROM sales WHERE company_id = 1 ORDER BY id').pluck().all() as number[]);
    const seen: number[] = [];
    const added: number[] = [];
    for (let n = 1; ; n++) {
      const body = await page(`page:${n}/`);
      seen.push(...body.data.map((r) => r.bv_id));
      added.push(addSale(1000 + n));
      if (!body.has_more_pages) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    for (const id of before) expect(seen).toContain(id);
    // Rows added during the walk come at the end, after every row that was there before.
    const firstAdded = seen.findIndex((id) => added.includes(id));
    if (firstAdded !== -1) expect(seen.slice(firstAdded).every((id) => added.includes(id))).toBe(true);
  });

  it('has_more_pages is exact at the boundary and a page past the end is empty', async () => {
    const total = demo.db.prepare('SELECT count(*) FROM sales WHERE company_id = 1').pluck().get() as number;
    const lastPage = Math.ceil(total / 100);
    const last = await page(`page:${lastPage}/`);
    expect(last.has_more_pages).toBe(false);
    expect(last.data.length).toBe(total - (lastPage - 1) * 100);
    expect((await page(`page:${lastPage - 1}/`)).has_more_pages).toBe(true);
    const past = await page(`page:${lastPage + 1}/`);
    expect(past.data).toEqual([]);
    expect(past.has_more_pages).toBe(false);
  });

  it('a page asked cold (not walked to) starts where counting rows says it does', async () => {
    const ids = demo.db.prepare('SELECT id FROM sales WHERE company_id = 1 AND cancelled = 0 ORDER BY id').pluck().all() as number[];
    const third = await page('skipcancelled:1/page:3/');
    expect(third.data.map((r) => r.bv_id)).toEqual(ids.slice(200, 300));
  });

  it('cold pages asked in any order (deep first, then shallower, then deeper) each start where counting rows says', async () => {
    const ids = demo.db.prepare("SELECT id FROM sales WHERE company_id = 1 AND date >= '2000-01-01' ORDER BY id").pluck().all() as number[];
    const last = Math.ceil(ids.length / 100);
    for (const n of [Math.max(2, last - 1), 2, last, 3, last + 2]) {
      const body = await page(`datefrom:2000-01-01/page:${n}/`);
      expect(body.data.map((r) => r.bv_id), `page ${n}`).toEqual(ids.slice((n - 1) * 100, n * 100));
      expect(body.has_more_pages, `page ${n}`).toBe(n < last);
    }
  });

  it('an answer reflects a change written by another connection at once', async () => {
    const id = addSale(5000);
    expect((await page(`id:${id}/`)).data[0]!.document_cancelled).toBe(0);
    demo.db.prepare("UPDATE sales SET cancelled = 1, last_changed_ts = '2026-01-16 10:00:00' WHERE id = ?").run(id);
    expect((await page(`id:${id}/`)).data[0]!.document_cancelled).toBe(1);
    demo.db.prepare('DELETE FROM sales WHERE id = ?').run(id);
    expect((await page(`id:${id}/`)).data).toEqual([]);
  });
});
