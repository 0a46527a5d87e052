import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/create-core.ts';
import { startServer, type RunningServer } from '../../electron/server/create-server.ts';
import { hostNameOf, isAllowedHostName, isExemptPath, isLoopbackHostName, isLoopbackListenHost } from '../../electron/server/host-check.ts';
import { ADMIN_TOKEN, basicAuth, type Envelope } from './harness.ts';

/*
 * The Host rule against real listeners. fetch() will not send a Host of our choosing, so calls
 * go through node:http (any Host) or a raw socket (none at all, as HTTP/1.0 allows).
 */

interface Listener {
  core: Core;
  server: RunningServer;
  port: number;
  dataDir: string;
}

const PAGE = '<!doctype html><title>ERP Workbench</title><p>the web UI</p>';
let rendererDir: string;
let loopback: Listener;
let wildcard: Listener;
let user: [string, string];

async function listen(host: string): Promise<Listener> {
  const dataDir = mkdtempSync(join(tmpdir(), 'erpwb-host-'));
  const core = createCore({ dataDir, seed: 'demo', scale: 1 });
  const server = await startServer({ core, host, port: 0, adminToken: ADMIN_TOKEN, rendererDir });
  const address = server.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return { core, server, port: address.port, dataDir };
}

async function stop(listener: Listener | undefined): Promise<void> {
  if (!listener) return;
  await listener.server.close();
  await listener.core.close();
  rmSync(listener.dataDir, { recursive: true, force: true });
}

interface Reply {
  status: number;
  contentType: string;
  text: string;
}

/** One request to 127.0.0.1:`port` with `host` as the Host header (undefined: node's own). */
function call(port: number, method: string, path: string, host: string | undefined, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, agent: false, headers: { ...(host !== undefined && { host }), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** HTTP/1.0 without a Host header, over a plain socket; answers the status and the body. */
function callWithoutHost(port: number, path: string, authorization = `Bearer ${ADMIN_TOKEN}`): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', text = ''] = raw.split('\r\n\r\n', 2);
      const status = Number(/^HTTP\/1\.\d (\d{3})/.exec(head)?.[1] ?? 0);
      const contentType = /^content-type:\s*(.*)$/im.exec(head)?.[1] ?? '';
      resolve({ status, contentType, text });
    });
    socket.write(`GET ${path} HTTP/1.0\r\nAuthorization: ${authorization}\r\n\r\n`);
  });
}

const ADMIN = { authorization: `Bearer ${ADMIN_TOKEN}` };
const JSON_BODY = { 'content-type': 'application/json' };
const messagesOf = (reply: Reply): string[] => (JSON.parse(reply.text) as Envelope).messages;

async function setAllowedHosts(hosts: string[]): Promise<void> {
  const answer = await call(loopback.port, 'PATCH', '/_sandbox/settings', undefined, { ...ADMIN, ...JSON_BODY }, JSON.stringify({ allowed_hosts: hosts }));
  expect(answer.status).toBe(200);
}

beforeAll(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'erpwb-host-ui-'));
  writeFileSync(join(rendererDir, 'index.html'), PAGE);
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1);');
  [loopback, wildcard] = await Promise.all([listen('127.0.0.1'), listen('0.0.0.0')]);
  const created = await call(loopback.port, 'POST', '/_sandbox/accounts/1/api-users', undefined, { ...ADMIN, ...JSON_BODY }, JSON.stringify({ username: 'host.check' }));
  expect(created.status).toBe(201);
  const data = (JSON.parse(created.text) as Envelope<{ username: string; password: string }>).data;
  user = [data.username, data.password];
});

afterAll(async () => {
  await Promise.all([stop(loopback), stop(wildcard)]);
  if (rendererDir) rmSync(rendererDir, { recursive: true, force: true });
});

describe('a listener bound to 127.0.0.1 refuses unknown Host names', () => {
  it('on the control API, before the token is looked at, saying where to add the name', async () => {
    const refused = await call(loopback.port, 'GET', '/_sandbox/settings', `evil.test:${loopback.port}`, ADMIN);
    expect(refused.status).toBe(403);
    expect(refused.contentType).toMatch(/^application\/json/);
    const [message] = messagesOf(refused);
    expect(message).toMatch(/^Host 'evil\.test' is not allowed while the workbench listens on loopback: add it to allowed_hosts/);
    expect(message).toContain(`http://127.0.0.1:${loopback.port}`);
    expect(JSON.parse(refused.text)).toMatchObject({ is_error: true, http_code: 403, data: null, request_route: '/_sandbox/settings' });
    // Without the token as well: the Host answer comes first, so a rebound page learns nothing more.
    expect((await call(loopback.port, 'GET', '/_sandbox/settings', 'evil.test')).status).toBe(403);
    // The event stream is part of the control API.
    expect((await call(loopback.port, 'GET', '/_sandbox/events', 'evil.test', ADMIN)).status).toBe(403);
  });

  it('on the built-in inbox: the post is not recorded', async () => {
    const refused = await call(loopback.port, 'POST', '/_sandbox/inbox/host-check', `evil.test:${loopback.port}`, JSON_BODY, '{"a":1}');
    expect(refused.status).toBe(403);
    const listed = await call(loopback.port, 'GET', '/_sandbox/inbox/host-check', undefined, ADMIN);
    expect((JSON.parse(listed.text) as Envelope<{ messages: unknown[] }>).data.messages).toHaveLength(0);
    const accepted = await call(loopback.port, 'POST', '/_sandbox/inbox/host-check', `127.0.0.1:${loopback.port}`, JSON_BODY, '{"a":2}');
    expect(accepted.status).toBe(200);
    const after = await call(loopback.port, 'GET', '/_sandbox/inbox/host-check', undefined, ADMIN);
    expect((JSON.parse(after.text) as Envelope<{ messages: unknown[] }>).data.messages).toHaveLength(1);
  });

  it('on the web UI: the page (with or without ?token=), its files and unknown paths', async () => {
    for (const path of ['/', `/?token=${ADMIN_TOKEN}`, '/index.html', '/assets/app.js', '/no-such-thing']) {
      expect((await call(loopback.port, 'GET', path, `evil.test:${loopback.port}`)).status, path).toBe(403);
    }
    const page = await call(loopback.port, 'GET', `/?token=${ADMIN_TOKEN}`, `localhost:${loopback.port}`);
    expect(page.status).toBe(200);
    expect(page.text).toBe(PAGE);
  });

  it('but answers the REST API, media and document links under any Host (credentials and link keys protect them)', async () => {
    const sales = '/app/rest/v1/1/sales/list/';
    // Twice: a repeat may be answered by the answer cache, before Fastify's hooks (cached-answers.ts).
    for (let i = 0; i < 2; i++) {
      const answer = await call(loopback.port, 'GET', sales, 'partner.example.test', { authorization: basicAuth(...user) });
      expect(answer.status).toBe(200);
    }
    expect((await call(loopback.port, 'GET', sales, 'partner.example.test')).status).toBe(401);
    expect((await call(loopback.port, 'GET', '/media/no-such-key.jpg', 'partner.example.test')).status).toBe(404);
    expect((await call(loopback.port, 'GET', '/documents/invoice/no-such-key/pdf/', 'partner.example.test')).status).toBe(404);
    expect((await call(loopback.port, 'GET', '/files/attachments/no-such-key/a.pdf', 'partner.example.test')).status).toBe(404);
  });

  it('answers loopback names, with or without the port', async () => {
    const hosts = ['localhost', `localhost:${loopback.port}`, 'LOCALHOST', 'localhost.', `app.localhost:${loopback.port}`, '127.0.0.1', `127.0.0.1:${loopback.port}`, '127.1.2.3:80', '[::1]', `[::1]:${loopback.port}`];
    for (const host of hosts) {
      expect((await call(loopback.port, 'GET', '/_sandbox/settings', host, ADMIN)).status, host).toBe(200);
    }
  });

  it('refuses a missing Host (HTTP/1.0), a malformed one, and names that only look local', async () => {
    const missing = await callWithoutHost(loopback.port, '/_sandbox/settings');
    expect(missing.status).toBe(403);
    expect(JSON.parse(missing.text)).toMatchObject({ messages: [`a Host header is required while the workbench listens on loopback: call http://127.0.0.1:${loopback.port}`] });
    for (const host of ['evil.test:abc', 'localhost.evil.test', '127.0.0.1.nip.io', 'localhost:80:80', '[::2]', '0.0.0.0', '127.1', 'a b']) {
      expect((await call(loopback.port, 'GET', '/_sandbox/settings', host, ADMIN)).status, host).toBe(403);
    }
  });

  it('answers names added to allowed_hosts, exact or as *.domain', async () => {
    try {
      await setAllowedHosts(['Evil.Test', '*.example.test', '[::2]']);
      for (const host of ['evil.test', `evil.test:${loopback.port}`, 'EVIL.test.', 'a.example.test', 'a.b.example.test:8080', '[::2]', '[0:0::2]:1']) {
        expect((await call(loopback.port, 'GET', '/_sandbox/settings', host, ADMIN)).status, host).toBe(200);
      }
      expect((await call(loopback.port, 'GET', '/', 'a.example.test')).status).toBe(200);
      expect((await call(loopback.port, 'POST', '/_sandbox/inbox/host-allowed', 'evil.test', JSON_BODY, '{}')).status).toBe(200);
      // The wildcard covers subdomains only; an exact entry covers no subdomain.
      for (const host of ['example.test', 'sub.evil.test', 'xexample.test', 'evil.test.example']) {
        expect((await call(loopback.port, 'GET', '/_sandbox/settings', host, ADMIN)).status, host).toBe(403);
      }
    } finally {
      await setAllowedHosts([]);
    }
    expect((await call(loopback.port, 'GET', '/_sandbox/settings', 'evil.test', ADMIN)).status).toBe(403);
  });
});

describe('the links in REST answers (request-urls.ts: one rule for every route)', () => {
  const invoices = '/app/rest/v1/1/invoices/list/';
  const uploadPage = '/app/rest/v1/1/attachments/upload/';
  const auth = () => ({ authorization: basicAuth(...user) });
  const firstPdfLink = (reply: Reply) => (JSON.parse(reply.text) as Envelope<Array<{ pdf_invoice_url: string }>>).data[0]!.pdf_invoice_url;

  it('are built on a well-formed Host exactly as the caller sent it', async () => {
    for (const host of ['partner.example.test', 'Partner.Example.Test:8443', 'erp_workbench:8080', `127.0.0.1:${loopback.port}`, '[::1]:9000']) {
      const list = await call(loopback.port, 'GET', invoices, host, auth());
      expect(list.status, host).toBe(200);
      expect(firstPdfLink(list), host).toMatch(new RegExp(`^http://${host.replace(/[.[\]]/g, '\\$&')}/documents/invoice/`));
      const page = await call(loopback.port, 'GET', uploadPage, host, auth());
      expect(page.text, host).toContain(`curl -u USER:PASSWORD http://${host}/app/rest/v1/1/attachments/upload/`);
    }
  });

  it('fall back to the listener\'s own address for a malformed or missing Host', async () => {
    const own = `http://127.0.0.1:${loopback.port}`;
    for (const host of ['evil.test"><script>alert(1)</script>', 'a b', 'evil.test/path', 'user@evil.test', 'evil.test:abc']) {
      const list = await call(loopback.port, 'GET', invoices, host, auth());
      expect(list.status, host).toBe(200);
      expect(firstPdfLink(list), host).toMatch(new RegExp(`^${own}/documents/invoice/`));
      const page = await call(loopback.port, 'GET', uploadPage, host, auth());
      expect(page.text, host).toContain(`curl -u USER:PASSWORD ${own}/app/rest/v1/1/attachments/upload/`);
      expect(page.text, host).not.toContain('evil.test');
    }
    // HTTP/1.0 without a Host: the listener's address too (not a made-up 'localhost').
    const page = await callWithoutHost(loopback.port, uploadPage, basicAuth(...user));
    expect(page.status).toBe(200);
    expect(page.text).toContain(`curl -u USER:PASSWORD ${own}/app/rest/v1/1/attachments/upload/`);
  });
});

describe('a listener bound to 0.0.0.0', () => {
  it('answers any Host on every route (the rule is for loopback listeners)', async () => {
    const host = `evil.test:${wildcard.port}`;
    expect((await call(wildcard.port, 'GET', '/_sandbox/settings', host, ADMIN)).status).toBe(200);
    expect((await call(wildcard.port, 'POST', '/_sandbox/inbox/any-host', host, JSON_BODY, '{}')).status).toBe(200);
    expect((await call(wildcard.port, 'GET', '/', host)).status).toBe(200);
    expect((await callWithoutHost(wildcard.port, '/_sandbox/settings')).status).toBe(200);
  });
});

describe('the names', () => {
  it('loopback listen addresses', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', 'localhost', 'LocalHost', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackListenHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '[::]', '192.168.1.10', 'example.test', '10.0.0.1', '']) expect(isLoopbackListenHost(host), host).toBe(false);
  });

  it('Host headers', () => {
    expect(hostNameOf('Example.Test:8080')).toBe('example.test');
    expect(hostNameOf('[0:0:0:0:0:0:0:1]:80')).toBe('[::1]');
    expect(hostNameOf('localhost.')).toBe('localhost');
    for (const bad of [undefined, '', ':80', '[::1', '[nope]', 'a:b', 'a b', 'x:123456']) expect(hostNameOf(bad), String(bad)).toBeUndefined();
    expect(isLoopbackHostName('127.255.255.255')).toBe(true);
    expect(isLoopbackHostName('128.0.0.1')).toBe(false);
    expect(isAllowedHostName('a.example.test', ['*.example.test'])).toBe(true);
    expect(isAllowedHostName('example.test', ['*.example.test'])).toBe(false);
  });

  it('exempt paths: a prefix is a whole segment', () => {
    expect(isExemptPath('/app/rest/v1/1/sales/list/')).toBe(true);
    expect(isExemptPath('/app/rest/v1')).toBe(true);
    expect(isExemptPath('/app/rest/v1?x=1')).toBe(true);
    expect(isExemptPath('/app/rest/v10/')).toBe(false);
    expect(isExemptPath('/mediax')).toBe(false);
    expect(isExemptPath('/_sandbox/settings')).toBe(false);
    expect(isExemptPath('/')).toBe(false);
  });
});
