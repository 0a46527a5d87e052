import { formatTimestamp } from '../time.ts';

const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,3})?(Z|[+-]\d{2}:?\d{2})?$/;

/** Europe/Bucharest is UTC+2 in winter and UTC+3 in summer (EU rules since 1997). */
const BUCHAREST_OFFSETS_H = [3, 2];

export type WallTimeResult = { instant: Date } | { error: string };

/**
 * The instant of a time as the ERP writes it, 'YYYY-MM-DD HH:MM:SS' Europe/Bucharest wall clock,
 * or of an ISO 8601 time with Z or an offset. A wall time the clocks skip (the spring change,
 * 03:00-03:59 on the last Sunday of March) is refused; one they pass twice (the autumn change)
 * is the first of the two, the summer one.
 */
export function parseWallTime(text: string): WallTimeResult {
  const m = WALL.exec(text.trim());
  if (!m) return { error: `'${text}' is not a time: 'YYYY-MM-DD HH:MM:SS' (Europe/Bucharest) or ISO 8601 with Z or an offset` };
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i]));
  const millis = m[7] ? Math.round(Number(m[7]) * 1000) : 0;
  const calendar = new Date(Date.UTC(year!, month! - 1, day!));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month! - 1 || calendar.getUTCDate() !== day) {
    return { error: `${m[1]}-${m[2]}-${m[3]} is not a calendar date` };
  }
  if (hour! > 23 || minute! > 59 || second! > 59) return { error: `${m[4]}:${m[5]}:${m[6]} is not a time of day` };
  const asUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!, millis);
  const zone = m[8];
  if (zone !== undefined) {
    if (zone === 'Z') return { instant: new Date(asUtc) };
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const [h, min] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
    if (h > 23 || min > 59) return { error: `${zone} is not a UTC offset` };
    return { instant: new Date(asUtc - sign * (h * 60 + min) * 60_000) };
  }
  const wall = `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}`;
  for (const offset of BUCHAREST_OFFSETS_H) {
    const candidate = new Date(asUtc - offset * 3_600_000);
    if (formatTimestamp(candidate) === wall) return { instant: candidate };
  }
  return { error: `${wall} does not exist in Europe/Bucharest (the clocks skip it when summer time begins)` };
}
