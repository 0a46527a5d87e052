import { operations, type OperationInput, type OperationName } from '../../../shared/contract/operations.ts';

/*
 * A screen's search params are the input of the operation it shows (minus company_id, which is
 * in the path), plus `open`: the record open in its detail panel. They are read from the
 * operations map's input schema, so a filter a list gains in the contract is a URL parameter at
 * once, and a hand-edited or stale URL never reaches the core with a value it would refuse:
 * anything the schema does not accept is dropped, not shown as an error.
 */

interface PropertySchema {
  type?: string;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/** Text from the address bar made into what the schema expects ("12" -> 12, "true" -> true). */
function coerce(schema: PropertySchema, value: unknown): unknown {
  if (schema.type === 'integer' || schema.type === 'number') {
    if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
    return value;
  }
  if (schema.type === 'boolean') {
    if (value === 'true' || value === 1 || value === '1') return true;
    if (value === 'false' || value === 0 || value === '0') return false;
    return value;
  }
  if (schema.type === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return String(value);
  return value;
}

function accepts(schema: PropertySchema, value: unknown): boolean {
  if (schema.enum) return schema.enum.includes(value);
  switch (schema.type) {
    case 'integer':
      if (!Number.isInteger(value)) return false;
      break;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      break;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string': {
      if (typeof value !== 'string') return false;
      if (schema.minLength !== undefined && value.length < schema.minLength) return false;
      if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
      if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) return false;
      return true;
    }
    default:
      return false; // objects and arrays are not screen filters
  }
  const n = value as number;
  return (schema.minimum === undefined || n >= schema.minimum) && (schema.maximum === undefined || n <= schema.maximum);
}

/** Keeps the entries of `search` that `properties` accepts, converted to their types. */
export function pickValid(properties: Record<string, PropertySchema>, search: Record<string, unknown>, skip: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(properties)) {
    if (skip.includes(key) || !(key in search)) continue;
    const value = coerce(schema, search[key]);
    if (value !== '' && accepts(schema, value)) out[key] = value;
  }
  return out;
}

/** The record open in a screen's detail panel (its id in the list). */
export interface OpenRecord {
  open?: number;
}

/** A screen's search params: its operation's input without company_id, every field optional, and `open`. */
export type ScreenSearch<K extends OperationName> = Partial<Omit<OperationInput<K>, 'company_id'>> & OpenRecord;

/**
 * validateSearch for a route that shows operation `op`. The router merges a route's validated
 * search over the raw one, so every key this does not accept comes back as undefined: a stale or
 * hand-edited parameter is then absent from the screen's search, not passed through unchecked.
 */
export function searchOf<K extends OperationName>(op: K): (search: Record<string, unknown>) => ScreenSearch<K> {
  const properties = (operations[op].input as unknown as { properties: Record<string, PropertySchema> }).properties;
  return (search) => {
    const dropped = Object.fromEntries(Object.keys(search).map((key) => [key, undefined]));
    const valid = pickValid(properties, search, ['company_id']);
    const open = coerce({ type: 'integer' }, search.open);
    if (Number.isInteger(open) && (open as number) >= 1) valid.open = open;
    return { ...dropped, ...valid } as ScreenSearch<K>;
  };
}

/** validateSearch for a route without filters: every search param is dropped. */
export const noSearch = (search: Record<string, unknown>): Record<string, never> =>
  Object.fromEntries(Object.keys(search).map((key) => [key, undefined])) as Record<string, never>;

/**
 * The operation input a screen's search describes: its filters without `open` (the panel, not
 * the list) and without the keys left undefined, for `company_id`.
 */
export function inputOf<K extends OperationName>(companyId: number, search: ScreenSearch<K>): OperationInput<K> {
  const { open: _open, ...filters } = search as Record<string, unknown>;
  const defined = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
  return { company_id: companyId, ...defined } as OperationInput<K>;
}
