import type { ReactNode } from 'react';
import type { DataTableColumn } from './types.ts';
import classes from './DataTable.module.css';

/*
 * Formatting for Romania (ro-RO): 1.234,56 RON, 05.11.2026. Intl formatters are costly to
 * create, so each one is made once and kept.
 */

export const LOCALE = 'ro-RO';

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, options);
    numberFormats.set(key, format);
  }
  return format;
}

type Maybe<T> = T | null | undefined;

function toNumber(value: Maybe<number | string>): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** `1.234,56 RON` (any ISO currency; an unknown code is shown after the number). */
export function formatMoney(value: Maybe<number | string>, currency: Maybe<string> = 'RON'): string {
  const n = toNumber(value);
  if (n === null) return '';
  const code = (currency || 'RON').toUpperCase();
  try {
    return numberFormat(`money:${code}`, { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
  } catch {
    return `${formatNumber(n, 2)} ${code}`;
  }
}

/** `1.234.567` or, with `fractionDigits`, `1.234,50`. */
export function formatNumber(value: Maybe<number | string>, fractionDigits?: number): string {
  const n = toNumber(value);
  if (n === null) return '';
  if (fractionDigits === undefined) return numberFormat('number', { maximumFractionDigits: 3 }).format(n);
  return numberFormat(`number:${fractionDigits}`, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(n);
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/**
 * `05.11.2026` for `2026-11-05`, `05.11.2026, 14:30` for `2026-11-05 14:30:00`. The API's dates
 * are local wall-clock strings without a zone, so they are shown as written (no time-zone shift).
 */
export function formatDate(value: Maybe<string>, withTime?: boolean): string {
  if (!value) return '';
  const m = DATE_RE.exec(value);
  if (!m) return value;
  const [, y, mo, d, h, mi, s] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0));
  return (withTime ?? h !== undefined) ? dateTimeFormat.format(utc) : dateFormat.format(utc);
}

type ColumnOptions<T, S extends string> = Partial<Omit<DataTableColumn<T, S>, 'id' | 'header'>>;

/** A text column reading `value(row)`. */
export function textColumn<T, S extends string = string>(
  id: string,
  header: string,
  value: (row: T) => Maybe<string | number>,
  options: ColumnOptions<T, S> = {},
): DataTableColumn<T, S> {
  return { id, header, value, ...options };
}

/** A right-aligned number column (ro-RO grouping); `fractionDigits` fixes the decimals. */
export function numberColumn<T, S extends string = string>(
  id: string,
  header: string,
  value: (row: T) => Maybe<number | string>,
  options: ColumnOptions<T, S> & { fractionDigits?: number } = {},
): DataTableColumn<T, S> {
  const { fractionDigits, ...rest } = options;
  return { id, header, value, align: 'right', width: 110, format: (v) => formatNumber(v as Maybe<number>, fractionDigits), ...rest };
}

/**
 * A right-aligned money column: `1.234,56 RON`. `currency` reads the row's currency (the
 * document's), else RON. The CSV gets the plain number, its currency in its own column.
 */
export function moneyColumn<T, S extends string = string>(
  id: string,
  header: string,
  value: (row: T) => Maybe<number | string>,
  currency?: (row: T) => Maybe<string>,
  options: ColumnOptions<T, S> = {},
): DataTableColumn<T, S> {
  return {
    id,
    header,
    value,
    align: 'right',
    width: 140,
    cell: (row) => formatMoney(value(row), currency ? currency(row) : 'RON'),
    ...options,
  };
}

/** A date column (`dd.mm.yyyy`, with the time when the value has one); the CSV keeps the ISO text. */
export function dateColumn<T, S extends string = string>(
  id: string,
  header: string,
  value: (row: T) => Maybe<string>,
  options: ColumnOptions<T, S> & { withTime?: boolean } = {},
): DataTableColumn<T, S> {
  const { withTime, ...rest } = options;
  return { id, header, value, width: withTime ? 150 : 110, format: (v) => formatDate(v as Maybe<string>, withTime), ...rest };
}

/**
 * A small status label for a cell (`cancelled`, `paid` ...): a plain span with the theme's light
 * colours, much cheaper than a Mantine Badge for a cell rendered on every scrolled row.
 */
export function Pill({ color = 'gray', children }: { color?: 'gray' | 'red' | 'teal' | 'blue' | 'yellow' | 'violet'; children: ReactNode }) {
  return (
    <span className={classes.pill} data-color={color}>
      {children}
    </span>
  );
}
