import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { electronAbi } from '../../scripts/native-abi.mjs';
import { ensureDriver } from '../../scripts/start/driver.ts';
import { rebuildEnv } from '../../scripts/start/driver-build.ts';
import { buildFailure, byHandCommand, toolchainFailure, unreachableFailure } from '../../scripts/start/driver-messages.ts';
import { driverSources, proxyConfigured } from '../../scripts/start/driver-sources.ts';
import { driverTarget, findBinding, type DriverTarget } from '../../scripts/start/driver-target.ts';
import { missingTools, missingToolsInLog, toolchainFix } from '../../scripts/start/driver-toolchain.ts';
import { StartFailure } from '../../scripts/start/failure.ts';
import { elapsedTicker, formatElapsed } from '../../scripts/start/progress.ts';
import { seedBinding } from '../support/electron-driver.ts';

// The database driver's step of npm start, in parts: where the Electron build lives and when it is
// trusted, where it comes from (the addresses prebuild-install and node-gyp will ask), what a
// compile needs, and what each failure says. The step as a whole: npm-start-driver.test.ts.

const ROOT = join(import.meta.dirname, '../..');
const ELECTRON = (JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
const SQLITE = (JSON.parse(readFileSync(join(ROOT, 'node_modules/better-sqlite3/package.json'), 'utf8')) as { version: string }).version;
const ABI = electronAbi(ELECTRON);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'erpwb-start-driver-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Three lines, never a stack trace: what, how to fix it, and the browser meanwhile. */
function expectPlain(message: string): void {
  expect(message.startsWith('npm start: ')).toBe(true);
  expect(message.trimEnd().split('\n')).toHaveLength(3);
  expect(message).not.toMatch(/^\s+at /m);
  expect(message).toContain('`npm run serve` gives the same screens in a browser, without Electron.');
}

/** A clone's layout in `dir` as far as the driver's step reads it: node_modules with the clone's better-sqlite3 and electron package files. */
function layout(): string {
  for (const name of ['better-sqlite3', 'electron']) {
    mkdirSync(join(dir, 'node_modules', name), { recursive: true });
    writeFileSync(join(dir, 'node_modules', name, 'package.json'), readFileSync(join(ROOT, 'node_modules', name, 'package.json')));
  }
  return dir;
}

describe('where the Electron build lives', () => {
  it('a path naming better-sqlite3, Electron, the platform and the processor: an upgrade of either finds nothing', () => {
    const target = driverTarget(ROOT, 'linux', 'arm64');
    expect(target.electron).toEqual({ name: 'electron', version: ELECTRON, abi: ABI });
    expect(target.binding).toBe(join(ROOT, `.electron-native/better-sqlite3-${SQLITE}/electron-${ELECTRON}-linux-arm64/better_sqlite3.node`));
    expect(target.log).toBe(join(ROOT, `.electron-native/better-sqlite3-${SQLITE}/electron-${ELECTRON}-linux-arm64.log`));
    expect(driverTarget(ROOT, 'win32', 'x64').dir).not.toBe(target.dir);
  });

  it("is trusted by the ABI its file was built for: Electron's, not Node's, not a file that is no module", () => {
    const root = layout();
    const target = driverTarget(root, process.platform, process.arch);
    expect(findBinding(target)).toEqual({ kind: 'absent' });
    seedBinding(root, ABI);
    expect(findBinding(target)).toEqual({ kind: 'ready' });
    seedBinding(root, 127);
    expect(findBinding(target)).toEqual({ kind: 'untrusted', reason: `${target.binding} was built for module ABI 127 (Node 22); Electron ${ELECTRON} loads ABI ${ABI} only` });
    writeFileSync(target.binding, 'half a download');
    expect(findBinding(target)).toMatchObject({ kind: 'untrusted' });
  });
});

describe('an Electron newer than node-abi', () => {
  it('says to update the dependencies: no ABI, nothing to build for or check against', async () => {
    const root = layout();
    writeFileSync(join(root, 'node_modules/electron/package.json'), JSON.stringify({ version: '999.0.0' }));
    const options = { env: {}, platform: process.platform, arch: process.arch, signal: new AbortController().signal, probeTimeoutMs: 100, stream: process.stderr };
    const failure = await ensureDriver(root, options).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StartFailure);
    expectPlain((failure as StartFailure).format());
    expect((failure as StartFailure).text.what).toContain('which module ABI Electron loads is unknown here');
    expect((failure as StartFailure).text.fix).toContain('Run `npm install`');
  });
});

describe('where it comes from', () => {
  const target = (): DriverTarget => driverTarget(ROOT, 'linux', 'x64');
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of ['npm_config_better_sqlite3_binary_host', 'npm_config_better_sqlite3_binary_host_mirror']) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it("by default: better-sqlite3's GitHub release, and Electron's headers from electronjs.org", () => {
    delete process.env.npm_config_better_sqlite3_binary_host;
    delete process.env.npm_config_better_sqlite3_binary_host_mirror;
    expect(driverSources(target(), {})).toEqual({
      prebuiltUrl: `https://github.com/WiseLibs/better-sqlite3/releases/download/v${SQLITE}/better-sqlite3-v${SQLITE}-electron-v${ABI}-linux-x64.tar.gz`,
      headersBase: 'https://www.electronjs.org/headers',
      headersUrl: `https://www.electronjs.org/headers/v${ELECTRON}/node-v${ELECTRON}-headers.tar.gz`,
      fromSource: false,
    });
  });

  it("honours prebuild-install's mirror variable, ELECTRON_REBUILD_DIST_URL and npm_config_build_from_source", () => {
    process.env.npm_config_better_sqlite3_binary_host_mirror = 'https://mirror.example/better-sqlite3';
    const sources = driverSources(target(), { ELECTRON_REBUILD_DIST_URL: 'https://mirror.example/electron-headers/', npm_config_build_from_source: 'true' });
    expect(sources.prebuiltUrl).toBe(`https://mirror.example/better-sqlite3/v${SQLITE}/better-sqlite3-v${SQLITE}-electron-v${ABI}-linux-x64.tar.gz`);
    expect(sources.headersUrl).toBe(`https://mirror.example/electron-headers/v${ELECTRON}/node-v${ELECTRON}-headers.tar.gz`);
    expect(sources.fromSource).toBe(true);
    expect(driverSources(target(), { npm_config_build_from_source: 'better-sqlite3' }).fromSource).toBe(true);
    expect(driverSources(target(), { npm_config_build_from_source: 'sharp' }).fromSource).toBe(false);
  });

  it('behind a proxy the probe is not asked (the tools use the proxy, Node\'s fetch would not)', () => {
    expect(proxyConfigured({ HTTPS_PROXY: 'http://proxy:3128' })).toBe(true);
    expect(proxyConfigured({ npm_config_https_proxy: 'http://proxy:3128' })).toBe(true);
    expect(proxyConfigured({ NO_PROXY: 'localhost' })).toBe(false);
  });

  it("the build does not get npm's settings that would make node-gyp build for another runtime, version or header folder", () => {
    const env = rebuildEnv({
      npm_config_target: '22.0.0',
      npm_config_runtime: 'node',
      npm_config_arch: 'ia32',
      npm_config_disturl: 'https://nodejs.org/dist',
      npm_config_dist_url: 'https://nodejs.org/dist',
      npm_config_nodedir: '/usr/include/node',
      npm_config_python: '/usr/bin/python3',
      npm_config_better_sqlite3_binary_host_mirror: 'https://mirror.example',
      PATH: '/usr/bin',
    });
    expect(env).toEqual({ npm_config_python: '/usr/bin/python3', npm_config_better_sqlite3_binary_host_mirror: 'https://mirror.example', PATH: '/usr/bin' });
  });
});

describe('what a compile needs', () => {
  let bins = 0;
  /** A fresh folder of empty executables named `names`. */
  function bin(names: string[]): string {
    const folder = join(dir, `bin-${++bins}`);
    mkdirSync(folder, { recursive: true });
    for (const name of names) {
      writeFileSync(join(folder, name), '#!/bin/sh\n');
      chmodSync(join(folder, name), 0o755);
    }
    return folder;
  }

  it.skipIf(process.platform === 'win32')('on Linux: Python 3, make, cc and g++ (gyp\'s Makefiles run $(CC) and $(CXX)), looked up in PATH', () => {
    expect(missingTools('linux', { PATH: bin(['python3', 'make', 'cc', 'g++']) })).toEqual([]);
    expect(missingTools('linux', { PATH: join(dir, 'nothing') })).toEqual(['Python 3', 'make', 'a C/C++ compiler (cc and g++)']);
    expect(missingTools('linux', { PATH: bin(['python3', 'make', 'cc']) })).toEqual(['a C/C++ compiler (g++)']);
    expect(missingTools('linux', { PATH: bin(['python', 'make', 'cc', 'clang++']), CXX: 'ccache clang++' })).toEqual([]);
    expect(missingTools('freebsd', { PATH: bin(['python3', 'make', 'cc', 'g++']) })).toEqual(['gmake']);
    expect(missingTools('win32', {})).toEqual([]);
  });

  it("read from node-gyp's output after a failed compile", () => {
    expect(missingToolsInLog('gyp ERR! find Python Could not find any Python installation to use')).toEqual(['Python 3']);
    expect(missingToolsInLog('gyp ERR! stack Error: not found: make')).toEqual(['make']);
    expect(missingToolsInLog('make: g++: No such file or directory')).toEqual(['a C/C++ compiler']);
    expect(missingToolsInLog('/bin/sh: 1: cc: not found')).toEqual(['a C/C++ compiler']);
    expect(missingToolsInLog('gyp ERR! find VS Could not find any Visual Studio installation to use')).toEqual([
      'Visual Studio Build Tools with the "Desktop development with C++" workload',
    ]);
    expect(missingToolsInLog("../src/util/macros.cpp:32:45: error: no matching function for call to 'v8::External::Value(int)'")).toEqual([]);
  });

  it('the fix names what to install on each system', () => {
    expect(toolchainFix('linux')).toContain('`sudo apt install python3 make g++`');
    expect(toolchainFix('darwin')).toContain('`xcode-select --install`');
    expect(toolchainFix('win32')).toContain('"Desktop development with C++" workload');
  });
});

describe('what it says when it cannot', () => {
  const target = (): DriverTarget => driverTarget(ROOT, 'linux', 'x64');
  const sources = () => driverSources(target(), {});
  const what = `the database driver for Electron ${ELECTRON} (better-sqlite3 ${SQLITE}, linux-x64)`;
  const refused = { ok: false as const, kind: 'unreachable' as const, reason: 'the name does not resolve (no DNS: offline?)' };

  it('offline: both hosts named, the mirrors, and the commands that put a binary fetched elsewhere in place', () => {
    const message = unreachableFailure(target(), sources(), refused, refused).format();
    expectPlain(message);
    expect(message).toContain(
      `npm start: ${what} is not built yet, and neither host it comes from can be reached: github.com (its prebuilt binary): the name does not resolve (no DNS: offline?); www.electronjs.org (Electron's headers, to compile it): the name does not resolve (no DNS: offline?).`,
    );
    expect(message).toContain(`fetch ${sources().prebuiltUrl} on another machine and unpack it here: \`${byHandCommand(target(), sources())}\``);
    const dir = `.electron-native/better-sqlite3-${SQLITE}/electron-${ELECTRON}-linux-x64`;
    expect(byHandCommand(target(), sources())).toBe(
      `mkdir -p ${dir} && tar -xzf better-sqlite3-v${SQLITE}-electron-v${ABI}-linux-x64.tar.gz -C ${dir} --strip-components=2 build/Release/better_sqlite3.node`,
    );
  });

  it('no prebuilt binary (HTTP 404) and no headers host: the headers mirror', () => {
    const message = unreachableFailure(target(), sources(), { ok: false, kind: 'missing', status: 404 }, refused).format();
    expectPlain(message);
    expect(message).toContain(`there is no prebuilt binary for it (${sources().prebuiltUrl} answers HTTP 404), and Electron's headers, needed to compile it, cannot be fetched from www.electronjs.org: the name does not resolve`);
    expect(message).toContain('set ELECTRON_REBUILD_DIST_URL to a mirror of Electron\'s headers');
  });

  it('headers not at the mirror: check the variable', () => {
    const message = unreachableFailure(target(), sources(), refused, { ok: false, kind: 'missing', status: 404 }).format();
    expectPlain(message);
    expect(message).toContain(`Electron's headers, needed to compile it, are not there: ${sources().headersUrl} answers HTTP 404.`);
  });

  it('no toolchain, and a compile that failed for another reason: the log', () => {
    expectPlain(toolchainFailure(target(), 'there is no prebuilt binary for it', ['make']).format());
    const failed = buildFailure(target(), sources(), 'error: no matching function', []).format();
    expectPlain(failed);
    expect(failed).toContain(`compiling ${what} failed (node-gyp's output: .electron-native/better-sqlite3-${SQLITE}/electron-${ELECTRON}-linux-x64.log); nothing was installed.`);
    expect(buildFailure(target(), sources(), 'gyp ERR! stack Error: not found: make', ['make']).format()).toContain('this machine lacks make.');
  });
});

describe('the progress of a compile', () => {
  it('a line every interval where there is no terminal, with the time it has run', async () => {
    const stream = new PassThrough() as unknown as NodeJS.WriteStream;
    let written = '';
    (stream as unknown as PassThrough).on('data', (chunk: Buffer) => (written += chunk.toString()));
    const ticker = elapsedTicker('Compiling better-sqlite3', stream, 20);
    await new Promise((resolve) => setTimeout(resolve, 70));
    ticker.stop();
    expect(written).toMatch(/^(Compiling better-sqlite3: still running \(0:00\)\n){2,}$/);
    expect(formatElapsed(65_400)).toBe('1:05');
  });
});
