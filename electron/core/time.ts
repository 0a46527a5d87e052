/** Time as the ERP writes it: Europe/Bucharest wall-clock, 'YYYY-MM-DD HH:MM:SS'. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const bucharest = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Bucharest',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

// Formatting through Intl costs microseconds; the API log asks for it on every request, and
// within one second the answer is the same.
let memoSecond = Number.NaN;
let memoText = '';

export function formatTimestamp(date: Date): string {
  const second = Math.floor(date.getTime() / 1000);
  if (second === memoSecond) return memoText;
  memoText = formatUncached(date);
  memoSecond = second;
  return memoText;
}

function formatUncached(date: Date): string {
  const parts = Object.fromEntries(bucharest.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export function formatDate(date: Date): string {
  return formatTimestamp(date).slice(0, 10);
}

/** A calendar date (YYYY-MM-DD) plus days: due dates, the documents' next working day. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
