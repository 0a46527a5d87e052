import { describe, expect, it } from 'vitest';
import { compilePathPattern, pathPatternProblem } from '../../electron/core/domains/faults/path-pattern.ts';
import { HeavyListLimiter, isHeavyList } from '../../electron/core/domains/faults/heavy-lists.ts';

const matches = (pattern: string, path: string) => compilePathPattern(pattern).matches(path);

describe('fault path patterns', () => {
  it('compare segments exactly, with an optional trailing slash and no query string', () => {
    expect(matches('/sales/list/', '/sales/list/')).toBe(true);
    expect(matches('/sales/list', '/sales/list/')).toBe(true);
    expect(matches('/sales/list/', '/sales/list/?x=1')).toBe(true);
    expect(matches('/sales/list/', '/Sales/list/')).toBe(false);
    expect(matches('/sales/list/', '/sales/list/page:2/')).toBe(false);
    expect(matches('/sales/list/', '/sales/')).toBe(false);
  });

  it("take a whole-segment '*' as one segment, or as the last one as the rest (none included)", () => {
    expect(matches('/sales/list/*', '/sales/list/')).toBe(true);
    expect(matches('/sales/list/*', '/sales/list/year:2026/page:2/')).toBe(true);
    expect(matches('/sales/list/*', '/sales/')).toBe(false);
    expect(matches('/sales/list/*', '/invoices/list/')).toBe(false);
    expect(matches('/product/*/images/', '/product/12/images/')).toBe(true);
    expect(matches('/product/*/images/', '/product/images/')).toBe(false);
    expect(matches('/product/*/images/', '/product/1/2/images/')).toBe(false);
    expect(matches('/connector/*/order/*', '/connector/1/order/A-7/')).toBe(true);
  });

  it("take '*' inside a segment as any characters of that segment, and a lone '*' as every path", () => {
    expect(matches('/sales/list/page:*/', '/sales/list/page:12/')).toBe(true);
    expect(matches('/sales/list/page:*/', '/sales/list/year:2026/')).toBe(false);
    expect(matches('/sales/list/page:*/', '/sales/list/page:1/x/')).toBe(false);
    expect(matches('/sales/list/a.b(*)/', '/sales/list/a.b(1)/')).toBe(true);
    expect(matches('/sales/list/a.b(*)/', '/sales/list/aXb(1)/')).toBe(false);
    expect(matches('*', '/anything/at/all/')).toBe(true);
    expect(matches('/*', '/')).toBe(true);
  });

  it('say what is wrong with a pattern', () => {
    expect(pathPatternProblem('/sales/list/*')).toBeUndefined();
    expect(pathPatternProblem('*')).toBeUndefined();
    expect(pathPatternProblem('sales/list')).toMatch(/start with/);
    expect(pathPatternProblem('/sales/list/?page=2')).toMatch(/query/);
    expect(pathPatternProblem('/app/rest/v1/1/sales/')).toMatch(/leave out/);
    expect(pathPatternProblem('/sales/**')).toMatch(/\*\*/);
    expect(pathPatternProblem('/a b/')).toMatch(/spaces/);
  });

  it('normalise the source shown in the list', () => {
    expect(compilePathPattern('/sales/list/*/').source).toBe('/sales/list/*');
    expect(compilePathPattern('*').source).toBe('/*');
  });
});

describe('heavy lists', () => {
  it('are the GET lists of documents with lines', () => {
    expect(isHeavyList('GET', ['invoices', 'list', 'page:2', ''])).toBe(true);
    expect(isHeavyList('GET', ['sales', 'list', ''])).toBe(true);
    expect(isHeavyList('GET', ['proformas', 'list'])).toBe(true);
    expect(isHeavyList('GET', ['fiscalreceipts', 'list'])).toBe(true);
    expect(isHeavyList('GET', ['product', 'list'])).toBe(false);
    expect(isHeavyList('GET', ['invoices', '12'])).toBe(false);
    expect(isHeavyList('POST', ['invoices', 'list'])).toBe(false);
  });

  it('are counted in flight per user up to the limit', () => {
    const limiter = new HeavyListLimiter();
    expect(limiter.enter(1, 2)).toBe(true);
    expect(limiter.enter(1, 2)).toBe(true);
    expect(limiter.enter(1, 2)).toBe(false);
    expect(limiter.enter(2, 2)).toBe(true);
    limiter.leave(1);
    expect(limiter.enter(1, 2)).toBe(true);
    expect(limiter.count(1)).toBe(2);
  });
});
