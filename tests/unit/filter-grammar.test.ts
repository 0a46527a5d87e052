import { describe, expect, it } from 'vitest';
import {
  FilterError,
  dateRangeOf,
  f,
  parseFilters,
  splitFilterSegments,
  standardFilters,
} from '../../shared/filters/grammar.ts';

const spec = {
  ...standardFilters,
  code: f.text(),
  codeb64: f.base64Text(),
  format: f.oneOf(['json', 'xml', 'csv'] as const),
  include: f.options(['items', 'transactions'] as const),
  exclude: f.options(['invoiced'] as const),
};

function errorOf(tail: string): FilterError {
  try {
    parseFilters(spec, tail);
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
  throw new Error(`expected '${tail}' to be refused`);
}

describe('splitFilterSegments', () => {
  it('splits key:value segments and ignores empty ones', () => {
    expect(splitFilterSegments('year:2024//page:2/')).toEqual([
      ['year', '2024'],
      ['page', '2'],
    ]);
  });
  it('keeps colons of the value and decodes %20', () => {
    expect(splitFilterSegments('modifiedafter:2024-01-02%2010:11:12')).toEqual([['modifiedafter', '2024-01-02 10:11:12']]);
  });
  it('keeps an encoded slash inside its segment', () => {
    expect(splitFilterSegments('code:AB%2FCD/page:1')).toEqual([
      ['code', 'AB/CD'],
      ['page', '1'],
    ]);
  });
  it('refuses a segment without a colon and bad percent-encoding', () => {
    expect(() => splitFilterSegments('year')).toThrow(/key:value/);
    expect(() => splitFilterSegments('code:%E0%A4%A')).toThrow(/URL encoding/);
  });
});

describe('parseFilters', () => {
  it('returns nothing for no filters', () => {
    expect(parseFilters(spec, '')).toEqual({});
  });

  it('reads the date formats as inclusive day ranges', () => {
    const v = parseFilters(spec, 'year:2024/yearmonth:202402/yearmonthday:20240229/date:2024-02-29');
    expect(v.year).toEqual({ from: '2024-01-01', through: '2024-12-31' });
    expect(v.yearmonth).toEqual({ from: '2024-02-01', through: '2024-02-29' });
    expect(v.yearmonthday).toEqual({ from: '2024-02-29', through: '2024-02-29' });
    expect(v.date).toEqual({ from: '2024-02-29', through: '2024-02-29' });
  });

  it('accepts every date format in datefrom and datethrough', () => {
    expect(parseFilters(spec, 'datefrom:2023').datefrom).toEqual({ from: '2023-01-01', through: '2023-12-31' });
    expect(parseFilters(spec, 'datethrough:202311').datethrough).toEqual({ from: '2023-11-01', through: '2023-11-30' });
    expect(parseFilters(spec, 'datefrom:2023-05-06').datefrom?.from).toBe('2023-05-06');
    expect(parseFilters(spec, 'datefrom:2023-05-06%2013:00:00').datefrom?.from).toBe('2023-05-06');
  });

  it('reads timestamps with %20 and a bare date as midnight', () => {
    expect(parseFilters(spec, 'modifiedafter:2024-03-01%2008:30:00').modifiedafter).toBe('2024-03-01 08:30:00');
    expect(parseFilters(spec, 'modifiedthrough:2024-03-01').modifiedthrough).toBe('2024-03-01 00:00:00');
  });

  it('refuses impossible dates and times, naming the key', () => {
    expect(errorOf('date:2023-02-29').key).toBe('date');
    expect(errorOf('yearmonth:202413').message).toMatch(/yearmonth/);
    expect(errorOf('year:24').message).toMatch(/year YYYY/);
    expect(errorOf('modifiedafter:2024-01-01%2025:00:00').key).toBe('modifiedafter');
    expect(errorOf('datefrom:2024-1-1').key).toBe('datefrom');
    expect(errorOf('yearmonthday:2024-01-01').key).toBe('yearmonthday');
  });

  it('reads integers and flags and refuses the rest', () => {
    expect(parseFilters(spec, 'id:5/minid:2/page:3/skipcancelled:1')).toEqual({ id: 5, minid: 2, page: 3, skipcancelled: true });
    expect(parseFilters(spec, 'skipcancelled:0').skipcancelled).toBe(false);
    expect(errorOf('page:0').message).toMatch(/page.*>= 1/);
    expect(errorOf('page:two').key).toBe('page');
    expect(errorOf('id:1.5').key).toBe('id');
    expect(errorOf('skipcancelled:yes').message).toMatch(/0 or 1/);
  });

  it('reads include and exclude lists against the endpoint options', () => {
    const v = parseFilters(spec, 'include:items,transactions/exclude:invoiced');
    expect([...(v.include ?? [])]).toEqual(['items', 'transactions']);
    expect(v.exclude?.has('invoiced')).toBe(true);
    const error = errorOf('include:items,prices');
    expect(error.key).toBe('include');
    expect(error.message).toMatch(/'prices' is not accepted.*items, transactions/);
  });

  it('refuses an unknown key and a repeated key', () => {
    const unknown = errorOf('colour:red');
    expect(unknown.key).toBe('colour');
    expect(unknown.message).toMatch(/unknown filter 'colour'.*accepts: year/);
    expect(errorOf('year:2024/year:2023').message).toMatch(/more than once/);
  });

  it('does not take inherited object keys as filters', () => {
    expect(errorOf('constructor:1').key).toBe('constructor');
    expect(errorOf('__proto__:1').key).toBe('__proto__');
  });

  it('decodes codeb64 in standard and URL-safe alphabets', () => {
    const code = 'ȘURUB/M8+ĂȚ';
    const b64 = Buffer.from(code).toString('base64');
    const url = Buffer.from(code).toString('base64url');
    expect(parseFilters(spec, `codeb64:${encodeURIComponent(b64)}`).codeb64).toBe(code);
    expect(parseFilters(spec, `codeb64:${url}`).codeb64).toBe(code);
    expect(errorOf('codeb64:@@@').key).toBe('codeb64');
    expect(errorOf('codeb64:%2F%2F8').key).toBe('codeb64'); // not UTF-8
  });

  it('reads enumerations and plain text', () => {
    expect(parseFilters(spec, 'format:csv/code:ABC%20123').format).toBe('csv');
    expect(parseFilters(spec, 'code:ABC%20123').code).toBe('ABC 123');
    expect(errorOf('format:pdf').message).toMatch(/json, xml, csv/);
  });
});

describe('dateRangeOf', () => {
  it('intersects every date filter into one range', () => {
    const v = parseFilters(spec, 'year:2024/datefrom:2024-03-10/datethrough:202406');
    expect(dateRangeOf(v)).toEqual({ from: '2024-03-10', through: '2024-06-30' });
  });
  it('leaves open ends open', () => {
    expect(dateRangeOf(parseFilters(spec, 'datefrom:2024-03-10'))).toEqual({ from: '2024-03-10' });
    expect(dateRangeOf(parseFilters(spec, 'page:2'))).toBeUndefined();
  });
});
