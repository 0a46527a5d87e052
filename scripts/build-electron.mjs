// Bundles the Electron main process and the preload into dist/electron/ (see package.json
// "main"). Run from anywhere: paths are resolved from this file.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'electron');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

// Runtime dependencies stay imports: a packaged app ships them in node_modules (better-sqlite3 is
// native and cannot be bundled). Dev dependencies the main process uses (electron-store) are
// bundled in, because electron-builder leaves devDependencies out of the package.
const external = ['electron', ...Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`])];

rmSync(out, { recursive: true, force: true });

await build({
  entryPoints: [join(root, 'electron/main/main.ts')],
  outfile: join(out, 'main/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22', // Electron 45's Node
  external,
  sourcemap: true,
  // Bundled CommonJS code calls require(); an ES module has none unless we make one.
  banner: { js: "import { createRequire as __erpCreateRequire } from 'node:module'; const require = __erpCreateRequire(import.meta.url);" },
  logLevel: 'info',
});

// Sandboxed preloads must be CommonJS and may require nothing but 'electron' (and a few
// polyfilled modules): everything else, the operations map included, is bundled.
await build({
  entryPoints: [join(root, 'electron/preload/preload.ts')],
  outfile: join(out, 'preload/preload.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'chrome140', // Electron 45's Chromium
  external: ['electron'],
  sourcemap: true,
  logLevel: 'info',
});

// electron/core/store/migrate.ts reads ./migrations/ next to its module URL: in the bundle,
// that is dist/electron/main/migrations/.
const migrationsFrom = join(root, 'electron/core/store/migrations');
const migrationsTo = join(out, 'main/migrations');
mkdirSync(migrationsTo, { recursive: true });
const sqlFiles = readdirSync(migrationsFrom).filter((file) => file.endsWith('.sql'));
for (const file of sqlFiles) copyFileSync(join(migrationsFrom, file), join(migrationsTo, file));
console.log(`copied ${sqlFiles.length} migrations to ${migrationsTo}`);
