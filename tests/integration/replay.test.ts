import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../electron/core/create-core.ts';
import { startServer, type RunningServer } from '../../electron/server/create-server.ts';
import { createRecorder, loadReplayIndex, readHarFile, ReplayIndexError } from '../../electron/core/domains/fidelity/index.ts';
import { systemClock } from '../../electron/core/time.ts';
import { harDocument } from '../support/har-builder.ts';
import { ADMIN_TOKEN } from './harness.ts';

// serve --replay: a folder of HAR files written here, a real core and a real listener per fallback.
const UPSTREAM = 'https://erp.example.ro/app/rest/v1/4242';
// Bytes a re-serialisation would change: spacing, key order, escapes, a trailing newline, diacritics.
const SALES_1 = '{"is_error":false,  "data":[{"id":7,"total":"12.50","client_name":"Ștefan \\u0041"}], "page":1}\n';
const SALES_2 = '{"is_error":false,"data":[],"page":1}';
const PDF = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0xfe, 0x80, 0x0a]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
const dirs: string[] = [];

function writeRecordings(): string {
  const dir = mkdtempSync(join(tmpdir(), 'erpwb-replay-'));
  dirs.push(dir);
  writeFileSync(
    join(dir, 'a.har'),
    JSON.stringify(
      harDocument([
        { url: `${UPSTREAM}/sales/list/year:2024/?sort=asc&limit=5`, body: SALES_1 },
        { url: `${UPSTREAM}/sales/list/year:2024/?sort=asc&limit=5`, body: SALES_2 },
        { url: `${UPSTREAM}/invoices/pdf/31/`, contentType: 'application/pdf', body: PDF },
        { url: `${UPSTREAM}/products/999/`, status: 404, statusText: 'Not Found', contentType: 'text/plain; charset=utf-8', body: 'gone', headers: [['X-Upstream', 'yes'], ['Content-Length', '4']] },
        { method: 'POST', url: `${UPSTREAM}/orders/`, requestBody: '{"ref":"A"}', status: 201, body: '{"data":{"id":"A"}}' },
        { method: 'POST', url: `${UPSTREAM}/orders/`, requestBody: '{"ref":"B"}', status: 201, body: '{"data":{"id":"B"}}' },
      ]),
    ),
  );
  // Another file of the folder, and an entry that is no REST API call (left out).
  writeFileSync(
    join(dir, 'b.har'),
    JSON.stringify(harDocument([{ url: `${UPSTREAM}/clients/list/`, body: '{"data":[]}' }, { url: 'https://erp.example.ro/login', body: '<html>' }])),
  );
  writeFileSync(join(dir, 'notes.txt'), 'not a recording');
  return dir;
}

async function serveReplay(dir: string, fallback: 'twin' | '404') {
  const dataDir = mkdtempSync(join(tmpdir(), 'erpwb-replay-data-'));
  dirs.push(dataDir);
  const core = createCore({ dataDir, seed: 'empty' });
  const server = await startServer({ core, host: '127.0.0.1', port: 0, adminToken: ADMIN_TOKEN, replay: loadReplayIndex(dir), replayFallback: fallback });
  return { core, server, url: server.url };
}

type Served = Awaited<ReturnType<typeof serveReplay>>;
let twin: Served;
let strict: Served;
let dir: string;

beforeAll(async () => {
  dir = writeRecordings();
  [twin, strict] = await Promise.all([serveReplay(dir, 'twin'), serveReplay(writeRecordings(), '404')]);
}, 60_000);
afterAll(async () => {
  for (const served of [twin, strict]) {
    await served?.server.close();
    await served?.core.close();
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function call(served: Served, method: string, path: string, body?: string, credentials = 'replayer:secret') {
  const response = await fetch(`${served.url}/app/rest/v1/1${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body }),
  });
  return { status: response.status, type: response.headers.get('content-type'), headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('the replay index', () => {
  it('counts the REST calls of every .har file of the folder', () => {
    const index = loadReplayIndex(dir);
    expect({ entries: index.entries, files: index.files, withoutBody: index.withoutBody }).toEqual({ entries: 7, files: 2, withoutBody: 0 });
  });

  it('refuses a missing folder and an invalid HAR, naming the file and the field', () => {
    expect(() => loadReplayIndex(join(dir, 'absent'))).toThrow(ReplayIndexError);
    expect(() => loadReplayIndex(join(dir, 'absent'))).toThrow(/absent: cannot read the folder \(ENOENT\)/);
    const bad = mkdtempSync(join(tmpdir(), 'erpwb-replay-bad-'));
    dirs.push(bad);
    const har = harDocument([{ url: `${UPSTREAM}/sales/list/`, body: '{}' }]) as { log: { entries: Array<{ response: Record<string, unknown> }> } };
    har.log.entries[0]!.response['status'] = 'two hundred';
    writeFileSync(join(bad, 'broken.har'), JSON.stringify(har));
    expect(() => loadReplayIndex(bad)).toThrow(/broken\.har: .*entries\[0\]\.response\.status.*not a HAR 1\.2 recording/);
    writeFileSync(join(bad, 'broken.har'), '{"log":');
    expect(() => loadReplayIndex(bad)).toThrow(/broken\.har: not JSON/);
  });
});

describe('serve --replay', () => {
  it('answers the recorded bytes, status and content type, repeated requests in order (the last one repeating)', async () => {
    // Parameters in another order and no trailing slash: the same request.
    const first = await call(twin, 'GET', '/sales/list/year:2024?limit=5&sort=asc');
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/json; charset=utf-8');
    expect(first.bytes.equals(Buffer.from(SALES_1))).toBe(true);
    const second = await call(twin, 'GET', '/sales/list/year:2024/?sort=asc&limit=5');
    expect(second.bytes.equals(Buffer.from(SALES_2))).toBe(true);
    const third = await call(twin, 'GET', '/sales/list/year:2024/?sort=asc&limit=5');
    expect(third.bytes.equals(Buffer.from(SALES_2))).toBe(true);
  });

  it('replays binary answers byte for byte and other statuses with their headers', async () => {
    const pdf = await call(twin, 'GET', '/invoices/pdf/31/');
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    expect(pdf.bytes.equals(PDF)).toBe(true);
    const gone = await call(twin, 'GET', '/products/999/');
    expect([gone.status, gone.type, gone.headers.get('x-upstream')]).toEqual([404, 'text/plain; charset=utf-8', 'yes']);
    expect(gone.bytes.toString()).toBe('gone');
  });

  it('tells POSTs apart by the hash of their body', async () => {
    const b = await call(twin, 'POST', '/orders/', '{"ref":"B"}');
    expect([b.status, b.bytes.toString()]).toEqual([201, '{"data":{"id":"B"}}']);
    const a = await call(twin, 'POST', '/orders/', '{"ref":"A"}');
    expect([a.status, a.bytes.toString()]).toEqual([201, '{"data":{"id":"A"}}']);
    // Another body: not recorded; the twin answers (and authenticates: this caller does not exist).
    const other = await call(twin, 'POST', '/orders/', '{"ref":"C"}');
    expect(other.status).toBe(401);
  });

  it('hands a body read for its hash and not replayed on to the twin as it arrived', async () => {
    const response = await fetch(`${twin.url}/_sandbox/accounts/1/api-users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'twin-caller', password: 'a-long-password-123' }),
    });
    expect(response.status).toBe(201);
    // The twin parsed it: valid JSON reaches its router, malformed JSON its parser's 400.
    const valid = await call(twin, 'POST', '/orders/', '{"ref":"C"}', 'twin-caller:a-long-password-123');
    expect([valid.status, JSON.parse(valid.bytes.toString()).messages]).toEqual([404, ['no such endpoint: POST /orders/']]);
    const malformed = await call(twin, 'POST', '/orders/', '{"ref":', 'twin-caller:a-long-password-123');
    expect(malformed.status).toBe(400);
    expect(malformed.bytes.toString()).toMatch(/malformed JSON body/);
  });

  it('leaves the requests no recording holds to the twin (fallback twin)', async () => {
    const answer = await call(twin, 'GET', '/sales/list/year:2023/');
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.bytes.toString())).toMatchObject({ is_error: true, http_code: 401 });
  });

  it("leaves the twin's own calls (shadow comparison, offline drift) to the twin", async () => {
    const response = await fetch(`${strict.url}/app/rest/v1/1/clients/list/`, { headers: { 'x-erp-workbench-shadow': 'not-the-secret' } });
    expect(response.status).toBe(401);
  });

  it('answers them 404 in the envelope naming the request (fallback 404)', async () => {
    const answer = await call(strict, 'GET', '/sales/list/year:2023/');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.bytes.toString())).toMatchObject({ is_error: true, http_code: 404, messages: ['no recorded answer for GET /sales/list/year:2023/'] });
    const post = await call(strict, 'POST', '/orders/', '{"ref":"C"}');
    expect(JSON.parse(post.bytes.toString())).toMatchObject({ http_code: 404, messages: ['no recorded answer for POST /orders/'] });
    // A recorded one still replays.
    const recorded = await call(strict, 'GET', '/clients/list/');
    expect([recorded.status, recorded.bytes.toString()]).toEqual([200, '{"data":[]}']);
  });

  it('logs replayed calls in the API log like any other', async () => {
    await call(strict, 'GET', '/invoices/pdf/31/');
    const response = await fetch(`${strict.url}/_sandbox/accounts/1/api-log?limit=20`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    const log = ((await response.json()) as { data: Array<{ method: string; route: string; status: number; user: string }> }).data;
    expect(log).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'GET', route: '/invoices/pdf/31/', status: 200, user: 'replayer' })]));
  });
});

describe('serve --replay of a recording the proxy wrote', () => {
  it('answers the bytes the recorder kept (pseudonymised), binary bodies included', async () => {
    const recordings = mkdtempSync(join(tmpdir(), 'erpwb-replay-recorded-'));
    dirs.push(recordings);
    const recorder = createRecorder({ dir: recordings, clock: systemClock });
    const exchange = (path: string, contentType: string, body: Buffer, status = 200) => ({
      startedAt: new Date(),
      method: 'GET',
      url: `${UPSTREAM}${path}`,
      requestHeaders: { authorization: 'Basic dXNlcjpzZWNyZXQ=', accept: 'application/json' },
      status,
      statusText: status === 200 ? 'OK' : 'Not Found',
      responseHeaders: { 'content-type': contentType, 'content-length': String(body.length) },
      responseBody: body,
      timeMs: 5,
    });
    recorder.record(1, 'session', exchange('/clients/list/', 'application/json', Buffer.from('{"data":[{"name":"Ion Popescu","email":"ion@example.com","total":"1.50"}]}')));
    recorder.record(1, 'session', exchange('/products/5/images/1/', 'image/png', PNG));
    recorder.record(1, 'session', exchange('/invoices/pdf/32/', 'application/pdf', PDF));
    recorder.record(1, 'session', exchange('/products/5/', 'application/json', Buffer.from('{"is_error":true}'), 404));
    recorder.close();

    const index = loadReplayIndex(recordings);
    expect({ entries: index.entries, files: index.files, withoutBody: index.withoutBody }).toEqual({ entries: 3, files: 1, withoutBody: 1 });
    const [file] = readdirSync(recordings).filter((name) => name.endsWith('.har'));
    const recorded = readHarFile(join(recordings, file!)).log.entries;
    const dataDir = mkdtempSync(join(tmpdir(), 'erpwb-replay-data-'));
    dirs.push(dataDir);
    const core = createCore({ dataDir, seed: 'empty' });
    const server = await startServer({ core, host: '127.0.0.1', port: 0, adminToken: ADMIN_TOKEN, replay: index, replayFallback: '404' });
    try {
      const served = { core, server, url: server.url };
      const clients = await call(served, 'GET', '/clients/list/');
      const text = recorded[0]!.response.content.text!;
      expect(clients.bytes.equals(Buffer.from(text, recorded[0]!.response.content.encoding === 'base64' ? 'base64' : 'utf8'))).toBe(true);
      expect(clients.bytes.toString()).not.toContain('Ion Popescu');
      const image = await call(served, 'GET', '/products/5/images/1/');
      expect([image.status, image.type, image.bytes.equals(PNG)]).toEqual([200, 'image/png', true]);
      // A document's body is not recorded (it may hold personal data): the fallback answers it.
      const document = await call(served, 'GET', '/invoices/pdf/32/');
      expect(JSON.parse(document.bytes.toString())).toMatchObject({ http_code: 404, messages: ['no recorded answer for GET /invoices/pdf/32/'] });
      const missing = await call(served, 'GET', '/products/5/');
      expect([missing.status, missing.bytes.toString()]).toEqual([404, '{"is_error":true}']);
    } finally {
      await server.close();
      await core.close();
    }
  });
});
