import type { Changed } from './invalidation.ts';

/*
 * A partner's test suite may make hundreds of REST calls a second while a screen is open; each
 * one is an API log event, and every screen that reads the log (the overview, the API log, the
 * API users' last use) would be read again for each of them, the server computing the same
 * aggregates over and over. The batcher passes the first change on at once and merges the ones
 * that follow within the window into one, passed on when the window ends: a screen follows the
 * data at most `windowMs` late and is read at most once per window. No React here: unit-tested.
 */

/** Merges changes of one account: the union of tables; ids only where every change named them. */
export function mergeChanges(changes: readonly Changed[]): Changed {
  const first = changes[0];
  if (!first) throw new Error('mergeChanges needs at least one change');
  const tables = [...new Set(changes.flatMap((c) => c.tables))];
  const records: Record<string, number[]> = {};
  for (const table of tables) {
    const named = changes.filter((c) => c.tables.includes(table) || c.records?.[table]);
    // One change that wrote the table without naming its ids means any record may have changed.
    if (named.every((c) => c.records?.[table])) records[table] = [...new Set(named.flatMap((c) => c.records?.[table] ?? []))];
  }
  return { companyId: first.companyId, tables, ...(Object.keys(records).length > 0 && { records }) };
}

export interface ChangeBatcher {
  push(changed: Changed): void;
  /** Passes on what is waiting now (and stops the timer): on unmount. */
  flush(): void;
}

export function createChangeBatcher(
  deliver: (changed: Changed) => void,
  windowMs = 250,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void } = {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): ChangeBatcher {
  /** Changes waiting for the end of the window, per account (null: no account). */
  const waiting = new Map<number | null, Changed[]>();
  let timer: unknown = null;

  const flush = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
    const batches = [...waiting.values()];
    waiting.clear();
    for (const batch of batches) deliver(mergeChanges(batch));
  };
  const endOfWindow = () => {
    timer = null;
    if (waiting.size === 0) return; // a quiet window: the next change goes through at once
    flush();
    timer = timers.set(endOfWindow, windowMs); // and a new window starts with it
  };

  return {
    push(changed) {
      if (timer === null) {
        deliver(changed);
        timer = timers.set(endOfWindow, windowMs);
        return;
      }
      const list = waiting.get(changed.companyId);
      if (list) list.push(changed);
      else waiting.set(changed.companyId, [changed]);
    },
    flush,
  };
}
