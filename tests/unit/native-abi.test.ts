import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { abiBinary } from '../support/native-binaries.ts';
import {
  checkNativeModule,
  electronAbi,
  electronRuntime,
  localSqliteBinding,
  readNativeEntry,
  runtimeFromVersions,
  sqliteBindingPath,
} from '../../scripts/native-abi.mjs';

// Which runtime can load a native module, decided from the files themselves: no Electron binary
// is needed (none can be downloaded on CI machines), only its version and node-abi's table.

const ROOT = join(import.meta.dirname, '../..');
const SCRIPT = join(ROOT, 'scripts/native-abi.mjs');
const ELECTRON_PACKAGE = JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string };
/** process.versions as Electron's main process has them (the Node it embeds, its own version, its ABI). */
const ELECTRON_VERSIONS = { node: '22.20.0', electron: ELECTRON_PACKAGE.version, modules: String(electronAbi(ELECTRON_PACKAGE.version)), napi: '10' };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'erpwb-native-abi-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the Electron the desktop runs on', () => {
  it("its ABI from node-abi's table is the one its npm package states", () => {
    const stated = Number(readFileSync(join(ROOT, 'node_modules/electron/abi_version'), 'utf8').trim());
    expect(electronRuntime(ROOT)).toEqual({ name: 'electron', version: ELECTRON_PACKAGE.version, abi: stated });
  });

  it('is told apart from Node by process.versions', () => {
    expect(runtimeFromVersions(ELECTRON_VERSIONS)).toEqual({ name: 'electron', version: ELECTRON_PACKAGE.version, abi: electronAbi(ELECTRON_PACKAGE.version) });
    expect(runtimeFromVersions(process.versions)).toEqual({ name: 'node', version: process.versions.node, abi: Number(process.versions.modules) });
  });
});

/** A real N-API module of node_modules: sharp's binding (any Node, any Electron). */
function napiBinding(): string {
  const dir = join(ROOT, `node_modules/@img/sharp-${process.platform}-${process.arch}/lib`);
  const file = readdirSync(dir).find((name) => name.endsWith('.node'));
  if (!file) throw new Error(`no sharp binding in ${dir}`);
  return join(dir, file);
}

describe('the driver chosen at run time', () => {
  it("node_modules' better-sqlite3 is built for the Node that installed it: it loads here, Electron refuses it", () => {
    const binding = localSqliteBinding(ROOT);
    expect(binding).toBe(join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'));
    expect(readNativeEntry(binding)).toEqual({ kind: 'node-abi', abi: Number(process.versions.modules) });
    expect(checkNativeModule(binding, runtimeFromVersions(process.versions)).ok).toBe(true);
    const inElectron = checkNativeModule(binding, runtimeFromVersions(ELECTRON_VERSIONS));
    expect(inElectron.ok).toBe(false);
    expect(!inElectron.ok && inElectron.reason).toContain(`was built for module ABI ${process.versions.modules}`);
  });

  it('an N-API module loads in Node and in Electron alike', () => {
    expect(readNativeEntry(napiBinding())).toEqual({ kind: 'napi' });
    expect(checkNativeModule(napiBinding(), runtimeFromVersions(ELECTRON_VERSIONS))).toEqual({ ok: true, entry: { kind: 'napi' } });
    expect(checkNativeModule(napiBinding(), runtimeFromVersions(process.versions)).ok).toBe(true);
  });

  it('prefers a binary compiled on purpose, as better-sqlite3 does, and refuses one built for Node in Electron', () => {
    const pkg = join(dir, 'better-sqlite3');
    cpSync(napiBinding(), join(pkg, 'prebuilds/linux-x64.node'), { recursive: true });
    expect(sqliteBindingPath(pkg, { platform: 'linux', arch: 'x64' })).toBe(join(pkg, 'prebuilds/linux-x64.node'));
    expect(sqliteBindingPath(pkg, { platform: 'linux', arch: 'x64', musl: true })).toBe(join(pkg, 'prebuilds/linuxmusl-x64.node'));
    expect(sqliteBindingPath(pkg, { platform: 'win32', arch: 'arm64' })).toBe(join(pkg, 'prebuilds/win32-arm64.node'));

    const built = abiBinary(join(pkg, 'build/Release/better_sqlite3.node'), 127);
    expect(sqliteBindingPath(pkg, { platform: 'linux', arch: 'x64' })).toBe(built);
    expect(readNativeEntry(built)).toEqual({ kind: 'node-abi', abi: 127 });
    const inElectron = checkNativeModule(built, runtimeFromVersions(ELECTRON_VERSIONS));
    expect(inElectron.ok).toBe(false);
    expect(!inElectron.ok && inElectron.reason).toBe(
      `${built} was built for module ABI 127 (Node 22); Electron ${ELECTRON_PACKAGE.version} loads ABI ${ELECTRON_VERSIONS.modules} only`,
    );
    expect(checkNativeModule(built, { name: 'node', version: '22.23.5', abi: 127 }).ok).toBe(true);
    expect(checkNativeModule(abiBinary(join(dir, 'for-electron.node'), Number(ELECTRON_VERSIONS.modules)), runtimeFromVersions(ELECTRON_VERSIONS)).ok).toBe(true);
  });

  it('refuses what is not a native module, and a missing file', () => {
    const text = join(dir, 'not-native.node');
    writeFileSync(text, 'just text');
    expect(checkNativeModule(text, runtimeFromVersions(ELECTRON_VERSIONS))).toMatchObject({ ok: false, entry: { kind: 'unknown' } });
    expect(checkNativeModule(join(dir, 'absent.node'), runtimeFromVersions(ELECTRON_VERSIONS))).toEqual({ ok: false, reason: `${join(dir, 'absent.node')} does not exist` });
  });
});

describe('node scripts/native-abi.mjs', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8' });

  it("without files: node_modules' build against this Node, npm start's builds under .electron-native/ against Electron", () => {
    const checkout = join(dir, 'checkout');
    mkdirSync(join(checkout, 'scripts'), { recursive: true });
    cpSync(SCRIPT, join(checkout, 'scripts/native-abi.mjs'));
    symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'));
    const own = `ok       ${localSqliteBinding(ROOT).replace(ROOT, checkout)} (ABI ${process.versions.modules}) loads in Node ${process.versions.node}\n`;
    const inCheckout = (...args: string[]) => spawnSync(process.execPath, [join(checkout, 'scripts/native-abi.mjs'), ...args], { cwd: checkout, encoding: 'utf8' });
    expect(inCheckout()).toMatchObject({ status: 0, stdout: own });

    const built = abiBinary(join(checkout, `.electron-native/better-sqlite3-12/electron-${ELECTRON_PACKAGE.version}-linux-x64/better_sqlite3.node`), Number(ELECTRON_VERSIONS.modules));
    abiBinary(join(checkout, '.electron-native/.partial-1-x/node_modules/better-sqlite3/build/Release/better_sqlite3.node'), 127);
    expect(inCheckout()).toMatchObject({ status: 0, stdout: `${own}ok       ${built} (ABI ${ELECTRON_VERSIONS.modules}) loads in Electron ${ELECTRON_PACKAGE.version}\n` });

    const stale = abiBinary(join(checkout, '.electron-native/better-sqlite3-12/electron-44.0.0-linux-x64/better_sqlite3.node'), 140);
    const refused = inCheckout();
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain(`REFUSED  ${stale} was built for module ABI 140`);
    expect(inCheckout('--node')).toMatchObject({ status: 0, stdout: own });
  });

  it('exits 1 naming each file that would not load, 2 on a usage error', () => {
    const stale = abiBinary(join(dir, 'old.node'), 115);
    const refused = run('--electron', ELECTRON_PACKAGE.version, stale, napiBinding());
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain(`REFUSED  ${stale} was built for module ABI 115 (Node 20)`);
    expect(refused.stdout).toContain(`ok       ${napiBinding()} (N-API)`);
    expect(run('--electron', '999.0.0').status).toBe(2);
    expect(run('--electron').stderr).toContain('--electron takes a version');
    expect(run('--bogus').status).toBe(2);
  });

  it('runs when started through a symlink (it checks, not silently passes)', () => {
    const link = join(dir, 'native-abi.mjs');
    symlinkSync(SCRIPT, link);
    const through = spawnSync(process.execPath, [link, abiBinary(join(dir, 'old.node'), 115)], { cwd: ROOT, encoding: 'utf8' });
    expect(through.status).toBe(1);
    expect(through.stdout).toContain('REFUSED');
  });
});

// The binding the desktop window loads from a clone, wherever npm start has built one here (a
// connected machine; none on CI's machines, which cannot fetch Electron's headers or prebuilt
// binaries): it must be built for the Electron of package.json.
const builtForElectron = (() => {
  const dir = join(ROOT, '.electron-native');
  try {
    return readdirSync(dir, { recursive: true })
      .map(String)
      .filter((path) => path.endsWith('better_sqlite3.node') && !path.includes('.partial'))
      .map((path) => join(dir, path))
      .filter((path) => path.includes(`electron-${ELECTRON_PACKAGE.version}-${process.platform}-${process.arch}`));
  } catch {
    return [];
  }
})();
describe.skipIf(builtForElectron.length === 0)('the driver npm start built for Electron (where one exists)', () => {
  it.each(builtForElectron)('%s is built for the Electron of package.json', (file) => {
    expect(checkNativeModule(file, electronRuntime(ROOT))).toMatchObject({ ok: true });
  });
});

