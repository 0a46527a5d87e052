/**
 * npm run dist [-- electron-builder options]: the desktop installers for this OS (docs/desktop.md,
 * "Build the installers"). The steps are TypeScript (scripts/installers/main.ts, typechecked with
 * the project), loaded through tsx as npm start's are.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dependenciesProblem } from './start/preflight.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const problem = dependenciesProblem(root);
if (problem) {
  process.stderr.write(problem.replaceAll('npm start', 'npm run dist'));
  process.exit(1);
}
const { tsImport } = await import('tsx/esm/api');
const { main } = await tsImport('./installers/main.ts', import.meta.url);
process.exit(await main({ root, args: process.argv.slice(2), env: process.env }));
