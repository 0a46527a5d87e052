/**
 * The build of the database driver for Electron, in a child process of npm start (driver-build.ts
 * starts it through tsx, with a cleaned environment, its output going to the build's log):
 * @electron/rebuild on a scratch folder holding a copy of better-sqlite3. It tries better-sqlite3's
 * prebuilt binary for Electron first (prebuild-install), then compiles with node-gyp against
 * Electron's headers. A child, not a call: node-gyp's workers read every npm_config_* variable as
 * an option (npm sets many), a failed compile prints all its output, and an interrupted one must
 * be stopped with its compilers (the parent kills this process group).
 *
 * It tells the parent, over the IPC channel, which of the two ways is being tried: @electron/rebuild
 * has no event for that, but says it in its debug log, which is read here (and written to the log).
 */
import { createRequire } from 'node:module';
import { format } from 'node:util';
import type createDebug from 'debug';

/** What the parent asks for (JSON in argv[2]). */
export interface RebuildRequest {
  /** The scratch folder: a package.json depending on better-sqlite3, and node_modules/better-sqlite3. */
  buildPath: string;
  electronVersion: string;
  platform: NodeJS.Platform;
  arch: string;
  headerURL: string;
  /** Skip the prebuilt binary (none exists, its host is unreachable, or the user asked). */
  buildFromSource: boolean;
  /** node-gyp's parallel compile jobs. */
  jobs: number;
}

/** What the child tells the parent. */
export type RebuildMessage = { type: 'stage'; stage: 'prebuilt' | 'compile' } | { type: 'done' } | { type: 'failed'; message: string };

function send(message: RebuildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(message, undefined, {}, () => resolve());
  });
}

/** @electron/rebuild's debug lines that start each way (lib/rebuild.js, module-type/prebuild-install.js, module-type/node-gyp/node-gyp.js). */
const STAGES: Array<[RegExp, 'prebuilt' | 'compile']> = [
  [/triggering prebuild download step/, 'prebuilt'],
  [/rebuilding \S+ with args/, 'compile'],
];

async function run(request: RebuildRequest): Promise<void> {
  // The `debug` instance @electron/rebuild logs through (resolved from its folder, so the same module).
  const requireFromRebuild = createRequire(createRequire(import.meta.url).resolve('@electron/rebuild'));
  const debug = requireFromRebuild('debug') as typeof createDebug;
  debug.enable('electron-rebuild');
  debug.log = (...args: unknown[]) => {
    const line = format(...args);
    process.stderr.write(`${line}\n`);
    const stage = STAGES.find(([pattern]) => pattern.test(line));
    if (stage) void send({ type: 'stage', stage: stage[1] });
  };
  const { rebuild } = await import('@electron/rebuild');
  await rebuild({
    buildPath: request.buildPath,
    // The scratch folder is the whole project: without it, @electron/rebuild walks up from it and
    // would find (and rebuild in place) the clone's node_modules/better-sqlite3.
    projectRootPath: request.buildPath,
    electronVersion: request.electronVersion,
    platform: request.platform,
    arch: request.arch,
    onlyModules: ['better-sqlite3'],
    types: ['prod'],
    force: true,
    headerURL: request.headerURL,
    buildFromSource: request.buildFromSource,
    mode: 'sequential',
    jobs: request.jobs,
  });
}

try {
  await run(JSON.parse(process.argv[2] ?? '') as RebuildRequest);
  await send({ type: 'done' });
  process.exitCode = 0;
} catch (error) {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  await send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
}
// The IPC channel keeps the process alive: let it go once the last message is out.
process.disconnect?.();
