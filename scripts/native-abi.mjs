/**
 * Which Node or Electron can load a native module (`.node` file), read from the file itself.
 *
 *   node scripts/native-abi.mjs [--electron VERSION | --node] [FILE...]
 *
 * Without FILE: the SQLite driver as this checkout has it, node_modules' build of better-sqlite3
 * against this Node and the builds for Electron under .electron-native/ (npm start's) against
 * Electron. Without a runtime flag, FILEs are checked against the Electron of node_modules/electron
 * (the desktop app's). Prints one line a file; exit 1 when one would not load, 2 on a usage error.
 *
 * A module says what it was built for in the symbol the runtime calls to register it: an N-API
 * module exports `napi_register_module_v1` and loads in every Node and Electron that has its
 * N-API version; a module built against Node's own
 * C++ API exports `node_register_module_v<ABI>` and loads only where NODE_MODULE_VERSION is that
 * ABI (Node 22: 127, Electron 45: 150; node-abi's table). Node looks for the ABI symbol first and
 * the N-API one second, so a file with the N-API symbol loads whatever ABI symbol it also has.
 * sharp is an N-API module; better-sqlite3 12 (the SQLite driver) is built against Node's API.
 * Plain JavaScript: `npm start` runs it before anything is compiled.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

const NAPI_SYMBOL = Buffer.from('napi_register_module_v1');
const ABI_SYMBOL = /node_register_module_v(\d+)/;

/** What the registration symbols of a `.node` file say it needs. Throws when the file cannot be read. */
export function readNativeEntry(file) {
  const bytes = readFileSync(file);
  if (bytes.includes(NAPI_SYMBOL)) return { kind: 'napi' };
  // latin1 maps each byte to one character: the symbol is ASCII inside a binary file.
  const match = ABI_SYMBOL.exec(bytes.toString('latin1'));
  return match ? { kind: 'node-abi', abi: Number(match[1]) } : { kind: 'unknown' };
}

/** NODE_MODULE_VERSION of an Electron release, from node-abi's table. Throws for a release it does not know. */
export function electronAbi(version) {
  const nodeAbi = require('node-abi');
  return Number(nodeAbi.getAbi(version, 'electron'));
}

/** The runtime a process is: Electron's main process when process.versions has `electron`. */
export function runtimeFromVersions(versions) {
  return versions.electron
    ? { name: 'electron', version: versions.electron, abi: Number(versions.modules) }
    : { name: 'node', version: versions.node, abi: Number(versions.modules) };
}

/** The Electron the desktop app runs on: the installed `electron` package of `root`. */
export function electronRuntime(root = ROOT) {
  const version = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
  return { name: 'electron', version, abi: electronAbi(version) };
}

/** Who a module ABI belongs to, for messages ("Node 22", "Electron 45"). */
function abiOwners(abi) {
  const nodeAbi = require('node-abi');
  const owners = new Set(
    nodeAbi.allTargets.filter((target) => Number(target.abi) === abi).map((target) => `${target.runtime === 'electron' ? 'Electron' : 'Node'} ${target.target.split('.')[0]}`),
  );
  return owners.size > 0 ? [...owners].join(', ') : 'a runtime node-abi does not know';
}

/** Whether `runtime` can load the module in `file`, and if not, why in a sentence. */
export function checkNativeModule(file, runtime) {
  if (!existsSync(file)) return { ok: false, reason: `${file} does not exist` };
  const entry = readNativeEntry(file);
  const who = `${runtime.name === 'electron' ? 'Electron' : 'Node'} ${runtime.version}`;
  switch (entry.kind) {
    case 'napi':
      return { ok: true, entry };
    case 'node-abi':
      return entry.abi === runtime.abi
        ? { ok: true, entry }
        : { ok: false, entry, reason: `${file} was built for module ABI ${entry.abi} (${abiOwners(entry.abi)}); ${who} loads ABI ${runtime.abi} only` };
    default:
      return { ok: false, entry, reason: `${file} is not a Node native module (no napi_register_module_v1 or node_register_module_v<ABI> symbol)` };
  }
}

/**
 * The file better-sqlite3 loads in a package folder `packageDir`: the binary compiled at install
 * (build/Debug, then build/Release; version 12, the project's, finds it there through the
 * `bindings` package), else the prebuilt one of the platform that version 13's packages carry
 * (prebuilds/<platform>-<arch>.node; linuxmusl-* on musl), kept so the check reads either.
 */
export function sqliteBindingPath(packageDir, { platform, arch, musl = false }) {
  for (const kind of ['Debug', 'Release']) {
    const built = join(packageDir, 'build', kind, 'better_sqlite3.node');
    if (existsSync(built)) return built;
  }
  return join(packageDir, 'prebuilds', `${platform === 'linux' && musl ? 'linuxmusl' : platform}-${arch}.node`);
}

/** Whether this process runs on musl's libc (Alpine): its loader is mapped in. */
function onMusl() {
  if (process.platform !== 'linux') return false;
  try {
    return /\/ld-musl-[^/\s]*\.so/.test(readFileSync('/proc/self/maps', 'latin1'));
  } catch {
    return false;
  }
}

/** The binding better-sqlite3 of `root`'s node_modules loads on this machine. */
export function localSqliteBinding(root = ROOT) {
  return sqliteBindingPath(join(root, 'node_modules/better-sqlite3'), { platform: process.platform, arch: process.arch, musl: onMusl() });
}

/** The builds of better-sqlite3 for Electron that `npm start` made under <root>/.electron-native/ (scripts/start/driver-target.ts). */
function electronBuilds(root = ROOT) {
  // ERP_WORKBENCH_ELECTRON_NATIVE_DIR: another folder for them (scripts/start/driver-target.ts).
  const chosen = process.env.ERP_WORKBENCH_ELECTRON_NATIVE_DIR;
  const dir = chosen ? resolve(root, chosen) : join(root, '.electron-native');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((path) => path.endsWith('better_sqlite3.node') && !path.split(/[\\/]/).some((part) => part.startsWith('.partial')))
    .map((path) => join(dir, path));
}

function main(argv) {
  let runtime;
  const files = [];
  try {
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i];
      if (arg === '--electron') {
        const version = argv[++i];
        if (!version) throw new Error('--electron takes a version (45.4.1)');
        runtime = { name: 'electron', version, abi: electronAbi(version) };
      } else if (arg === '--node') runtime = runtimeFromVersions(process.versions);
      else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
      else files.push(resolve(arg));
    }
  } catch (error) {
    console.error(`native-abi: ${error.message}\nusage: node scripts/native-abi.mjs [--electron VERSION | --node] [FILE...]`);
    return 2;
  }
  // Without files: the driver as this checkout has it, node_modules' build against this Node
  // (the CLI's, the tests') and the builds for Electron against Electron (npm start's).
  const checks =
    files.length > 0
      ? files.map((file) => [file, runtime ?? electronRuntime()])
      : runtime?.name === 'node'
        ? [[localSqliteBinding(), runtime]]
        : [[localSqliteBinding(), runtimeFromVersions(process.versions)], ...electronBuilds().map((file) => [file, runtime ?? electronRuntime()])];
  let refused = 0;
  for (const [file, against] of checks) {
    const result = checkNativeModule(file, against);
    if (result.ok) console.log(`ok       ${file} (${result.entry.kind === 'napi' ? 'N-API' : `ABI ${result.entry.abi}`}) loads in ${against.name === 'electron' ? 'Electron' : 'Node'} ${against.version}`);
    else {
      refused++;
      console.log(`REFUSED  ${result.reason}`);
    }
  }
  return refused > 0 ? 1 : 0;
}

/** Whether this file is the process's script; through a symlink too (Node runs the link's target). */
function isMain() {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) process.exitCode = main(process.argv.slice(2));
