import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmountForInput, parseAmount } from '../../renderer/src/components/inputs/parse-amount.ts';
import { formatDay, parseDate } from '../../renderer/src/components/inputs/parse-date.ts';

// The two readers of what a person types (renderer/src/components/inputs): a date or an amount
// is read as meant or refused, never turned into another value. Examples from issue 27, then
// properties over generated inputs (fast-check).

const ok = (iso: string) => ({ ok: true, iso });
const money = { decimals: 2 };

describe('parseDate', () => {
  it('reads the display format of both languages, its separators and ISO', () => {
    for (const text of ['27.11.2026', '27/11/2026', '27-11-2026', '2026-11-27', ' 27.11.2026 ', '27.11.2026\n']) {
      expect(parseDate(text), text).toEqual(ok('2026-11-27'));
    }
    expect(parseDate('7.1.2026')).toEqual(ok('2026-01-07'));
    expect(parseDate('29.02.2028')).toEqual(ok('2028-02-29'));
  });

  it('refuses impossible days and other formats, saying why', () => {
    expect(parseDate('2026-13-01')).toEqual({ ok: false, reason: 'noSuchDay' });
    expect(parseDate('31.02.2026')).toEqual({ ok: false, reason: 'noSuchDay' });
    expect(parseDate('29.02.2025')).toEqual({ ok: false, reason: 'noSuchDay' });
    expect(parseDate('00.01.2026')).toEqual({ ok: false, reason: 'noSuchDay' });
    expect(parseDate('27.11.26')).toEqual({ ok: false, reason: 'twoDigitYear' });
    for (const text of ['', '27.11/2026', '2026/11/27', '11-27', '27 nov 2026', '27112026', 'ieri', '27.11.2026.']) {
      expect(parseDate(text).ok, text).toBe(false);
    }
  });

  const day = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

  it('reads every real day back from each accepted spelling', () => {
    fc.assert(
      fc.property(day, fc.constantFrom('.', '/', '-'), fc.boolean(), (iso, sep, short) => {
        const [y, m, d] = iso.split('-') as [string, string, string];
        const part = (p: string) => (short ? String(Number(p)) : p);
        expect(parseDate(`${part(d)}${sep}${part(m)}${sep}${y}`)).toEqual(ok(iso));
        expect(parseDate(iso)).toEqual(ok(iso));
        expect(parseDate(formatDay(iso))).toEqual(ok(iso));
      }),
    );
  });

  it('never answers a day that the text does not name: any string read as a day spells that day', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 14, unit: fc.constantFrom(...'0123456789./- a'.split('')) }), (text) => {
        const read = parseDate(text);
        if (!read.ok) return;
        const [y, m, d] = read.iso.split('-').map(Number) as [number, number, number];
        const numbers = text.trim().split(/[./-]/).map(Number);
        expect([numbers, numbers.slice().reverse()]).toContainEqual([d, m, y]);
      }),
    );
  });
});

describe('parseAmount', () => {
  it('reads 12.5 and 12,5 alike, and thousands in either convention', () => {
    const cases: Array<[string, number]> = [
      ['12.5', 12.5], ['12,5', 12.5], ['12', 12], ['0,5', 0.5], [',5', 0.5], ['1.234,56', 1234.56], ['1,234.56', 1234.56],
      ['1 234,56', 1234.56], ['1\u00a0234,56', 1234.56], ['1.234.567', 1234567], ['1,234,567.5', 1234567.5], ['12.12', 12.12],
      ['1234.5', 1234.5], ['0.125', 0.125], [' 2,5 ', 2.5], ['+3', 3],
    ];
    for (const [text, value] of cases) {
      const rules = text === '0.125' ? {} : money;
      expect(parseAmount(text, rules), text).toEqual({ ok: true, value });
    }
  });

  it('refuses what it cannot tell apart, and what breaks a rule, never clamping', () => {
    expect(parseAmount('1.234', money)).toEqual({ ok: false, reason: 'ambiguous' });
    expect(parseAmount('1,234', money)).toEqual({ ok: false, reason: 'ambiguous' });
    expect(parseAmount('1.212', money)).toEqual({ ok: false, reason: 'ambiguous' });
    expect(parseAmount('12.345', money)).toEqual({ ok: false, reason: 'ambiguous' });
    expect(parseAmount('12.3456', money)).toEqual({ ok: false, reason: 'decimals', bound: 2 });
    expect(parseAmount('-10', money)).toEqual({ ok: false, reason: 'negative' });
    expect(parseAmount('-10', { ...money, negative: true })).toEqual({ ok: true, value: -10 });
    expect(parseAmount('99999999999', { ...money, max: 10_000_000 })).toEqual({ ok: false, reason: 'aboveMax', bound: 10_000_000 });
    expect(parseAmount('0', { ...money, min: 0.01 })).toEqual({ ok: false, reason: 'belowMin', bound: 0.01 });
    for (const text of ['', 'abc', '12a', '1,2,3', '1.23,4.5', '12..5', '1 23,4', '12,', '--3', '1e5', 'Infinity']) {
      expect(parseAmount(text, money).ok, text).toBe(false);
    }
    // A rate takes four decimals: 4,975 is its decimal point.
    expect(parseAmount('4,975', { decimals: 4 })).toEqual({ ok: true, value: 4.975 });
  });

  const cents = fc.integer({ min: 0, max: 99_999_999_999 }).map((c) => c / 100);

  it('reads back every amount of two decimals as the two languages format it, with and without grouping', () => {
    const formats = [
      new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }),
      new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }),
    ];
    fc.assert(
      fc.property(cents, (value) => {
        for (const format of formats) expect(parseAmount(format.format(value), money)).toEqual({ ok: true, value });
        expect(parseAmount(formatAmountForInput(value), money)).toEqual({ ok: true, value });
        expect(parseAmount(formatAmountForInput(value, 4), { decimals: 4 })).toEqual({ ok: true, value });
      }),
    );
  });

  it('never reads a different number than a plain decimal the text spells with either point', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 99 }), fc.constantFrom('.', ','), (whole, fraction, point) => {
        const text = `${whole}${point}${String(fraction).padStart(2, '0')}`;
        expect(parseAmount(text, money)).toEqual({ ok: true, value: Number(`${whole}.${String(fraction).padStart(2, '0')}`) });
      }),
    );
  });
});
