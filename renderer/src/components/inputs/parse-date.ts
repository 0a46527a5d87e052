/**
 * What a person types into a date field, read as they meant it or refused; never turned into
 * another day. Accepted: the display format of both languages, day first, with `.`, `/` or `-`
 * between the parts (`27.11.2026`, `27/11/2026`, `27-11-2026`, one or two digits for day and
 * month: `7.1.2026`), and ISO `2026-11-27`. Spaces around the text are ignored. The year has four
 * digits: `27.11.26` is refused (which century is a guess).
 */

export type DateRefusal = 'format' | 'twoDigitYear' | 'noSuchDay';
export type DateReading = { ok: true; iso: string } | { ok: false; reason: DateRefusal };

const DAY_FIRST = /^(\d{1,2})([./-])(\d{1,2})\2(\d+)$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** Days in a month of the proleptic Gregorian calendar. */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function reading(year: number, month: number, day: number): DateReading {
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return { ok: false, reason: 'noSuchDay' };
  return { ok: true, iso: `${year}-${pad(month)}-${pad(day)}` };
}

/** The day `text` names, as ISO `YYYY-MM-DD`, or why it names none. Empty text is a refusal ('format'): callers decide whether empty is allowed. */
export function parseDate(text: string): DateReading {
  const t = text.trim();
  const iso = ISO.exec(t);
  if (iso) return reading(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dmy = DAY_FIRST.exec(t);
  if (!dmy) return { ok: false, reason: 'format' };
  if (dmy[4]!.length !== 4) return { ok: false, reason: dmy[4]!.length === 2 ? 'twoDigitYear' : 'format' };
  return reading(Number(dmy[4]), Number(dmy[3]), Number(dmy[1]));
}

/** An ISO day as the screens show it: `27.11.2026` (both languages). */
export function formatDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}
