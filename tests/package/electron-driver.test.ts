import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronAbi } from '../../scripts/native-abi.mjs';
import { missingTools } from '../../scripts/start/driver-toolchain.ts';
import { mirrorPaths, startFileServer, targetOf, type FileServer } from '../support/electron-driver.ts';
import { makeClone } from '../support/start-clone.ts';
import { hermeticEnv, readRecord, run, writeStandIn } from '../support/stand-in-electron.ts';
import { ROOT } from './build.ts';
import { offlineEnv } from './offline.ts';

/*
 * The compile of the database driver for Electron, for real: `npm start` in a clone with a
 * stand-in Electron, no prebuilt binary on the mirror (HTTP 404), so @electron/rebuild runs
 * node-gyp, which downloads "Electron's headers" from a loopback server and compiles better-sqlite3
 * with this machine's toolchain. Electron's headers cannot be had here, so the server serves the
 * running Node's own (its include/node, laid out as node-gyp expects Electron's tarball:
 * node-v<electron version>/include/node, with SHASUMS256.txt). They are left as they are (patching
 * NODE_MODULE_VERSION to Electron's does not compile: better-sqlite3 switches to the V8 API of that
 * Electron), so the result is built for this Node's ABI, and the step must refuse it: the check
 * after the build is what this proves, with everything before it real. No connection leaves
 * loopback (loopback-guard.mjs preloaded into every Node process). A minute or two on 2 cores.
 */

const HEADERS = join(dirname(process.execPath), '../include/node');
const work = realpathSync(mkdtempSync(join(tmpdir(), 'erpwb-electron-driver-')));
const outboundLog = join(work, 'outbound.log');
let clone: string;
let server: FileServer;

const skip =
  process.platform === 'win32'
    ? 'POSIX only (the stand-in Electron is a shell script)'
    : !existsSync(join(HEADERS, 'node_version.h'))
      ? `this Node has no headers at ${HEADERS}`
      : missingTools(process.platform, process.env).join(', ') || undefined;

/** The NODE_MODULE_VERSION the served headers define: what the compile's result is built for. */
function headersAbi(): number {
  const match = /#define NODE_MODULE_VERSION (\d+)/.exec(readFileSync(join(HEADERS, 'node_version.h'), 'utf8'));
  if (!match) throw new Error(`no NODE_MODULE_VERSION in ${HEADERS}/node_version.h`);
  return Number(match[1]);
}

/** The running Node's headers as node-gyp's tarball of Electron `version`. */
function headersTarball(version: string): Buffer {
  const dir = join(work, 'headers');
  mkdirSync(join(dir, `node-v${version}/include`), { recursive: true });
  cpSync(HEADERS, join(dir, `node-v${version}/include/node`), { recursive: true });
  const tar = spawnSync('tar', ['-czf', 'headers.tar.gz', `node-v${version}`], { cwd: dir });
  if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr.toString()}`);
  return readFileSync(join(dir, 'headers.tar.gz'));
}

beforeAll(async () => {
  if (skip) return;
  clone = makeClone(ROOT, join(work, 'clone'));
  const { electron } = targetOf(clone);
  const paths = mirrorPaths(clone);
  const tarball = headersTarball(electron.version);
  server = await startFileServer({
    [paths.headers]: tarball,
    [paths.shasums]: Buffer.from(`${createHash('sha256').update(tarball).digest('hex')}  node-v${electron.version}-headers.tar.gz\n`),
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(Boolean(skip))(`the database driver compiled for Electron${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it("no prebuilt binary: node-gyp downloads the headers and compiles; a result not built for Electron's ABI is refused, nothing installed", async () => {
    const runtime = join(work, 'runtime');
    const record = join(runtime, 'record.txt');
    writeStandIn(runtime, record, 0);
    const guard = offlineEnv(outboundLog);
    const env = hermeticEnv(
      {
        ELECTRON_OVERRIDE_DIST_PATH: runtime,
        npm_config_better_sqlite3_binary_host_mirror: server.url,
        ELECTRON_REBUILD_DIST_URL: server.url,
        npm_config_cache: join(work, 'npm-cache'),
        // node-gyp keeps Electron's headers in ~/.electron-gyp: a fresh home, so they are downloaded.
        HOME: join(work, 'home'),
        NODE_OPTIONS: guard.NODE_OPTIONS ?? '',
        ERPWB_OUTBOUND_LOG: outboundLog,
      },
      work,
    );
    const started = performance.now();
    const result = await run('npm', ['start'], { cwd: clone, env, timeoutMs: 540_000 });
    const seconds = Math.round((performance.now() - started) / 1000);
    const { electron, binding, log } = targetOf(clone);
    const paths = mirrorPaths(clone);

    expect(result.code, result.stderr).toBe(1);
    expect(server.requests).toEqual(expect.arrayContaining([`HEAD ${paths.prebuilt}`, `GET ${paths.headers}`, `GET ${paths.shasums}`]));
    expect(result.stderr).toContain(`Compiling better-sqlite3 for Electron ${electron.version} with node-gyp`);
    expect(result.stderr).toContain(
      `would not load in it: the file was built for module ABI ${headersAbi()} (Node ${process.versions.node.split('.')[0]}); Electron ${electron.version} loads ABI ${electronAbi(electron.version)} only; nothing was installed.`,
    );
    expect(result.stderr).not.toMatch(/^\s+at .+[(:]\d+/m);
    expect(existsSync(binding)).toBe(false);
    expect(readFileSync(log, 'utf8')).toContain('built via node-gyp');
    expect(readdirSync(join(clone, '.electron-native')).filter((entry) => entry.startsWith('.partial-'))).toEqual([]);
    expect(existsSync(record) ? readRecord(record).args : []).toEqual([]);
    // The guard was in the build's processes (the child running @electron/rebuild, node-gyp's
    // worker), and no process tried to leave loopback.
    const guarded = readFileSync(`${outboundLog}.guarded`, 'utf8');
    expect(guarded).toContain('driver-rebuild.ts');
    expect(guarded).toMatch(/node-gyp\/worker\.js/);
    expect(existsSync(outboundLog) ? readFileSync(outboundLog, 'utf8') : '').toBe('');
    console.log(`electron-driver: npm start with a real compile took ${seconds} s`);
  }, 600_000);
});
