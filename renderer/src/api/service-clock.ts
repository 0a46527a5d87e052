import { useOperation } from './operations.ts';

const WALL = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A wall time ('YYYY-MM-DD HH:MM:SS') `ms` later, as a wall time (a running clock read some time ago). */
export function wallPlus(wall: string, ms: number): string {
  const m = WALL.exec(wall);
  if (!m) return wall;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) + ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/**
 * Today on the service's clock (clock.get, Europe/Bucharest), ISO `YYYY-MM-DD`: the day the core
 * gives a document or payment whose date is left empty, which a test clock may have moved away
 * from the computer's day. A running clock read a while ago is carried forward; undefined until
 * the clock has answered.
 */
export function useServiceToday(): string | undefined {
  const clock = useOperation('clock.get', {});
  if (!clock.data) return undefined;
  const now = clock.data.mode === 'frozen' ? clock.data.now : wallPlus(clock.data.now, Date.now() - clock.dataUpdatedAt);
  return now.slice(0, 10);
}
