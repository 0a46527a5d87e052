// Shared helpers of the seed: UTC date formatting, prepared inserts, transactions,
// progress reporting and the check digits of Romanian identifiers.
import type { Database, Statement } from 'better-sqlite3';
import { formatTimestamp } from '../../time.ts';
import { pad } from './random.ts';

export const DAY = 86400;

const dayCache = new Map<number, string>();

/** Epoch day (days since 1970-01-01 UTC) as 'YYYY-MM-DD'. */
export function fmtDay(day: number): string {
  let s = dayCache.get(day);
  if (s === undefined) {
    const d = new Date(day * DAY * 1000);
    s = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
    dayCache.set(day, s);
  }
  return s;
}

/** '00' to '59': the seed formats millions of timestamps. */
const TWO_DIGITS: readonly string[] = Array.from({ length: 60 }, (_, i) => pad(i, 2));

function twoDigits(n: number): string {
  return TWO_DIGITS[n] ?? pad(n, 2);
}

/** Epoch seconds as 'YYYY-MM-DD HH:MM:SS' (UTC). */
export function fmtTs(sec: number): string {
  const day = Math.floor(sec / DAY);
  let r = sec - day * DAY;
  const h = Math.floor(r / 3600);
  r -= h * 3600;
  const m = Math.floor(r / 60);
  const s = r - m * 60;
  return `${fmtDay(day)} ${twoDigits(h)}:${twoDigits(m)}:${twoDigits(s)}`;
}

export function dayOf(sec: number): number {
  return Math.floor(sec / DAY);
}

/**
 * The instant as the ERP's wall clock reads it (Europe/Bucharest, see core/time.ts), expressed
 * as seconds of a UTC epoch so that fmtTs(wallSec(now)) === formatTimestamp(now). All seed
 * arithmetic runs on these wall-clock seconds; nothing depends on the machine's time zone.
 */
export function wallSec(d: Date): number {
  return Math.floor(Date.parse(formatTimestamp(d).replace(' ', 'T') + 'Z') / 1000);
}

/** Day of week of an epoch day: 0 Sunday .. 6 Saturday. */
export function weekday(day: number): number {
  return (day + 4) % 7;
}

export type SqlValue = string | number | null;
/** A prepared INSERT: `run` takes the values in the order of its columns. */
export type Insert = Statement<SqlValue[]>;

/**
 * A prepared INSERT of `cols`, run with positional values in that order. Positional values
 * rather than an object per row: at scale 1000 the seed writes about five million rows, and a
 * named-parameter object per row doubles the cost of each insert (and the garbage).
 */
export function inserter(db: Database, table: string, cols: readonly string[], orIgnore = false): Insert {
  const sql = `INSERT ${orIgnore ? 'OR IGNORE ' : ''}INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`;
  return db.prepare<SqlValue[]>(sql);
}

export interface ProgressCallback {
  (done: number, total: number, phase: string): void;
}

/** Reports progress at most every ~1000 units, and at each phase change. */
export class Progress {
  private done = 0;
  private lastReported = 0;
  private current = '';

  constructor(
    private readonly total: number,
    private readonly cb: ProgressCallback | undefined,
  ) {}

  phase(name: string): void {
    this.current = name;
    this.report();
  }

  add(n = 1): void {
    this.done += n;
    if (this.done - this.lastReported >= 1000) this.report();
  }

  finish(): void {
    this.done = this.total;
    this.current = 'done';
    this.report();
  }

  private report(): void {
    this.lastReported = this.done;
    if (this.cb) this.cb(Math.min(this.done, this.total), this.total, this.current);
  }
}

/** EAN-13 from its first twelve digits. */
export function ean13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12.charAt(i)) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

/** Romanian fiscal code (CUI/CIF) with its control digit, from a base of up to 9 digits. */
export function cuiWithControl(base: string): string {
  const weights = [7, 5, 3, 2, 1, 7, 5, 3, 2];
  const padded = base.padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(padded.charAt(i)) * (weights[i] ?? 0);
  let c = (sum * 10) % 11;
  if (c === 10) c = 0;
  return base + String(c);
}

/** Romanian IBAN (RO + check digits + 4-letter bank code + 16 characters) with valid check digits. */
export function roIban(bank: string, account16: string): string {
  const bban = bank + account16;
  const rearranged = bban + 'RO00';
  let rem = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : ch;
    for (const d of digits) rem = (rem * 10 + Number(d)) % 97;
  }
  return `RO${pad(98 - rem, 2)}${bban}`;
}

/** Lowercase ASCII without diacritics, for e-mail addresses and slugs. */
/** The comma-below ș ț of Romanian for the cedilla ş ţ some sources still write. */
export function commaBelow(s: string): string {
  return s.replace(/ş/g, 'ș').replace(/Ş/g, 'Ș').replace(/ţ/g, 'ț').replace(/Ţ/g, 'Ț');
}

export function ascii(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[șş]/g, 's')
    .replace(/[țţ]/g, 't');
}

/** Slugs already made: the seed slugs names drawn from small pools, over and over. */
const slugs = new Map<string, string>();

export function slug(s: string): string {
  let out = slugs.get(s);
  if (out === undefined) {
    out = ascii(s)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    // bounded: beyond this many distinct inputs the rest are slugged each time
    if (slugs.size < 20_000) slugs.set(s, out);
  }
  return out;
}
