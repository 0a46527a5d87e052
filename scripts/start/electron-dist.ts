// Where the Electron runtime of `npm start` lives, whether it is there, and how a downloaded one
// is put in place. Electron's npm package (45 and later) ships no binary: node_modules/electron/
// index.js fetches it at first use into node_modules/electron/dist and records the executable's
// path in path.txt. This reads that layout the way index.js and install.js do, without their
// side effects (index.js downloads on require and throws with a stack when it cannot).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface ElectronDist {
  /** The version of node_modules/electron (the one package.json asks for). */
  version: string;
  /** The folder the runtime lives in: node_modules/electron/dist, or ELECTRON_OVERRIDE_DIST_PATH. */
  dir: string;
  /** The executable `npm start` runs, inside `dir`. */
  executable: string;
  /** The executable's path inside `dir` for this platform (install.js's path.txt). */
  relative: string;
  /** True when ELECTRON_OVERRIDE_DIST_PATH chose `dir`. */
  overridden: boolean;
  /** node_modules/electron, where path.txt is. */
  packageDir: string;
}

/** The executable inside Electron's zip, as install.js names it (getPlatformPath). */
export function platformPath(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'darwin':
      return 'Electron.app/Contents/MacOS/Electron';
    case 'win32':
      return 'electron.exe';
    case 'linux':
    case 'freebsd':
    case 'openbsd':
      return 'electron';
    default:
      throw new Error(`Electron is not built for ${platform}`);
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * Where the runtime is for `root`'s node_modules/electron. ELECTRON_OVERRIDE_DIST_PATH, as for
 * Electron's own index.js, names a folder holding an Electron build; without it, the runtime is
 * the one fetched into node_modules/electron/dist.
 */
export function locateElectron(root: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): ElectronDist {
  const packageDir = join(root, 'node_modules/electron');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const relative = platformPath(platform);
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const dir = override ? resolve(override) : join(packageDir, 'dist');
  return { version, dir, executable: join(dir, relative), relative, overridden: Boolean(override), packageDir };
}

/**
 * Whether the runtime can be run as it is. An override folder is the user's: its executable is
 * enough. node_modules/electron/dist must also be of this version and recorded in path.txt, as
 * install.js requires (after an upgrade of the electron package, the old one is not trusted).
 */
export function isInstalled(dist: ElectronDist): boolean {
  if (!existsSync(dist.executable)) return false;
  if (dist.overridden) return true;
  return readText(join(dist.packageDir, 'path.txt')) === dist.relative && readText(join(dist.dir, 'version'))?.replace(/^v/, '') === dist.version;
}

const PARTIAL_PREFIX = '.partial-';

/** A fresh folder inside `dist.dir` to extract into: same file system, so the moves out of it are renames. */
export function stagingFolder(dist: ElectronDist): string {
  mkdirSync(dist.dir, { recursive: true });
  // What an earlier start left when it was killed mid-way: never trusted, removed here.
  for (const entry of readdirSync(dist.dir)) if (entry.startsWith(PARTIAL_PREFIX)) rmSync(join(dist.dir, entry), { recursive: true, force: true });
  const staging = join(dist.dir, `${PARTIAL_PREFIX}${process.pid}`);
  mkdirSync(staging);
  return staging;
}

/**
 * Moves an extracted runtime from `staging` into `dist.dir`, the entry holding the executable
 * last: until that rename, `isInstalled` (and Electron's index.js) find no executable, so a start
 * killed half-way leaves nothing the next one trusts. Then path.txt, as install.js writes it.
 */
export function commitStaging(staging: string, dist: ElectronDist): void {
  const top = dist.relative.split('/')[0]!;
  if (!existsSync(join(staging, dist.relative))) throw new Error(`the downloaded archive holds no ${dist.relative}`);
  rmSync(join(dist.dir, top), { recursive: true, force: true });
  for (const entry of readdirSync(staging)) {
    if (entry === top) continue;
    rmSync(join(dist.dir, entry), { recursive: true, force: true });
    renameSync(join(staging, entry), join(dist.dir, entry));
  }
  renameSync(join(staging, top), join(dist.dir, top));
  rmSync(staging, { recursive: true, force: true });
  // An override folder is the user's, found without path.txt: node_modules is left as it is.
  if (dist.overridden) return;
  const pathFile = join(dist.packageDir, 'path.txt');
  writeFileSync(`${pathFile}.${process.pid}`, dist.relative);
  renameSync(`${pathFile}.${process.pid}`, pathFile);
}
