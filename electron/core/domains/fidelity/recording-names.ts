import { join } from 'node:path';
import { formatTimestamp } from '../../time.ts';

/*
 * Recording files under <data>/recordings/: <company_id>-<YYYY-MM-DD>.har (one a day) or
 * <company_id>-session-<YYYYMMDD-HHMMSS>.har (one a service start), then -2, -3, ... past the
 * size bound. Each file's pseudonym key is beside it in .keys/<file>.key, never inside the HAR.
 */

export const KEYS_DIR = '.keys';

/** The file names of one account's recordings, and nothing else (no other account's, no ../). */
export const recordingNamePattern = (companyId: number): RegExp =>
  new RegExp(`^${companyId}-(?:\\d{4}-\\d{2}-\\d{2}|session-\\d{8}-\\d{6})(?:-([2-9]|[1-9]\\d{1,3}))?\\.har$`);

/** The name of part `part` (1, 2, ...) of the recording `base`. */
export const partName = (base: string, part: number): string => (part === 1 ? `${base}.har` : `${base}-${part}.har`);

export const keyFileOf = (dir: string, fileName: string): string => join(dir, KEYS_DIR, `${fileName}.key`);

/** The base name of an account's recording now: today's (service time), or the session's. */
export function recordingBase(companyId: number, mode: 'day' | 'session', now: Date, sessionStart: Date): string {
  if (mode === 'day') return `${companyId}-${formatTimestamp(now).slice(0, 10)}`;
  const stamp = formatTimestamp(sessionStart).replace(/-/g, '').replace(' ', '-').replace(/:/g, '');
  return `${companyId}-session-${stamp}`;
}
