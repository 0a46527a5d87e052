import { formatTimestamp } from '../../time.ts';

/** The calendar day `days` before (negative: after) 'YYYY-MM-DD', as 'YYYY-MM-DD'. */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** Every day from `from` through `through`, both included, oldest first. */
export function daysBetween(from: string, through: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= through; day = daysBefore(day, -1)) out.push(day);
  return out;
}

/**
 * The moments the overview counts from, on the service clock (Europe/Bucharest wall clock, as
 * the documents and logs store their times).
 */
export function overviewMoments(now: Date) {
  const stamp = formatTimestamp(now);
  const today = stamp.slice(0, 10);
  const hourSince = formatTimestamp(new Date(now.getTime() - 3600_000));
  // The 24 clock hours up to the current one: the 'YYYY-MM-DD HH' of each, oldest first.
  const hours = Array.from({ length: 24 }, (_, n) => formatTimestamp(new Date(now.getTime() - (23 - n) * 3600_000)).slice(0, 13));
  return { now: stamp, today, monthFrom: `${today.slice(0, 8)}01`, hourSince, hours };
}
