/**
 * What a person types or pastes into an amount field, read as they meant it or refused; never
 * read as another value. `12.5` and `12,5` both mean 12.5: with one kind of separator and not
 * three digits after it, the separator is the decimal point, whichever it is. Thousands
 * separators are understood in either convention when the text says which is which:
 * `1.234,56` and `1,234.56` (both kinds present: the last is the decimal point), `1 234,56`
 * (spaces, also no-break spaces), `1.234.567` (the same separator twice: thousands). What
 * cannot be told apart is refused with a message instead of guessed: `1.234` or `1,234` alone
 * (one thousand two hundred thirty-four, or one point two three four?).
 */

export type AmountRefusal = 'format' | 'ambiguous' | 'decimals' | 'negative' | 'belowMin' | 'aboveMax';
export type AmountReading = { ok: true; value: number } | { ok: false; reason: AmountRefusal; bound?: number };

export interface AmountRules {
  /** Most decimals allowed (2 for money). */
  decimals?: number;
  /** Negative amounts allowed (default no). */
  negative?: boolean;
  /** Bounds, inclusive; a value outside is refused naming the bound, never clamped. */
  min?: number;
  max?: number;
}

const GROUPED = (sep: string) => new RegExp(`^\\d{1,3}(\\${sep}\\d{3})+$`);

/** The digits of `text` with one `.` as the decimal point, or why it cannot be read. */
function normalise(raw: string, decimals: number | undefined): { digits: string } | { reason: 'format' | 'ambiguous' } {
  // Spaces (ordinary, no-break, narrow no-break) only group thousands.
  let t = raw.replace(/[\s\u00a0\u202f]/g, (space, at: number, all: string) =>
    /\d/.test(all[at - 1] ?? '') && /^\d{3}(?!\d)/.test(all.slice(at + 1)) ? '' : space,
  );
  if (/\s/.test(t) || t === '') return { reason: 'format' };
  if (!/^\d[\d.,]*$/.test(t) && !/^[.,]\d+$/.test(t)) return { reason: 'format' };
  const dots = (t.match(/\./g) ?? []).length;
  const commas = (t.match(/,/g) ?? []).length;
  if (dots > 0 && commas > 0) {
    // Both: the last one is the decimal point and appears once; the other groups thousands.
    const decimal = t.lastIndexOf('.') > t.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const [whole, fraction, ...rest] = t.split(decimal);
    if (rest.length > 0 || fraction === undefined || fraction === '' || fraction.includes(group)) return { reason: 'format' };
    if (!GROUPED(group).test(whole!)) return { reason: 'format' };
    return { digits: `${whole!.split(group).join('')}.${fraction}` };
  }
  const sep = dots > 0 ? '.' : commas > 0 ? ',' : '';
  if (sep === '') return { digits: t };
  const count = dots + commas;
  if (count > 1) {
    // The same separator more than once: thousands, and only in groups of three.
    return GROUPED(sep).test(t) ? { digits: t.split(sep).join('') } : { reason: 'format' };
  }
  const [whole, fraction] = t.split(sep) as [string, string];
  if (fraction === '') return { reason: 'format' };
  // One separator followed by exactly three digits, after one to three: 1.234 or 1,234 could be either reading.
  // A field that takes three decimals or more (a rate: 4,975) reads it as the decimal point.
  const takesThree = decimals === undefined || decimals >= 3;
  if (!takesThree && fraction.length === 3 && whole.length >= 1 && whole.length <= 3 && whole !== '0') return { reason: 'ambiguous' };
  t = `${whole === '' ? '0' : whole}.${fraction}`;
  return { digits: t };
}

/** The amount `text` names, checked against `rules`, or why it is refused. */
export function parseAmount(text: string, rules: AmountRules = {}): AmountReading {
  let t = text.trim();
  let sign = 1;
  if (t.startsWith('-') || t.startsWith('\u2212')) {
    sign = -1;
    t = t.slice(1).trimStart();
  } else if (t.startsWith('+')) t = t.slice(1).trimStart();
  const read = normalise(t, rules.decimals);
  if ('reason' in read) return { ok: false, reason: read.reason };
  const fraction = read.digits.split('.')[1] ?? '';
  if (rules.decimals !== undefined && fraction.length > rules.decimals) return { ok: false, reason: 'decimals', bound: rules.decimals };
  const value = sign * Number(read.digits);
  if (!Number.isFinite(value)) return { ok: false, reason: 'format' };
  if (value < 0 && !rules.negative) return { ok: false, reason: 'negative' };
  if (rules.min !== undefined && value < rules.min) return { ok: false, reason: 'belowMin', bound: rules.min };
  if (rules.max !== undefined && value > rules.max) return { ok: false, reason: 'aboveMax', bound: rules.max };
  return { ok: true, value: value === 0 ? 0 : value };
}

/**
 * An amount as a field shows it back: as the rest of the screens write amounts (ro-RO in both
 * languages, renderer/src/app/format.ts): 1.234,56. It reads back as itself; whole numbers
 * (no decimals) are not grouped, as 1.234 alone would be ambiguous.
 */
export function formatAmountForInput(value: number, decimals = 2): string {
  return new Intl.NumberFormat('ro-RO', { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: decimals > 0 }).format(value);
}
