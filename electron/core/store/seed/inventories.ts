// Inventory documents (book against counted quantities) on both workpoints.
import type { Catalogue } from './catalogue.ts';
import type { Ctx } from './context.ts';
import { COMPANY_ID } from './context.ts';
import { round3 } from './random.ts';
import { DAY, dayOf, fmtDay, fmtTs, inserter } from './util.ts';

const DESCRIPTIONS = ['Inventar lunar', 'Inventar partial', 'Inventar la predare gestiune', 'Inventar inopinat', 'Verificare stoc raion'];

export function seedInventories(ctx: Ctx, cat: Catalogue, count: number): void {
  const { db, rng } = ctx;
  const insInv = inserter(db, 'inventories', [
    'id', 'company_id', 'series', 'number', 'date', 'workpoint_id', 'sub_management_id', 'description', 'closed', 'cancelled',
    'created_ts', 'last_changed_ts',
  ]);
  const insRow = inserter(db, 'inventory_rows', [
    'id', 'company_id', 'inventory_id', 'product_id', 'code', 'name', 'unit', 'quantity_book', 'quantity_counted',
    'unit_cost_ron',
  ]);
  const live = cat.products.map((_, i) => i).filter((i) => !cat.products[i]?.deleted);
  const secs: number[] = [];
  for (let i = 0; i < count; i++) secs.push(ctx.docSec());
  secs.sort((a, b) => a - b);
  for (const sec of secs) {
    const id = ctx.id('inventories');
    const day = dayOf(sec);
    const workpointId = rng.chance(0.6) ? 1 : 2;
    const sub = workpointId === 1 ? rng.pick([null, 1, 2]) : rng.pick([null, 3]);
    const closed = ctx.today - day > 3 || rng.chance(0.3);
    const cancelled = rng.chance(0.05);
    const yearEnd = fmtDay(day).slice(5, 7) === '12';
    insInv({
      id, company_id: COMPANY_ID, series: 'INV', number: ctx.number('inventory', 'INV'), date: fmtDay(day),
      workpoint_id: workpointId, sub_management_id: sub,
      description: yearEnd ? `Inventar anual ${fmtDay(day).slice(0, 4)}` : rng.pick(DESCRIPTIONS),
      closed: closed ? 1 : 0, cancelled: cancelled ? 1 : 0, created_ts: fmtTs(sec),
      last_changed_ts: fmtTs(closed || cancelled ? ctx.after(sec, 3600, 2 * DAY) : ctx.changed(sec)),
    });
    const rows = rng.int(5, 25);
    for (const k of rng.sampleIndices(live.length, rows)) {
      const p = cat.products[live[k] ?? 0];
      if (!p) continue;
      const kg = p.unit === 'kg';
      const book = kg ? round3(rng.float(0, 80)) : rng.int(0, 120);
      let counted = book;
      if (rng.chance(0.15)) counted = Math.max(0, kg ? round3(book + rng.float(-2, 2)) : book + rng.int(-3, 3));
      insRow({
        id: ctx.id('inventory_rows'), company_id: COMPANY_ID, inventory_id: id, product_id: p.id, code: p.code, name: p.name,
        unit: p.unit, quantity_book: book, quantity_counted: counted, unit_cost_ron: p.costRon,
      });
    }
    ctx.progress.add();
    ctx.batch.tick();
  }
}
