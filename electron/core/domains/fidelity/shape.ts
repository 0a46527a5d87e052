// The shape of a JSON answer: what a drift comparison looks at instead of the values. Per node
// the kinds of value seen (strings told apart by form: empty, numeric with its decimal format,
// a date with its format, text), the object keys with their own shapes, and one shape for all
// elements of all arrays met there. Shapes merge (commutative, associative), so the rows of a
// list and the calls of a route add up to one shape, kept small whatever the answers hold.

/** Deepest node described; below it only the node's kinds are kept (`truncated`). */
export const SHAPE_MAX_DEPTH = 12;
/** Keys kept per object (the first by name); the rest are left out (`truncated`). */
export const SHAPE_MAX_KEYS = 500;
/** Longest redacted example, in characters. */
export const EXAMPLE_MAX_CHARS = 40;

/**
 * A node: `kinds` maps each kind of value seen ('number', 'string (numeric 9.99)', 'null', ...)
 * to a redacted example of it (null when the kind has no form to show: null, object, array).
 * `keys` when an object was seen; `element` when a non-empty array was seen.
 */
export interface Shape {
  kinds: Record<string, string | null>;
  keys?: Record<string, Shape>;
  element?: Shape;
  /** Some keys or nodes below were left out (a bound was reached): absent keys prove nothing here. */
  truncated?: true;
}

/** Keys made of digits only are ids (maps keyed by a record's id): one key stands for them all. */
export const ID_KEY = '{id}';

const DATE_FORMATS: Array<[RegExp, string]> = [
  [/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'],
  [/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'YYYY-MM-DD HH:MM:SS'],
  [/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'YYYY-MM-DD HH:MM'],
  [/^\d{2}\.\d{2}\.\d{4}$/, 'DD.MM.YYYY'],
  [/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}(:\d{2})?$/, 'DD.MM.YYYY HH:MM:SS'],
  [/^\d{2}\/\d{2}\/\d{4}$/, 'DD/MM/YYYY'],
  [/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/, 'ISO 8601'],
  [/^\d{2}:\d{2}:\d{2}$/, 'HH:MM:SS'],
];
const NUMERIC = /^[-+]?\d+(?:([.,])(\d+))?$/;

/** The form of a numeric string: '9' (whole), '9.99' (point, two decimals), '9,9' (comma, one). */
function numericFormat(text: string): string | undefined {
  const match = NUMERIC.exec(text);
  if (!match) return undefined;
  const decimals = match[2]?.length ?? 0;
  if (decimals === 0) return '9';
  return `9${match[1]}${decimals > 6 ? '999999+' : '9'.repeat(decimals)}`;
}

/** The kind of a string: by its form, never by its value. */
export function stringKind(text: string): string {
  if (text === '') return 'string (empty)';
  for (const [pattern, name] of DATE_FORMATS) if (pattern.test(text)) return `string (date ${name})`;
  const numeric = numericFormat(text);
  if (numeric) return `string (numeric ${numeric})`;
  return 'string (text)';
}

/** The base type of a kind: 'string (numeric 9.99)' -> 'string'. */
export const baseOf = (kind: string): string => kind.split(' ', 1)[0]!;
/** The format a kind names: 'string (date YYYY-MM-DD)' -> ['date', 'YYYY-MM-DD']. */
export function formatOf(kind: string): { family: 'date' | 'numeric'; format: string } | undefined {
  const match = /^string \((date|numeric) (.+)\)$/.exec(kind);
  return match ? { family: match[1] as 'date' | 'numeric', format: match[2]! } : undefined;
}

/**
 * The form of a value, never the value: letters as x or X (by case), digits as 9, anything else
 * kept, at most EXAMPLE_MAX_CHARS characters (a longer one ends with '…').
 */
export function redact(text: string): string {
  const chars = [...text.replace(/\p{L}|\p{N}/gu, (c) => (/\p{N}/u.test(c) ? '9' : /\p{Lu}/u.test(c) ? 'X' : 'x'))];
  return chars.length <= EXAMPLE_MAX_CHARS ? chars.join('') : `${chars.slice(0, EXAMPLE_MAX_CHARS - 1).join('')}…`;
}

/** Of two examples of a kind, the one kept (the same whichever order the shapes merge in). */
const pickExample = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a <= b ? a : b);

function kindOf(value: unknown): [string, string | null] {
  if (value === null) return ['null', null];
  if (Array.isArray(value)) return ['array', null];
  switch (typeof value) {
    case 'boolean':
      return ['boolean', redact(String(value))];
    case 'number':
      return ['number', redact(String(value))];
    case 'string':
      return [stringKind(value), redact(value)];
    case 'object':
      return ['object', null];
    default:
      return [typeof value, null];
  }
}

function build(value: unknown, depth: number): Shape {
  const [kind, example] = kindOf(value);
  const shape: Shape = { kinds: { [kind]: example } };
  if (kind !== 'object' && kind !== 'array') return shape;
  if (depth >= SHAPE_MAX_DEPTH) {
    shape.truncated = true;
    return shape;
  }
  if (kind === 'array') {
    let element: Shape | undefined;
    for (const item of value as unknown[]) {
      const next = build(item, depth + 1);
      element = element ? mergeShapes(element, next) : next;
    }
    if (element) shape.element = element;
    return shape;
  }
  const keys = dict<Shape>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const name = /^\d+$/.test(key) ? ID_KEY : key;
    const next = build(child, depth + 1);
    keys[name] = keys[name] ? mergeShapes(keys[name], next) : next;
  }
  return bounded({ ...shape, keys });
}

/** Keeps the first SHAPE_MAX_KEYS keys by name (a rule that does not depend on the merge order). */
function bounded(shape: Shape): Shape {
  const names = Object.keys(shape.keys ?? {});
  if (names.length <= SHAPE_MAX_KEYS) return shape;
  const kept = names.sort().slice(0, SHAPE_MAX_KEYS);
  return { ...shape, keys: Object.fromEntries(kept.map((name) => [name, shape.keys![name]!])), truncated: true };
}

/** The shape of a parsed JSON answer. */
export function shapeOf(json: unknown): Shape {
  return build(json, 0);
}

/** Both shapes as one: every kind, key and element either has (commutative and associative). */
export function mergeShapes(a: Shape, b: Shape): Shape {
  const kinds = dict(a.kinds);
  for (const [kind, example] of Object.entries(b.kinds)) kinds[kind] = kind in kinds ? pickExample(kinds[kind]!, example) : example;
  const merged: Shape = { kinds: sortedRecord(kinds) };
  if (a.keys || b.keys) {
    const keys = dict(a.keys);
    for (const [key, child] of Object.entries(b.keys ?? {})) keys[key] = keys[key] ? mergeShapes(keys[key], child) : child;
    merged.keys = sortedRecord(keys);
  }
  if (a.element && b.element) merged.element = mergeShapes(a.element, b.element);
  else if (a.element ?? b.element) merged.element = a.element ?? b.element;
  if (a.truncated || b.truncated) merged.truncated = true;
  return bounded(merged);
}

/** A record without a prototype: a key named `__proto__` in an answer stays a key. */
function dict<T>(from?: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, from);
}

/** Keys in name order, so a merged shape serialises the same whatever the order of its parts. */
function sortedRecord<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
}
