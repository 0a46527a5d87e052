// Where two shapes differ in a way the data cannot explain. The two answers come from different
// data (the real account's and the twin's), so a kind seen on one side only is no proof: a key
// that is null in every row upstream and a number in the twin's rows is just data. Reported are
// only differences no data could make: a key one side never sends, value types that exclude each
// other, null on one side where the other writes '', and date or number formats with nothing in
// common.
import type { DriftDifference } from '../../../../shared/domain/fidelity.ts';
import { baseOf, formatOf, ID_KEY, type Shape } from './shape.ts';

/** A difference between two shapes, before the route adds how often and where it was seen. */
export type ShapeDifference = Pick<DriftDifference, 'kind' | 'path' | 'upstream' | 'twin' | 'upstream_example' | 'twin_example'>;

const NULL = 'null';
const EMPTY = 'string (empty)';

/** Kinds as the report shows them: 'number | string (numeric 9.99)'. */
const describe = (kinds: Iterable<string>): string => [...kinds].sort().join(' | ');

/** An example of the first kind (by name) that has one. */
function exampleOf(shape: Shape, only?: (kind: string) => boolean): string | null {
  for (const kind of Object.keys(shape.kinds).sort()) {
    if (only && !only(kind)) continue;
    const example = shape.kinds[kind];
    if (example !== null && example !== undefined) return example;
  }
  return null;
}

/** Base types that say what a key is: null and '' may stand for "no value" in either. */
function valueBases(shape: Shape): Set<string> {
  return new Set(Object.keys(shape.kinds).filter((k) => k !== NULL && k !== EMPTY).map(baseOf));
}

const minus = <T>(a: Set<T>, b: Set<T>): T[] => [...a].filter((x) => !b.has(x));

function formats(shape: Shape, family: 'date' | 'numeric'): Set<string> {
  const found = new Set<string>();
  for (const kind of Object.keys(shape.kinds)) {
    const format = formatOf(kind);
    if (format?.family === family) found.add(format.format);
  }
  return found;
}

const childPath = (path: string, key: string): string => (path ? `${path}.${key}` : key);

function compareNode(upstream: Shape, twin: Shape, path: string, out: ShapeDifference[]): void {
  const u = upstream.kinds;
  const t = twin.kinds;
  const has = (kinds: Record<string, unknown>, kind: string) => Object.hasOwn(kinds, kind);

  if (has(u, NULL) && !has(t, NULL) && has(t, EMPTY) && !has(u, EMPTY)) {
    out.push({ kind: 'null_vs_empty', path, upstream: NULL, twin: EMPTY, upstream_example: null, twin_example: '' });
  } else if (has(t, NULL) && !has(u, NULL) && has(u, EMPTY) && !has(t, EMPTY)) {
    out.push({ kind: 'null_vs_empty', path, upstream: EMPTY, twin: NULL, upstream_example: '', twin_example: null });
  }

  const ub = valueBases(upstream);
  const tb = valueBases(twin);
  const onlyU = minus(ub, tb);
  const onlyT = minus(tb, ub);
  if (onlyU.length > 0 && onlyT.length > 0) {
    out.push({
      kind: 'type',
      path,
      upstream: describe(Object.keys(u)),
      twin: describe(Object.keys(t)),
      upstream_example: exampleOf(upstream, (kind) => onlyU.includes(baseOf(kind))),
      twin_example: exampleOf(twin, (kind) => onlyT.includes(baseOf(kind))),
    });
  }

  for (const [family, kind] of [
    ['date', 'date_format'],
    ['numeric', 'number_format'],
  ] as const) {
    const uf = formats(upstream, family);
    const tf = formats(twin, family);
    if (uf.size === 0 || tf.size === 0 || minus(uf, tf).length < uf.size) continue;
    const ofFamily = (k: string) => formatOf(k)?.family === family;
    out.push({
      kind,
      path,
      upstream: describe(Object.keys(u).filter(ofFamily)),
      twin: describe(Object.keys(t).filter(ofFamily)),
      upstream_example: exampleOf(upstream, ofFamily),
      twin_example: exampleOf(twin, ofFamily),
    });
  }

  compareKeys(upstream, twin, path, out);
  // An array always empty on one side has no element shape: nothing to compare there.
  if (upstream.element && twin.element) compareNode(upstream.element, twin.element, `${path}[]`, out);
}

function compareKeys(upstream: Shape, twin: Shape, path: string, out: ShapeDifference[]): void {
  const uk = upstream.keys ?? {};
  const tk = twin.keys ?? {};
  // An object seen only empty on one side is like an empty array: its keys are unknown.
  if (Object.keys(uk).length === 0 || Object.keys(tk).length === 0) return;
  for (const key of Object.keys(uk)) {
    if (Object.hasOwn(tk, key)) compareNode(uk[key]!, tk[key]!, childPath(path, key), out);
    // A map keyed by record ids has its entries by the data; a side cut at a bound may have left it out.
    else if (key !== ID_KEY && !twin.truncated) out.push(onlyOneSide('only_upstream', childPath(path, key), uk[key]!));
  }
  for (const key of Object.keys(tk)) {
    if (!Object.hasOwn(uk, key) && key !== ID_KEY && !upstream.truncated) out.push(onlyOneSide('only_twin', childPath(path, key), tk[key]!));
  }
}

function onlyOneSide(kind: 'only_upstream' | 'only_twin', path: string, shape: Shape): ShapeDifference {
  const seen = describe(Object.keys(shape.kinds));
  const example = exampleOf(shape);
  return kind === 'only_upstream'
    ? { kind, path, upstream: seen, twin: '', upstream_example: example, twin_example: null }
    : { kind, path, upstream: '', twin: seen, upstream_example: null, twin_example: example };
}

const byPathThenKind = (a: ShapeDifference, b: ShapeDifference): number =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0;

/** The differences between the upstream's shape and the twin's that cannot be the data, by path. */
export function diffShapes(upstream: Shape, twin: Shape): ShapeDifference[] {
  const out: ShapeDifference[] = [];
  compareNode(upstream, twin, '', out);
  return out.sort(byPathThenKind);
}
