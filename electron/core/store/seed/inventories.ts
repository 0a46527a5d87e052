// Inventory documents (book against counted quantities) on both workpoints.
import type { Catalogue } from './catalogue.ts';
import type { Ctx } from './context.ts';
import { COMPANY_ID } from './context.ts';
import { round3 } from './random.ts';
import { DAY, dayOf, fmtDay, inserter } from './util.ts';

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
  const products = cat.products;
  const live: number[] = [];
  for (let i = 0; i < products.length; i++) if (!products.deleted(i)) live.push(i);
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
    insInv.run(
      id, COMPANY_ID, 'INV', ctx.number('inventory', 'INV'), ctx.date(day), workpointId, sub,
      // the year of the description is the anchor's, as the move used to leave text alone
      yearEnd ? `Inventar anual ${fmtDay(day).slice(0, 4)}` : rng.pick(DESCRIPTIONS),
      closed ? 1 : 0, cancelled ? 1 : 0, ctx.ts(sec),
      ctx.ts(closed || cancelled ? ctx.after(sec, 3600, 2 * DAY) : ctx.changed(sec)),
    );
    const rows = rng.int(5, 25);
    for (const k of rng.sampleIndices(live.length, rows)) {
      const p = live[k] ?? 0;
      const unit = products.unit(p);
      const kg = unit === 'kg';
      const book = kg ? round3(rng.float(0, 80)) : rng.int(0, 120);
      let counted = book;
      if (rng.chance(0.15)) counted = Math.max(0, kg ? round3(book + rng.float(-2, 2)) : book + rng.int(-3, 3));
      insRow.run(
        ctx.id('inventory_rows'), COMPANY_ID, id, products.id(p), products.code(p), products.name(p), unit, book, counted,
        products.costRon(p),
      );
    }
    ctx.progress.add();
  }
}
