import type { TSchema, Static } from 'typebox';
import { Compile } from 'typebox/compile';
import type { Validator } from 'typebox/compile';
import { badRequest } from '../../shared/contract/errors.ts';

const cache = new WeakMap<TSchema, Validator>();

function validatorOf(schema: TSchema): Validator {
  let validator = cache.get(schema);
  if (!validator) {
    validator = Compile(schema) as unknown as Validator;
    cache.set(schema, validator);
  }
  return validator;
}

/** Field path of a validation error in the dotted form messages use: items[0].code */
function fieldPath(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/**
 * Checks `value` against `schema`, filling defaults, and returns it typed; a 400 whose messages
 * name every offending field otherwise.
 */
export function validate<S extends TSchema>(schema: S, value: unknown, what = 'body'): Static<S> {
  const validator = validatorOf(schema);
  let withDefaults: unknown;
  try {
    withDefaults = validator.Default(structuredClone(value ?? {}));
    if (validator.Check(withDefaults)) return withDefaults as Static<S>;
  } catch (error) {
    // A body nested thousands of levels deep exhausts the recursive checks: refuse it, no 500.
    if (error instanceof RangeError) throw badRequest(`${what}: nested too deeply`);
    throw error;
  }
  const errors = validator.Errors(withDefaults);
  // An unknown field is reported once, by its additionalProperties error, not again as
  // 'schema is false' at its own path.
  const unknownPaths = new Set(
    errors.flatMap((error) =>
      error.keyword === 'additionalProperties'
        ? ((error.params as { additionalProperties?: string[] }).additionalProperties ?? []).map((n) => `${error.instancePath}/${n}`)
        : [],
    ),
  );
  const messages = errors.filter((error) => !(error.keyword === 'boolean' && unknownPaths.has(error.instancePath))).map((error) => {
    const path = fieldPath(error.instancePath);
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'additionalProperties' && Array.isArray(params.additionalProperties)) {
      return params.additionalProperties
        .map((name) => `${path ? `${path}.` : ''}${String(name)}: unknown field`)
        .join('; ');
    }
    if (error.keyword === 'required' && Array.isArray(params.requiredProperties)) {
      return params.requiredProperties
        .map((name) => `${path ? `${path}.` : ''}${String(name)}: required field is missing`)
        .join('; ');
    }
    return `${path || what}: ${error.message}`;
  });
  const unique = [...new Set(messages)];
  throw badRequest(unique[0] ?? `${what}: invalid`, unique);
}
