import { describe, expect, it } from 'vitest';
import { DRIFT_KINDS } from '../../shared/domain/fidelity.ts';
import { diffShapes, shapeOf } from '../../electron/core/domains/fidelity/index.ts';

/** Shape comparison: each kind of difference, and the differences the data alone could make (not reported). */
const diff = (upstream: unknown, twin: unknown) => diffShapes(shapeOf(upstream), shapeOf(twin));
const kindsAt = (upstream: unknown, twin: unknown) => diff(upstream, twin).map((d) => `${d.kind} ${d.path}`);

describe('diffShapes reports', () => {
  it('a key on one side only, with the path of array elements as []', () => {
    const differences = diff({ data: { rows: [{ total: 1, client_name: 'Ana' }] } }, { data: { rows: [{ total: 2, clientName: 'Ion' }] } });
    expect(differences).toEqual([
      { kind: 'only_twin', path: 'data.rows[].clientName', upstream: '', twin: 'string (text)', upstream_example: null, twin_example: 'Xxx' },
      { kind: 'only_upstream', path: 'data.rows[].client_name', upstream: 'string (text)', twin: '', upstream_example: 'Xxx', twin_example: null },
    ]);
  });

  it('types that exclude each other: number vs numeric string, 0/1 vs boolean, object vs array', () => {
    expect(diff({ total: 12.5 }, { total: '12.50' })).toEqual([
      { kind: 'type', path: 'total', upstream: 'number', twin: 'string (numeric 9.99)', upstream_example: '99.9', twin_example: '99.99' },
    ]);
    expect(kindsAt({ active: [1, 0] }, { active: [true] })).toEqual(['type active[]']);
    expect(kindsAt({ data: [] }, { data: { rows: [] } })).toEqual(['type data']);
  });

  it('null on one side only where the other writes an empty string only', () => {
    expect(diff({ rows: [{ fax: null }, { fax: '021' }] }, { rows: [{ fax: '' }] })).toEqual([
      { kind: 'null_vs_empty', path: 'rows[].fax', upstream: 'null', twin: 'string (empty)', upstream_example: null, twin_example: '' },
    ]);
    expect(kindsAt({ fax: '' }, { fax: null })).toEqual(['null_vs_empty fax']);
  });

  it('date and number formats with no format in common', () => {
    expect(diff({ date: '2024-05-01' }, { date: '01.05.2024' })).toEqual([
      {
        kind: 'date_format', path: 'date', upstream: 'string (date YYYY-MM-DD)', twin: 'string (date DD.MM.YYYY)',
        upstream_example: '9999-99-99', twin_example: '99.99.9999',
      },
    ]);
    expect(kindsAt({ price: ['10.5000', '3.2500'] }, { price: ['10.50'] })).toEqual(['number_format price[]']);
    expect(kindsAt({ price: '10.50' }, { price: '10,50' })).toEqual(['number_format price']);
  });

  it('every kind but status (status is the route\'s, not the shape\'s) from shapes alone', () => {
    const upstream = { a: 1, b: 1, c: null, d: '2024-01-01', e: '1.00' };
    const twin = { b: '1', c: '', d: '2024-01-01 10:00:00', e: '1', f: 2 };
    const kinds = new Set(diff(upstream, twin).map((d) => d.kind));
    expect([...kinds].sort()).toEqual(DRIFT_KINDS.filter((k) => k !== 'status').sort());
  });

  it('sorted by path', () => {
    const paths = diff({ z: 1, a: 1, m: { b: 1 } }, { m: { c: 1 } }).map((d) => d.path);
    expect(paths).toEqual([...paths].sort());
    expect(paths).toEqual(['a', 'm.b', 'm.c', 'z']);
  });
});

describe('diffShapes does not report what the data can explain', () => {
  it('a null (or an empty string) on one side only, beside the same kind', () => {
    expect(diff({ rows: [{ fax: null }, { fax: '0211' }] }, { rows: [{ fax: '0212' }] })).toEqual([]);
    expect(diff({ rows: [{ note: null }] }, { rows: [{ note: 12 }] })).toEqual([]);
    expect(diff({ rows: [{ note: '' }] }, { rows: [{ note: { a: 1 } }] })).toEqual([]);
  });

  it('the keys of array elements when one side only had empty arrays', () => {
    expect(diff({ data: { rows: [] } }, { data: { rows: [{ id: 1, name: 'x' }] } })).toEqual([]);
    expect(diff({ data: { map: {} } }, { data: { map: { a: 1 } } })).toEqual([]);
  });

  it('a numeric string alone on one side next to text', () => {
    expect(diff({ code: ['AB-1'] }, { code: ['AB-2', '12345'] })).toEqual([]);
    expect(diff({ code: ['AB-1', '1.5'] }, { code: ['AB-2'] })).toEqual([]);
  });

  it('a kind seen on one side beside kinds both have', () => {
    expect(diff({ v: [1, true] }, { v: [2] })).toEqual([]);
    expect(diff({ d: ['2024-01-01', '01.01.2024'] }, { d: ['02.02.2024'] })).toEqual([]);
  });

  it('keys of a map keyed by record ids, and keys past a bound', () => {
    expect(diff({ images: { 12: { url: 'a' } } }, { images: { 99: { url: 'b' } } })).toEqual([]);
    expect(diff({ images: { 12: { url: 'a' } } }, { images: { x: 1 } })).toEqual([{ kind: 'only_twin', path: 'images.x', upstream: '', twin: 'number', upstream_example: null, twin_example: '9' }]);
    const wide = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${String(i).padStart(3, '0')}`, 1]));
    expect(diff(wide, { ...wide })).toEqual([]);
    // The twin's answer was cut at 500 keys: k599 may be past its bound, not missing.
    expect(diff({ k599: 1, k000: 1 }, wide).filter((d) => d.kind === 'only_upstream')).toEqual([]);
  });

  it('the same shapes', () => {
    const answer = { status: 'success', data: { rows: [{ id: 1, total: '1.00', date: '2024-01-01' }], page: 1 } };
    expect(diff(answer, answer)).toEqual([]);
  });
});
