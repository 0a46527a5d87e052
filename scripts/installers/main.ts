/**
 * npm run dist [-- electron-builder options]: the installers of the OS this runs on, into out/.
 *   1. better-sqlite3 built for the Electron of package.json, as `npm start` gets it (the same
 *      step, the same .electron-native/ folder, the same messages: scripts/start/driver.ts);
 *      first, since offline it stops within seconds;
 *   2. the renderer and the Electron main, built when older than their sources (the stamps of
 *      scripts/build-staleness.mjs), so the installer holds the sources as they are;
 *   3. electron-builder with electron-builder.yml and that binary as resources/sqlite/
 *      (config.ts), --publish never; its afterPack hook checks the package's native modules and
 *      sets the fuses.
 * A step that cannot be done stops with one message and exit 1, never a stack trace.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { staleParts } from '../build-staleness.mjs';
import { ensureDriver } from '../start/driver.ts';
import { StartFailure, unexpectedFailure } from '../start/failure.ts';
import { runChild } from '../start/launch.ts';
import { withInterruption } from '../start/main.ts';
import { writeDistConfig } from './config.ts';

const COMMAND = 'npm run dist';

export interface DistOptions {
  root: string;
  /** Passed on to electron-builder (`npm run dist -- --linux AppImage`). */
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** scripts/build.mjs for `parts` in the checkout `root` (a child: its own root, its own module cache). */
async function runBuild(root: string, parts: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const code = await runChild(process.execPath, [join(root, 'scripts/build.mjs'), ...parts], { cwd: root, env });
  if (code !== 0) throw new StartFailure({ what: `the build of ${parts.join(' and ')} failed (exit ${code}; its errors are above).`, fix: 'Fix what it names, then run `npm start` again.', serve: 'same-fix' });
}

/** Resolves with the exit code: electron-builder's, or 1 with the message printed. */
export async function main({ root, args, env }: DistOptions): Promise<number> {
  let step = 'getting the database driver for Electron';
  const work = mkdtempSync(join(tmpdir(), 'erpwb-dist-'));
  try {
    const binding = await withInterruption((signal) =>
      ensureDriver(root, { env, platform: process.platform, arch: process.arch, signal, probeTimeoutMs: 4000, stream: process.stderr, command: COMMAND }),
    );

    step = 'building the renderer and the Electron main';
    const stale = staleParts(root, ['renderer', 'electron']);
    if (stale.length > 0) {
      process.stderr.write(`${COMMAND}: building ${stale.join(' and ')} (older than the sources)...\n`);
      await runBuild(root, stale, env);
    }

    step = 'running electron-builder';
    const config = writeDistConfig(work, root, binding);
    const cli = join(root, 'node_modules/electron-builder/cli.js');
    return await runChild(process.execPath, [cli, '--publish', 'never', '--config', config, ...args], { cwd: root, env });
  } catch (error) {
    const failure = error instanceof StartFailure ? error : unexpectedFailure(step, error);
    // The driver's messages are npm start's (the step is shared): they name this command here.
    process.stderr.write(failure.format().replaceAll('npm start', COMMAND));
    return failure.exitCode;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
