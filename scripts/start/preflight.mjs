/**
 * What `npm start` checks before anything else, and the form of every message it stops with.
 * Plain JavaScript with only node: imports at the top: this runs before `npm install` may have
 * happened, and on a Node too old for the rest (scripts/start/main.ts is loaded through tsx
 * only after these checks pass).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** The packages npm start itself loads before it can say anything more precise than "run npm install". */
const NEEDED = ['tsx', 'semver', 'electron', 'better-sqlite3', 'node-abi', 'cli-progress', '@electron/rebuild'];

/**
 * The form of every message npm start stops with: what is missing or went wrong, how to fix it,
 * and where the same screens are meanwhile. `serve` says whether `npm run serve` works as things
 * stand ('works') or needs the same fix ('same-fix').
 */
export function formatFailure({ what, fix, serve }) {
  const browser =
    serve === 'works'
      ? '`npm run serve` gives the same screens in a browser, without Electron.'
      : '`npm run serve`, which gives the same screens in a browser, needs the same fix.';
  // One sentence however `what` ends (an error's own message may lack the full stop).
  return `npm start: ${/[.!?]$/.test(what) ? what : `${what}.`}\n${fix}\n${browser}\n`;
}

/** The message when the clone's dependencies are not installed (or only in part), else undefined. */
export function dependenciesProblem(root) {
  const missing = NEEDED.filter((name) => !existsSync(join(root, 'node_modules', name, 'package.json')));
  if (missing.length === 0) return undefined;
  return formatFailure({
    what: `the dependencies are not installed (node_modules has no ${missing.join(', ')}).`,
    fix: 'Run `npm install` in this folder (about a minute), then `npm start` again.',
    serve: 'same-fix',
  });
}

/** Whether `version` is in the semver `range` (semver is loaded on first need: see the top). */
export function satisfies(version, range) {
  return require('semver').satisfies(version, range);
}

/** The message when `version` (process.version) is outside `range` (package.json engines.node), else undefined. */
export function nodeVersionProblem(version, range) {
  // Loaded here, not at the top: dependenciesProblem has said whether node_modules exists.
  const semver = require('semver');
  if (satisfies(version, range)) return undefined;
  // The major versions the range starts at, for a command that installs one ("22", "24").
  // Only majors whose newest release is in the range: `nvm install 24` takes the newest 24, which
  // a range capped within 24 (<24.19) refuses.
  const majors = range
    .split('||')
    .map((alternative) => semver.minVersion(alternative.trim())?.major)
    .filter((major) => major !== undefined && semver.satisfies(`${major}.99999.0`, range));
  const install = majors.length > 0 ? ` (with nvm: ${majors.map((major) => `\`nvm install ${major}\``).join(' or ')})` : '';
  return formatFailure({
    what: `this is Node.js ${version}; ERP Workbench needs Node.js ${range} (package.json, engines).`,
    fix: `Install a Node.js in that range${install}, then run \`npm start\` again with it.`,
    serve: 'same-fix',
  });
}
