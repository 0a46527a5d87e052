import { operations, type OperationInput, type OperationName, type OperationOutput } from '../../../shared/contract/operations.ts';
import type { ErpClient } from './client.ts';
import { ErpError } from './errors.ts';
import { acceptOf } from './accept.ts';

/** Where the headless server mounts the control API (docs/sandbox-contract.md, section 3). */
export const CONTROL_PREFIX = '/_sandbox';

interface EnvelopeLike {
  is_error: boolean;
  http_code: number;
  data: unknown;
  messages: string[];
}

function isEnvelope(value: unknown): value is EnvelopeLike {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.is_error === 'boolean' && Array.isArray(v.messages) && 'data' in v;
}

function appendQuery(query: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) for (const item of value) appendQuery(query, key, item);
  else query.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/**
 * The request an operation maps to, read from its `http` entry of the operations map: `:params`
 * come from the input; GET and DELETE carry the rest in the query string, others as JSON.
 */
export function buildRequest(op: OperationName, input: object): { method: string; path: string; body?: string } {
  const { method, path } = operations[op].http;
  const rest: Record<string, unknown> = { ...input };
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null) throw new ErpError(400, [`${op}: ${name} is required`]);
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  if (method === 'GET' || method === 'DELETE') {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(rest)) appendQuery(query, key, value);
    const search = query.toString();
    return { method, path: `${CONTROL_PREFIX}${filled}${search ? `?${search}` : ''}` };
  }
  return { method, path: `${CONTROL_PREFIX}${filled}`, body: JSON.stringify(rest) };
}

/** A browser tab on the headless server: the control API, authorised by the admin token. */
export function createHttpClient(options: { baseUrl: string; token: string | null }): ErpClient {
  return {
    async invoke<K extends OperationName>(op: K, input: OperationInput<K>): Promise<OperationOutput<K>> {
      const request = buildRequest(op, input);
      const headers: Record<string, string> = { accept: acceptOf(op) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(new URL(request.path, options.baseUrl), {
        method: request.method,
        headers,
        ...(request.body !== undefined && { body: request.body }),
      });
      let payload: unknown;
      try {
        payload = await response.json();
      } catch {
        throw new ErpError(response.status, [`the server answered ${response.status} ${response.statusText} without a JSON envelope`]);
      }
      if (!isEnvelope(payload)) throw new ErpError(response.status, [`the server answered ${response.status} with an unexpected body`]);
      if (payload.is_error || !response.ok) throw new ErpError(response.status, payload.messages);
      // The server validated the output against the same operations map.
      return payload.data as OperationOutput<K>;
    },
  };
}
