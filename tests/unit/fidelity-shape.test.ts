import { describe, expect, it } from 'vitest';
import { mergeShapes, redact, shapeOf, type Shape } from '../../electron/core/domains/fidelity/index.ts';
import { EXAMPLE_MAX_CHARS, SHAPE_MAX_DEPTH, SHAPE_MAX_KEYS, stringKind } from '../../electron/core/domains/fidelity/shape.ts';

/** Shapes: kinds by form, keys, array elements merged, redacted examples, bounds, commutative merge. */
describe('shapeOf', () => {
  it('tells strings apart by form: empty, numeric with its decimals, dates by format, text', () => {
    expect(stringKind('')).toBe('string (empty)');
    expect(stringKind('12')).toBe('string (numeric 9)');
    expect(stringKind('-12.50')).toBe('string (numeric 9.99)');
    expect(stringKind('3,5')).toBe('string (numeric 9,9)');
    expect(stringKind('2024-05-01')).toBe('string (date YYYY-MM-DD)');
    expect(stringKind('2024-05-01 10:11:12')).toBe('string (date YYYY-MM-DD HH:MM:SS)');
    expect(stringKind('01.05.2024')).toBe('string (date DD.MM.YYYY)');
    expect(stringKind('2024-05-01T10:11:12+03:00')).toBe('string (date ISO 8601)');
    expect(stringKind('Ion Popescu')).toBe('string (text)');
  });

  it('describes keys, and every element of an array as one element shape', () => {
    const shape = shapeOf({ data: { rows: [{ total: 1.5, name: 'Ana' }, { total: '2.50' }], empty: [] }, status: true });
    expect(Object.keys(shape.keys!)).toEqual(['data', 'status']);
    const rows = shape.keys!.data!.keys!.rows!;
    expect(rows.kinds).toEqual({ array: null });
    expect(Object.keys(rows.element!.kinds)).toEqual(['object']);
    expect(rows.element!.keys!.total!.kinds).toEqual({ number: '9.9', 'string (numeric 9.99)': '9.99' });
    expect(shape.keys!.data!.keys!.empty).toEqual({ kinds: { array: null } });
    expect(shape.keys!.status!.kinds).toEqual({ boolean: 'xxxx' });
  });

  it('takes digit-only keys for ids (a map keyed by record id is data)', () => {
    const shape = shapeOf({ 12: { a: 1 }, 13: { b: '' } });
    expect(Object.keys(shape.keys!)).toEqual(['{id}']);
    expect(Object.keys(shape.keys!['{id}']!.keys!).sort()).toEqual(['a', 'b']);
  });

  it('keeps a key named __proto__ as a key', () => {
    const shape = shapeOf(JSON.parse('{"__proto__": {"x": 1}}'));
    expect(Object.keys(shape.keys!)).toEqual(['__proto__']);
    expect(JSON.parse(JSON.stringify(shape)).keys.__proto__.keys.x.kinds).toEqual({ number: '9' });
  });

  it('is JSON-serialisable as it is', () => {
    const shape = shapeOf({ a: [1, 'x', null, { b: [[true]] }] });
    expect(JSON.parse(JSON.stringify(shape))).toEqual(shape);
  });
});

describe('redacted examples', () => {
  const values = ['Ion Popescu', 'ion.popescu@example.ro', 'RO12345678', '0722 123 456', 'Șoseaua Ștefan cel Mare 12', '1850101123456'];
  it('show the form (letters x/X, digits 9, the rest kept), never the value', () => {
    expect(redact('Ion Popescu')).toBe('Xxx Xxxxxxx');
    expect(redact('RO-12.5')).toBe('XX-99.9');
    for (const value of values) {
      const example = redact(value);
      expect(example).not.toContain(value);
      expect(example).not.toMatch(/[A-WYZa-wyz0-8]/);
      const shape = JSON.stringify(shapeOf({ v: value, list: [value] }));
      expect(shape).not.toContain(value);
    }
  });

  it('are at most 40 characters', () => {
    const long = 'a'.repeat(100);
    expect([...redact(long)]).toHaveLength(EXAMPLE_MAX_CHARS);
    expect(redact(long).endsWith('…')).toBe(true);
    expect([...(shapeOf(long).kinds['string (text)'] ?? '')].length).toBeLessThanOrEqual(EXAMPLE_MAX_CHARS);
  });
});

describe('bounds', () => {
  it('describes at most 12 levels', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i += 1) deep = { k: deep };
    let node: Shape | undefined = shapeOf(deep);
    let depth = 0;
    while (node?.keys?.k) {
      node = node.keys.k;
      depth += 1;
    }
    expect(depth).toBe(SHAPE_MAX_DEPTH);
    expect(node?.truncated).toBe(true);
  });

  it('keeps at most 500 keys per object, also after merging', () => {
    const wide = Object.fromEntries(Array.from({ length: 800 }, (_, i) => [`k${String(i).padStart(4, '0')}`, i]));
    const shape = shapeOf(wide);
    expect(Object.keys(shape.keys!)).toHaveLength(SHAPE_MAX_KEYS);
    expect(shape.truncated).toBe(true);
    const a = shapeOf(Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`a${i}`, i])));
    const b = shapeOf(Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`b${i}`, i])));
    const merged = mergeShapes(a, b);
    expect(Object.keys(merged.keys!)).toHaveLength(SHAPE_MAX_KEYS);
    expect(merged).toEqual(mergeShapes(b, a));
  });
});

describe('mergeShapes', () => {
  const samples = [
    { data: { rows: [{ total: 1, date: '2024-01-01' }] }, x: null },
    { data: { rows: [{ total: '1.00', extra: 'Abc' }] }, x: '' },
    { data: { rows: [] }, x: [1, 2] },
    { data: null, y: { z: 'Zz' } },
  ].map(shapeOf);

  it('is commutative and associative (the same JSON in any order)', () => {
    for (const a of samples) {
      for (const b of samples) {
        expect(JSON.stringify(mergeShapes(a, b))).toBe(JSON.stringify(mergeShapes(b, a)));
        for (const c of samples) {
          expect(JSON.stringify(mergeShapes(mergeShapes(a, b), c))).toBe(JSON.stringify(mergeShapes(a, mergeShapes(b, c))));
        }
      }
    }
  });

  it('unions kinds and keys, keeping one example per kind', () => {
    const merged = mergeShapes(shapeOf({ a: 'Xy' }), shapeOf({ a: 'Ab', b: 1 }));
    expect(merged.keys!.a!.kinds).toEqual({ 'string (text)': 'Xx' });
    expect(Object.keys(merged.keys!)).toEqual(['a', 'b']);
  });
});
