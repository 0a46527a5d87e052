/*
 * A dropped file read as a HAR before it is sent: JSON with `log.entries` (the core checks the
 * rest, HAR 1.2, and names the field it refuses). What is wrong is said in the page's words.
 */

export type HarReadResult = { ok: true; har: { log: { entries: unknown[] } } } | { ok: false; reason: 'notJson' | 'noEntries' };

export function readHarText(text: string): HarReadResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'notJson' };
  }
  const log = typeof value === 'object' && value !== null ? (value as { log?: unknown }).log : undefined;
  const entries = typeof log === 'object' && log !== null ? (log as { entries?: unknown }).entries : undefined;
  if (!Array.isArray(entries)) return { ok: false, reason: 'noEntries' };
  return { ok: true, har: value as { log: { entries: unknown[] } } };
}
