import { describe, expect, it } from 'vitest';
import { createChangeBatcher, mergeChanges } from '../../renderer/src/api/change-batcher.ts';
import type { Changed } from '../../renderer/src/api/invalidation.ts';

/** Timers the test moves by hand. */
function manualTimers() {
  let pending: { fn: () => void } | null = null;
  return {
    timers: { set: (fn: () => void) => (pending = { fn }), clear: () => (pending = null) },
    /** Ends the current window (runs the timer); false when none is set. */
    tick: () => {
      const p = pending;
      pending = null;
      p?.fn();
      return p !== null;
    },
  };
}

describe('createChangeBatcher', () => {
  it('passes the first change at once, merges a burst into one per window, and goes quiet', () => {
    const delivered: Changed[] = [];
    const { timers, tick } = manualTimers();
    const batcher = createChangeBatcher((c) => delivered.push(c), 250, timers);
    batcher.push({ companyId: 1, tables: ['api_log'] });
    expect(delivered).toEqual([{ companyId: 1, tables: ['api_log'] }]);
    for (let i = 0; i < 500; i++) batcher.push({ companyId: 1, tables: ['api_log'] });
    batcher.push({ companyId: 1, tables: ['sales'], records: { sales: [4] } });
    expect(delivered).toHaveLength(1);
    expect(tick()).toBe(true);
    expect(delivered).toHaveLength(2);
    expect(delivered[1]).toEqual({ companyId: 1, tables: ['api_log', 'sales'], records: { sales: [4] } });
    // A window with nothing in it: the next change goes through at once again.
    expect(tick()).toBe(true);
    expect(tick()).toBe(false);
    batcher.push({ companyId: 2, tables: ['products'] });
    expect(delivered.at(-1)).toEqual({ companyId: 2, tables: ['products'] });
  });

  it('keeps accounts apart and flushes what waits on unmount', () => {
    const delivered: Changed[] = [];
    const { timers } = manualTimers();
    const batcher = createChangeBatcher((c) => delivered.push(c), 250, timers);
    batcher.push({ companyId: 1, tables: ['a'] });
    batcher.push({ companyId: 2, tables: ['b'] });
    batcher.push({ companyId: 1, tables: ['c'] });
    batcher.flush();
    expect(delivered.slice(1)).toEqual([
      { companyId: 2, tables: ['b'] },
      { companyId: 1, tables: ['c'] },
    ]);
  });
});

describe('mergeChanges', () => {
  it('names ids only where every change of that table named them', () => {
    expect(
      mergeChanges([
        { companyId: 1, tables: ['webhook_outbox'], records: { webhook_outbox: [1] } },
        { companyId: 1, tables: ['webhook_outbox'], records: { webhook_outbox: [2, 1] } },
      ]),
    ).toEqual({ companyId: 1, tables: ['webhook_outbox'], records: { webhook_outbox: [1, 2] } });
    // One change without ids: any record of the table may have changed.
    expect(
      mergeChanges([
        { companyId: 1, tables: ['webhook_outbox'], records: { webhook_outbox: [1] } },
        { companyId: 1, tables: ['webhook_outbox'] },
      ]),
    ).toEqual({ companyId: 1, tables: ['webhook_outbox'] });
    // '*' stays.
    expect(mergeChanges([{ companyId: null, tables: ['*'] }, { companyId: null, tables: ['inbox'] }]).tables).toEqual(['*', 'inbox']);
  });
});
