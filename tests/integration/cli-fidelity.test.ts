import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startHarness, type Harness } from './harness.ts';
import { waitForOutput } from './spawned.ts';
import { harDocument } from '../support/har-builder.ts';

// `npx erp-workbench proxy | drift | serve --replay` as a user runs them: the package's bin, a
// process of its own, against a real service; exit codes and output as printed.
const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/erp-workbench.mjs');
const UPSTREAM = 'https://erp.example.ro/app/rest/v1/4242';
const dirs: string[] = [];
let h: Harness;
let work: string;

beforeAll(async () => {
  h = await startHarness();
  work = mkdtempSync(join(tmpdir(), 'erpwb-cli-fidelity-'));
  dirs.push(work);
  expect((await cli('--version')).code).toBe(0);
}, 120_000);
afterAll(async () => {
  await h?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
  kill(): void;
}

function start(args: string[]): Run {
  const home = mkdtempSync(join(tmpdir(), 'erpwb-bin-home-'));
  dirs.push(home);
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, ERP_WORKBENCH_URL: h.url, ERP_WORKBENCH_TOKEN: ADMIN_TOKEN, XDG_CONFIG_HOME: home },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { stdout: () => stdout, stderr: () => stderr, exited, kill: () => child.kill('SIGTERM') };
}

async function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = start(args);
  const code = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

/** A HAR of account 4242 on "the real service": the twin's own answer to a GET with one key more, and a POST. */
async function harWithOneDifference(): Promise<string> {
  const user = await h.apiUser();
  const path = '/connector/1/config/';
  const response = await fetch(`${h.url}/app/rest/v1/1${path}`, { headers: { authorization: `Basic ${Buffer.from(user.join(':')).toString('base64')}` } });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as Record<string, unknown>;
  const file = join(work, 'partner.har');
  writeFileSync(
    file,
    JSON.stringify(
      harDocument([
        { url: `${UPSTREAM}${path}`, body: JSON.stringify({ ...answer, upstream_only_key: 'ABC-123' }) },
        { method: 'POST', url: `${UPSTREAM}/orders/`, requestBody: '{}', status: 400, body: '{"is_error":true}' },
      ]),
    ),
  );
  return file;
}

describe('erp-workbench drift --from FILE.har', () => {
  let har: string;
  beforeAll(async () => {
    har = await harWithOneDifference();
  });

  it('prints the difference by route and exits 5 above the threshold (default 0)', async () => {
    const run = await cli('drift', '--account', '1', '--from', har);
    expect(run.code, run.stderr).toBe(5);
    // --account wins over the recording's company id (a partner's real id is not the twin's), and says so.
    expect(run.stderr).toMatch(/note: .*partner\.har names account 4242; the twin's account 1 \(--account\) answers its requests/);
    expect(run.stdout).toMatch(/^GET \/connector\/\{id\}\/config\/ +1 call, 1 compared, 1 difference$/m);
    expect(run.stdout).toMatch(/only_upstream +upstream_only_key: upstream string.*twin \(absent\)/);
    expect(run.stdout).toMatch(/e\.g\. \/connector\/1\/config\/ +upstream "XXX-999", twin -/);
    expect(run.stdout).toMatch(/Not compared: 1 call \(not a GET\)/);
    expect(run.stdout).toMatch(/1 difference in 1 route of 1; 2 calls, 1 compared; threshold 0: above the threshold/);
  });

  it('exits 0 at or under --threshold, and --json prints the report with the verdict', async () => {
    const run = await cli('drift', '--account', '1', '--from', har, '--threshold', '1', '--json');
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({ company_id: 1, source: 'har', differences: 1, threshold: 1, ok: true, calls: 2, compared: 1 });
    expect(report['skipped']).toEqual([{ reason: 'not a GET', calls: 1 }]);
  });

  it('refuses a file that cannot be read or is no HAR: exit 2 naming it', async () => {
    const missing = await cli('drift', '--account', '1', '--from', join(work, 'absent.har'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--from .*absent\.har: cannot read it \(ENOENT\)/);
    const notJson = join(work, 'not-json.har');
    writeFileSync(notJson, '{"log": [');
    const invalid = await cli('drift', '--account', '1', '--from', notJson);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/--from .*not-json\.har: not JSON/);
    const noEntries = join(work, 'no-entries.har');
    writeFileSync(noEntries, '{"log":{"version":"1.2"}}');
    const empty = await cli('drift', '--account', '1', '--from', noEntries);
    expect([empty.code, empty.stderr]).toEqual([2, expect.stringMatching(/no-entries\.har: not a HAR document: log\.entries is missing/)]);
  });

  it('without --account takes the account its URLs name, and says why not when they name none, several, or one the workbench lacks', async () => {
    const write = (name: string, urls: string[]) => {
      const file = join(work, name);
      writeFileSync(file, JSON.stringify(harDocument(urls.map((url) => ({ url, body: '{"is_error":false}' })))));
      return file;
    };
    // A recording of this twin's account 1 (its own recorder, a browser's tab): compared with account 1.
    const own = write('own.har', [`${h.url}/app/rest/v1/1/connector/1/config/`, `${h.url}/app/rest/v1/1/sales/list/`]);
    const run = await cli('drift', '--from', own, '--threshold', '100', '--json');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ company_id: 1, source: 'har', calls: 2 });
    expect(run.stderr).toBe('');

    const partner = await cli('drift', '--from', har);
    expect([partner.code, partner.stderr]).toEqual([2, expect.stringMatching(/partner\.har: its URLs name account 4242, which this workbench does not have: give --account N/)]);
    const mixed = write('mixed.har', [`${UPSTREAM}/sales/list/`, `${h.url}/app/rest/v1/1/sales/list/`]);
    const several = await cli('drift', '--from', mixed);
    expect([several.code, several.stderr]).toEqual([2, expect.stringMatching(/mixed\.har: its URLs name 2 accounts \(4242, 1\): give --account N/)]);
    const none = write('none.har', ['https://shop.example.test/api/orders']);
    const nothing = await cli('drift', '--from', none);
    expect([nothing.code, nothing.stderr]).toEqual([2, expect.stringMatching(/none\.har: no URL of it names an account .*: give --account N/)]);
    // --account still wins over a mixed recording.
    expect((await cli('drift', '--account', '1', '--from', mixed, '--threshold', '100')).code).toBe(0);
    // Without --from the account is still required.
    expect((await cli('drift')).stderr).toMatch(/--account N is required/);
  });
});

describe('erp-workbench proxy', () => {
  it('sets, shows and turns off the proxy mode of an account', async () => {
    const set = await cli('proxy', '--account', '1', '--upstream', 'http://127.0.0.1:9/app/rest/v1/77', '--read-write', '--recording', 'session', '--no-shadow', '--timeout-ms', '5000', '--json');
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toMatch(/warning: .*writes reach the real account/);
    const settings = { company_id: 1, upstream_url: 'http://127.0.0.1:9/app/rest/v1/77', read_only: false, recording: 'session', shadow: false, timeout_ms: 5000 };
    expect(JSON.parse(set.stdout)).toEqual(settings);

    const shown = await cli('proxy', '--account', '1');
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^Account 1: proxy on -> http:\/\/127\.0\.0\.1:9\/app\/rest\/v1\/77$/m);
    expect(shown.stdout).toMatch(/read-write: every method is forwarded; writes reach the real account/);
    expect(shown.stdout).toMatch(/recording: one HAR file per session/);
    expect(shown.stderr).toBe('');

    // A change of one setting keeps the others; back to read-only and shadow on.
    const safer = await cli('proxy', '--account', '1', '--read-only', '--shadow', '--json');
    expect(JSON.parse(safer.stdout)).toEqual({ ...settings, read_only: true, shadow: true });

    const off = await cli('proxy', '--account', '1', '--off');
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toMatch(/Account 1: proxy off/);
    expect(JSON.parse((await cli('proxy', '--company', '1', '--json')).stdout)).toMatchObject({ upstream_url: null });
  });

  it('refuses contradictions before the service sees them (exit 2) and passes on its refusals (exit 1)', async () => {
    expect(await cli('proxy', '--account', '1', '--off', '--upstream', 'https://erp.example.ro')).toMatchObject({ code: 2, stderr: expect.stringMatching(/--off .*give it alone/) });
    expect(await cli('proxy', '--account', '1', '--read-only', '--read-write')).toMatchObject({ code: 2 });
    expect(await cli('proxy', '--account', '1', '--recording', 'weekly')).toMatchObject({ code: 2, stderr: expect.stringMatching(/'weekly' is not one of day, session, off/) });
    expect(await cli('proxy')).toMatchObject({ code: 2, stderr: expect.stringMatching(/--account N is required/) });
    const plainHttp = await cli('proxy', '--account', '1', '--upstream', 'http://erp.example.ro/app/rest/v1/1');
    expect(plainHttp.code).toBe(1);
    expect(plainHttp.stderr).toMatch(/error 400: .*upstream_url: must be https/);
  });
});

describe('erp-workbench serve --replay', () => {
  it('says what it replays; an invalid HAR stops the start (exit 2) naming the file and the field', async () => {
    const recordings = mkdtempSync(join(tmpdir(), 'erpwb-cli-replay-'));
    const data = mkdtempSync(join(tmpdir(), 'erpwb-cli-replay-data-'));
    dirs.push(recordings, data);
    writeFileSync(join(recordings, 'a.har'), JSON.stringify(harDocument([{ url: `${UPSTREAM}/sales/list/`, body: '{"data":[]}' }, { url: `${UPSTREAM}/clients/list/`, body: '{"data":[]}' }])));
    const run = start(['serve', '--data', data, '--port', '0', '--seed', 'empty', '--replay', recordings, '--replay-fallback', '404']);
    await waitForOutput(run.stdout, new RegExp(`Replaying 2 recorded answers from ${recordings.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(1 file\\); other requests: 404`), 240_000);
    run.kill();
    expect(await run.exited).toBe(0);

    const har = harDocument([{ url: `${UPSTREAM}/sales/list/`, body: '{}' }]) as { log: { entries: Array<{ request: Record<string, unknown> }> } };
    delete har.log.entries[0]!.request['url'];
    writeFileSync(join(recordings, 'b.har'), JSON.stringify(har));
    const refused = await cli('serve', '--data', data, '--port', '0', '--replay', recordings);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/error: --replay .*b\.har: .*entries\[0\]\.request\.url/);
  }, 300_000);
});
