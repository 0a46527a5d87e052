import Type, { type TSchema } from 'typebox';

/**
 * The filter grammar of the spec's list endpoints: URL path segments `/key:value/`, never query
 * strings. One parser for every list; each endpoint declares the keys it accepts and their
 * types (a FilterSpec), and gets back typed values or a FilterError naming the bad key.
 */

export class FilterError extends Error {
  override name = 'FilterError';
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

/** One accepted filter key: how its raw (already URL-decoded) value is read. */
export interface FilterField<T> {
  /** What the value looks like, for error messages and the OpenAPI description. */
  readonly expects: string;
  /**
   * What a client writes as the value, before URL encoding, as a JSON Schema (a list: an array,
   * written comma-joined). The OpenAPI document's x-path-filters carries it, and the typed REST
   * client's withFilters is typed from it (npm run types:rest).
   */
  readonly input: TSchema;
  parse(raw: string, key: string): T;
}

export type FilterSpec = Readonly<Record<string, FilterField<unknown>>>;

export type FilterValues<S extends FilterSpec> = {
  [K in keyof S]?: S[K] extends FilterField<infer T> ? T : never;
};

/** An inclusive range of calendar dates, both ends 'YYYY-MM-DD'. */
export interface DateRange {
  from: string;
  through: string;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function checkedDate(key: string, raw: string, year: number, month: number, day: number): string {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new FilterError(key, `filter '${key}': '${raw}' is not a calendar date`);
  }
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function fail(key: string, raw: string, expects: string): never {
  throw new FilterError(key, `filter '${key}' expects ${expects}, got '${raw}'`);
}

function field<T>(expects: string, input: TSchema, parse: (raw: string, key: string) => T): FilterField<T> {
  return { expects, input, parse };
}

/** A year, year-month or date written as digits: a number or its text. */
const digits = (pattern: string, description: string): TSchema =>
  Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern })], { description });

const YEAR = /^(\d{4})$/;
const YEARMONTH = /^(\d{4})(\d{2})$/;
const YEARMONTHDAY = /^(\d{4})(\d{2})(\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

function yearRange(key: string, raw: string): DateRange {
  const m = YEAR.exec(raw) ?? fail(key, raw, 'a year YYYY');
  return { from: `${m[1]}-01-01`, through: `${m[1]}-12-31` };
}

function yearMonthRange(key: string, raw: string): DateRange {
  const m = YEARMONTH.exec(raw) ?? fail(key, raw, 'six digits YYYYMM');
  const year = Number(m[1]);
  const month = Number(m[2]);
  const first = checkedDate(key, raw, year, month, 1);
  return { from: first, through: `${first.slice(0, 8)}${pad(daysInMonth(year, month))}` };
}

function dayRange(key: string, raw: string, pattern: RegExp, expects: string): DateRange {
  const m = pattern.exec(raw) ?? fail(key, raw, expects);
  const day = checkedDate(key, raw, Number(m[1]), Number(m[2]), Number(m[3]));
  return { from: day, through: day };
}

function timestamp(key: string, raw: string): string {
  const m = TIMESTAMP.exec(raw);
  if (m) {
    const day = checkedDate(key, raw, Number(m[1]), Number(m[2]), Number(m[3]));
    const [hh, mm, ss] = [Number(m[4]), Number(m[5]), Number(m[6])];
    if (hh > 23 || mm > 59 || ss > 59) fail(key, raw, 'a time of day HH:MM:SS');
    return `${day} ${m[4]}:${m[5]}:${m[6]}`;
  }
  return `${dayRange(key, raw, DATE, 'a timestamp YYYY-MM-DD HH:MM:SS (space as %20) or a date YYYY-MM-DD').from} 00:00:00`;
}

/** Any of the spec's date formats, as the range of days it denotes. */
function anyDateRange(key: string, raw: string): DateRange {
  if (YEAR.test(raw)) return yearRange(key, raw);
  if (YEARMONTH.test(raw)) return yearMonthRange(key, raw);
  if (DATE.test(raw)) return dayRange(key, raw, DATE, '');
  if (TIMESTAMP.test(raw)) {
    const day = timestamp(key, raw).slice(0, 10);
    return { from: day, through: day };
  }
  return fail(key, raw, 'a date as YYYY, YYYYMM, YYYY-MM-DD or YYYY-MM-DD HH:MM:SS');
}

const INTEGER = /^-?\d{1,15}$/;

/** One reading of a document number as a partner types it: a series (null: any) and the number. */
export interface DocumentNumberReading {
  series: string | null;
  number: number;
}

/**
 * A document number as a partner types it: `596`, `B2BREB-596`, `B2BREB 596`, `b2breb596`
 * (series and number, any case, with or without a separator: space, `-`, `_`, `/`, `.`, `#`).
 * Answers every reading, the most likely first: without a separator a series ending in digits
 * is possible too (`FA2596`: FA2 596, then FA 2596 ...). No reading (no number at the end, a
 * number 0 or over 15 digits) is an empty list: the value matches no document.
 */
export function documentNumberReadings(raw: string): DocumentNumberReading[] {
  const m = /^(.*?)(\d+)$/s.exec(raw.trim());
  if (!m) return [];
  const digits = m[2]!;
  const rest = m[1]!;
  const prefix = rest.replace(/[\s\-_/.#]+$/, '');
  const readings: DocumentNumberReading[] = [];
  const push = (series: string | null, numberText: string) => {
    const number = Number(numberText);
    if (numberText.length <= 15 && number >= 1) readings.push({ series, number });
  };
  if (prefix === '') {
    if (rest === '') push(null, digits);
    return readings;
  }
  push(prefix, digits);
  // No separator: digits right after the series may belong to it.
  if (prefix === rest) for (let k = 1; k < digits.length; k++) push(prefix + digits.slice(0, k), digits.slice(k));
  return readings;
}

/** The value types a filter key can have. */
export const f = {
  /** An integer, at least `min` (default 1, as ids and pages start at 1). */
  int: (min = 1) =>
    field(`an integer >= ${min}`, Type.Integer({ minimum: min }), (raw, key) => {
      if (!INTEGER.test(raw) || Number(raw) < min) fail(key, raw, `an integer >= ${min}`);
      return Number(raw);
    }),
  /** 0 or 1, read as a boolean. */
  flag: () =>
    field('0 or 1', Type.Union([Type.Literal(0), Type.Literal(1)]), (raw, key) => {
      if (raw !== '0' && raw !== '1') fail(key, raw, '0 or 1');
      return raw === '1';
    }),
  oneOf: <V extends string>(values: readonly V[]) =>
    field(`one of ${values.join(', ')}`, Type.Enum([...values]), (raw, key): V => {
      if (!(values as readonly string[]).includes(raw)) fail(key, raw, `one of ${values.join(', ')}`);
      return raw as V;
    }),
  /** A document number with or without its series (documentNumberReadings); only empty is refused. */
  documentNumber: () =>
    field(
      'a document number, with or without its series (596, B2BREB-596, B2BREB 596, b2breb596)',
      Type.Union([Type.Integer({ minimum: 1 }), Type.String({ minLength: 1 })]),
      (raw, key) => {
        if (raw.trim().length === 0) fail(key, raw, 'a non-empty value');
        return documentNumberReadings(raw);
      },
    ),
  /** Free text, URL-decoded; empty is refused. */
  text: () =>
    field('a non-empty URL-encoded string', Type.String({ minLength: 1 }), (raw, key) => {
      if (raw.length === 0) fail(key, raw, 'a non-empty value');
      return raw;
    }),
  /** Text sent as base64 (standard or URL-safe alphabet), decoded as UTF-8. */
  base64Text: () =>
    field('base64 of a UTF-8 string', Type.String({ minLength: 1, contentEncoding: 'base64' }), (raw, key) => {
      const normalized = raw.replace(/-/g, '+').replace(/_/g, '/');
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(normalized) || normalized.replace(/=+$/, '').length % 4 === 1) {
        fail(key, raw, 'base64 of a UTF-8 string');
      }
      const bytes = Uint8Array.from(atob(normalized.padEnd(Math.ceil(normalized.length / 4) * 4, '=')), (c) =>
        c.charCodeAt(0),
      );
      try {
        const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        if (text.length === 0) fail(key, raw, 'base64 of a non-empty string');
        return text;
      } catch (error) {
        if (error instanceof FilterError) throw error;
        return fail(key, raw, 'base64 of a UTF-8 string');
      }
    }),
  /** year:YYYY -> the days of that year. */
  year: () => field('a year YYYY', digits('^\\d{4}$', 'YYYY'), (raw, key) => yearRange(key, raw)),
  /** yearmonth:YYYYMM -> the days of that month. */
  yearMonth: () => field('six digits YYYYMM', digits('^\\d{6}$', 'YYYYMM'), (raw, key) => yearMonthRange(key, raw)),
  /** yearmonthday:YYYYMMDD -> that day. */
  yearMonthDay: () =>
    field('eight digits YYYYMMDD', digits('^\\d{8}$', 'YYYYMMDD'), (raw, key) => dayRange(key, raw, YEARMONTHDAY, 'eight digits YYYYMMDD')),
  /** date:YYYY-MM-DD -> that day. */
  date: () => field('a date YYYY-MM-DD', Type.String({ format: 'date' }), (raw, key) => dayRange(key, raw, DATE, 'a date YYYY-MM-DD')),
  /** datefrom / datethrough: any date format; the caller takes .from or .through of the range. */
  dateBound: () =>
    field(
      'a date as YYYY, YYYYMM, YYYY-MM-DD or YYYY-MM-DD HH:MM:SS',
      digits('^\\d{4}(\\d{2}|-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}:\\d{2})?)?$', 'YYYY, YYYYMM, YYYY-MM-DD or YYYY-MM-DD HH:MM:SS'),
      (raw, key) => anyDateRange(key, raw),
    ),
  /** modifiedafter / modifiedthrough: 'YYYY-MM-DD HH:MM:SS' (a bare date means 00:00:00). */
  timestamp: () =>
    field(
      'a timestamp YYYY-MM-DD HH:MM:SS (space as %20)',
      Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}:\\d{2})?$', description: 'YYYY-MM-DD HH:MM:SS (a bare date means 00:00:00)' }),
      (raw, key) => timestamp(key, raw),
    ),
  /** include:a,b / exclude:a: a comma-separated subset of `values`. */
  options: <V extends string>(values: readonly V[]) =>
    field(`a comma-separated list of ${values.join(', ')}`, Type.Array(Type.Enum([...values]), { minItems: 1 }), (raw, key): ReadonlySet<V> => {
      const parts = raw.split(',').map((part) => part.trim());
      if (values.length === 0) fail(key, raw, 'nothing: this endpoint has no such options');
      for (const part of parts) {
        if (!(values as readonly string[]).includes(part)) {
          throw new FilterError(key, `${key}: '${part}' is not accepted here; accepted: ${values.join(', ')}`);
        }
      }
      return new Set(parts as V[]);
    }),
} as const;

/** Splits a raw path tail ('year:2024/modifiedafter:2024-01-01%2010:00:00/') into decoded pairs. */
export function splitFilterSegments(rawTail: string): Array<[key: string, value: string]> {
  const pairs: Array<[string, string]> = [];
  for (const segment of rawTail.split('/')) {
    if (segment === '') continue;
    const colon = segment.indexOf(':');
    let decodedKey: string;
    try {
      decodedKey = decodeURIComponent(colon === -1 ? segment : segment.slice(0, colon));
    } catch {
      throw new FilterError(segment, `path segment '${segment}' is not valid URL encoding`);
    }
    if (colon === -1) {
      throw new FilterError(decodedKey, `path segment '${decodedKey}' is not a filter: filters are written key:value`);
    }
    const rawValue = segment.slice(colon + 1);
    try {
      pairs.push([decodedKey, decodeURIComponent(rawValue)]);
    } catch {
      throw new FilterError(decodedKey, `filter '${decodedKey}': value '${rawValue}' is not valid URL encoding`);
    }
  }
  return pairs;
}

/** Reads the filters of one list request against the keys its endpoint accepts. */
export function parseFilters<S extends FilterSpec>(spec: S, rawTail: string): FilterValues<S> {
  const values: Record<string, unknown> = {};
  for (const [key, raw] of splitFilterSegments(rawTail)) {
    const accepted = Object.hasOwn(spec, key) ? spec[key] : undefined;
    if (!accepted) {
      throw new FilterError(key, `unknown filter '${key}'; this endpoint accepts: ${Object.keys(spec).join(', ')}`);
    }
    if (Object.hasOwn(values, key)) throw new FilterError(key, `filter '${key}' is given more than once`);
    values[key] = accepted.parse(raw, key);
  }
  return values as FilterValues<S>;
}

/** The standard filter set of the spec, shared by the document lists. */
export const standardFilters = {
  year: f.year(),
  yearmonth: f.yearMonth(),
  yearmonthday: f.yearMonthDay(),
  date: f.date(),
  datefrom: f.dateBound(),
  datethrough: f.dateBound(),
  modifiedafter: f.timestamp(),
  modifiedthrough: f.timestamp(),
  id: f.int(),
  minid: f.int(),
  skipcancelled: f.flag(),
  page: f.int(),
} as const;

/**
 * Folds every date filter of a request (year, yearmonth, yearmonthday, date, datefrom,
 * datethrough) into one inclusive range: the intersection of what each one allows.
 * Returns undefined when no date filter was given.
 */
export function dateRangeOf(values: {
  year?: DateRange;
  yearmonth?: DateRange;
  yearmonthday?: DateRange;
  date?: DateRange;
  datefrom?: DateRange;
  datethrough?: DateRange;
}): Partial<DateRange> | undefined {
  const froms = [values.year?.from, values.yearmonth?.from, values.yearmonthday?.from, values.date?.from, values.datefrom?.from];
  const throughs = [
    values.year?.through,
    values.yearmonth?.through,
    values.yearmonthday?.through,
    values.date?.through,
    values.datethrough?.through,
  ];
  const from = froms.filter((v): v is string => v !== undefined).sort().at(-1);
  const through = throughs.filter((v): v is string => v !== undefined).sort().at(0);
  if (from === undefined && through === undefined) return undefined;
  return { ...(from !== undefined && { from }), ...(through !== undefined && { through }) };
}
