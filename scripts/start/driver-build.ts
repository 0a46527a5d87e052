// The build of the database driver for Electron, aside from everything npm start trusts: a scratch
// folder under .electron-native/ holding a copy of node_modules/better-sqlite3 (whose own build,
// for Node, stays as it is), @electron/rebuild run on it in a child process (driver-rebuild.ts),
// its output in a log, its progress on the terminal. The caller checks the result and moves it in.
import { spawn } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RebuildMessage, RebuildRequest } from './driver-rebuild.ts';
import { BINDING_FILE, type DriverTarget } from './driver-target.ts';
import { elapsedTicker, type ElapsedTicker } from './progress.ts';

const SCRATCH_PREFIX = '.partial-';

export interface BuildOptions {
  env: NodeJS.ProcessEnv;
  /** Skip the prebuilt binary and compile. */
  buildFromSource: boolean;
  /** Electron's headers for node-gyp (--dist-url). */
  headersBase: string;
  /** Where the prebuilt binary comes from, for the progress line. */
  prebuiltUrl: string;
  /** Aborted when the user interrupts; its reason is the signal's name. */
  signal: AbortSignal;
  stream: NodeJS.WriteStream;
}

export type BuildOutcome =
  /** `binding` is the built file, inside `scratch`, which the caller removes; `ms` the time it took. */
  | { ok: true; binding: string; scratch: string; how: 'prebuilt' | 'compiled'; ms: number }
  /** The child failed (`interrupted`: because the user stopped it); its output is in target.log. */
  | { ok: false; interrupted: boolean };

/**
 * npm's configuration reaches node-gyp as options: every npm_config_<name> variable overrides the
 * command line @electron/rebuild gives it (node-gyp's parseArgv). These would build for another
 * runtime, version, architecture or header folder than Electron's, so the child does not get them.
 */
const OVERRIDING = /^npm_config_(target|target_arch|target_platform|runtime|arch|platform|dist_url|disturl|nodedir|devdir|debug)$/i;

export function rebuildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !OVERRIDING.test(key)));
}

/** Whether process `pid` is alive (a signal 0 reaches it; EPERM: alive, someone else's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A fresh scratch folder, with what an earlier start left when it was killed half-way removed
 * (the pid in the name tells; another npm start building right now keeps its own).
 */
function scratchFolder(nativeDir: string): string {
  mkdirSync(nativeDir, { recursive: true });
  for (const entry of readdirSync(nativeDir)) {
    const pid = Number(/^\.partial-(\d+)-/.exec(entry)?.[1]);
    if (entry.startsWith(SCRATCH_PREFIX) && !(pid > 0 && pid !== process.pid && alive(pid))) rmSync(join(nativeDir, entry), { recursive: true, force: true });
  }
  const scratch = join(nativeDir, `${SCRATCH_PREFIX}${process.pid}-${Date.now().toString(36)}`);
  mkdirSync(scratch);
  return scratch;
}

/** The scratch project: a package.json naming better-sqlite3 (what @electron/rebuild walks) and a copy of its sources, without its build for Node. */
function prepareScratch(target: DriverTarget): string {
  const scratch = scratchFolder(target.nativeDir);
  writeFileSync(join(scratch, 'package.json'), `${JSON.stringify({ name: 'erp-workbench-electron-native', private: true, dependencies: { 'better-sqlite3': target.version } }, null, 2)}\n`);
  const copy = join(scratch, 'node_modules/better-sqlite3');
  cpSync(target.packageDir, copy, {
    recursive: true,
    // build/ is node_modules' build for Node (prebuild-install or node-gyp makes a new one).
    filter: (source) => {
      const inside = relative(target.packageDir, source);
      return inside !== 'build' && !inside.startsWith(`build${sep}`);
    },
  });
  return scratch;
}

/** tsx's loader, from the clone's node_modules, for the child (it is TypeScript, like the rest of npm start). */
function tsxLoader(root: string): string {
  return pathToFileURL(createRequire(join(root, 'package.json')).resolve('tsx')).href;
}

/** Stops the child and whatever it started (node-gyp, make, the compilers): its process group on POSIX. */
function stop(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    if (process.platform === 'win32') process.kill(pid);
    else process.kill(-pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** Runs the build of `target` in a scratch folder; resolves when the child has exited. */
export async function buildDriver(target: DriverTarget, options: BuildOptions): Promise<BuildOutcome> {
  const { stream, signal } = options;
  const scratch = prepareScratch(target);
  mkdirSync(dirname(target.log), { recursive: true });
  const log = openSync(target.log, 'w');
  const request: RebuildRequest = {
    buildPath: scratch,
    electronVersion: target.electron.version,
    platform: target.platform,
    arch: target.arch,
    headerURL: options.headersBase,
    buildFromSource: options.buildFromSource,
    jobs: Math.max(1, availableParallelism()),
  };
  const started = Date.now();
  let ticker: ElapsedTicker | undefined;
  let compiled = false;
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', tsxLoader(target.root), join(import.meta.dirname, 'driver-rebuild.ts'), JSON.stringify(request)], {
        cwd: scratch,
        env: rebuildEnv(options.env),
        stdio: ['ignore', log, log, 'ipc'],
        // Its own process group, so that stopping it stops the compilers too (see stop).
        detached: process.platform !== 'win32',
        windowsHide: true,
      });
      const onAbort = () => stop(child.pid);
      signal.addEventListener('abort', onAbort, { once: true });
      child.on('message', (message: RebuildMessage) => {
        if (message.type !== 'stage') return;
        ticker?.stop();
        if (message.stage === 'prebuilt') {
          stream.write(`Getting better-sqlite3's prebuilt binary for Electron from ${options.prebuiltUrl}\n`);
        } else {
          compiled = true;
          stream.write(`Compiling better-sqlite3 for Electron ${target.electron.version} with node-gyp (Electron's headers from ${options.headersBase}; a minute or two)\n`);
          ticker = elapsedTicker('Compiling better-sqlite3', stream);
        }
      });
      child.once('error', (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      });
      child.once('close', (exitCode) => {
        signal.removeEventListener('abort', onAbort);
        resolve(exitCode);
      });
    });
    ticker?.stop();
    ticker = undefined;
    const binding = join(scratch, 'node_modules/better-sqlite3/build/Release', BINDING_FILE);
    if (signal.aborted || code !== 0 || !existsSync(binding)) {
      rmSync(scratch, { recursive: true, force: true });
      return { ok: false, interrupted: signal.aborted };
    }
    return { ok: true, binding, scratch, how: compiled ? 'compiled' : 'prebuilt', ms: Date.now() - started };
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  } finally {
    ticker?.stop();
    closeSync(log);
  }
}
