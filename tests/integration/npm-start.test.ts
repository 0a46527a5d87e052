import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronAbi } from '../../scripts/native-abi.mjs';
import { readStamps } from '../../scripts/build-staleness.mjs';
import { seedBinding } from '../support/electron-driver.ts';
import { makeClone } from '../support/start-clone.ts';
import {
  closedPort,
  EXECUTABLE,
  hermeticEnv,
  readRecord,
  run,
  standInZip,
  startMirror,
  writeStandIn,
  type Mirror,
} from '../support/stand-in-electron.ts';

/*
 * `npm start` as a user runs it, with real npm, real child processes and real sockets, all on
 * 127.0.0.1. Electron's own variables decide what it finds: ELECTRON_OVERRIDE_DIST_PATH (an empty
 * folder: no runtime; a folder with a stand-in: a runtime), ELECTRON_MIRROR (a closed port: offline;
 * a mirror of ours: the first start's download) and electron_config_cache (an empty folder: nothing
 * downloaded before). So this runs the same on a machine that has Electron and internet access.
 * The clone holds a database driver for Electron already (a file that says it was built for
 * Electron's ABI): its first build is npm-start-driver.test.ts's subject.
 * The stand-in Electron is a shell script: POSIX only.
 */

const ROOT = realpathSync(join(import.meta.dirname, '../..'));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
const STACK_LINE = /^\s+at .+[(:]\d+/m;

let work: string;
/** A copy of the sources npm start builds from, with the clone's node_modules: builds there leave the clone's dist/ alone. */
let clone: string;
/** The clone's database driver for Electron. */
let binding: string;
/** Where the empty npm config files are (hermeticEnv). */
let npmConfig: string;

beforeAll(() => {
  work = realpathSync(mkdtempSync(join(tmpdir(), 'erpwb-npm-start-')));
  npmConfig = work;
  clone = makeClone(ROOT, join(work, 'clone'));
  binding = seedBinding(clone, electronAbi(VERSION));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fresh folder under the test's own. */
function folder(name: string): string {
  const dir = join(work, `${name}-${Math.random().toString(36).slice(2, 8)}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function filesUnder(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : [];
}

async function npmStart(cwd: string, settings: Record<string, string>, extraArgs: string[] = []) {
  return run('npm', ['start', ...(extraArgs.length > 0 ? ['--', ...extraArgs] : [])], { cwd, env: hermeticEnv(settings, npmConfig) });
}

describe.skipIf(process.platform === 'win32')('npm start', () => {
  it('offline, without an Electron runtime: one plain message, exit 1, within 10 s, nothing installed', async () => {
    const runtime = folder('no-runtime');
    const cache = folder('cache');
    const port = await closedPort();
    const result = await npmStart(ROOT, { ELECTRON_OVERRIDE_DIST_PATH: runtime, ELECTRON_MIRROR: `http://127.0.0.1:${port}/`, electron_config_cache: cache });

    expect(result.code, result.stderr).toBe(1);
    expect(result.ms).toBeLessThan(10_000);
    expect(result.stderr).toContain(`npm start: the desktop runtime, Electron ${VERSION} (${process.platform}-${process.arch}), is not in ${runtime} (ELECTRON_OVERRIDE_DIST_PATH) yet`);
    expect(result.stderr).toContain(`its download host 127.0.0.1:${port} cannot be reached: connection refused (127.0.0.1:${port}).`);
    expect(result.stderr).toContain('set ELECTRON_MIRROR to a mirror this machine can reach');
    expect(result.stderr).toContain('`npm run serve` gives the same screens in a browser, without Electron.');
    expect(result.stderr + result.stdout).not.toMatch(STACK_LINE);
    expect(filesUnder(runtime)).toEqual([]);
    expect(filesUnder(cache)).toEqual([]);
  });

  it('with a stand-in Electron: builds what is stale, launches it on dist/electron/main/main.js and returns its exit code', async () => {
    const runtime = folder('runtime');
    const record = join(runtime, 'record.txt');
    writeStandIn(runtime, record, 7);
    const settings = { ELECTRON_OVERRIDE_DIST_PATH: runtime, ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/`, electron_config_cache: folder('cache') };
    const before = Date.now();

    const first = await npmStart(clone, settings, ['--lang=ro']);
    expect(first.code, first.stderr).toBe(7);
    expect(first.stderr).toContain('npm start: electron older than the sources; building it first...');
    expect(readRecord(record)).toMatchObject({ cwd: clone, args: ['dist/electron/main/main.js', '--lang=ro'] });
    expect(readRecord(record).env.ERP_WORKBENCH_SQLITE_BINDING).toBe(binding);
    expect(existsSync(join(clone, 'dist/electron/main/main.js'))).toBe(true);
    expect(readStamps(clone).electron).toBeGreaterThanOrEqual(before);
    expect(readFileSync(join(clone, 'dist/renderer/index.html'), 'utf8')).toBe('the renderer as it was');
    expect(first.stderr + first.stdout).not.toMatch(STACK_LINE);

    // Up to date now: nothing is built, the stand-in runs again.
    rmSync(record);
    const second = await npmStart(clone, settings);
    expect(second.code, second.stderr).toBe(7);
    expect(second.stderr).not.toContain('building');
    expect(readRecord(record).args).toEqual(['dist/electron/main/main.js']);
  }, 180_000);

  it('passes SIGTERM on to Electron and returns the code Electron exits with then', async () => {
    const runtime = folder('runtime');
    const record = join(runtime, 'record.txt');
    writeStandIn(runtime, record, 42, { waitForTerm: true });
    let child: ChildProcess | undefined;
    const running = run(process.execPath, [join(clone, 'scripts/start.mjs')], {
      cwd: clone,
      env: hermeticEnv({ ELECTRON_OVERRIDE_DIST_PATH: runtime, ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/`, electron_config_cache: folder('cache') }, npmConfig),
      onSpawn: (spawned) => (child = spawned),
    });
    await until(() => existsSync(record) && readFileSync(record, 'utf8').includes('started'), 60_000);
    child!.kill('SIGTERM');
    const result = await running;
    expect(result.code, result.stderr).toBe(42);
    expect(readRecord(record).lines).toContain('TERM');
  }, 120_000);

  describe('the first start: Electron downloaded from a mirror', () => {
    let mirror: Mirror;
    let record: string;
    beforeAll(async () => {
      record = join(work, 'downloaded-record.txt');
      mirror = await startMirror(VERSION, standInZip(VERSION, record, 5));
    });
    afterAll(() => mirror.close());

    /** Electron's settings for a start that finds no runtime in `runtime` and downloads from the mirror (its SHASUMS256.txt: the stand-in is no release). */
    const fromMirror = (runtime: string, cache: string) => ({
      ELECTRON_OVERRIDE_DIST_PATH: runtime,
      ELECTRON_MIRROR: mirror.url,
      electron_config_cache: cache,
      electron_use_remote_checksums: '1',
    });

    it("probes the host, downloads with progress, installs, launches; the next first start takes the zip from Electron's cache", async () => {
      const runtime = folder('runtime');
      const cache = folder('cache');
      mirror.mode = 'serve';
      mirror.requests.length = 0;
      const result = await npmStart(clone, fromMirror(runtime, cache));

      expect(result.code, result.stderr).toBe(5);
      const zipPath = `/v${VERSION}/electron-v${VERSION}-${process.platform}-${process.arch}.zip`;
      expect(mirror.requests.slice(0, 2)).toEqual([`HEAD ${zipPath}`, `GET ${zipPath}`]);
      expect(result.stderr).toContain(`Downloading Electron ${VERSION} (${process.platform}-${process.arch}) from ${mirror.url.slice(0, -1)}${zipPath}`);
      expect(result.stderr).toMatch(new RegExp(`Downloading Electron ${VERSION} \\(.+\\): 100% \\(`));
      expect(result.stderr).toContain(`Unpacking Electron ${VERSION}`);
      expect(readRecord(record).args).toEqual(['dist/electron/main/main.js']);
      expect(filesUnder(runtime).sort()).toEqual(expect.arrayContaining([EXECUTABLE, 'version']));
      expect(filesUnder(runtime).filter((name) => name.startsWith('.partial-'))).toEqual([]);

      // Another empty runtime folder: the zip in Electron's cache (keyed by the mirror's address)
      // is used; only the checksum file is asked for again (remote checksums are never cached).
      const again = folder('runtime');
      mirror.requests.length = 0;
      const cached = await npmStart(clone, fromMirror(again, cache));
      expect(cached.code, cached.stderr).toBe(5);
      expect(mirror.requests.filter((request) => request.endsWith('.zip'))).toEqual([]);
      expect(cached.stderr).not.toContain('Downloading');
      expect(filesUnder(again)).toContain(EXECUTABLE);
    }, 180_000);

    it('a download cut off half-way installs nothing, says so, and the next start downloads it again', async () => {
      const runtime = folder('runtime');
      const cache = folder('cache');
      mirror.mode = 'truncate';
      const cut = await npmStart(clone, fromMirror(runtime, cache));

      expect(cut.code, cut.stderr).toBe(1);
      expect(cut.stderr).toContain(`npm start: the download of Electron ${VERSION}`);
      expect(cut.stderr).toContain('nothing was installed.');
      expect(cut.stderr).toContain('`npm run serve` gives the same screens in a browser, without Electron.');
      expect(cut.stderr + cut.stdout).not.toMatch(STACK_LINE);
      expect(filesUnder(runtime)).toEqual([]);
      expect(filesUnder(cache).filter((name) => name.endsWith('.zip'))).toEqual([]);

      mirror.mode = 'serve';
      const next = await npmStart(clone, fromMirror(runtime, cache));
      expect(next.code, next.stderr).toBe(5);
      expect(filesUnder(runtime)).toContain(EXECUTABLE);
    }, 180_000);

    it("a file that does not match Electron's published checksum is not installed", async () => {
      const runtime = folder('runtime');
      mirror.mode = 'serve';
      // Without electron_use_remote_checksums: the checksums of node_modules/electron/checksums.json, which the stand-in does not match.
      const { electron_use_remote_checksums: _remote, ...settings } = fromMirror(runtime, folder('cache'));
      const result = await npmStart(clone, settings);

      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain(`does not match the checksum Electron published`);
      expect(result.stderr + result.stdout).not.toMatch(STACK_LINE);
      expect(filesUnder(runtime)).toEqual([]);
    }, 120_000);

    it('Ctrl-C during the download stops it at once, installs nothing, and exits 130', async () => {
      const runtime = folder('runtime');
      mirror.mode = 'stall';
      let child: ChildProcess | undefined;
      mirror.onHalfSent = () => child?.kill('SIGINT');
      try {
        const result = await run(process.execPath, [join(clone, 'scripts/start.mjs')], {
          cwd: clone,
          env: hermeticEnv(fromMirror(runtime, folder('cache')), npmConfig),
          onSpawn: (spawned) => (child = spawned),
        });
        expect(result.code, result.stderr).toBe(130);
        expect(result.stderr).toContain(`npm start: interrupted while getting Electron ${VERSION}`);
        expect(result.stderr).toContain('nothing was installed.');
        expect(filesUnder(runtime)).toEqual([]);
      } finally {
        mirror.onHalfSent = undefined;
        mirror.mode = 'serve';
      }
    }, 120_000);
  });
});

async function until(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
