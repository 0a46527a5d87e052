/**
 * npm start, once scripts/start.mjs has checked the dependencies and the Node version. The steps,
 * each stopping within seconds when it cannot be done:
 *   1. the Electron runtime is there, else downloaded after a probe of its host (electron-download.ts);
 *   2. the database driver for that Electron is in .electron-native/, else built there once after a
 *      probe of the hosts it comes from (driver.ts): better-sqlite3 12 is built against Node's own
 *      API, and node_modules' build is for Node;
 *   3. the renderer and the main process are built when older than their sources;
 *   4. Electron runs dist/electron/main/main.js until it exits, with the driver's path in
 *      ERP_WORKBENCH_SQLITE_BINDING; its exit code is npm start's.
 * The runtime comes first: it is the larger download, and without it nothing can be shown anyway.
 * A step that cannot be done stops with one message (failure.ts) and exit 1, never a stack trace.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SQLITE_BINDING_ENV } from '../../electron/core/store/sqlite-binding.ts';
import { staleParts } from '../build-staleness.mjs';
import { ensureDriver } from './driver.ts';
import { installElectron } from './electron-download.ts';
import { isInstalled, locateElectron } from './electron-dist.ts';
import { StartFailure, unexpectedFailure } from './failure.ts';
import { electronEnv, runChild } from './launch.ts';

/** The desktop main process, as `npm start` has always started it (relative to the root: Electron's app path). */
export const MAIN = 'dist/electron/main/main.js';

export interface StartOptions {
  root: string;
  /** Arguments after `npm start --`, passed to Electron after the main script. */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** The probes' time for a download host to answer. */
  probeTimeoutMs?: number;
  /** How long the download may go without data. */
  stallTimeoutMs?: number;
}

/** Runs the steps; resolves with the exit code (Electron's, or 1 with the message printed). */
export async function main(options: StartOptions): Promise<number> {
  const { root, env } = options;
  let step = 'finding the Electron runtime';
  try {
    const dist = locateElectron(root, env, process.platform);
    if (!isInstalled(dist)) {
      step = 'getting the Electron runtime';
      await withInterruption((signal) =>
        installElectron(dist, {
          env,
          platform: process.platform,
          arch: process.arch,
          signal,
          probeTimeoutMs: options.probeTimeoutMs ?? 4000,
          stallTimeoutMs: options.stallTimeoutMs ?? 30_000,
          stream: process.stderr,
        }),
      );
    }

    step = 'getting the database driver for Electron';
    const binding = await withInterruption((signal) =>
      ensureDriver(root, {
        env,
        platform: process.platform,
        arch: process.arch,
        signal,
        probeTimeoutMs: options.probeTimeoutMs ?? 4000,
        stream: process.stderr,
      }),
    );

    step = 'building';
    await buildStale(root, env);

    step = 'starting Electron';
    const args = [MAIN, ...options.args];
    try {
      return await runChild(dist.executable, args, { cwd: root, env: { ...electronEnv(env), [SQLITE_BINDING_ENV]: binding } });
    } catch (error) {
      throw new StartFailure({
        what: `Electron could not be started (${dist.executable}: ${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
        fix: `Delete ${dist.overridden ? 'that folder (ELECTRON_OVERRIDE_DIST_PATH)' : 'node_modules/electron/dist'} and run \`npm start\` again to download it afresh.`,
        serve: 'works',
      });
    }
  } catch (error) {
    const failure = error instanceof StartFailure ? error : unexpectedFailure(step, error);
    process.stderr.write(failure.format());
    return failure.exitCode;
  }
}

/** Runs `work` with a signal aborted (reason: the signal's name) on SIGINT or SIGTERM, instead of dying half-way. */
export async function withInterruption<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSignal = (name: NodeJS.Signals) => controller.abort(name);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** scripts/build.mjs for the parts of the desktop app older than their sources, in a child (its memory is not kept while Electron runs). */
async function buildStale(root: string, env: NodeJS.ProcessEnv): Promise<void> {
  const stale = staleParts(root, ['renderer', 'electron']);
  if (stale.length === 0) return;
  process.stderr.write(`npm start: ${stale.join(' and ')} older than the sources; building ${stale.length > 1 ? 'them' : 'it'} first...\n`);
  const code = await runChild(process.execPath, [join(root, 'scripts/build.mjs'), ...stale], { cwd: root, env });
  if (code !== 0 || !existsSync(join(root, MAIN))) {
    throw new StartFailure(
      {
        what: code > 128 ? 'the build was interrupted.' : `the build of ${stale.join(' and ')} failed (exit code ${code}; its errors are above).`,
        fix: 'Fix what the errors name (`npm run build` repeats the build), then run `npm start` again.',
        serve: 'same-fix',
      },
      code > 128 ? code : 1,
    );
  }
}
