// Which parts of the build are older than their sources. Plain JavaScript with no dependencies:
// `npm run serve` (scripts/serve.mjs) asks this on every start, before anything is compiled.
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Each part of the build: the sources it is made of (folders walked, files), and a file it
 * produces (its absence makes the part stale whatever the stamp says). The renderer and the
 * server are judged apart, so a change in the core does not rebuild the UI.
 */
export const PARTS = {
  renderer: {
    inputs: ['renderer', 'shared', 'package.json', 'package-lock.json', 'scripts/build.mjs'],
    output: 'dist/renderer/index.html',
  },
  server: {
    inputs: ['electron', 'shared', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.lib.json', 'scripts/build.mjs'],
    output: 'dist/server/serve.js',
  },
  electron: {
    inputs: ['electron', 'shared', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build.mjs'],
    output: 'dist/electron/main/main.js',
  },
  // The CLI's commands (bin/erp-workbench.mjs runs them from here when fresh): the control API's client alone.
  cli: {
    inputs: ['electron/cli', 'electron/lib', 'electron/core/version.ts', 'shared', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build.mjs'],
    output: 'dist/cli/main.js',
  },
};

export const STAMP_FILE = 'dist/build-stamp.json';

/**
 * The newest modification time (ms) among `inputs` under `root`, folders included: removing a
 * file changes its folder's time, so a deletion counts as a change too. Missing inputs are skipped.
 * `seen` keeps each input's answer for the next part asking.
 */
export function newestMtime(root, inputs, seen = new Map()) {
  const visit = (path) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return 0;
    let newest = stats.mtimeMs;
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') newest = Math.max(newest, visit(join(path, entry)));
    }
    return newest;
  };
  let newest = 0;
  for (const input of inputs) {
    // The parts share inputs (shared/, package.json): each is walked once per decision.
    if (!seen.has(input)) seen.set(input, visit(join(root, input)));
    newest = Math.max(newest, seen.get(input));
  }
  return newest;
}

/** The stamps of the last builds: part name -> when its build started (ms since the epoch). */
export function readStamps(root) {
  try {
    const stamps = JSON.parse(readFileSync(join(root, STAMP_FILE), 'utf8'));
    return stamps && typeof stamps === 'object' ? stamps : {};
  } catch {
    return {};
  }
}

/**
 * Records that `part` was built from the sources as they were at `startedAt` (taken before the
 * build read them: a file saved during the build is newer, and is built again next time).
 */
export function writeStamp(root, part, startedAt) {
  const file = join(root, STAMP_FILE);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...readStamps(root), [part]: startedAt }, null, 2)}\n`);
}

/**
 * The decision alone: a part is stale without a stamp, without its output, or when a source is
 * newer than its stamp.
 */
export function isStale({ stamp, newestSource, outputExists }) {
  return typeof stamp !== 'number' || !outputExists || newestSource > stamp;
}

/** The parts among `names` that must be built again under `root`, in the order given. */
export function staleParts(root, names) {
  const stamps = readStamps(root);
  const seen = new Map();
  return names.filter((name) => {
    const part = PARTS[name];
    if (!part) throw new Error(`unknown build part '${name}' (one of ${Object.keys(PARTS).join(', ')})`);
    const outputExists = statSync(join(root, part.output), { throwIfNoEntry: false }) !== undefined;
    return isStale({ stamp: stamps[name], newestSource: newestMtime(root, part.inputs, seen), outputExists });
  });
}
