import { describe, expect, it } from 'vitest';
import { withFields } from '../../electron/core/with-fields.ts';

describe('withFields', () => {
  it('is a new object with the base properties in their order, then the fields; a field replaces its base property', () => {
    const base = { id: 1, name: 'Cafea', price: 10 };
    const made = withFields(base, { price: 12, stock: 3 });
    expect(made).toEqual({ id: 1, name: 'Cafea', price: 12, stock: 3 });
    expect(Object.keys(made)).toEqual(['id', 'name', 'price', 'stock']);
    expect(made).not.toBe(base);
    expect(base).toEqual({ id: 1, name: 'Cafea', price: 10 });
  });

  it('gives what a spread gives for rows made by a literal per statement (live-database.ts)', () => {
    const shape = new Function('v', 'return { "a": v[0], "b": v[1], "c": v[2] };') as (v: unknown[]) => Record<string, unknown>;
    const row = shape([1, null, 'x']);
    expect(withFields(row, { d: true })).toEqual({ ...row, d: true });
    expect(JSON.stringify(withFields(row, { a: 2 }))).toBe(JSON.stringify({ ...row, a: 2 }));
  });

  it('copies an own __proto__ key as data, as a spread does, instead of making it the prototype', () => {
    const base = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const made = withFields(base, { b: 2 }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
    expect(made['polluted']).toBeUndefined();
    expect(made['b']).toBe(2);
  });
});
