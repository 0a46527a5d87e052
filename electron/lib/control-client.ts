import { operations, OPERATION_NAMES, type OperationInput, type OperationName, type OperationOutput } from '../../shared/contract/operations.ts';

/** The control API refused a call: its HTTP status and the envelope's messages. */
export class WorkbenchApiError extends Error {
  override name = 'WorkbenchApiError';
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly messages: string[],
  ) {
    super(`${operation}: HTTP ${status}: ${messages.join('; ')}`);
  }
}

type GroupOf<K> = K extends `${infer G}.${string}` ? G : never;
type ActionOf<K, G extends string> = K extends `${G}.${infer A}` ? A : never;
/** An input with nothing required may be left out. */
type InputArgs<K extends OperationName> = object extends OperationInput<K> ? [input?: OperationInput<K>] : [input: OperationInput<K>];
type Call<K extends OperationName> = (...args: InputArgs<K>) => Promise<OperationOutput<K>>;

/**
 * Every operation of the control API as a method, grouped by the first part of its name:
 * `control.accounts.list()`, `control.apiUsers.create({ company_id: 1, username: 'shop' })`,
 * `control.clock.set(...)`, `control.snapshots.save(...)`. Inputs and answers are typed by the
 * operations map (shared/contract/operations.ts), the same definitions that validate them.
 */
export type ControlClient = {
  [G in GroupOf<OperationName>]: { [A in ActionOf<OperationName, G>]: `${G}.${A}` extends OperationName ? Call<`${G}.${A}`> : never };
} & {
  /** One operation by its full name ('accounts.list'). */
  invoke<K extends OperationName>(name: K, ...args: InputArgs<K>): Promise<OperationOutput<K>>;
};

/** Where a control API is and its token. */
export interface ControlConnection {
  /** http(s)://host:port of the service, no trailing slash. */
  url: string;
  adminToken: string;
}

/**
 * The route of an operation: path parameters from the input, the rest as query (GET) or JSON body
 * (the CLI's client uses it too, with its own error for a missing path parameter).
 */
export function requestOf(
  name: OperationName,
  input: Record<string, unknown>,
  missing: (key: string, path: string) => Error = (key, path) => new TypeError(`${name}: ${key} is required (it is part of the path ${path})`),
): { method: string; path: string; body: string | undefined } {
  const { method, path } = operations[name].http;
  const rest = { ...input };
  const filled = path.replace(/:([a-z_]+)/g, (_match, key: string) => {
    const value = rest[key];
    if (value === undefined) throw missing(key, path);
    delete rest[key];
    return encodeURIComponent(String(value));
  });
  if (method === 'GET') {
    const query = new URLSearchParams(
      Object.entries(rest)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]): [string, string] => [k, String(v)]),
    );
    return { method, path: `/_sandbox${filled}${query.size ? `?${query}` : ''}`, body: undefined };
  }
  return { method, path: `/_sandbox${filled}`, body: method === 'DELETE' ? undefined : JSON.stringify(rest) };
}

/** Calls one operation over HTTP; its `data`, or a WorkbenchApiError. */
async function call(conn: ControlConnection, name: OperationName, input: Record<string, unknown>): Promise<unknown> {
  const { method, path, body } = requestOf(name, input);
  const response = await fetch(`${conn.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${conn.adminToken}`, accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body }),
  });
  const text = await response.text();
  let envelope: { is_error?: boolean; data?: unknown; messages?: string[] };
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    throw new WorkbenchApiError(name, response.status, [`the answer is not JSON: ${text.slice(0, 200)}`]);
  }
  if (envelope.is_error || !response.ok) throw new WorkbenchApiError(name, response.status, envelope.messages ?? [`HTTP ${response.status}`]);
  return envelope.data;
}

/** The typed control-API client of a running service (in this process, a container, another machine). */
export function createControlClient(conn: ControlConnection): ControlClient {
  const groups: Record<string, Record<string, (input?: Record<string, unknown>) => Promise<unknown>>> = {};
  for (const name of OPERATION_NAMES) {
    const dot = name.indexOf('.');
    const group = (groups[name.slice(0, dot)] ??= {});
    group[name.slice(dot + 1)] = (input) => call(conn, name, input ?? {});
  }
  const invoke = (name: OperationName, input?: Record<string, unknown>) => call(conn, name, input ?? {});
  return Object.assign(groups, { invoke }) as unknown as ControlClient;
}
