import { describe, expect, it } from 'vitest';
import { lineAmounts, round2 } from '../../electron/core/money.ts';

describe('round2', () => {
  it('rounds half a ban away from zero, binary fractions as written', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(60.5 * 0.19)).toBe(11.5);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(0.1 + 0.2)).toBe(0.3);
  });
  it('never moves a large amount by a cent', () => {
    for (const amount of [5_000_000, 6_000_000, 9_007_199.25, 123_456_789.12, 999_999_999.99, 1e12]) {
      expect(round2(amount)).toBe(amount);
    }
    expect(round2(1_234_567.885)).toBe(1_234_567.89);
  });
  it('computes line amounts consistently', () => {
    expect(lineAmounts(3, 60.5, 19)).toEqual({ withoutVat: 181.5, vat: 34.49, withVat: 215.99 });
  });
});
