import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { electronAbi } from '../../scripts/native-abi.mjs';
import { abiBinary, mirrorPaths, prebuiltTarball, seedBinding, startFileServer, targetOf, type FileServer } from '../support/electron-driver.ts';
import { makeClone } from '../support/start-clone.ts';
import { closedPort, hermeticEnv, readRecord, run, writeStandIn } from '../support/stand-in-electron.ts';

/*
 * The database driver's step of `npm start`, as a user runs it (real npm, real child processes,
 * real sockets on 127.0.0.1): a stand-in Electron is there (ELECTRON_OVERRIDE_DIST_PATH), and the
 * hosts of the driver's build are pointed through the variables npm start honours
 * (npm_config_better_sqlite3_binary_host_mirror, ELECTRON_REBUILD_DIST_URL) at a closed port
 * (offline) or at a file server of ours. The prebuilt binaries served are tarballs as better-sqlite3's
 * releases hold them, with a file that says which ABI it was built for: @electron/rebuild and
 * prebuild-install run for real, nothing loads the file. A real compile is in
 * tests/package/electron-driver.test.ts. POSIX only (the stand-in is a shell script).
 */

const ROOT = realpathSync(join(import.meta.dirname, '../..'));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
const ABI = electronAbi(VERSION);
const STACK_LINE = /^\s+at .+[(:]\d+/m;

let work: string;
let clone: string;
let runtime: string;
let record: string;
let server: FileServer;
let paths: ReturnType<typeof mirrorPaths>;

beforeAll(async () => {
  work = realpathSync(mkdtempSync(join(tmpdir(), 'erpwb-npm-start-driver-')));
  clone = makeClone(ROOT, join(work, 'clone'));
  runtime = join(work, 'runtime');
  record = join(runtime, 'record.txt');
  writeStandIn(runtime, record, 0);
  server = await startFileServer();
  paths = mirrorPaths(clone);
});

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

beforeEach(() => {
  rmSync(join(clone, '.electron-native'), { recursive: true, force: true });
  rmSync(record, { force: true });
  server.files.clear();
  server.stall.clear();
  server.requests.length = 0;
});

/** What .electron-native holds (relative paths). */
function nativeFiles(): string[] {
  const dir = join(clone, '.electron-native');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).sort() : [];
}

let caches = 0;

/**
 * The environment of a start whose driver hosts are `host` (both), with a fresh npm cache of its
 * own: prebuild-install keeps what it downloads there (_prebuilds/, by address), and each test
 * serves another file at the same address.
 */
function settings(host: string): Record<string, string> {
  return {
    ELECTRON_OVERRIDE_DIST_PATH: runtime,
    npm_config_better_sqlite3_binary_host_mirror: host,
    ELECTRON_REBUILD_DIST_URL: host,
    npm_config_cache: join(work, `npm-cache-${++caches}`),
  };
}

const npmStart = (env: Record<string, string>) => run('npm', ['start'], { cwd: clone, env: hermeticEnv(env, work), timeoutMs: 120_000 });

describe.skipIf(process.platform === 'win32')('npm start: the database driver for Electron', () => {
  it('offline, without a driver built for Electron: one plain message, exit 1, within 10 s, nothing installed', async () => {
    const port = await closedPort();
    const result = await npmStart(settings(`http://127.0.0.1:${port}`));

    expect(result.code, result.stderr).toBe(1);
    expect(result.ms).toBeLessThan(10_000);
    expect(result.stderr).toContain(`npm start: the database driver for Electron ${VERSION} (better-sqlite3 `);
    expect(result.stderr).toContain(
      `is not built yet, and neither host it comes from can be reached: 127.0.0.1:${port} (its prebuilt binary): connection refused (127.0.0.1:${port}); 127.0.0.1:${port} (Electron's headers, to compile it): connection refused`,
    );
    expect(result.stderr).toContain('set npm_config_better_sqlite3_binary_host_mirror (better-sqlite3\'s releases) or ELECTRON_REBUILD_DIST_URL');
    expect(result.stderr).toContain(`--strip-components=2 build/Release/better_sqlite3.node\`; then run \`npm start\` again.`);
    expect(result.stderr).toContain('`npm run serve` gives the same screens in a browser, without Electron.');
    expect(result.stderr + result.stdout).not.toMatch(STACK_LINE);
    expect(existsSync(record)).toBe(false);
    expect(nativeFiles()).toEqual([]);
  });

  it('npm run dist takes the same step first: offline, its own name in one plain message, exit 1 within 10 s, nothing built', async () => {
    const port = await closedPort();
    rmSync(join(clone, 'dist/electron'), { recursive: true, force: true });
    const result = await run('npm', ['run', 'dist'], { cwd: clone, env: hermeticEnv(settings(`http://127.0.0.1:${port}`), work), timeoutMs: 60_000 });

    expect(result.code, result.stderr).toBe(1);
    expect(result.ms).toBeLessThan(10_000);
    expect(result.stderr).toContain(`npm run dist: the database driver for Electron ${VERSION} (better-sqlite3 `);
    expect(result.stderr).toContain('then run `npm run dist` again.');
    expect(result.stderr).not.toContain('npm start');
    expect(result.stderr + result.stdout).not.toMatch(STACK_LINE);
    expect(nativeFiles()).toEqual([]);
    expect(existsSync(join(clone, 'dist/electron'))).toBe(false);
  });

  it('a driver built for Electron there: checked, passed to Electron in ERP_WORKBENCH_SQLITE_BINDING, no network', async () => {
    const binding = seedBinding(clone, ABI);
    const result = await npmStart(settings(server.url));

    expect(result.code, result.stderr).toBe(0);
    expect(readRecord(record).env.ERP_WORKBENCH_SQLITE_BINDING).toBe(binding);
    expect(binding).toBe(join(clone, `.electron-native/better-sqlite3-${targetOf(clone).version}/electron-${VERSION}-${process.platform}-${process.arch}/better_sqlite3.node`));
    expect(server.requests).toEqual([]);
    expect(result.stderr).not.toContain('database driver');
  }, 120_000);

  it('a file there built for another ABI is not trusted: it is built again (offline: refused, and the file is gone)', async () => {
    const binding = seedBinding(clone, 127);
    const port = await closedPort();
    const result = await npmStart(settings(`http://127.0.0.1:${port}`));

    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`better_sqlite3.node was built for module ABI 127 (Node 22); Electron ${VERSION} loads ABI ${ABI} only: building the database driver for Electron again.`);
    expect(result.stderr).toContain('neither host it comes from can be reached');
    expect(result.stderr + result.stdout).not.toMatch(STACK_LINE);
    expect(existsSync(binding)).toBe(false);
    expect(existsSync(record)).toBe(false);
  });

  it("the first start: better-sqlite3's prebuilt binary for Electron through @electron/rebuild, checked, moved in, passed on; the next start asks nothing", async () => {
    server.files.set(paths.prebuilt, prebuiltTarball(ABI));
    const nodeBuild = join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    const nodeBuildBefore = readFileSync(nodeBuild);
    const first = await npmStart(settings(server.url));

    expect(first.code, first.stderr).toBe(0);
    expect(server.requests).toContain(`GET ${paths.prebuilt}`);
    expect(server.requests).not.toContain(`GET ${paths.headers}`);
    expect(first.stderr).toContain(`Getting better-sqlite3's prebuilt binary for Electron from ${server.url}${paths.prebuilt}`);
    expect(first.stderr).toMatch(new RegExp(`npm start: the database driver for Electron ${VERSION.replaceAll('.', '\\.')} is ready \\(a prebuilt binary, \\d+:\\d\\d\\)`));
    const { binding } = targetOf(clone);
    expect(readFileSync(binding)).toEqual(abiBinary(ABI));
    expect(readRecord(record).env.ERP_WORKBENCH_SQLITE_BINDING).toBe(binding);
    // The binding alone: no scratch folder, no log.
    const folder = `better-sqlite3-${targetOf(clone).version}`;
    const name = `electron-${VERSION}-${process.platform}-${process.arch}`;
    expect(nativeFiles()).toEqual([folder, join(folder, name), join(folder, name, 'better_sqlite3.node')]);
    // node_modules' own build, for Node, is untouched.
    expect(readFileSync(nodeBuild).equals(nodeBuildBefore)).toBe(true);

    server.requests.length = 0;
    rmSync(record);
    const next = await npmStart(settings(server.url));
    expect(next.code, next.stderr).toBe(0);
    expect(server.requests).toEqual([]);
    expect(readRecord(record).env.ERP_WORKBENCH_SQLITE_BINDING).toBe(binding);
  }, 120_000);

  it('a prebuilt binary for the wrong ABI is refused: nothing installed, Electron not started, the log kept', async () => {
    server.files.set(paths.prebuilt, prebuiltTarball(115));
    const result = await npmStart(settings(server.url));

    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`would not load in it: the file was built for module ABI 115 (Node 20); Electron ${VERSION} loads ABI ${ABI} only; nothing was installed.`);
    expect(result.stderr + result.stdout).not.toMatch(STACK_LINE);
    expect(existsSync(targetOf(clone).binding)).toBe(false);
    expect(existsSync(targetOf(clone).log)).toBe(true);
    expect(nativeFiles().filter((file) => file.includes('.partial-'))).toEqual([]);
    expect(existsSync(record)).toBe(false);
  }, 120_000);

  it('no prebuilt binary and no compiler: names what to install, before downloading anything', async () => {
    // Headers there, no prebuilt binary: a compile is needed; PATH holds nothing but node.
    server.files.set(paths.headers, Buffer.from('headers'));
    const bin = join(work, 'bare-bin');
    mkdirSync(bin, { recursive: true });
    if (!existsSync(join(bin, 'node'))) symlinkSync(process.execPath, join(bin, 'node'));
    const env = hermeticEnv({ ...settings(server.url), PATH: bin }, work);
    delete env.CC;
    delete env.CXX;
    delete env.PYTHON;
    const result = await run(process.execPath, [join(clone, 'scripts/start.mjs')], { cwd: clone, env });

    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`must be compiled (there is no prebuilt binary for it: ${server.url}${paths.prebuilt} answers HTTP 404), and this machine lacks Python 3, make, a C/C++ compiler (cc and g++).`);
    expect(result.stderr).toContain('`sudo apt install python3 make g++`');
    expect(result.stderr + result.stdout).not.toMatch(STACK_LINE);
    expect(server.requests.filter((request) => request.startsWith('GET'))).toEqual([]);
    expect(nativeFiles()).toEqual([]);
  });

  it('Ctrl-C during the download stops the build and its children, installs nothing, and exits 130', async () => {
    server.files.set(paths.prebuilt, prebuiltTarball(ABI));
    server.stall.add(paths.prebuilt);
    let child: ChildProcess | undefined;
    server.onStalled = () => child?.kill('SIGINT');
    try {
      const result = await run(process.execPath, [join(clone, 'scripts/start.mjs')], {
        cwd: clone,
        env: hermeticEnv(settings(server.url), work),
        onSpawn: (spawned) => (child = spawned),
      });
      expect(result.code, result.stderr).toBe(130);
      expect(result.stderr).toContain(`npm start: interrupted while building the database driver for Electron ${VERSION}`);
      expect(result.stderr).toContain('nothing was installed.');
      expect(nativeFiles().filter((file) => file.includes('.partial-') || file.endsWith('.node'))).toEqual([]);
      expect(existsSync(record)).toBe(false);
      // The build's process (its arguments name the scratch folder) is gone with its group.
      const processes = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout;
      expect(processes).not.toContain(join(clone, '.electron-native/.partial-'));
    } finally {
      server.onStalled = undefined;
    }
  }, 60_000);
});
