/**
 * npm run serve -- [flags of electron/cli/serve.ts]
 *
 * Starts the compiled headless server (dist/server/serve.js) in this very process: its pid is
 * this one, and SIGINT/SIGTERM reach its own handlers. Builds first only what is older than its
 * sources (the web UI and the server are judged apart: scripts/build-staleness.mjs), so a start
 * on an up-to-date build compiles nothing. Plain JavaScript: nothing to compile before this runs.
 */
import module from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { staleParts } from './build-staleness.mjs';

// Node 22.1 and later keep V8's compiled code of the modules between starts (the compile of the
// bundle is a good part of a start); Node 20 has no such cache and skips this.
module.enableCompileCache?.();

const ROOT = join(import.meta.dirname, '..');

// --help answers at once from the build there is: nothing is built to print the usage.
const helpOnly = process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h');
const stale = staleParts(ROOT, ['renderer', 'server']).filter((part) => !(helpOnly && existsSync(join(ROOT, 'dist/server/serve.js')) && part === 'renderer'));
if (stale.length > 0) {
  // stderr: whoever reads the server's own lines from stdout gets only those.
  console.error(`npm run serve: ${stale.join(' and ')} older than the sources; building ${stale.length > 1 ? 'them' : 'it'} first...`);
  const { buildParts } = await import('./build.mjs');
  await buildParts(stale, { quiet: true });
}

// serve.js reads process.argv.slice(2): the flags given to this script, as they are.
await import(pathToFileURL(join(ROOT, 'dist/server/serve.js')).href);
