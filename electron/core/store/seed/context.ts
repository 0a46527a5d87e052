// The state shared by the demo seed's phases: database, PRNG, clock, id counters, numbering.
import type { Database } from 'better-sqlite3';
import type { Pools } from './pools.ts';
import { vatRateOn, type VatKind } from '../../../../shared/domain/vat.ts';
import { Rng } from './random.ts';
import { Batch, DAY, Progress, dayOf, fmtDay, wallSec } from './util.ts';
import type { ProgressCallback } from './util.ts';

export const COMPANY_ID = 1;
export const WINDOW_DAYS = 730;

export class Ctx {
  readonly rng: Rng;
  readonly nowSec: number;
  readonly today: number;
  /** Start of the two-year document window. */
  readonly startSec: number;
  readonly batch: Batch;
  readonly progress: Progress;
  private readonly idCounters = new Map<string, number>();
  /** Last number used per "doc_type|series". */
  readonly numbers = new Map<string, number>();

  constructor(
    readonly db: Database,
    readonly scale: number,
    now: Date,
    readonly pools: Pools,
    progressTotal: number,
    onProgress: ProgressCallback | undefined,
    /** Whole weeks the dates are moved by once seeded (shift.ts): the dates the documents end up with. */
    readonly shiftWeeks = 0,
  ) {
    this.rng = new Rng(12345);
    this.nowSec = wallSec(now);
    this.today = dayOf(this.nowSec);
    this.startSec = this.nowSec - WINDOW_DAYS * DAY;
    this.batch = new Batch(db, 10000);
    this.progress = new Progress(progressTotal, onProgress);
  }

  /**
   * The VAT rate of goods of `kind` on a document made at `sec`. The law applies to the date the
   * document carries once the seed is moved to today, not to the anchor it is generated at, so
   * the rates (and the amounts) of the documents the move brings across 2025-08-01 follow the
   * week the seed runs in; every machine seeding in the same week gets the same data.
   */
  vatRate(sec: number, kind: VatKind): number {
    return vatRateOn(this.finalDate(sec), kind);
  }

  /** The date (as stored after the move) of a document made at `sec`. */
  finalDate(sec: number): string {
    return fmtDay(dayOf(sec) + this.shiftWeeks * 7);
  }

  /** Next id of a table (ids are assigned by the seed so they do not depend on insert quirks). */
  id(table: string): number {
    const n = (this.idCounters.get(table) ?? 0) + 1;
    this.idCounters.set(table, n);
    return n;
  }

  lastId(table: string): number {
    return this.idCounters.get(table) ?? 0;
  }

  number(docType: string, series: string): number {
    const key = `${docType}|${series}`;
    const n = (this.numbers.get(key) ?? 0) + 1;
    this.numbers.set(key, n);
    return n;
  }

  /** A random instant in [from, to] seconds. */
  secBetween(from: number, to: number): number {
    return from + Math.floor(this.rng.next() * Math.max(1, to - from));
  }

  /** A random business-hours instant inside the document window (not later than an hour ago). */
  docSec(): number {
    const latest = this.nowSec - 3600;
    const day = dayOf(this.startSec) + 1 + this.rng.index(dayOf(latest) - dayOf(this.startSec));
    const sec = day * DAY + 8 * 3600 + this.rng.index(12 * 3600);
    return sec > latest ? latest - this.rng.index(6 * 3600) : sec;
  }

  /** sec plus a delay drawn from [minDelay, maxDelay], never later than now. */
  after(sec: number, minDelay: number, maxDelay: number): number {
    return Math.min(this.nowSec, sec + minDelay + this.rng.index(Math.max(1, maxDelay - minDelay)));
  }

  /** A last-change instant for a record created at sec: mostly soon after, sometimes edited later. */
  changed(sec: number): number {
    const r = this.rng.next();
    if (r < 0.7) return this.after(sec, 0, 600);
    if (r < 0.95) return this.after(sec, 600, 3 * DAY);
    return this.after(sec, 3 * DAY, 60 * DAY);
  }
}
