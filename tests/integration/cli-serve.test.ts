import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCoreBundle } from '../../scripts/build.mjs';
import { request as httpRequest } from 'node:http';
import { waitForOutput } from './spawned.ts';

const ROOT = join(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// What `npm run serve` runs: the compiled server (scripts/build.mjs), bundled once for this file
// into a folder of its own beside dist/server (same depth: the web UI resolves to dist/renderer;
// under the checkout: the bundle's dependencies resolve from its node_modules).
let serveJs: string;
beforeAll(async () => {
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const outdir = mkdtempSync(join(ROOT, 'dist', 'test-serve-'));
  dirs.push(outdir);
  await buildCoreBundle('serve', join(ROOT, 'electron/cli/serve.ts'), outdir, 'node20');
  serveJs = join(outdir, 'serve.js');
});

function serve(args: string[], env: Record<string, string> = {}): { child: ChildProcessWithoutNullStreams; output: () => string; exited: Promise<number | null> } {
  // XDG_CONFIG_HOME keeps the test away from the user's real settings file.
  const home = mkdtempSync(join(tmpdir(), 'erpwb-cli-home-'));
  dirs.push(home);
  const child = spawn(process.execPath, [serveJs, ...args], { cwd: ROOT, env: { ...process.env, XDG_CONFIG_HOME: home, ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('npm run serve (headless)', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('starts on a free port, serves, and stops cleanly on %s', async (signal) => {
    const data = mkdtempSync(join(tmpdir(), 'erpwb-cli-'));
    dirs.push(data);
    const run = serve(['--data', data, '--host', '127.0.0.1', '--port', '0', '--seed', 'empty', '--admin-token', 'cli-test-token']);
    const [, url] = await waitForOutput(run.output, /Control API: (http:\/\/127\.0\.0\.1:\d+)\/_sandbox\//);
    expect(run.output()).toMatch(/REST API: +http:\/\/127\.0\.0\.1:\d+\/app\/rest\/v1\/\{company_id\}\/ +accounts: 1 /);
    // The lines are separate writes: wait for the last one rather than expecting it already there.
    // A token the user gave is never printed (docker logs, CI logs): the lines say where it came from.
    await waitForOutput(run.output, /Admin token: from --admin-token \(not printed\)/);
    expect(run.output()).toMatch(/Web UI: +http:\/\/127\.0\.0\.1:\d+\/\?token=<admin token>\n/);
    expect(run.output()).toMatch(/Control API: .*\(Authorization: Bearer <admin token>\)/);
    expect(run.output()).not.toContain('cli-test-token');
    const health = await fetch(`${url}/_sandbox/health`, { headers: { authorization: 'Bearer cli-test-token' } });
    expect(health.status).toBe(200);
    const created = await fetch(`${url}/_sandbox/accounts/1/api-users`, {
      method: 'POST',
      headers: { authorization: 'Bearer cli-test-token', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'cli-user' }),
    });
    const { data: user } = (await created.json()) as { data: { password: string } };
    const sales = await fetch(`${url}/app/rest/v1/1/sales/list/`, {
      headers: { authorization: `Basic ${Buffer.from(`cli-user:${user.password}`).toString('base64')}` },
    });
    expect(sales.status).toBe(200);
    run.child.kill(signal);
    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(/stopped/);
    expect(existsSync(join(data, 'erp-workbench.sqlite'))).toBe(true);
  });

  it('keeps an existing database: a second start does not reseed; a second serve on a folder in use exits 6 naming the first', async () => {
    const data = mkdtempSync(join(tmpdir(), 'erpwb-cli-'));
    dirs.push(data);
    const first = serve(['--data', data, '--port', '0', '--seed', 'empty', '--admin-token', 'cli-test-token']);
    const [, url] = await waitForOutput(first.output, /Control API: (\S+)\/_sandbox\//);
    expect(first.output()).toMatch(/new, seeded: empty/);

    // Without --port it reads the settings file, found corrupt here: moved aside, defaults used.
    const home = mkdtempSync(join(tmpdir(), 'erpwb-cli-home-'));
    dirs.push(home);
    mkdirSync(join(home, 'ERP Workbench'));
    writeFileSync(join(home, 'ERP Workbench', 'config.json'), '{"listenPort": 80');
    const clash = serve(['--data', data, '--seed', 'empty', '--admin-token', 'cli-test-token'], { XDG_CONFIG_HOME: home });
    expect(await clash.exited).toBe(6);
    expect(clash.output()).toMatch(/warning: .*config\.json could not be read \(not valid JSON: .*\); it was moved, unchanged, to .*config\.corrupt-\d{8}-\d{6}\.json/);
    expect(clash.output()).toMatch(new RegExp(`error: the data folder ${data} is in use by \`node \\S+serve\\.js\` \\(pid ${first.child.pid}, since [^)]*, at ${url}\\)`));
    expect(clash.output()).toContain(`It serves this data at ${url} already.`);
    expect((await fetch(`${url}/_sandbox/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = serve(['--data', data, '--port', '0', '--seed', 'demo', '--admin-token', 'cli-test-token']);
    await waitForOutput(second.output, /Control API/);
    expect(second.output()).not.toMatch(/seeded/);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('--embedded-ftp starts the embedded FTP server and points the accounts at it; SIGTERM still stops cleanly', async () => {
    const data = mkdtempSync(join(tmpdir(), 'erpwb-cli-'));
    dirs.push(data);
    const run = serve(['--data', data, '--port', '0', '--seed', 'empty', '--admin-token', 'cli-test-token', '--embedded-ftp']);
    const [, url] = await waitForOutput(run.output, /Control API: (\S+)\/_sandbox\//);
    const [, port] = await waitForOutput(run.output, /FTP storage: ftp:\/\/127\.0\.0\.1:(\d+)\/ \(embedded, files in .*; accounts: 1\)/);
    const test = await fetch(`${url}/_sandbox/accounts/1/storage/test`, { method: 'POST', headers: { authorization: 'Bearer cli-test-token' } });
    expect(((await test.json()) as { data: { ok: boolean; message: string } }).data).toMatchObject({ ok: true, message: expect.stringContaining(`:${port},`) });
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(/stopped/);
  });

  it('loads on first need what the start leaves out: a PDF (pdfkit and its font), a CSV export, an answer serializer', async () => {
    const data = mkdtempSync(join(tmpdir(), 'erpwb-cli-'));
    dirs.push(data);
    const run = serve(['--data', data, '--port', '0', '--seed', 'demo', '--admin-token', 'cli-test-token']);
    const [, url] = await waitForOutput(run.output, /Control API: (\S+)\/_sandbox\//);
    await fetch(`${url}/_sandbox/accounts/1/api-users`, {
      method: 'POST',
      headers: { authorization: 'Bearer cli-test-token', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'cli-user', password: 'cli-user-password-0123' }),
    });
    const basic = { authorization: `Basic ${Buffer.from('cli-user:cli-user-password-0123').toString('base64')}` };
    const invoices = await fetch(`${url}/app/rest/v1/1/invoices/list/`, { headers: basic });
    expect(invoices.status).toBe(200);
    const { data: rows } = (await invoices.json()) as { data: Array<{ pdf_invoice_url: string }> };
    const pdf = await fetch(rows[0]!.pdf_invoice_url);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await fetch(`${url}/app/rest/v1/1/product/list/format:csv/`, { headers: basic });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toMatch(/^product_id,/);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).not.toMatch(/unexpected error/);
  });

  it('prints a random admin token when none is given', async () => {
    const data = mkdtempSync(join(tmpdir(), 'erpwb-cli-'));
    dirs.push(data);
    const run = serve(['--data', data, '--port', '0', '--seed', 'empty']);
    const [, url, token] = await waitForOutput(run.output, /Control API: (\S+)\/_sandbox\/ +\(Authorization: Bearer (\S+)\)/);
    expect(token!.length).toBeGreaterThanOrEqual(20);
    // Nobody knows a generated token otherwise: it is printed, in the Web UI address too.
    await waitForOutput(run.output, new RegExp(`Web UI: +\\S+/\\?token=${token}\\n`));
    expect(run.output()).not.toMatch(/Admin token: from/);
    expect((await fetch(`${url}/_sandbox/accounts`)).status).toBe(401);
    expect((await fetch(`${url}/_sandbox/accounts`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it.each([
    ['ERP_WORKBENCH_ADMIN_TOKEN', (_dir: string) => [] as string[], { ERP_WORKBENCH_ADMIN_TOKEN: 'env-admin-token' }, (_dir: string) => 'ERP_WORKBENCH_ADMIN_TOKEN'],
    ['--admin-token-file (a trailing newline is not part of it)', (dir: string) => {
      writeFileSync(join(dir, 'token'), 'env-admin-token\n', { mode: 0o600 });
      return ['--admin-token-file', join(dir, 'token')];
    }, { ERP_WORKBENCH_ADMIN_TOKEN: 'loses-to-the-file' }, (dir: string) => `--admin-token-file ${join(dir, 'token')}`],
  ])('takes the admin token from %s, kept off the command line and out of the start-up lines', async (_what, flags, env, source) => {
    const data = mkdtempSync(join(tmpdir(), 'erpwb-cli-'));
    dirs.push(data);
    const run = serve(['--data', data, '--port', '0', '--seed', 'empty', ...flags(data)], env);
    const [, url] = await waitForOutput(run.output, /Control API: (\S+)\/_sandbox\//);
    expect((await fetch(`${url}/_sandbox/health`, { headers: { authorization: 'Bearer env-admin-token' } })).status).toBe(200);
    const [, from] = await waitForOutput(run.output, /Admin token: from (.*) \(not printed\)/);
    expect(from).toBe(source(data));
    expect(run.output()).not.toContain('env-admin-token');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('refuses an empty or unreadable token file, both token flags at once, and a bad token in the environment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'erpwb-cli-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'empty'), '\n');
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [['--admin-token-file', join(dir, 'empty')], {}, /--admin-token-file: .*empty is empty/],
      [['--admin-token-file', join(dir, 'missing')], {}, /--admin-token-file: cannot read .*missing \(ENOENT\)/],
      [['--admin-token-file', join(dir, 'empty'), '--admin-token', 'cli-test-token'], {}, /give one of them/],
      [[], { ERP_WORKBENCH_ADMIN_TOKEN: 'short' }, /ERP_WORKBENCH_ADMIN_TOKEN: use 8 to 200 printable characters/],
    ];
    for (const [flags, env, message] of cases) {
      const run = serve(['--data', dir, '--port', '0', ...flags], env);
      expect(await run.exited).toBe(2);
      expect(run.output()).toMatch(message);
    }
  });

  it.each([
    [['--scale', 'lots'], /--scale: 'lots'/],
    [['--port', '99999'], /--port/],
    [['--seed', 'full'], /--seed: 'full' is not one of demo, empty/],
    [['--colour', 'red'], /Unknown option '--colour'/],
  ])('refuses bad flags %j with exit code 2 and the usage', async (args, message) => {
    const run = serve(args, { npm_lifecycle_event: 'serve' });
    expect(await run.exited).toBe(2);
    expect(run.output()).toMatch(message);
    expect(run.output()).toMatch(/Usage: npm run serve -- \[--data DIR\]/);
  });

  it('--help names the command the way it was started', async () => {
    const direct = serve(['--help'], { npm_lifecycle_event: '', ERP_WORKBENCH_SERVE_COMMAND: '' });
    expect(await direct.exited).toBe(0);
    expect(direct.output()).toMatch(/Usage: node \S+serve\.js \[--data DIR\]/);
    const npx = serve(['--help'], { ERP_WORKBENCH_SERVE_COMMAND: 'npx erp-workbench serve' });
    expect(await npx.exited).toBe(0);
    expect(npx.output()).toMatch(/Usage: npx erp-workbench serve \[--data DIR\][\s\S]*--json[\s\S]*ERP_WORKBENCH_PORT/);
  });

  it.each([
    [{ ERP_WORKBENCH_SCALE: 'lots' }, /ERP_WORKBENCH_SCALE: 'lots' is not a whole number/],
    [{ ERP_WORKBENCH_PORT: '-1' }, /ERP_WORKBENCH_PORT: '-1' is not a port number/],
    [{ ERP_WORKBENCH_SEED: 'full' }, /ERP_WORKBENCH_SEED: 'full' is not one of demo, empty/],
    [{ ERP_WORKBENCH_ALLOWED_HOSTS: 'http://x.test' }, /ERP_WORKBENCH_ALLOWED_HOSTS: 'http:\/\/x\.test' is not a host name/],
  ])('refuses a bad environment value %j naming the variable', async (env, message) => {
    const run = serve([], env);
    expect(await run.exited).toBe(2);
    expect(run.output()).toMatch(message);
  });
});

describe('serve for scripts and CI', () => {
  it('--json prints one JSON line first on stdout (the bound port of --port 0, pid, URLs, token); the health probe needs no token', async () => {
    const data = mkdtempSync(join(tmpdir(), 'erpwb-cli-'));
    dirs.push(data);
    const child = spawn(process.execPath, [serveJs, '--data', data, '--port', '0', '--seed', 'empty', '--json'], { cwd: ROOT, env: { ...process.env, XDG_CONFIG_HOME: data } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await waitForOutput(() => stdout, /\n/);
    const line = JSON.parse(stdout.split('\n')[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ event: 'listening', pid: child.pid, host: '127.0.0.1', token_generated: true, admin_token_from: 'generated', api_users: 0, seeded: { seed: 'empty', scale: 1 } });
    expect(line['web_ui']).toBe(`${String(line['url'])}/?token=${String(line['admin_token'])}`);
    expect(line['port']).toBeGreaterThan(0);
    expect(line['url']).toBe(`http://127.0.0.1:${String(line['port'])}`);
    expect(line['rest_base']).toBe(`${String(line['url'])}/app/rest/v1/{company_id}/`);
    expect(line['accounts']).toEqual([{ company_id: 1, name: expect.any(String) }]);
    // The banner went to stderr: stdout holds the JSON line alone.
    await waitForOutput(() => stderr, /No API user exists yet/);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const health = await fetch(`${String(line['url'])}/_sandbox/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { data: unknown }).data).toEqual({ status: 'ok', version: line['version'], api_version: '1.8.0' });
    // The token of the line works; without it everything else stays closed.
    expect((await fetch(`${String(line['url'])}/_sandbox/accounts`)).status).toBe(401);
    expect((await fetch(`${String(line['url'])}/_sandbox/accounts`, { headers: { authorization: `Bearer ${String(line['admin_token'])}` } })).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('--json with a token the user gave: the line says where it came from and carries it nowhere', async () => {
    const data = mkdtempSync(join(tmpdir(), 'erpwb-cli-'));
    dirs.push(data);
    const child = spawn(process.execPath, [serveJs, '--data', data, '--port', '0', '--seed', 'empty', '--json'], {
      cwd: ROOT,
      env: { ...process.env, XDG_CONFIG_HOME: data, ERP_WORKBENCH_ADMIN_TOKEN: 'json-given-token' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await waitForOutput(() => output, /No API user exists yet|API users:/);
    const line = JSON.parse(output.split('\n')[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ token_generated: false, admin_token_from: 'ERP_WORKBENCH_ADMIN_TOKEN', web_ui: `${String(line['url'])}/` });
    expect(line).not.toHaveProperty('admin_token');
    expect(output).toMatch(/Admin token: from ERP_WORKBENCH_ADMIN_TOKEN \(not printed\)/);
    expect(output).not.toContain('json-given-token');
    expect((await fetch(`${String(line['url'])}/_sandbox/accounts`, { headers: { authorization: 'Bearer json-given-token' } })).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('takes its configuration from ERP_WORKBENCH_* variables (a flag wins); the banner counts existing API users', async () => {
    const data = mkdtempSync(join(tmpdir(), 'erpwb-cli-'));
    dirs.push(data);
    const env = { ERP_WORKBENCH_DATA: data, ERP_WORKBENCH_PORT: '0', ERP_WORKBENCH_SEED: 'empty', ERP_WORKBENCH_ADMIN_TOKEN: 'env-admin-token', ERP_WORKBENCH_ALLOWED_HOSTS: 'erp.ci.test,*.svc.test' };
    const first = serve(['--host', '127.0.0.1'], env);
    const [, url] = await waitForOutput(first.output, /Control API: (\S+)\/_sandbox\//);
    expect(first.output()).toMatch(/new, seeded: empty/);
    expect(first.output()).toMatch(/No API user exists yet/);
    const auth = { authorization: 'Bearer env-admin-token', 'content-type': 'application/json' };
    const settings = (await (await fetch(`${url}/_sandbox/settings`, { headers: auth })).json()) as { data: { allowed_hosts: string[] } };
    expect(settings.data.allowed_hosts).toEqual(expect.arrayContaining(['erp.ci.test', '*.svc.test']));
    // An allowed name passes the DNS-rebinding check of a loopback listener.
    const port = new URL(url!).port;
    const viaName = await new Promise<number>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path: '/_sandbox/health', headers: { host: `api.svc.test:${port}` } }, (response) => resolve(response.statusCode ?? 0));
      request.on('error', reject);
      request.end();
    });
    expect(viaName).toBe(200);
    for (const username of ['env-user-1', 'env-user-2']) {
      expect((await fetch(`${url}/_sandbox/accounts/1/api-users`, { method: 'POST', headers: auth, body: JSON.stringify({ username }) })).status).toBe(201);
    }
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // Same folder from the variable; --seed demo on the command line would win, but the folder is not new.
    const second = serve(['--seed', 'demo'], env);
    await waitForOutput(second.output, /API users: +2 /);
    expect(second.output()).not.toMatch(/seeded/);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('--fixtures applies a file at start (its result in the --json line); a bad file stops the start naming its places', async () => {
    const data = mkdtempSync(join(tmpdir(), 'erpwb-cli-'));
    dirs.push(data);
    const child = spawn(process.execPath, [serveJs, '--data', data, '--port', '0', '--json', '--fixtures', join(ROOT, 'examples/fixtures.yaml')], { cwd: ROOT, env: { ...process.env, XDG_CONFIG_HOME: data } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await waitForOutput(() => stdout, /\n/, 120_000);
    const line = JSON.parse(stdout.split('\n')[0]!) as { url: string; api_users: number; fixtures: { accounts: Array<{ orders: { created: unknown[] } }> } };
    expect(line.fixtures.accounts[0]!.orders.created).toHaveLength(2);
    expect(line.api_users).toBe(2);
    await waitForOutput(() => stderr, /Fixtures: +\S+fixtures\.yaml: 2 API user\(s\), 2 product\(s\), 2 contact\(s\), 2 order\(s\) created; 0 existed already/);
    const sales = await fetch(`${line.url}/app/rest/v1/1/connector/1/order/list/`, { headers: { authorization: `Basic ${Buffer.from('shop-orders:orders-password-0123456789').toString('base64')}` } });
    expect(await sales.text()).toContain('CI-1001');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    writeFileSync(join(data, 'bad.yaml'), 'accounts:\n  - company_id: 1\n    products:\n      - code: A\n        price: ten\n');
    const bad = serve(['--data', data, '--port', '0', '--fixtures', join(data, 'bad.yaml')]);
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toMatch(/--fixtures \S+bad\.yaml:\n  accounts\[0\]\.products\[0\]/);
    const envBad = serve(['--data', data, '--port', '0'], { ERP_WORKBENCH_FIXTURES: join(data, 'missing.yaml') });
    expect(await envBad.exited).toBe(2);
    expect(envBad.output()).toMatch(/missing\.yaml:\n  cannot read it \(ENOENT\)/);
  }, 120_000);

  it('stops when the npx/npm process that started it is killed (npm does not pass SIGTERM on)', async () => {
    const data = mkdtempSync(join(tmpdir(), 'erpwb-cli-'));
    dirs.push(data);
    // npm exec: npm -> sh -> node, npm_command=exec in the environment, as `npx erp-workbench serve`.
    const npm = spawn('npm', ['exec', '--yes', '--', 'node', serveJs, '--data', data, '--port', '0', '--seed', 'empty', '--json'], {
      cwd: ROOT,
      env: { ...process.env, XDG_CONFIG_HOME: data },
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [line] = await waitForOutput(() => output, /\{"event":"listening".*\}/);
    const { pid, url } = JSON.parse(line) as { pid: number; url: string };
    expect(pid).not.toBe(npm.pid);
    npm.kill('SIGTERM');
    await waitForOutput(() => output, /started by npx\) is gone: stopping[\s\S]*stopped/, 15_000);
    await expect(fetch(`${url}/_sandbox/health`)).rejects.toThrow();
    // The server's own process has ended: gone, or a zombie where no init reaps orphans (containers).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const state = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] : 'gone';
    expect(['gone', 'Z', 'X']).toContain(state);
  });
});
