// Where npm start keeps the database driver built for Electron, and whether what is there can be
// trusted. better-sqlite3 12 is built against Node's own C++ API, so node_modules holds a binary
// for the Node that ran `npm install` (the CLI, the tests and the image load it) and Electron needs
// one of its own: built once into <root>/.electron-native/, at a path naming everything the binary
// depends on, so an upgrade of better-sqlite3 or of Electron (or a clone shared between machines)
// finds no binary and builds one.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { checkNativeModule, electronRuntime, type NativeCheck, type Runtime } from '../native-abi.mjs';

/** The folder under the root that holds the Electron builds (git-ignored). */
export const NATIVE_DIR = '.electron-native';

/** Another folder for them: one shared by several clones, or a test's own (docs/desktop.md). */
export const NATIVE_DIR_ENV = 'ERP_WORKBENCH_ELECTRON_NATIVE_DIR';

/** Where the Electron builds of `root` are kept: NATIVE_DIR_ENV when set, else <root>/.electron-native. */
export function nativeDirOf(root: string, env: NodeJS.ProcessEnv): string {
  const chosen = env[NATIVE_DIR_ENV];
  return chosen ? resolve(root, chosen) : join(root, NATIVE_DIR);
}

/** The file name better-sqlite3 builds (build/Release/better_sqlite3.node). */
export const BINDING_FILE = 'better_sqlite3.node';

export interface DriverTarget {
  root: string;
  /** node_modules/better-sqlite3: the sources the build copies, never built in. */
  packageDir: string;
  /** better-sqlite3's version in node_modules. */
  version: string;
  /** The Electron of node_modules/electron, with its module ABI (node-abi). */
  electron: Runtime;
  platform: NodeJS.Platform;
  arch: string;
  /** Where the builds are kept (nativeDirOf): the scratch folders of a build too, so a rename moves one in. */
  nativeDir: string;
  /** <root>/.electron-native/better-sqlite3-<version>/electron-<version>-<platform>-<arch> */
  dir: string;
  /** The binding inside `dir`, the file Electron gets in ERP_WORKBENCH_SQLITE_BINDING. */
  binding: string;
  /** The output of the last build for this target, kept next to `dir` when a build fails. */
  log: string;
}

/** node-abi knows no ABI for this Electron (an Electron newer than node-abi): `cause` says which. */
export class UnknownElectronAbi extends Error {
  constructor(override readonly cause: unknown) {
    super('unknown Electron ABI');
  }
}

/** The target for `root`'s better-sqlite3 and Electron on this platform; throws UnknownElectronAbi (driver.ts says what to do then). */
export function driverTarget(root: string, platform: NodeJS.Platform, arch: string, env: NodeJS.ProcessEnv = process.env): DriverTarget {
  const packageDir = join(root, 'node_modules/better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  let electron: Runtime;
  try {
    electron = electronRuntime(root);
  } catch (error) {
    throw new UnknownElectronAbi(error);
  }
  const name = `electron-${electron.version}-${platform}-${arch}`;
  const nativeDir = nativeDirOf(root, env);
  const parent = join(nativeDir, `better-sqlite3-${version}`);
  const dir = join(parent, name);
  return { root, packageDir, version, electron, platform, arch, nativeDir, dir, binding: join(dir, BINDING_FILE), log: join(parent, `${name}.log`) };
}

/** A path under the root as the messages show it (relative: the user runs npm start there). */
export function shown(target: DriverTarget, path: string): string {
  return relative(target.root, path) || '.';
}

/** "Electron 45.4.1 (better-sqlite3 12.11.1, linux-x64)": what is being built, in the messages. */
export function describeTarget(target: DriverTarget): string {
  return `Electron ${target.electron.version} (better-sqlite3 ${target.version}, ${target.platform}-${target.arch})`;
}

export type Found =
  /** A binding built for this Electron's ABI: used as it is. */
  | { kind: 'ready' }
  /** None yet. */
  | { kind: 'absent' }
  /** A file that Electron would refuse (another ABI, not a native module): never passed on. */
  | { kind: 'untrusted'; reason: string };

/** What the target's binding is: read from the file itself (scripts/native-abi.mjs), nothing run. */
export function findBinding(target: DriverTarget): Found {
  if (!existsSync(target.binding)) return { kind: 'absent' };
  const check: NativeCheck = checkNativeModule(target.binding, target.electron);
  return check.ok ? { kind: 'ready' } : { kind: 'untrusted', reason: check.reason };
}
