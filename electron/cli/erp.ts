/**
 * npm run erp -- <operation> [--field value ...] [--json '{...}'] [--url URL] [--token TOKEN]
 *
 * Every operation of the operations map (the control API's calls: staff actions, the webhook
 * log, connector settings, the inbox, ...) from a terminal, against a running service. The
 * commands, their fields and their types come from the map itself: nothing is listed twice.
 */
import { operations, OPERATION_NAMES, type OperationName } from '../../shared/contract/operations.ts';

const USAGE = `Usage: npm run erp -- <operation> [--field value ...] [--json '{"field": ...}']
                     [--url http://127.0.0.1:8080] [--token ADMIN_TOKEN]
       npm run erp -- --help               every operation
       npm run erp -- <operation> --help   its fields

--url and --token default to ERP_WORKBENCH_URL and ERP_WORKBENCH_TOKEN (the token npm run serve prints).`;

interface FieldSchema {
  type?: string;
  description?: string;
  enum?: unknown[];
  anyOf?: FieldSchema[];
}

const propertiesOf = (name: OperationName) =>
  ((operations[name].input as { properties?: Record<string, FieldSchema> }).properties ?? {}) as Record<string, FieldSchema>;

function typeOf(schema: FieldSchema | undefined): string {
  if (!schema) return 'string';
  if (schema.type) return schema.type;
  const types = (schema.anyOf ?? []).map(typeOf).filter((t) => t !== 'null');
  return types[0] ?? (schema.enum ? typeof schema.enum[0] : 'string');
}

/** A flag's text as the field's type wants it: numbers, booleans, arrays and objects as JSON. */
function convert(field: string, text: string, schema: FieldSchema | undefined): unknown {
  const type = typeOf(schema);
  if (text === 'null' && (type !== 'string' || schema?.anyOf?.some((s) => s.type === 'null'))) return null;
  if (type === 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`--${field}: '${text}' is not ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} (give JSON, e.g. ${type === 'array' ? '["a","b"]' : type === 'boolean' ? 'true' : '1'})`);
  }
}

function help(name?: OperationName): string {
  if (!name) {
    const width = Math.max(...OPERATION_NAMES.map((n) => n.length));
    return `${USAGE}\n\nOperations:\n${OPERATION_NAMES.map((n) => `  ${n.padEnd(width)}  ${operations[n].summary}`).join('\n')}`;
  }
  const def = operations[name];
  const required = new Set((def.input as { required?: string[] }).required ?? []);
  const fields = Object.entries(propertiesOf(name)).map(
    ([field, schema]) => `  --${field} <${typeOf(schema)}>${required.has(field) ? ' (required)' : ''}${schema.description ? `  ${schema.description}` : ''}`,
  );
  return `${name}: ${def.summary}\n${def.http.method} /_sandbox${def.http.path}\n\nFields:\n${fields.join('\n') || '  (none)'}`;
}

export function parseCommand(argv: string[], env: NodeJS.ProcessEnv) {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h') return { help: help() };
  if (!(OPERATION_NAMES as string[]).includes(name)) throw new Error(`unknown operation '${name}'; npm run erp -- --help lists them`);
  const op = name as OperationName;
  const input: Record<string, unknown> = {};
  let url = env['ERP_WORKBENCH_URL'] ?? 'http://127.0.0.1:8080';
  let token = env['ERP_WORKBENCH_TOKEN'];
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i]!;
    if (flag === '--help' || flag === '-h') return { help: help(op) };
    const match = /^--([^=]+)(?:=(.*))?$/.exec(flag);
    if (!match) throw new Error(`unexpected argument '${flag}'`);
    const key = match[1]!;
    const value = match[2] ?? rest[++i];
    if (value === undefined) throw new Error(`--${key} needs a value`);
    if (key === 'url') url = value;
    else if (key === 'token') token = value;
    else if (key === 'json') Object.assign(input, JSON.parse(value) as Record<string, unknown>);
    else input[key] = convert(key, value, propertiesOf(op)[key]);
  }
  if (!token) throw new Error('no admin token: pass --token or set ERP_WORKBENCH_TOKEN (npm run serve prints it)');
  return { op, input, url: url.replace(/\/+$/, ''), token };
}

/** Calls the operation's control route: path parameters from the input, the rest as query (GET) or JSON body. */
export async function call(op: OperationName, input: Record<string, unknown>, url: string, token: string) {
  const { method, path } = operations[op].http;
  const remaining = { ...input };
  const filled = path.replace(/:([a-z_]+)/g, (_m, key: string) => {
    const value = remaining[key];
    if (value === undefined) throw new Error(`--${key} is required (it is part of the path ${path})`);
    delete remaining[key];
    return encodeURIComponent(String(value));
  });
  const query = method === 'GET' ? new URLSearchParams(Object.entries(remaining).map(([k, v]): [string, string] => [k, String(v)])).toString() : '';
  // A DELETE carries no body, so no Content-Type either (JSON announced and absent is a 400).
  const withBody = method !== 'GET' && method !== 'DELETE';
  const response = await fetch(`${url}/_sandbox${filled}${query ? `?${query}` : ''}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(withBody && { 'content-type': 'application/json' }) },
    ...(withBody && { body: JSON.stringify(remaining) }),
  });
  const body = (await response.json()) as { is_error: boolean; data: unknown; messages: string[] };
  return { status: response.status, body };
}

async function main(): Promise<void> {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  let parsed;
  try {
    parsed = parseCommand(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`error: ${(error as Error).message}`);
    process.exit(2);
  }
  if ('help' in parsed) {
    console.log(parsed.help);
    return;
  }
  try {
    const { status, body } = await call(parsed.op, parsed.input, parsed.url, parsed.token);
    if (body.is_error) {
      console.error(`error ${status}: ${body.messages.join('; ')}`);
      process.exit(1);
    }
    console.log(JSON.stringify(body.data, null, 2));
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    console.error(`error: cannot reach ${parsed.url}${cause ? ` (${cause})` : ''}: is npm run serve running there?`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
