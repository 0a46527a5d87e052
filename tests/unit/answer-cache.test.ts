import { describe, expect, it } from 'vitest';
import { AnswerCache, type CachedAnswer } from '../../electron/server/public/answer-cache.ts';

const answer = (version: string, bytes: number): CachedAnswer => ({
  version,
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
    expect(cache.get('k', 'v1')?.body.length).toBe(100);
    expect(cache.get('k', 'v2')).toBeUndefined();
    expect(cache.get('k', 'v1')).toBeUndefined();
    expect(cache.stats()).toEqual({ bytes: 0, entries: 0 });
  });

  it('keeps to its byte budget by dropping the least recently used first', () => {
    const cache = new AnswerCache(() => 64 * 1024);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, answer('v', 7000));
    cache.get('a', 'v'); // a is now the most recently used
    for (const key of ['e', 'f', 'g', 'h', 'i']) cache.set(key, answer('v', 7000));
    expect(cache.stats().bytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.get('a', 'v')).toBeDefined();
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('i', 'v')).toBeDefined();
  });

  it('does not keep an answer larger than an eighth of the budget, and a budget of 0 keeps nothing', () => {
    const small = new AnswerCache(() => 80_000);
    small.set('big', answer('v', 20_000));
    expect(small.get('big', 'v')).toBeUndefined();
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
    expect(cache.get('last', 'v')).toBeDefined();
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
