import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForOutput } from '../integration/spawned.ts';
import { ROOT } from './build.ts';

// The package as a team gets it: `npm pack` of this checkout, installed into an empty project
// with npm, then used the three ways the docs show: npx erp-workbench serve, the in-process API,
// and its types.
const exec = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'erpwb-package-'));
const app = join(work, 'app');
let tarball: string;
let files: string[];

afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(async () => {
  // The build is fresh (global-setup.ts): prepack builds nothing, `npm pack --json` prints JSON alone.
  const packed = await exec('npm', ['pack', '--json', '--pack-destination', work], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  const [info] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = join(work, info!.filename);
  files = info!.files.map((file) => file.path);
  // An empty project; better-sqlite3's install script (it compiles) is the one npm must be allowed
  // to run (npm 11 runs none unless package.json's allowScripts names it).
  rmSync(app, { recursive: true, force: true });
  await exec('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module', allowScripts: { 'better-sqlite3': true } }));
  await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], {
    cwd: app,
    maxBuffer: 64 * 1024 * 1024,
    timeout: 540_000,
  });
}, 600_000);

describe('npm pack', () => {
  it('ships the build, the bin and the declarations; no sources, no source maps', () => {
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'bin/erp-workbench.mjs', 'dist/server/serve.js', 'dist/server/workbench.js', 'dist/cli/main.js', 'dist/renderer/index.html', 'dist/types/electron/lib/api.d.ts']));
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(files.filter((file) => /\.ts$/.test(file) && !file.endsWith('.d.ts'))).toEqual([]);
    expect(files.filter((file) => file.startsWith('electron/') || file.startsWith('renderer/') || file.startsWith('tests/'))).toEqual([]);
    expect(files.some((file) => file.startsWith('dist/server/migrations/') && file.endsWith('.sql'))).toBe(true);
  });
});

describe('installed from the tarball into an empty project', () => {
  it('npx erp-workbench serve --json starts, answers the health probe, and stops with its npx wrapper', async () => {
    const data = join(work, 'serve-data');
    const npx = spawn('npx', ['--no-install', 'erp-workbench', 'serve', '--data', data, '--port', '0', '--seed', 'empty', '--json'], {
      cwd: app,
      env: { ...process.env, XDG_CONFIG_HOME: work },
    });
    let output = '';
    npx.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npx.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [line] = await waitForOutput(() => output, /\{"event":"listening".*\}/, 60_000);
    const started = JSON.parse(line) as { url: string; admin_token: string };
    const health = (await (await fetch(`${started.url}/_sandbox/health`)).json()) as { data: { status: string; version: string } };
    expect(health.data.status).toBe('ok');
    // The built web UI came with the package.
    const page = await fetch(`${started.url}/?token=${started.admin_token}`);
    expect(await page.text()).toMatch(/<div id="root">/);
    npx.kill('SIGTERM');
    await waitForOutput(() => output, /stopped/, 15_000);
    await expect(fetch(`${started.url}/_sandbox/health`)).rejects.toThrow();
  });

  it('npx erp-workbench serve --help names the npx command', async () => {
    const help = await exec('npx', ['--no-install', 'erp-workbench', 'serve', '--help'], { cwd: app });
    expect(help.stdout + help.stderr).toMatch(/Usage: npx erp-workbench serve \[--data DIR\]/);
  });

  it("import('erp-workbench'): startWorkbench, a REST call of a user it makes, stop", async () => {
    writeFileSync(
      join(app, 'use.mjs'),
      `import { startWorkbench } from 'erp-workbench';
const wb = await startWorkbench({ seed: 'empty' });
const user = await wb.client.createApiUser(1);
const answer = await fetch(wb.restBase(1) + '/sales/list/', { headers: { authorization: user.authorization } });
const accounts = await wb.client.control.accounts.list();
await wb.stop();
console.log(JSON.stringify({ status: answer.status, accounts: accounts.length, port: wb.port }));
`,
    );
    const result = await exec(process.execPath, ['use.mjs'], { cwd: app });
    expect(JSON.parse(result.stdout.trim())).toMatchObject({ status: 200, accounts: 1 });
  });

  it('its declarations type a consumer: operations, inputs and answers; a wrong call is a type error', async () => {
    writeFileSync(
      join(app, 'consumer.ts'),
      `import { startWorkbench, connectWorkbench, withFilters, WorkbenchApiError, type Workbench, type OperationOutput } from 'erp-workbench';
const wb: Workbench = await startWorkbench({ seed: 'empty', scale: 1 });
const accounts: OperationOutput<'accounts.list'> = await wb.client.control.accounts.list();
const id: number = accounts[0]!.company_id;
const user = await wb.client.createApiUser(id, { methods: ['GET'] });
const remote = connectWorkbench({ url: wb.url, adminToken: wb.adminToken });
const health: string = (await remote.control.service.health()).version;
const rest = wb.client.rest(user);
const sales = await rest.GET(withFilters('/app/rest/v1/{company_id}/sales/list/', { year: 2026, skipcancelled: 1 }), { params: { path: { company_id: id } } });
const firstDate: string | undefined = sales.data?.data[0]?.doc_date;
// @ts-expect-error: the sales list takes no such filter
withFilters('/app/rest/v1/{company_id}/sales/list/', { colour: 'red' });
// @ts-expect-error: no such operation
await wb.client.control.accounts.teleport();
// @ts-expect-error: company_id is required
await wb.client.control.apiUsers.list({});
// @ts-expect-error: seed is 'demo' or 'empty'
await startWorkbench({ seed: 'full' });
export const used = [user.authorization, health, firstDate, WorkbenchApiError.name];
`,
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { target: 'ES2023', lib: ['ES2023', 'DOM'], module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: [] }, files: ['consumer.ts'] }),
    );
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const result = await exec(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: app }).catch((error: { stdout: string; code: number }) => error);
    expect('code' in result ? result.stdout : '').toBe('');
  });

  it('installs no development tooling', () => {
    const installed = readdirSync(join(app, 'node_modules'));
    for (const dev of ['vite', 'vitest', 'typescript', 'electron', 'jest', '@playwright', 'tsx', 'esbuild']) expect(installed).not.toContain(dev);
    expect(installed).toEqual(expect.arrayContaining(['erp-workbench', 'better-sqlite3', 'fastify']));
  });
});
