/**
 * npm run build [-- renderer server electron] [--if-stale] [--quiet]
 *
 * Builds the parts named (default: all) into dist/, each into a fresh folder swapped in at the
 * end (a start meanwhile sees the old build or the new one, never half of one), and stamps each
 * (dist/build-stamp.json, scripts/build-staleness.mjs) so `npm run serve` knows what is stale:
 *   renderer  the web UI (vite)                             -> dist/renderer/
 *   server    the headless server, electron/cli/serve.ts    -> dist/server/serve.js
 *             and the package's in-process API, electron/lib -> dist/server/workbench.js, dist/types/
 *   electron  the desktop main process and its preload      -> dist/electron/{main,preload}/
 *   cli       the commands of bin/erp-workbench.mjs but serve -> dist/cli/main.js
 * --if-stale builds only the parts older than their sources.
 */
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PARTS, staleParts, writeStamp } from './build-staleness.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

// What the bundles import at run time from node_modules, and what they carry in themselves.
// Bundled in: the pure JavaScript dependencies of the start path. Loading a package file by file
// (resolving, reading, lexing CommonJS for its exports) cost more than its code: typebox's ~700
// ES modules alone took ~0.7 s of a cold start here (bundled: ~0.05 s), fastify and the rest
// another ~25% of the start's CPU. Dev dependencies the code uses (electron-store) are bundled
// in too: electron-builder leaves devDependencies out of the package.
// Left as imports: native modules (better-sqlite3, sharp), packages that read files next to their
// own modules (pdfkit's font metrics, dejavu-fonts-ttf), and what the code loads only on first
// need (pdfkit, bwip-js, ftp-srv, fast-json-stringify's compiler). A packaged app ships every
// runtime dependency in node_modules anyway.
const BUNDLED = new Set([
  'typebox',
  '@faker-js/faker',
  'file-type',
  'fastify',
  '@fastify/multipart',
  'standardwebhooks',
  'basic-ftp',
  'csv-stringify',
  'ipaddr.js',
  'cli-progress',
  'conf',
  // ajv's plug-in for fastify's validator and conf: bundled with them, so that the ajv it extends
  // is the copy they carry (an imported one would be another copy of ajv's classes).
  'ajv-formats',
]);
const external = [
  'electron',
  ...Object.keys(pkg.dependencies ?? {})
    .filter((name) => !BUNDLED.has(name))
    .flatMap((name) => [name, `${name}/*`]),
];

/** The seed's worker thread; the core finds it as ./seed-worker.js next to its own bundle. */
const SEED_WORKER = join(ROOT, 'electron/core/store/seed-worker.ts');
/** The WAL checkpoints' worker thread (store/background-checkpoints.ts): ./checkpoint-worker.js next to the bundle. */
const CHECKPOINT_WORKER = join(ROOT, 'electron/core/store/checkpoint-worker.mjs');

const nodeBundle = (target) => ({
  bundle: true,
  platform: 'node',
  format: 'esm',
  target,
  external,
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS code calls require(); an ES module has none unless we make one.
  banner: { js: "import { createRequire as __erpCreateRequire } from 'node:module'; const require = __erpCreateRequire(import.meta.url);" },
});

/**
 * Bundles a Node entry holding the core into `outdir`, with what the core reads next to its own
 * module URL: the migrations (electron/core/store/migrate.ts) and the seed worker.
 */
export async function buildCoreBundle(entryName, entryFile, outdir, target, moreEntries = {}) {
  const entryPoints = { [entryName]: entryFile, ...moreEntries };
  if (existsSync(SEED_WORKER)) entryPoints['seed-worker'] = SEED_WORKER;
  if (existsSync(CHECKPOINT_WORKER)) entryPoints['checkpoint-worker'] = CHECKPOINT_WORKER;
  // Splitting: the entries share their common code as chunks, and a module the code imports
  // dynamically (to load it on first need) stays out of the start, with the packages it imports.
  // Chunks sit next to the entries: code in a chunk resolves ./migrations/ and ./seed-worker.js
  // from its own URL.
  await build({ ...nodeBundle(target), entryPoints, outdir, splitting: true, chunkNames: '[name]-[hash]' });
  const from = join(ROOT, 'electron/core/store/migrations');
  const to = join(outdir, 'migrations');
  mkdirSync(to, { recursive: true });
  for (const file of readdirSync(from).filter((name) => name.endsWith('.sql'))) copyFileSync(join(from, file), join(to, file));
}

/**
 * The package's type declarations (tsconfig.lib.json: electron/lib/api.ts and the contract it
 * names) into `outdir`. The sources import with .ts extensions (run as they are by Node and
 * tsx); a published declaration refers to its neighbours as .js, as any package's do.
 */
async function buildDeclarations(outdir) {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.lib.json', '--outDir', outdir], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`declarations (tsc -p tsconfig.lib.json) failed (${run.status ?? run.signal})`);
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
  for (const file of walk(outdir).filter((name) => name.endsWith('.d.ts'))) {
    const text = readFileSync(file, 'utf8');
    const fixed = text.replace(/(from\s+['"]|import\(['"])(\.{1,2}\/[^'"]+?)\.ts(['"])/g, '$1$2.js$3');
    if (fixed !== text) writeFileSync(file, fixed);
  }
}

/** Builds into a sibling folder, then puts it in place of `target`. */
async function replaceFolder(target, make) {
  const fresh = `${target}.new-${process.pid}`;
  const old = `${target}.old-${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  try {
    await make(fresh);
    if (existsSync(target)) renameSync(target, old);
    renameSync(fresh, target);
  } finally {
    rmSync(fresh, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
}

const builders = {
  async renderer({ quiet }) {
    await replaceFolder(join(ROOT, 'dist/renderer'), async (outDir) => {
      const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
      const args = [vite, 'build', '--config', 'renderer/vite.config.ts', '--outDir', outDir, '--emptyOutDir'];
      const run = spawnSync(process.execPath, [...args, ...(quiet ? ['--logLevel', 'warn'] : [])], { cwd: ROOT, stdio: 'inherit' });
      if (run.status !== 0) throw new Error(`vite build failed (${run.status ?? run.signal})`);
    });
  },
  async server() {
    // One bundle for the CLI's server and the package's entry: they share their chunks.
    await replaceFolder(join(ROOT, 'dist/server'), (outdir) =>
      buildCoreBundle('serve', join(ROOT, 'electron/cli/serve.ts'), outdir, 'node20', { workbench: join(ROOT, 'electron/lib/index.ts') }),
    );
    await replaceFolder(join(ROOT, 'dist/types'), (outdir) => buildDeclarations(outdir));
  },
  async cli() {
    // The commands but serve (the bin runs dist/server for it): the control API's client, typebox bundled in.
    await replaceFolder(join(ROOT, 'dist/cli'), (outdir) =>
      build({ ...nodeBundle('node20'), entryPoints: { main: join(ROOT, 'electron/cli/main.ts') }, outdir, splitting: true, chunkNames: '[name]-[hash]' }),
    );
  },
  async electron() {
    await replaceFolder(join(ROOT, 'dist/electron'), async (out) => {
      await buildCoreBundle('main', join(ROOT, 'electron/main/main.ts'), join(out, 'main'), 'node22'); // Electron 45's Node
      // Sandboxed preloads must be CommonJS and may require nothing but 'electron' (and a few
      // polyfilled modules): everything else, the operations map included, is bundled.
      await build({
        entryPoints: [join(ROOT, 'electron/preload/preload.ts')],
        outfile: join(out, 'preload/preload.cjs'),
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'chrome140', // Electron 45's Chromium
        external: ['electron'],
        sourcemap: true,
        logLevel: 'warning',
      });
    });
  },
};

/** Builds `parts` in order, stamping each with the time its build started. */
export async function buildParts(parts, { quiet = false } = {}) {
  for (const part of parts) {
    const startedAt = Date.now();
    const started = performance.now();
    await builders[part]({ quiet });
    writeStamp(ROOT, part, startedAt);
    if (!quiet) console.log(`built ${part} -> ${PARTS[part].output} (${Math.round(performance.now() - started)} ms)`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'if-stale': { type: 'boolean', default: false }, quiet: { type: 'boolean', default: false } },
  });
  const unknown = positionals.filter((name) => !(name in PARTS));
  if (unknown.length) {
    console.error(`error: unknown part ${unknown.join(', ')}; the parts are ${Object.keys(PARTS).join(', ')}`);
    process.exit(2);
  }
  const named = positionals.length ? positionals : Object.keys(PARTS);
  const parts = values['if-stale'] ? staleParts(ROOT, named) : named;
  if (values['if-stale'] && parts.length === 0 && !values.quiet) console.log(`up to date: ${named.join(', ')}`);
  await buildParts(parts, { quiet: values.quiet });
}
