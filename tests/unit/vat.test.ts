import { describe, expect, it } from 'vitest';
import { vatKindOf, vatRateOn, vatRatesOn, vatRatesText } from '../../shared/domain/vat.ts';

// The Romanian VAT rates by date (Law 141/2025): 19/9/5 up to 2025-07-31, 21/11 from 2025-08-01.

describe('vatRateOn', () => {
  it('the last day of the old rates: 19 standard, 9 and 5 reduced', () => {
    expect(vatRateOn('2025-07-31', 'standard')).toBe(19);
    expect(vatRateOn('2025-07-31', 'reduced')).toBe(9);
    expect(vatRateOn('2025-07-31', 'reduced_low')).toBe(5);
  });

  it('from 2025-08-01: 21 standard, 11 reduced, the 5% merged into 11', () => {
    expect(vatRateOn('2025-08-01', 'standard')).toBe(21);
    expect(vatRateOn('2025-08-01', 'reduced')).toBe(11);
    expect(vatRateOn('2025-08-01', 'reduced_low')).toBe(11);
    expect(vatRateOn('2026-11-23', 'standard')).toBe(21);
  });

  it('a timestamp counts by its day: the last second of July is still 19', () => {
    expect(vatRateOn('2025-07-31 23:59:59', 'standard')).toBe(19);
    expect(vatRateOn('2025-08-01 00:00:00', 'standard')).toBe(21);
  });

  it('earlier dates of the demo (two years back) take the old rates', () => {
    expect(vatRateOn('2024-11-22', 'standard')).toBe(19);
    expect(vatRateOn('2017-01-01', 'reduced')).toBe(9);
  });
});

describe('vatRatesOn', () => {
  it('the rates in force, 0 (exempt) included, ascending', () => {
    expect(vatRatesOn('2025-07-31')).toEqual([0, 5, 9, 19]);
    expect(vatRatesOn('2025-08-01')).toEqual([0, 11, 21]);
  });

  it('19 is no longer in force from 2025-08-01, 21 not yet before', () => {
    expect(vatRatesOn('2025-08-01')).not.toContain(19);
    expect(vatRatesOn('2025-07-31')).not.toContain(21);
  });
});

describe('vatKindOf', () => {
  it('names the kind of a rate by the rates of its date', () => {
    expect(vatKindOf(19, '2025-07-31')).toBe('standard');
    expect(vatKindOf(5, '2025-07-31')).toBe('reduced_low');
    expect(vatKindOf(21, '2025-08-01')).toBe('standard');
    // 11 stands for both reduced kinds since the merge: the first one is named
    expect(vatKindOf(11, '2025-08-01')).toBe('reduced');
  });

  it('undefined for 0 and for a rate not in force on the date', () => {
    expect(vatKindOf(0, '2025-08-01')).toBeUndefined();
    expect(vatKindOf(19, '2025-08-01')).toBeUndefined();
    expect(vatKindOf(21, '2025-07-31')).toBeUndefined();
  });
});

it('vatRatesText states the rule the schema descriptions show', () => {
  expect(vatRatesText()).toBe('0, 11, 21 from 2025-08-01 (0, 5, 9, 19 before)');
});
