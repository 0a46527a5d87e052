import type { TSchema, Static } from 'typebox';
import { Compile } from 'typebox/compile';
import type { Validator } from 'typebox/compile';
import { Settings } from 'typebox/system';
import { badRequest } from '../../shared/contract/errors.ts';

interface CompiledSchema {
  validator: Validator;
  /**
   * Whether a `default` keyword appears anywhere in the schema. Filling defaults walks the whole
   * schema interpretively (typebox's Default is not compiled): ~40 µs for the product PATCH
   * schema, a tenth of the whole request, for a schema that has none to fill.
   */
  hasDefaults: boolean;
}

const cache = new WeakMap<TSchema, CompiledSchema>();

function hasDefaultKeyword(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasDefaultKeyword);
  if (schema === null || typeof schema !== 'object') return false;
  return 'default' in schema || Object.values(schema).some(hasDefaultKeyword);
}

function compiledOf(schema: TSchema): CompiledSchema {
  let compiled = cache.get(schema);
  if (!compiled) {
    compiled = { validator: Compile(schema) as unknown as Validator, hasDefaults: hasDefaultKeyword(schema) };
    cache.set(schema, compiled);
  }
  return compiled;
}

type ValidationError = ReturnType<Validator['Errors']>[number];

/**
 * How many errors a refusal collects. TypeBox stops at 8 (its maxErrors), and it reports an
 * unknown field twice: first as `schema is false` at the field (the `additionalProperties: false`
 * sub-schema), then once for the object; past 8 unknown fields only the first kind was left, and
 * a wrong value beside them was not reported at all. The envelope shows 10 messages.
 */
const ERROR_LIMIT = 200;

/** The errors of a refused value, up to ERROR_LIMIT: TypeBox's own limit raised for this one (synchronous) call. */
function errorsOf(validator: Validator, value: unknown): ValidationError[] {
  const before = Settings.Get().maxErrors;
  Settings.Set({ maxErrors: ERROR_LIMIT });
  try {
    return validator.Errors(value);
  } finally {
    Settings.Set({ maxErrors: before });
  }
}

/**
 * The unknown fields an error reports, with the JSON pointer of the object holding them: an
 * additionalProperties error lists them; a `schema is false` error of an object's
 * `additionalProperties: false` is one of them, at its own path.
 */
function unknownFieldsOf(error: ValidationError): { objectPath: string; names: string[] } | undefined {
  if (error.keyword === 'additionalProperties') {
    const names = (error.params as { additionalProperties?: unknown[] }).additionalProperties ?? [];
    return { objectPath: error.instancePath, names: names.map(String) };
  }
  const schemaPath = (error as { schemaPath?: string }).schemaPath ?? '';
  if (error.keyword !== 'boolean' || !/(?<!\/properties)\/additionalProperties$/.test(schemaPath) || error.instancePath === '') return undefined;
  const cut = error.instancePath.lastIndexOf('/');
  const name = error.instancePath.slice(cut + 1).replace(/~1/g, '/').replace(/~0/g, '~');
  return { objectPath: error.instancePath.slice(0, cut), names: [name] };
}

/** Field path of a validation error in the dotted form messages use: items[0].code */
function fieldPath(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/** The part of `root` a JSON pointer ('#/properties/a/items/pattern') names, or undefined. */
function schemaAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const part of pointer.replace(/^#\/?/, '').split('/').filter((p) => p !== '')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/**
 * A pattern refusal in words a person reads, when the field's schema says in `x-pattern-meaning`
 * what its pattern stands for: the value and that meaning instead of the regular expression.
 */
function patternMessage(schema: TSchema, schemaPath: string, value: unknown): string | undefined {
  const field = schemaAt(schema, schemaPath.replace(/\/pattern$/, ''));
  const meaning = field !== null && typeof field === 'object' ? (field as { 'x-pattern-meaning'?: unknown })['x-pattern-meaning'] : undefined;
  return typeof meaning === 'string' && typeof value === 'string' ? `'${value}' is not ${meaning}` : undefined;
}

/**
 * Checks `value` against `schema`, filling defaults, and returns it typed; a 400 whose messages
 * name every offending field otherwise.
 */
export function validate<S extends TSchema>(schema: S, value: unknown, what = 'body'): Static<S> {
  const { validator, hasDefaults } = compiledOf(schema);
  let withDefaults: unknown;
  try {
    // A copy either way: the caller may change what it gets, the request's body stays as sent.
    const copy = structuredClone(value ?? {});
    withDefaults = hasDefaults ? validator.Default(copy) : copy;
    if (validator.Check(withDefaults)) return withDefaults as Static<S>;
  } catch (error) {
    // A body nested thousands of levels deep exhausts the recursive checks: refuse it, no 500.
    if (error instanceof RangeError) throw badRequest(`${what}: nested too deeply`);
    throw error;
  }
  const errors = errorsOf(validator, withDefaults);
  // Unknown fields, gathered by the object that holds them, in the order met: TypeBox names them
  // in the object's additionalProperties error and in a `schema is false` error at each field
  // (those come first, and alone once the limit is reached).
  const unknownByObject = new Map<string, Set<string>>();
  for (const error of errors) {
    const unknown = unknownFieldsOf(error);
    if (!unknown) continue;
    const names = unknownByObject.get(unknown.objectPath) ?? new Set<string>();
    for (const name of unknown.names) names.add(name);
    unknownByObject.set(unknown.objectPath, names);
  }
  const messages = errors.flatMap((error): string | string[] => {
    const path = fieldPath(error.instancePath);
    const params = error.params as Record<string, unknown>;
    const unknown = unknownFieldsOf(error);
    if (unknown) {
      // One message per object, listing every unknown field of it, where the first is met.
      const names = unknownByObject.get(unknown.objectPath);
      if (!names) return [];
      unknownByObject.delete(unknown.objectPath);
      const prefix = fieldPath(unknown.objectPath);
      return [...names].map((name) => `${prefix ? `${prefix}.` : ''}${name}: unknown field`).join('; ');
    }
    if (error.keyword === 'required' && Array.isArray(params.requiredProperties)) {
      return params.requiredProperties
        .map((name) => `${path ? `${path}.` : ''}${String(name)}: required field is missing`)
        .join('; ');
    }
    if (error.keyword === 'pattern') {
      const instance = schemaAt(withDefaults, error.instancePath);
      const readable = patternMessage(schema, (error as { schemaPath?: string }).schemaPath ?? '', instance);
      if (readable) return `${path || what}: ${readable}`;
    }
    return `${path || what}: ${error.message}`;
  });
  const unique = [...new Set(messages)];
  throw badRequest(unique[0] ?? `${what}: invalid`, unique);
}
