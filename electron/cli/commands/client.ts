import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import {
  type OperationInput,
  type OperationName,
  type OperationOutput,
} from '../../../shared/contract/operations.ts';
import type { CoreEventName, CoreEvents } from '../../../shared/contract/events.ts';
import { requestOf } from '../../lib/control-client.ts';

/** Where the service is and how to talk to it (flags, else ERP_WORKBENCH_URL / ERP_WORKBENCH_TOKEN). */
export interface Connection {
  /** http(s)://host:port, no trailing slash. */
  url: string;
  token: string;
  /** PEM of a CA to trust besides the system's (an --https service's ca.pem, from --ca). */
  ca: string | undefined;
}

/** The service answered with an error in its envelope (exit code 1). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(`error ${status}: ${messages.join('; ')}`);
  }
}

/** No answer at all: refused, timed out, a TLS certificate not trusted (exit code 3). */
export class UnreachableError extends Error {
  override name = 'UnreachableError';
}

const TLS_HINT = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/;

function unreachable(conn: Connection, error: NodeJS.ErrnoException): UnreachableError {
  const code = error.code ?? '';
  const hint = TLS_HINT.test(code)
    ? ': the certificate is not trusted; pass --ca <data>/tls/ca.pem (npm run serve -- --https prints the path) or set NODE_EXTRA_CA_CERTS'
    : ': is the service running there? (npx erp-workbench serve)';
  return new UnreachableError(`cannot reach ${conn.url}${code ? ` (${code})` : ''}${hint}`);
}

/** Opens one request to the service; the answer comes back as the response stream. */
function open(conn: Connection, method: string, path: string, body: string | undefined, accept = 'application/json'): Promise<http.IncomingMessage> {
  const target = new URL(`${conn.url}${path}`);
  const secure = target.protocol === 'https:';
  const headers: Record<string, string> = { authorization: `Bearer ${conn.token}`, accept };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const options: https.RequestOptions = { method, headers, ...(secure && conn.ca && { ca: [...rootCertificates, conn.ca] }) };
    const request = (secure ? https : http).request(target, options, resolve);
    request.on('error', (error: NodeJS.ErrnoException) => reject(unreachable(conn, error)));
    request.end(body);
  });
}

/**
 * One call of the health probe (GET /_sandbox/health, no token needed): the service's version
 * when it answers 200 with status ok; an UnreachableError otherwise (refused, timed out, not ours).
 */
export async function probeHealth(url: string, ca: string | undefined, timeoutMs: number): Promise<{ version: string }> {
  const conn: Connection = { url, token: '', ca };
  const target = new URL(`${url}/_sandbox/health`);
  const secure = target.protocol === 'https:';
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const options: https.RequestOptions = { method: 'GET', headers: { accept: 'application/json' }, timeout: timeoutMs, ...(secure && ca && { ca: [...rootCertificates, ca] }) };
    const request = (secure ? https : http).request(target, options, resolve);
    request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) => reject(unreachable(conn, error)));
    request.end();
  });
  const text = await readAll(response);
  let data: { status?: unknown; version?: unknown } | undefined;
  try {
    data = (JSON.parse(text) as { data?: typeof data }).data;
  } catch {
    // not JSON: not this service
  }
  if (response.statusCode !== 200 || data?.status !== 'ok' || typeof data.version !== 'string') {
    throw new UnreachableError(`${url} answered HTTP ${response.statusCode} without an ERP Workbench health status`);
  }
  return { version: data.version };
}

async function readAll(response: http.IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of response) text += (chunk as Buffer).toString('utf8');
  return text;
}

/** The route of an operation (the package's control client builds it); a missing path parameter is a usage error naming its flag. */
export function routeOf(name: OperationName, input: Record<string, unknown>): { method: string; path: string; body: string | undefined } {
  return requestOf(name, input, (key, path) => new UsageError(`--${key} is required (it is part of the path ${path})`));
}

/** A bad flag or a missing value the service never sees (exit code 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Calls an operation of the map through the control API; answers its data or throws ApiError / UnreachableError. */
export async function invoke<K extends OperationName>(conn: Connection, name: K, input: OperationInput<K>): Promise<OperationOutput<K>> {
  return (await invokeRaw(conn, name, input as Record<string, unknown>)) as OperationOutput<K>;
}

/** The same, for an operation and input known only at run time (the `op` command). */
export async function invokeRaw(conn: Connection, name: OperationName, input: Record<string, unknown>): Promise<unknown> {
  const { method, path, body } = routeOf(name, input);
  const response = await open(conn, method, path, body);
  const text = await readAll(response);
  let envelope: { is_error?: boolean; data?: unknown; messages?: string[] };
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    throw new ApiError(response.statusCode ?? 0, [`the answer is not JSON: ${text.slice(0, 200)}`]);
  }
  if (envelope.is_error || (response.statusCode ?? 500) >= 400) {
    throw new ApiError(response.statusCode ?? 0, envelope.messages ?? [`HTTP ${response.statusCode}`]);
  }
  return envelope.data;
}

export type StreamedEvent = { [K in CoreEventName]: { name: K; data: CoreEvents[K] } }[CoreEventName];

/**
 * Follows the control API's event stream (GET /_sandbox/events, server-sent events), one
 * account's events when `companyId` is given. Resolves once the stream is open (events from then
 * on reach `onEvent`); `ended` settles when the service closes it.
 */
export async function followEvents(
  conn: Connection,
  companyId: number | undefined,
  onEvent: (event: StreamedEvent) => void,
): Promise<{ close(): void; ended: Promise<void> }> {
  const response = await open(conn, 'GET', `/_sandbox/events${companyId === undefined ? '' : `?company_id=${companyId}`}`, undefined, 'text/event-stream');
  if ((response.statusCode ?? 500) >= 400) {
    const text = await readAll(response);
    let messages = [`HTTP ${response.statusCode}`];
    try {
      messages = (JSON.parse(text) as { messages: string[] }).messages;
    } catch {
      // not the envelope: keep the status
    }
    throw new ApiError(response.statusCode ?? 0, messages);
  }
  response.setEncoding('utf8');
  let buffer = '';
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = '';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) name = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (name && data) onEvent({ name, data: JSON.parse(data) } as StreamedEvent);
    }
  });
  const ended = new Promise<void>((resolve) => {
    response.on('end', resolve);
    response.on('close', resolve);
    response.on('error', () => resolve());
  });
  return { close: () => response.destroy(), ended };
}
