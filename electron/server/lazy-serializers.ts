import { createRequire } from 'node:module';
import type { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Schema = { [key: string]: unknown };

// fast-json-stringify and its ajv are loaded with the first answer that has a schema (a REST
// answer), not at start: the control API's answers (health among them) need neither.
const require = createRequire(import.meta.url);
let selector: SerializerFactory | undefined;
const compileNow: SerializerFactory = (externalSchemas, options) => {
  selector ??= (require('@fastify/fast-json-stringify-compiler') as { SerializerSelector: typeof SerializerSelector }).SerializerSelector();
  return selector(externalSchemas, options);
};

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNull = (schema: unknown) => isSchema(schema) && schema.type === 'null' && Object.keys(schema).length === 1;

/**
 * A copy of `schema` where "X or null" (TypeBox's Union([X, Null]): an anyOf) reads as a type
 * list, `type: [X's type, 'null']`. Same answers; but fast-json-stringify compiles an anyOf into
 * an ajv validator that it runs on every value to pick the branch (the sales list page's schema
 * took ~0.3 s to compile, most of it ajv), where a type list is a typeof test.
 */
export function nullableAsTypeLists(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsTypeLists);
  if (!isSchema(schema)) return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = nullableAsTypeLists(value);
  const branches = copy.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return copy;
  const other = branches.find((branch) => !isNull(branch));
  const plain = isSchema(other) && typeof other.type === 'string' && other.type !== 'null' && !('anyOf' in other) && !('oneOf' in other) && !('allOf' in other);
  if (!branches.some(isNull) || !plain) return copy;
  const { anyOf: _anyOf, ...rest } = copy;
  return { ...other, ...rest, type: [other.type, 'null'] };
}

/**
 * Fastify's own answer serializers (fast-json-stringify, the same options), each compiled on its
 * route's first answer instead of while the routes are registered: compiling the ~100 answer
 * schemas up front was most of the server's start-up (about 2 s of CPU on this machine's cold
 * start), and a run uses a few of them. A schema fastify cannot compile fails at that first
 * answer (a 500 the tests see), no longer at start.
 */
export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  let compile: ReturnType<SerializerFactory> | undefined;
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc) => {
      compile ??= compileNow(externalSchemas, options);
      serialize ??= compile({ ...route, schema: nullableAsTypeLists(route.schema) });
      return serialize(doc);
    };
  };
};
