/**
 * npm start [-- ELECTRON ARGS]: the desktop window, from a clone.
 *
 * Checks what the rest needs first, in plain JavaScript (this must speak on any Node and before
 * `npm install`): the dependencies are installed, and this Node is in package.json's engines.
 * Then scripts/start/main.ts (TypeScript, typechecked with the project, loaded through tsx as the
 * electron-builder hook is) gets the Electron runtime and builds the database driver for it at the
 * first start, builds what is stale and runs Electron. docs/desktop.md, "Run from a clone".
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dependenciesProblem, nodeVersionProblem } from './start/preflight.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const engines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines?.node;
const problem = dependenciesProblem(root) ?? (engines ? nodeVersionProblem(process.version, engines) : undefined);
if (problem) {
  process.stderr.write(problem);
  process.exit(1);
}

const { tsImport } = await import('tsx/esm/api');
const { main } = await tsImport('./start/main.ts', import.meta.url);
const code = await main({ root, args: process.argv.slice(2), env: process.env });
// exit, not exitCode: after a failed download a keep-alive socket or a timer of the downloader
// must not hold the message's exit back.
process.exit(code);
