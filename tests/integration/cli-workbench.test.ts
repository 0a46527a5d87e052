import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, databaseFile, startHarness, type Harness } from './harness.ts';
import { waitForOutput } from './spawned.ts';

// `npx erp-workbench ...` as a user runs it: the package's bin (bin/erp-workbench.mjs), a process of
// its own, against a running service; its real output parsed (--json).
const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/erp-workbench.mjs');
const dirs: string[] = [];
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // The first command builds dist/cli when it is stale (once, before the tests run commands side by side).
  expect((await cli('--version')).code).toBe(0);
}, 120_000);
afterAll(async () => {
  await h?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function start(args: string[], env: Record<string, string> = {}): Run {
  // XDG_CONFIG_HOME keeps `serve` away from the user's real settings file.
  const home = mkdtempSync(join(tmpdir(), 'erpwb-bin-home-'));
  dirs.push(home);
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, ERP_WORKBENCH_URL: h.url, ERP_WORKBENCH_TOKEN: ADMIN_TOKEN, XDG_CONFIG_HOME: home, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Runs a command to its end: exit code, stdout, stderr. */
async function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = start(args);
  const code = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

/** The one JSON line a --json command prints. */
async function json<T = Record<string, unknown>>(...args: string[]): Promise<T> {
  const result = await cli(...args, '--json');
  expect(result.code, result.stderr).toBe(0);
  const lines = result.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as T;
}

/** The CLI's output, up to 90 s by default: some of these runs start a server first. */
const waitFor = (read: () => string, pattern: RegExp, ms = 90_000) => waitForOutput(read, pattern, ms);

const jsonLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('npx erp-workbench: help, usage and exit codes', () => {
  it('answers --help on every command, exit 0', async () => {
    const commands = [[], ['serve'], ['reset'], ['snapshot'], ['snapshot', 'save'], ['snapshot', 'restore'], ['snapshot', 'list'], ['snapshot', 'delete'],
      ['trigger'], ['listen'], ['logs'], ['users'], ['users', 'create'], ['op'], ['wait'], ['verify'], ['proxy'], ['drift']];
    const results = await Promise.all(commands.map((command) => cli(...command, '--help')));
    results.forEach((result, i) => {
      expect(result.code, `${commands[i]!.join(' ')} --help: ${result.stderr}`).toBe(0);
      expect(result.stdout + result.stderr).toMatch(/Usage/);
    });
    expect(results[0]!.stdout).toMatch(/Exit codes: 0 ok, 1 .*, 2 usage error,\s+3 the service cannot be reached/);
    expect(results[1]!.stdout + results[1]!.stderr).toMatch(/--https/);
    expect(results[8]!.stdout).toMatch(/order\.status, order\.invoice, order\.awb, product\.publish, product\.unpublish|order\.status/);
    expect(results[13]!.stdout).toMatch(/webhooks\.retry +Send a delivery again now/);
    expect(results[0]!.stdout).toMatch(/5 drift: more differences than --threshold/);
    expect(results[16]!.stdout).toMatch(/--read-write +forward every method: writes reach the real account/);
    expect(results[17]!.stdout).toMatch(/Exit codes: 0 differences <= threshold, 5 above it/);
  }, 180_000);

  it('exits 2 for a usage error, 1 for a refusal of the service, 3 when the service cannot be reached', async () => {
    const usage = await cli('reset', '--scale', 'lots');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--scale <n>' argument 'lots' is invalid/);
    const unknown = await cli('trigger', 'order.teleport');
    expect(unknown.code).toBe(2);
    const refused = await cli('snapshot', 'restore', 'no-such-snapshot');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/error 404: .*no-such-snapshot/);
    const unreachable = await cli('users', 'create', '--url', 'http://127.0.0.1:1');
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:1 \(ECONNREFUSED\)/);
    const noToken = start(['snapshot', 'list'], { ERP_WORKBENCH_TOKEN: '' });
    expect(await noToken.exited).toBe(2);
    expect(noToken.stderr()).toMatch(/no admin token/);
  }, 120_000);
});

describe('npx erp-workbench wait and verify', () => {
  it('wait answers once the health probe does (no token needed), exit 3 at its timeout', async () => {
    const ready = await cli('wait', '--timeout', '10s', '--json');
    expect(ready.code, ready.stderr).toBe(0);
    expect(JSON.parse(ready.stdout)).toMatchObject({ ready: true, url: h.url, version: expect.any(String) });
    const noToken = start(['wait'], { ERP_WORKBENCH_TOKEN: '' });
    expect(await noToken.exited).toBe(0);
    const started = Date.now();
    const late = await cli('wait', '--url', 'http://127.0.0.1:1', '--timeout', '700ms');
    expect(late.code).toBe(3);
    expect(late.stderr).toMatch(/not ready after 1 s: cannot reach http:\/\/127\.0\.0\.1:1 \(ECONNREFUSED\)/);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect((await cli('wait', '--timeout', 'soon')).code).toBe(2);
  }, 60_000);

  it('wait blocks until a service started after it answers', async () => {
    const data = mkdtempSync(join(tmpdir(), 'erpwb-wait-'));
    dirs.push(data);
    // A free port, known before the service exists.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const waiting = start(['wait', '--url', `http://127.0.0.1:${port}`, '--timeout', '60s']);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const server = start(['serve', '--data', data, '--port', String(port), '--seed', 'empty']);
    try {
      expect(await waiting.exited, waiting.stderr()).toBe(0);
      expect(waiting.stdout()).toMatch(new RegExp(`ready: ERP Workbench \\S+ at http://127\\.0\\.0\\.1:${port} \\(after \\d+ ms\\)`));
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);

  it('verify counts REST calls by method, route and window; exit 4 when the count differs', async () => {
    const user = await h.control<{ username: string; password: string }>('POST', '/accounts/1/api-users', { username: 'verify-user' });
    const credentials: [string, string] = [user.body.data.username, user.body.data.password];
    const mark = await cli('verify', '--mark');
    expect(mark.code, mark.stderr).toBe(0);
    const after = mark.stdout.trim();
    expect(after).toMatch(/^\d+$/);
    await h.rest('GET', '/1/sales/list/', credentials);
    await h.rest('GET', '/1/sales/list/page:2/', credentials);
    await h.rest('GET', '/1/invoices/list/', credentials);
    const exact = await json<{ ok: boolean; count: number }>('verify', '--after-id', after, '--method', 'GET', '--route', '/sales/list/', '--exact', '--count', '1');
    expect(exact).toMatchObject({ ok: true, count: 1 });
    const prefix = await cli('verify', '--after-id', after, '--route', '/sales', '--count', '2');
    expect(prefix.code, prefix.stderr).toBe(0);
    expect(prefix.stdout).toMatch(/^ok: 2 call\(s\): any method \/sales\* after log entry \d+/);
    const byUser = await cli('verify', '--after-id', after, '--user', 'verify-user', '--at-least', '3', '--at-most', '3');
    expect(byUser.code, byUser.stderr).toBe(0);
    const wrong = await cli('verify', '--after-id', after, '--method', 'POST', '--route', '/orders', '--count', '1');
    expect(wrong.code).toBe(4);
    expect(wrong.stderr).toMatch(/verify failed: found 0; expected exactly 1: POST \/orders\*/);
    // A window in the future holds nothing; a window from long ago holds them all.
    const future = await cli('verify', '--since', '2999-01-01T00:00:00Z', '--at-most', '0');
    expect(future.code, future.stderr).toBe(0);
    const since = await cli('verify', '--since', '2000-01-01', '--user', 'verify-user', '--at-least', '3');
    expect(since.code, since.stderr).toBe(0);
    // Bad input is a usage error (2) or the service's 400 naming the field (1).
    expect((await cli('verify', '--route', '/sales')).code).toBe(2);
    expect((await cli('verify', '--count', '1', '--at-least', '1')).code).toBe(2);
    expect((await cli('verify', '--method', 'FETCH', '--count', '1')).code).toBe(2);
    const badTime = await cli('verify', '--since', 'yesterday noon', '--count', '1');
    expect(badTime.code).toBe(1);
    expect(badTime.stderr).toMatch(/error 400: since: 'yesterday noon' is neither an ISO 8601 instant/);
  }, 120_000);
});

describe('npx erp-workbench against a running service', () => {
  it('users create prints the password once, and it works on the REST API', async () => {
    const user = await json<{ username: string; password: string; methods: string[] | null }>('users', 'create', '--username', 'cli-bin-user', '--methods', 'GET');
    expect(user).toMatchObject({ username: 'cli-bin-user', methods: ['GET'] });
    expect((await h.rest('GET', '/1/sales/list/', [user.username, user.password])).status).toBe(200);
    const human = await cli('users', 'create');
    expect(human.stdout).toMatch(/^API user cli-[0-9a-f]{8} of account 1 \(id \d+\)\npassword: \S{12,}\nThe password is shown only now/);
  }, 60_000);

  it('trigger: order status, invoice, AWB, product publish and unpublish, with their defaults', async () => {
    const status = await json<{ event: string; order_status: string; changed: boolean; notifications: unknown[] }>('trigger', 'order.status', '--status', 'shipped');
    expect(status).toMatchObject({ event: 'order.status', order_status: 'shipped', changed: true });
    const invoice = await json<{ doc_series: string; invoice_url_pdf: string; notifications: Array<{ notification_type: string }> }>('trigger', 'order.invoice');
    expect(invoice.invoice_url_pdf).toMatch(new RegExp(`^${h.url}/documents/invoice/`));
    const awb = await json<{ awb_nr: string; awb_type: string }>('trigger', 'order.awb', '--courier', 'fan');
    expect(awb).toMatchObject({ awb_type: 'fan', awb_nr: expect.any(String) });
    const published = await json<{ event: string; product_id: number; notification: { delivery_id: number } }>('trigger', 'product.publish', '--product', '3');
    expect(published).toMatchObject({ event: 'product.publish', product_id: 3, notification: { delivery_id: expect.any(Number) } });
    const unpublished = await json<{ event: string; product_id: number; notification: { delivery_id: number } }>('trigger', 'product.unpublish', '--product', '3');
    expect(unpublished).toMatchObject({ event: 'product.unpublish', product_id: 3, notification: { delivery_id: expect.any(Number) } });
    const types = await h.control<Array<{ delivery_id: number; notification_type: string }>>('GET', '/accounts/1/webhooks?connector_id=1&limit=2');
    expect(types.body.data.map((d) => d.notification_type)).toEqual(['product_unpublished', 'product_published']);
    const human = await cli('trigger', 'product.publish', '--connector', '1', '--product', '4');
    expect(human.stdout).toMatch(/^product 4 \(\S+\) (re)?published on connector 1/);
  }, 120_000);

  it('op: any operation of the map, as npm run erp takes it', async () => {
    const result = await cli('op', 'webhooks.list', '--company_id', '1', '--limit', '2', '--json', '{"connector_id":1}');
    expect(result.code, result.stderr).toBe(0);
    const deliveries = JSON.parse(result.stdout) as Array<{ connector_id: number }>;
    expect(deliveries.length).toBeLessThanOrEqual(2);
    deliveries.forEach((delivery) => expect(delivery.connector_id).toBe(1));
    const compact = await cli('--json', 'op', 'service.health');
    expect(JSON.parse(compact.stdout)).toMatchObject({ status: 'ok' });
    expect(compact.stdout.trim().split('\n')).toHaveLength(1);
    const bad = await cli('op', 'webhooks.list', '--company_id', 'one');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--company_id: 'one' is not an integer/);
  }, 60_000);

  it('listen prints each delivery live with its status and duration; Ctrl-C stops it', async () => {
    const run = start(['listen', '--connector', '1', '--json']);
    await waitFor(run.stderr, /Ready: deliveries of connector 1 of account 1/);
    const published = await h.control<{ notification: { delivery_id: number } }>('POST', '/accounts/1/connectors/1/products/5/publish');
    expect(published.status).toBe(200);
    const deliveryId = published.body.data.notification.delivery_id;
    await waitFor(run.stdout, new RegExp(`"delivery_id":${deliveryId}\\b`), 30_000);
    const line = jsonLines(run.stdout()).find((l) => l['delivery_id'] === deliveryId)!;
    expect(line).toMatchObject({ connector_id: 1, attempt_no: 1, http_status: 200, status: 'delivered', notification_type: 'product_published' });
    expect(line['duration_ms']).toEqual(expect.any(Number));
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  }, 120_000);

  it('listen --forward-to points the connector at a local URL for the session and puts the old one back', async () => {
    const received: string[] = [];
    const receiver: Server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as { port: number }).port;
    const storedUrl = () => {
      const db = new BetterSqlite3(databaseFile(h), { readonly: true });
      try {
        return db.prepare('SELECT order_event_notification_url FROM connectors WHERE company_id = 1 AND id = 1').pluck().get() as string;
      } finally {
        db.close();
      }
    };
    const before = storedUrl();
    try {
      const run = start(['listen', '--forward-to', `http://127.0.0.1:${port}/hook`]);
      await waitFor(run.stderr, /Ready: .* now go to http:\/\/127\.0\.0\.1:\d+\/hook/);
      expect(storedUrl()).toBe(`http://127.0.0.1:${port}/hook`);
      const published = await h.control<{ notification: { delivery_id: number } }>('POST', '/accounts/1/connectors/1/products/6/publish');
      const deliveryId = published.body.data.notification.delivery_id;
      await waitFor(run.stdout, new RegExp(`delivery ${deliveryId}  product_published  connector 1  attempt 1  200  delivered  [\\d.]+ ms`), 30_000);
      expect(received.some((body) => body.includes('product_published'))).toBe(true);
      run.child.kill('SIGINT');
      expect(await run.exited).toBe(0);
      expect(run.stderr()).toMatch(/the old receiver URL is back/);
      expect(storedUrl()).toBe(before);
    } finally {
      receiver.close();
    }
  }, 120_000);

  it('listen --forward-to puts the old receiver back on SIGHUP too (a closed terminal)', async () => {
    const storedUrl = () => {
      const db = new BetterSqlite3(databaseFile(h), { readonly: true });
      try {
        return db.prepare('SELECT order_event_notification_url FROM connectors WHERE company_id = 1 AND id = 1').pluck().get() as string;
      } finally {
        db.close();
      }
    };
    const before = storedUrl();
    const run = start(['listen', '--forward-to', 'http://127.0.0.1:9/hup']);
    await waitFor(run.stderr, /Ready: .* now go to http:\/\/127\.0\.0\.1:9\/hup/);
    expect(storedUrl()).toBe('http://127.0.0.1:9/hup');
    run.child.kill('SIGHUP');
    expect(await run.exited).toBe(0);
    expect(run.stderr()).toMatch(/the old receiver URL is back/);
    expect(storedUrl()).toBe(before);
  }, 120_000);

  it('logs prints each REST call live', async () => {
    const run = start(['logs', '--json']);
    await waitFor(run.stderr, /Listening to the API log of account 1/);
    const user = await h.apiUser();
    expect((await h.rest('GET', '/1/product/list/', user)).status).toBe(200);
    await waitFor(run.stdout, /"route":"\/product\/list\/"/, 30_000);
    const line = jsonLines(run.stdout()).find((l) => l['route'] === '/product/list/')!;
    expect(line).toMatchObject({ method: 'GET', status: 200, user: user[0], company_id: 1 });
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  }, 120_000);

  it('reset seeds again and answers when the new data is in place', async () => {
    const result = await json<{ seed: string; scale: number; accounts: Array<{ company_id: number }> }>('reset', '--seed', 'demo', '--scale', '1');
    expect(result).toMatchObject({ seed: 'demo', scale: 1, accounts: [{ company_id: 1 }] });
  }, 180_000);

  it('snapshot save, list, restore and delete (a change made after the save is gone after the restore)', async () => {
    const saved = await json<{ name: string; holds: { accounts: Array<{ company_id: number }> } }>('snapshot', 'save', 'cli-base');
    expect(saved).toMatchObject({ name: 'cli-base', holds: { accounts: [{ company_id: 1 }] } });
    const exists = await cli('snapshot', 'save', 'cli-base');
    expect(exists.code).toBe(1);
    expect((await cli('snapshot', 'save', 'cli-base', '--overwrite')).code).toBe(0);
    const listed = await cli('snapshot', 'list', '--json');
    expect(jsonLines(listed.stdout).map((s) => s['name'])).toContain('cli-base');

    await json('users', 'create', '--username', 'made-after-save');
    const restored = await json<{ snapshot: { name: string } }>('snapshot', 'restore', 'cli-base');
    expect(restored.snapshot.name).toBe('cli-base');
    const users = await h.control<Array<{ username: string }>>('GET', '/accounts/1/api-users');
    expect(users.body.data.map((u) => u.username)).not.toContain('made-after-save');

    expect(await json('snapshot', 'delete', 'cli-base')).toEqual({ deleted: 'cli-base' });
    expect((await cli('snapshot', 'list')).stdout).toMatch(/no snapshots|^(?!.*cli-base)/s);
  }, 120_000);
});

describe('npx erp-workbench from its sources (a package whose build is stale and cannot be made)', () => {
  it('runs the commands through tsx', async () => {
    const run = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'electron/cli/main.ts'), 'snapshot', 'list', '--json'], {
      cwd: ROOT,
      env: { ...process.env, ERP_WORKBENCH_URL: h.url, ERP_WORKBENCH_TOKEN: ADMIN_TOKEN },
    });
    let stdout = '';
    run.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => run.on('exit', resolve));
    expect(code).toBe(0);
    expect(stdout).toBe('');
  }, 120_000);
});

describe('npx erp-workbench serve --https', () => {
  it('serves over TLS, prints the fingerprint and the CA file; the CLI trusts it with --ca and refuses without', async () => {
    const data = mkdtempSync(join(tmpdir(), 'erpwb-bin-serve-'));
    dirs.push(data);
    const args = ['serve', '--data', data, '--port', '0', '--seed', 'empty', '--admin-token', 'bin-serve-token', '--https'];
    const run = start(args);
    const [, url] = await waitFor(run.stdout, /Control API: (https:\/\/127\.0\.0\.1:\d+)\/_sandbox\//, 240_000);
    const [, fingerprint] = await waitFor(run.stdout, /TLS: +certificate SHA-256 ((?:[0-9A-F]{2}:){31}[0-9A-F]{2}) \(made now with a new CA/);
    const [, caFile] = await waitFor(run.stdout, /CA file: +(\S+ca\.pem)/);
    expect(caFile).toBe(join(data, 'tls', 'ca.pem'));

    const env = { ERP_WORKBENCH_URL: url!, ERP_WORKBENCH_TOKEN: 'bin-serve-token' };
    const trusted = start(['users', 'create', '--ca', caFile!, '--json'], env);
    expect(await trusted.exited, trusted.stderr()).toBe(0);
    expect(JSON.parse(trusted.stdout())).toMatchObject({ company_id: 1, password: expect.any(String) });
    const viaEnv = start(['snapshot', 'list'], { ...env, NODE_EXTRA_CA_CERTS: caFile! });
    expect(await viaEnv.exited, viaEnv.stderr()).toBe(0);
    const untrusted = start(['users', 'create'], env);
    expect(await untrusted.exited).toBe(3);
    expect(untrusted.stderr()).toMatch(/certificate is not trusted; pass --ca/);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);

    // The next start reuses the certificate: same fingerprint.
    const again = start(args);
    await waitFor(again.stdout, new RegExp(`TLS: +certificate SHA-256 ${fingerprint} \\(reused`), 240_000);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 600_000);
});
