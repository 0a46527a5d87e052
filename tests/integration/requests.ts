import { get } from 'node:http';
import { expect } from 'vitest';
import type { Answer, Caller, Envelope } from './harness.ts';

/**
 * The init of a request carrying `body`: nothing for undefined, a FormData as is (fetch writes
 * its multipart Content-Type), anything else as JSON under `contentType` (a string is sent as it
 * is: malformed JSON, other content types).
 */
export function bodyInit(body?: unknown, contentType = 'application/json'): RequestInit {
  if (body === undefined) return {};
  if (body instanceof FormData) return { body };
  return { headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

/**
 * `send(method, path, body?, contentType?)`: a request to /1{path} as the demo's API user with
 * the body as bodyInit makes it. `D` is the type of `data` when a call names none.
 */
export function restSend<D = unknown>(demo: Caller) {
  return <T = D>(method: string, path: string, body?: unknown, contentType?: string): Promise<Answer<T>> =>
    demo.h.rest<T>(method, `/1${path}`, demo.user, bodyInit(body, contentType));
}

/**
 * `post(body, status)`: POST of `body` to /1{path} as the demo's API user, expecting `status`
 * (also as http_code; with `isError`, is_error as the status says); answers the envelope.
 */
export function restPost<T = unknown>(demo: Caller, path: string, { isError = false } = {}) {
  const send = restSend<T>(demo);
  return async (body: unknown, status: number): Promise<Envelope<T>> => {
    const answer = await send('POST', path, body);
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(status);
    expect(answer.body.http_code).toBe(status);
    if (isError) expect(answer.body.is_error).toBe(status >= 400);
    return answer.body;
  };
}

/** A part of a multipart form: a text field, or a file with its name and declared type (default application/octet-stream). */
export type FormPart = [name: string, value: string] | [name: string, content: Buffer, filename: string, type?: string];

/** A multipart/form-data body of `parts`, in their order. */
export function multipart(parts: FormPart[]): FormData {
  const body = new FormData();
  for (const part of parts) {
    if (typeof part[1] === 'string') body.append(part[0], part[1]);
    else body.append(part[0], new Blob([part[1]], { type: part[3] ?? 'application/octet-stream' }), part[2]);
  }
  return body;
}

/**
 * GET of a service URL on its own connection, closed after the answer (a kept-alive connection
 * whose streamed answer is still finishing when the harness closes would hold the close up).
 */
export function media(url: string): Promise<{ status: number; type: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, type: response.headers['content-type'], body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

export interface RefusalChecks {
  /** The envelope's http_code is the status too (default true). */
  httpCode?: boolean;
  /** `data` is null (default true). */
  noData?: boolean;
  /** Each pattern matches the messages joined by ' | ' (default: each pattern matches one message). */
  joined?: boolean;
}

/** An answer in the error envelope: `status`, is_error, and each of `patterns` among the messages, checked as `checks` say. */
export function expectRefusal<A extends Answer>(answer: A, status: number, patterns: RegExp[] = [], checks: RefusalChecks = {}): A {
  const { httpCode = true, noData = true, joined = false } = checks;
  const { body } = answer;
  expect(answer.status, JSON.stringify(body)).toBe(status);
  expect(body.is_error).toBe(true);
  if (httpCode) expect(body.http_code).toBe(status);
  if (noData) expect(body.data).toBeNull();
  for (const pattern of patterns) {
    if (joined) expect(body.messages.join(' | ')).toMatch(pattern);
    else expect(body.messages.some((m) => pattern.test(m)), `${pattern} in ${JSON.stringify(body.messages)}`).toBe(true);
  }
  return answer;
}

/** expectRefusal with data null and each pattern matching the messages joined by ' | '. */
export function expectRefused(answer: Answer, status: number, ...patterns: RegExp[]): void {
  expectRefusal(answer, status, patterns, { joined: true });
}

/** Runs `run` and expects `state()` to be the same after it as before it; answers what `run` answered. */
export async function expectUnchanged<T>(state: () => unknown, run: () => Promise<T>): Promise<T> {
  const before = state();
  const result = await run();
  expect(state()).toEqual(before);
  return result;
}

/**
 * `refused(body, ...messages)` of an endpoint that `post(body, status)` calls (checking the
 * status): posts `body` expecting 400 with no data, each message among the answer's messages (a
 * string as it is, a RegExp matching one), and `state()` as it was; answers the messages.
 */
export function refusalsOf(post: (body: unknown, status: number) => Promise<Envelope>, state: () => unknown) {
  return (body: unknown, ...messages: Array<string | RegExp>): Promise<string[]> =>
    expectUnchanged(state, async () => {
      const answer = await post(body, 400);
      expect(answer.data).toBeNull();
      for (const message of messages) {
        expect(answer.messages, JSON.stringify(answer.messages)).toContainEqual(
          typeof message === 'string' ? message : expect.stringMatching(message),
        );
      }
      return answer.messages;
    });
}
