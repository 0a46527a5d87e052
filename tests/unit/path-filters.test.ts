import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { f, parseFilters, splitFilterSegments, standardFilters } from '../../shared/filters/grammar.ts';
import { encodeFilterValue, filterSegments, withFilters } from '../../shared/rest/path-filters.ts';

// withFilters writes the filters the way the service reads them (shared/filters/grammar.ts): what
// it encodes, the service's own splitting and decoding gives back unchanged.
const SALES = '/app/rest/v1/{company_id}/sales/list/';

describe('withFilters', () => {
  it('appends each filter as key:value/ in the order given, typed as the template', () => {
    const path: typeof SALES = withFilters(SALES, { year: 2026, skipcancelled: 1, include: ['items', 'invoiced'], page: 2 });
    expect(path).toBe(`${SALES}year:2026/skipcancelled:1/include:items,invoiced/page:2/`);
  });

  it('leaves out undefined values and empty lists, and adds nothing without filters', () => {
    expect(withFilters(SALES, { year: undefined, include: [], page: 3 })).toBe(`${SALES}page:3/`);
    expect(withFilters(SALES, {})).toBe(SALES);
  });

  it('refuses a template without its trailing slash', () => {
    expect(() => withFilters('/app/rest/v1/{company_id}/sales/list' as typeof SALES, {})).toThrow(/does not end with \//);
  });

  it('writes a timestamp with its space as %20 and its colons as they are', () => {
    expect(withFilters('/app/rest/v1/{company_id}/invoices/list/', { modifiedafter: '2026-11-20 08:00:00' })).toBe(
      '/app/rest/v1/{company_id}/invoices/list/modifiedafter:2026-11-20%2008:00:00/',
    );
  });

  it('encodes what would end a segment or the path (/ ? #), percent signs, diacritics', () => {
    expect(encodeFilterValue('A/B 7?#')).toBe('A%2FB%207%3F%23');
    expect(encodeFilterValue('100%')).toBe('100%25');
    expect(encodeFilterValue('București')).toBe('Bucure%C8%99ti');
    expect(filterSegments({ code: 'RAFT/12', street: 'Strada Memorandumului' })).toBe('code:RAFT%2F12/street:Strada%20Memorandumului/');
  });

  it('base64 text keeps its + / = through the encoding', () => {
    const codeb64 = Buffer.from('Cod/produs+1?').toString('base64');
    const [[, value]] = splitFilterSegments(filterSegments({ codeb64 })) as [[string, string]];
    expect(value).toBe(codeb64);
    expect(parseFilters({ codeb64: f.base64Text() }, filterSegments({ codeb64 }))).toEqual({ codeb64: 'Cod/produs+1?' });
  });

  it('any text reaches the service as it was given (the service splits at / and the first :, then decodes)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (text) => {
        expect(splitFilterSegments(filterSegments({ code: text }))).toEqual([['code', text]]);
      }),
    );
  });

  it('numbers, flags and lists parse as the route declares them', () => {
    const spec = { ...standardFilters, include: f.options(['items', 'transactions', 'invoiced'] as const) };
    expect(parseFilters(spec, filterSegments({ id: 42, skipcancelled: 1, include: ['items', 'invoiced'], datefrom: 202611 }))).toEqual({
      id: 42,
      skipcancelled: true,
      include: new Set(['items', 'invoiced']),
      datefrom: { from: '2026-11-01', through: '2026-11-30' },
    });
  });
});
