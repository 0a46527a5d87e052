/*
 * Dates, money and numbers as Romania writes them (ro-RO, RON), in both interface languages:
 * the ERP's documents are Romanian, and its users read amounts as 1.234,56 lei.
 * The API sends wall-clock times of Europe/Bucharest ('YYYY-MM-DD HH:MM:SS'): they are shown
 * as they are, never shifted to the browser's time zone.
 */

export const LOCALE = 'ro-RO';
export const DEFAULT_CURRENCY = 'RON';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, options);
    cache.set(key, format);
  }
  return format;
}

function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: 'UTC' });
    cache.set(key, format);
  }
  return format;
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** 1234.5 -> "1.234,50 RON"; another ISO currency keeps its code ("12,00 EUR"). Empty for no value. */
export function formatMoney(value: number | string | null | undefined, currency: string = DEFAULT_CURRENCY): string {
  const n = toNumber(value);
  if (n === null) return '';
  const code = /^[A-Z]{3}$/.test(currency) ? currency : DEFAULT_CURRENCY;
  return numberFormat({ style: 'currency', currency: code, currencyDisplay: 'code', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
}

/** 1234.5 -> "1.234,5" (or with fixed decimals: formatNumber(2, 2) -> "2,00"). */
export function formatNumber(value: number | string | null | undefined, decimals?: number): string {
  const n = toNumber(value);
  if (n === null) return '';
  return numberFormat(decimals === undefined ? { maximumFractionDigits: 4 } : { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** 'YYYY-MM-DD[ HH:MM[:SS]]' read as a wall clock (no time zone): a Date in UTC with those fields. */
function wallClock(value: string): Date | null {
  const m = WALL_CLOCK.exec(value);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2026-11-01' -> "01.11.2026". Text that is not a date is returned as it is. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = wallClock(value);
  return date ? dateFormat({ day: '2-digit', month: '2-digit', year: 'numeric' }).format(date) : value;
}

/** '2026-11-01 08:05:09' -> "01.11.2026, 08:05:09". */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = wallClock(value);
  if (!date) return value;
  return dateFormat({ day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(date);
}

/** 1 536 -> "1,5 KB" (binary multiples, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(value, value >= 10 ? 0 : 1)} ${units[unit]}`;
}
