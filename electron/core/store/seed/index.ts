// Seeds of the store: reference data, an empty account, and the deterministic demo account.
import type { Database } from 'better-sqlite3';
import { insertAccount, insertPaymentTypes, insertSeries } from './account.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedConnectors } from './connectors.ts';
import { seedContacts } from './contacts.ts';
import { COMPANY_ID, Ctx } from './context.ts';
import { seedDocuments } from './documents.ts';
import type { DocumentCounts } from './documents.ts';
import { seedInventories } from './inventories.ts';
import { buildPools } from './pools.ts';
import { writeRates } from './reference.ts';
import { DAY, dayOf, inserter, roIban } from './util.ts';
import { bulkLoad } from './bulk.ts';
import { recordMove } from './shift.ts';
import { seedWorkmanager } from './workmanager.ts';

export { seedReferenceData } from './reference.ts';
export { seedEmptyAccount } from './account.ts';
export { DEMO_ANCHOR, shiftDemoDates, weeksSinceAnchor } from './shift.ts';

export interface SeedProgress {
  (done: number, total: number, phase: string): void;
}

export interface SeedOptions {
  scale: number;
  now: Date;
  /**
   * Whole weeks the demo is moved by (shift.ts): its dates are written moved, and the VAT rates
   * follow the dates the documents end up with. The shiftDemoDates(db, shiftWeeks) that follows
   * (create-core) then has nothing left to move.
   */
  shiftWeeks?: number;
  onProgress?: SeedProgress;
}

interface DemoCounts extends DocumentCounts {
  products: number;
  contacts: number;
  inventories: number;
  serviceFiles: number;
  serviceRequests: number;
}

export function demoCounts(scale: number): DemoCounts {
  const s = scale > 0 && Number.isFinite(scale) ? scale : 1;
  const n = (base: number, min = 1): number => Math.max(min, Math.round(base * s));
  return {
    products: n(150, 20),
    contacts: n(120, 20),
    regularSales: n(220, 10),
    orders: n(80, 4),
    standaloneInvoices: n(15, 2),
    proformas: n(60, 4),
    templates: n(1.5, 2),
    advances: n(3, 3),
    inventories: n(10, 2),
    serviceFiles: n(40, 3),
    serviceRequests: n(20, 3),
  };
}

function seedAccountSetup(ctx: Ctx): void {
  const { db } = ctx;
  const cid = COMPANY_ID;
  insertAccount(
    db,
    { companyId: cid, name: 'Demo Retail SRL', cui: 'RO12345678', regCom: 'J40/12345/2015', workmanager: true, createdTs: ctx.ts(ctx.startSec - 400 * DAY) },
    ['RON', 'EUR', 'USD'],
  );
  const insBank = inserter(db, 'account_bank_accounts', ['id', 'company_id', 'iban', 'bank_name', 'currency']);
  insBank.run(1, cid, roIban('BTRL', '0130120212345678'), 'Banca Transilvania', 'RON');
  insBank.run(2, cid, roIban('BTRL', '0130420212345678'), 'Banca Transilvania', 'EUR');
  insertPaymentTypes(db, cid, true);
  const insWp = inserter(db, 'workpoints', ['id', 'company_id', 'name', 'kind', 'address', 'deleted']);
  insWp.run(1, cid, 'Depozit central', 'wholesale', 'Strada Industriilor 12, Chiajna, Ilfov', 0);
  insWp.run(2, cid, 'Magazin București', 'retail', 'Bulevardul Unirii 45, București Sector 3', 0);
  const insSub = inserter(db, 'sub_managements', ['id', 'company_id', 'workpoint_id', 'name']);
  insSub.run(1, cid, 1, 'Raft A - marfă curentă');
  insSub.run(2, cid, 1, 'Marfă în tranzit');
  insSub.run(3, cid, 2, 'Vitrină magazin');
  const insStation = inserter(db, 'cash_register_stations', ['id', 'company_id', 'workpoint_id', 'name', 'serial']);
  insStation.run(1, cid, 2, 'Casa 1', 'DY4400118273');
  insStation.run(2, cid, 2, 'Casa 2', 'DY4400118274');
  insStation.run(3, cid, 2, 'Casa 3 (self-checkout)', 'DY4400120991');
  const insType = inserter(db, 'attachment_types', ['id', 'company_id', 'name']);
  ['Contract', 'Proces verbal de predare', 'Document transport', 'Fotografie produs'].forEach((name, i) => insType.run(i + 1, cid, name));
}

/**
 * The full demo account (company_id 1), deterministic for a given scale, `now` and `shiftWeeks`.
 * One transaction (bulk.ts): a seed that stops halfway leaves nothing of the demo behind.
 */
export function seedDemo(db: Database, opts: SeedOptions): void {
  const pools = buildPools();
  const counts = demoCounts(opts.scale);
  const total =
    counts.products + counts.contacts + counts.proformas + counts.regularSales + counts.orders + counts.standaloneInvoices +
    counts.advances + counts.inventories + counts.serviceFiles + counts.serviceRequests;
  const shiftWeeks = opts.shiftWeeks ?? 0;
  const ctx = new Ctx(db, opts.scale, opts.now, pools, total, opts.onProgress, shiftWeeks);
  const { progress } = ctx;
  bulkLoad(db, () => {
    progress.phase('account');
    writeRates(db, dayOf(ctx.startSec) - 1, ctx.today);
    seedAccountSetup(ctx);
    progress.phase('products');
    const catalogue = seedCatalogue(ctx, counts.products);
    progress.phase('contacts');
    const contacts = seedContacts(ctx, counts.contacts);
    progress.phase('connectors');
    const feeds = seedConnectors(ctx, catalogue, contacts);
    const st = seedDocuments(ctx, catalogue, contacts, feeds, counts);
    progress.phase('inventories');
    seedInventories(ctx, catalogue, counts.inventories);
    progress.phase('workmanager');
    seedWorkmanager(st, counts.serviceFiles, counts.serviceRequests);
    insertSeries(db, COMPANY_ID, ctx.numbers);
    recordMove(db, shiftWeeks);
    progress.phase('indexes');
  });
  progress.finish();
}
