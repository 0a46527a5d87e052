import { describe, expect, it } from 'vitest';
import { AnswerCache, type CachedAnswer } from '../../electron/server/public/answer-cache.ts';
import { answerDays } from '../../electron/server/public/cached-answers.ts';

/** Every table unchanged: the version alone decides. */
const fresh = { unchangedSince: () => true };

const answer = (version: string, bytes: number): CachedAnswer => ({
  version,
  tables: ['sales'],
  since: 0,
  body: Buffer.alloc(bytes, 'x'),
  status: 200,
  contentType: 'application/json; charset=utf-8',
  logHead: '',
  route: '/sales/list/',
  companyId: 1,
  user: { id: 1, username: 'u', connectorId: null },
});

describe('AnswerCache', () => {
  it('answers only at the version the answer was made at, and forgets a stale one', () => {
    const cache = new AnswerCache(() => 1 << 20);
    cache.set('k', answer('v1', 100));
    expect(cache.get('k', 'v1', fresh)?.body.length).toBe(100);
    expect(cache.get('k', 'v2', fresh)).toBeUndefined();
    expect(cache.get('k', 'v1', fresh)).toBeUndefined();
    expect(cache.stats()).toEqual({ bytes: 0, entries: 0 });
  });

  it('keeps to its byte budget by dropping the least recently used first', () => {
    const cache = new AnswerCache(() => 64 * 1024);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, answer('v', 7000));
    cache.get('a', 'v', fresh); // a is now the most recently used
    for (const key of ['e', 'f', 'g', 'h', 'i']) cache.set(key, answer('v', 7000));
    expect(cache.stats().bytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.get('a', 'v', fresh)).toBeDefined();
    expect(cache.get('b', 'v', fresh)).toBeUndefined();
    expect(cache.get('i', 'v', fresh)).toBeDefined();
  });

  it('does not keep an answer larger than an eighth of the budget, and a budget of 0 keeps nothing', () => {
    const small = new AnswerCache(() => 80_000);
    small.set('big', answer('v', 20_000));
    expect(small.get('big', 'v', fresh)).toBeUndefined();
    const off = new AnswerCache(() => 0);
    off.set('k', answer('v', 1));
    expect(off.stats()).toEqual({ bytes: 0, entries: 0 });
  });

  it('applies a lowered budget at the next store', () => {
    let budget = 1 << 20;
    const cache = new AnswerCache(() => budget);
    for (let i = 0; i < 50; i++) cache.set(`k${i}`, answer('v', 10_000));
    budget = 100_000;
    cache.set('last', answer('v', 1000));
    expect(cache.stats().bytes).toBeLessThanOrEqual(100_000);
    expect(cache.get('last', 'v', fresh)).toBeDefined();
  });
});

describe('AnswerCache.worthKeeping', () => {
  it('keeps an answer from the second time its request comes, not the first', () => {
    const cache = new AnswerCache(() => 1 << 20);
    expect(cache.worthKeeping('a')).toBe(false);
    expect(cache.worthKeeping('b')).toBe(false);
    expect(cache.worthKeeping('a')).toBe(true);
  });

  it('forgets requests asked once long ago, and keeps nothing with a budget of 0', () => {
    const cache = new AnswerCache(() => 1 << 20);
    cache.worthKeeping('old');
    for (let i = 0; i < 10_000; i++) cache.worthKeeping(`k${i}`);
    expect(cache.worthKeeping('old')).toBe(false);
    expect(new AnswerCache(() => 0).worthKeeping('x') || new AnswerCache(() => 0).worthKeeping('x')).toBe(false);
  });
});

describe('AnswerCache and the tables of an answer', () => {
  it('answers while the tables the answer was made from are unchanged since it was made, and forgets it once one changed', () => {
    const cache = new AnswerCache(() => 1 << 20);
    cache.set('sales page', { ...answer('v', 100), tables: ['sales', 'contacts'], since: 7 });
    const changedAt = new Map<string, number>([['products', 9]]);
    const unchanged = { unchangedSince: (tables: readonly string[], since: number) => tables.every((table) => (changedAt.get(table) ?? 0) <= since) };
    expect(cache.get('sales page', 'v', unchanged)).toBeDefined();
    changedAt.set('contacts', 8);
    expect(cache.get('sales page', 'v', unchanged)).toBeUndefined();
    expect(cache.stats()).toEqual({ bytes: 0, entries: 0 });
  });
});

describe('answerDays', () => {
  it("tells apart two moments of one Bucharest day on either side of a UTC midnight (document links expire at UTC midnights)", () => {
    // 23:30 and 00:30 UTC on a summer night are 02:30 and 03:30 in Bucharest, the same day there.
    const before = new Date('2026-07-14T23:30:00Z');
    const after = new Date('2026-07-15T00:30:00Z');
    expect(answerDays(before).split('|')[0]).toBe(answerDays(after).split('|')[0]);
    expect(answerDays(before)).not.toBe(answerDays(after));
    expect(answerDays(after)).toBe(answerDays(new Date('2026-07-15T20:00:00Z')));
  });
});
