// The state shared by the demo seed's phases: database, PRNG, clock, id counters, numbering.
import type { Database } from 'better-sqlite3';
import type { Pools } from './pools.ts';
import { vatRateOn, type VatKind } from '../../../../shared/domain/vat.ts';
import { Rng } from './random.ts';
import { DAY, Progress, dayOf, fmtDay, fmtTs, wallSec } from './util.ts';
import type { ProgressCallback } from './util.ts';

export const COMPANY_ID = 1;
export const WINDOW_DAYS = 730;

export class Ctx {
  readonly rng: Rng;
  readonly nowSec: number;
  readonly today: number;
  /** Start of the two-year document window. */
  readonly startSec: number;
  readonly progress: Progress;
  /** Days and seconds the stored dates are moved by (shiftWeeks whole weeks, see shift.ts). */
  readonly moveDays: number;
  private readonly moveSec: number;
  private readonly idCounters = new Map<string, number>();
  private ratesDay = Number.NaN;
  private rates: Record<VatKind, number> = { standard: 0, reduced: 0, reduced_low: 0 };
  /** Last number used per "doc_type|series". */
  readonly numbers = new Map<string, number>();

  constructor(
    readonly db: Database,
    readonly scale: number,
    now: Date,
    readonly pools: Pools,
    progressTotal: number,
    onProgress: ProgressCallback | undefined,
    /** Whole weeks the dates are moved by (shift.ts): the dates the documents end up with. */
    readonly shiftWeeks = 0,
  ) {
    this.rng = new Rng(12345);
    this.nowSec = wallSec(now);
    this.today = dayOf(this.nowSec);
    this.startSec = this.nowSec - WINDOW_DAYS * DAY;
    this.moveDays = shiftWeeks * 7;
    this.moveSec = this.moveDays * DAY;
    this.progress = new Progress(progressTotal, onProgress);
  }

  /**
   * The VAT rate of goods of `kind` on a document made at `sec`. The law applies to the date the
   * document carries once the seed is moved to today, not to the anchor it is generated at, so
   * the rates (and the amounts) of the documents the move brings across 2025-08-01 follow the
   * week the seed runs in; every machine seeding in the same week gets the same data.
   */
  vatRate(sec: number, kind: VatKind): number {
    const day = dayOf(sec);
    // documents come in date order: the rates of the last day asked are the ones asked next
    if (day !== this.ratesDay) {
      const date = this.finalDate(sec);
      this.rates = { standard: vatRateOn(date, 'standard'), reduced: vatRateOn(date, 'reduced'), reduced_low: vatRateOn(date, 'reduced_low') };
      this.ratesDay = day;
    }
    return this.rates[kind];
  }

  /** The date (as stored after the move) of a document made at `sec`. */
  finalDate(sec: number): string {
    return this.date(dayOf(sec));
  }

  /**
   * A date column's value for the epoch day `day`, moved by shiftWeeks: the seed writes the
   * dates the demo ends up with, rather than moving every row afterwards (shift.ts). Only date
   * and timestamp columns take these; dates inside other text (a payload, a name) stay unmoved,
   * as they did when the move was an UPDATE of the date columns.
   */
  date(day: number): string {
    return fmtDay(day + this.moveDays);
  }

  /** A timestamp column's value for the instant `sec`, moved by shiftWeeks (see date). */
  ts(sec: number): string {
    return fmtTs(sec + this.moveSec);
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
