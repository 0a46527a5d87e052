/**
 * A stand-in for the real service, run as a process of its own (tests/support/stand-in.ts starts
 * it): its own workbench (demo seed, a fixed clock, its own data folder) behind a layer that makes
 * it answer differently from a twin seeded the same way in exactly five known ways (DIFFERENCES).
 * Like the real service it knows users the twin does not: any Basic credentials are accepted (and
 * swapped for its own API user's before its workbench answers). It remembers every request that
 * arrived (GET /__stand-in/requests; DELETE forgets them) so a test can tell what a twin forwarded
 * and that nothing arrived. It answers after a delay when told (--delay-ms, or PUT /__stand-in/delay
 * {"ms": N} while it runs: a second process costs seconds of CPU).
 *
 *   node --import tsx tests/support/stand-in-upstream.ts [--now ISO] [--seed demo|empty] [--delay-ms N]
 *
 * Prints `stand-in: http://127.0.0.1:<port>` once listening; stops when stdin closes (its parent died).
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createCore } from '../../electron/core/create-core.ts';
import { startServer } from '../../electron/server/create-server.ts';
import type { SeedKind } from '../../electron/core/store/seed-store.ts';
import { DIFFERENCES, STAND_IN_DELAY, STAND_IN_REQUESTS, type ArrivedRequest } from './stand-in.ts';

const ADMIN_TOKEN = 'stand-in-admin-token-0123456789';
const REST = /^\/app\/rest\/v1\/(\d+)(\/[^?]*)?/;

type Row = Record<string, unknown>;
type Envelope = Row & { data: unknown };

/** The answer with the stand-in's difference for this request applied, or undefined when this request shows none. */
function differ(pathBelowAccount: string, envelope: Envelope): Envelope | undefined {
  const rows = Array.isArray(envelope.data) ? (envelope.data as Row[]) : undefined;
  const { renamedKey, numberAsString, extraKey, emptyPage } = DIFFERENCES;
  if (pathBelowAccount.startsWith(renamedKey.list) && rows && rows.length > 0) {
    // The renamed key keeps its place among the others.
    const rename = (row: Row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k === renamedKey.from ? renamedKey.to : k, v]));
    return { ...envelope, data: rows.map(rename) };
  }
  if (pathBelowAccount.startsWith(numberAsString.list) && rows && rows.length > 0) {
    return { ...envelope, data: rows.map((row) => ({ ...row, [numberAsString.key]: String(row[numberAsString.key]) })) };
  }
  if (pathBelowAccount.startsWith(extraKey.list) && rows && rows.length > 0) {
    return { ...envelope, data: rows.map((row) => ({ ...row, [extraKey.key]: extraKey.value })) };
  }
  if (pathBelowAccount.startsWith(emptyPage.list) && rows && rows.length === 0) {
    return { ...envelope, data: {} };
  }
  return undefined;
}

/** Whether the stand-in refuses this request with its own status (difference d). */
function refusedFilter(pathBelowAccount: string): boolean {
  const { list, filter } = DIFFERENCES.statusForFilter;
  return pathBelowAccount.startsWith(list) && pathBelowAccount.split('/').some((segment) => segment.startsWith(`${filter}:`));
}

/** The stand-in's own workbench's answer: the request as it came (path, query and Host untouched: links in answers name the stand-in). */
function forward(base: string, method: string, url: string, headers: IncomingHttpHeaders, body: Buffer): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const target = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: target.hostname, port: target.port, method, path: url, headers: { ...headers, connection: 'close' } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 500, headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body.length > 0 ? body : undefined);
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      now: { type: 'string', default: '2026-11-27T08:00:00Z' },
      seed: { type: 'string', default: 'demo' },
      'delay-ms': { type: 'string', default: '0' },
    },
  });
  const now = new Date(values.now);
  let delayMs = Number(values['delay-ms']);
  const dataDir = mkdtempSync(join(tmpdir(), 'erpwb-stand-in-'));
  const core = createCore({ dataDir, seed: values.seed as SeedKind, scale: 1, clock: { now: () => now } });
  // Its workbench listens on a loopback port of its own; the stand-in's layer in front forwards to it.
  const inner = await startServer({ core, host: '127.0.0.1', port: 0, adminToken: ADMIN_TOKEN, onUnexpectedError: (error) => console.error(error) });
  const created = await fetch(`${inner.url}/_sandbox/accounts/1/api-users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'stand-in', password: 'stand-in-password-0123' }),
  });
  if (created.status !== 201) throw new Error(`stand-in: cannot create its API user: ${await created.text()}`);
  const ownUser = `Basic ${Buffer.from('stand-in:stand-in-password-0123').toString('base64')}`;

  const arrived: ArrivedRequest[] = [];
  const answer = async (request: IncomingMessage, response: ServerResponse, body: Buffer): Promise<void> => {
    const url = request.url ?? '/';
    if (url === STAND_IN_DELAY && request.method === 'PUT') {
      delayMs = Number((JSON.parse(body.toString('utf8') || '{}') as { ms?: unknown }).ms ?? 0) || 0;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ms: delayMs }));
      return;
    }
    if (url === STAND_IN_REQUESTS) {
      if (request.method === 'DELETE') arrived.length = 0;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(request.method === 'DELETE' ? [] : arrived));
      return;
    }
    const authorization = request.headers.authorization ?? null;
    arrived.push({ method: request.method ?? 'GET', url, authorization, body: body.toString('utf8') });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (response.destroyed) return;
    const rest = REST.exec(url);
    const pathBelowAccount = rest?.[2] ?? '';
    // Like the real service: its own users, whoever they are. No credentials: its workbench says 401.
    const headers = { ...request.headers };
    if (authorization?.startsWith('Basic ')) headers.authorization = ownUser;
    const own = await forward(inner.url, request.method ?? 'GET', url, headers, body);
    const contentType = String(own.headers['content-type'] ?? '');
    let status = own.status;
    let out: Buffer = own.body;
    if (rest && contentType.startsWith('application/json') && own.status < 300) {
      const envelope = JSON.parse(own.body.toString('utf8')) as Envelope;
      if (request.method === 'GET' && refusedFilter(pathBelowAccount)) {
        status = DIFFERENCES.statusForFilter.status;
        const { page: _page, has_more_pages: _more, data_count: _count, data_next_page_exists: _next, ...echo } = envelope;
        const refused = { ...echo, is_error: true, http_code: status, data: null, messages: [`${DIFFERENCES.statusForFilter.filter}: not a document number of this account`] };
        out = Buffer.from(JSON.stringify(refused));
      } else {
        const changed = request.method === 'GET' ? differ(pathBelowAccount, envelope) : undefined;
        if (changed) out = Buffer.from(JSON.stringify(changed));
      }
    }
    const passed: Record<string, string> = {};
    for (const name of ['content-type', 'content-disposition', 'cache-control', 'www-authenticate']) {
      const value = own.headers[name];
      if (value !== undefined) passed[name] = String(value);
    }
    response.writeHead(status, { ...passed, 'content-length': String(out.length) }).end(out);
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      answer(request, response, Buffer.concat(chunks)).catch((error: unknown) => {
        console.error('stand-in: unexpected error', error);
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('stand-in failed');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Links in its answers (PDF and view links) point at the stand-in itself.
  core.setPublicUrl(url);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.closeAllConnections();
    server.close();
    await inner.close();
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  // The parent's end closes the pipe: no stand-in outlives its test.
  process.stdin.on('end', () => void stop());
  process.stdin.on('close', () => void stop());
  process.stdin.resume();
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.stdout.write(`stand-in: ${url}\n`);
}

main().catch((error: unknown) => {
  console.error('stand-in: cannot start', error);
  process.exit(1);
});
