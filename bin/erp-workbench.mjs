#!/usr/bin/env node
/**
 * npx erp-workbench <command> [options]   (the package's bin; plain JavaScript: nothing to compile first)
 *
 * Runs the compiled build: dist/server/serve.js for `serve` (as `npm run serve`), dist/cli/main.js
 * for every other command (electron/cli/main.ts). In a checkout that can build (its dev
 * dependencies esbuild and vite: a clone after npm ci) a part older than its sources is built
 * first. Where nothing can be built (the package installed from its tarball, which `npm pack`
 * built: its files all get the time of the install, so times say nothing) the build it came with
 * runs; without one, the TypeScript sources run through tsx, a dependency.
 */
import module from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { staleParts } from '../scripts/build-staleness.mjs';

const ROOT = join(import.meta.dirname, '..');

/** Whether a package resolves from here (the build tools are dev dependencies). */
function resolvable(name) {
  try {
    import.meta.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** Through tsx: the sources as they are. */
async function fromSource(entry) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(ROOT, entry)).href);
}

module.enableCompileCache?.();
// A checkout, not an installed package: the web UI's sources are there (a package ships only its build).
const canBuild = () => existsSync(join(ROOT, 'renderer/vite.config.ts')) && resolvable('esbuild') && resolvable('vite');

const built = (file) => existsSync(join(ROOT, file));

if (process.argv[2] === 'serve') {
  // serve.ts reads its flags from process.argv.slice(2): the ones after `serve`.
  process.argv.splice(2, 1);
  // The usage text names the command the way it was typed (serve.ts).
  process.env.ERP_WORKBENCH_SERVE_COMMAND ??= process.env.npm_command === 'exec' ? 'npx erp-workbench serve' : 'erp-workbench serve';
  if (canBuild()) await import('../scripts/serve.mjs'); // builds what is stale, then runs dist/server/serve.js
  else if (built('dist/server/serve.js')) await import('../dist/server/serve.js');
  else await fromSource('electron/cli/serve.ts');
} else {
  const buildable = canBuild();
  let compiled = buildable ? staleParts(ROOT, ['cli']).length === 0 : built('dist/cli/main.js');
  if (!compiled && buildable) {
    try {
      const { buildParts } = await import('../scripts/build.mjs');
      await buildParts(['cli'], { quiet: true });
      compiled = true;
    } catch {
      // Another command built it at the same moment, or the build failed: the sources still run.
      compiled = built('dist/cli/main.js');
    }
  }
  if (compiled) await import('../dist/cli/main.js');
  else await fromSource('electron/cli/main.ts');
}
