import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStale, staleParts, writeStamp, type PartName } from '../../scripts/build-staleness.mjs';

// Times are set explicitly (seconds since the epoch): the decision compares them, nothing waits.
const BUILT = 2_000_000_000;
const BEFORE = BUILT - 100;
const AFTER = BUILT + 100;

let root: string;

/** A file (and its folders) with the given modification time, folders included. */
function put(path: string, time = BEFORE): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, 'x');
  utimesSync(file, time, time);
}

/** Sets every folder of the sources back to `time` (creating files moved their folders' times). */
function ageFolders(time = BEFORE): void {
  for (const folder of ['electron', 'electron/core', 'shared', 'renderer', 'renderer/src', 'dist', 'dist/renderer', 'dist/server']) {
    utimesSync(join(root, folder), time, time);
  }
}

function checkout(): void {
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build.mjs']) put(file);
  put('electron/core/create-core.ts');
  put('shared/contract.ts');
  put('renderer/src/main.tsx');
  put('renderer/vite.config.ts');
  put('dist/renderer/index.html', BUILT);
  put('dist/server/serve.js', BUILT);
  ageFolders();
}

const both: PartName[] = ['renderer', 'server'];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'erpwb-staleness-'));
  checkout();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('which parts of the build are stale', () => {
  it('builds everything the first time: no stamp', () => {
    expect(staleParts(root, both)).toEqual(['renderer', 'server']);
  });

  it('builds nothing when every source is older than its stamp', () => {
    writeStamp(root, 'renderer', BUILT * 1000);
    writeStamp(root, 'server', BUILT * 1000);
    expect(staleParts(root, both)).toEqual([]);
  });

  it('a change in the core rebuilds the server only, not the UI', () => {
    writeStamp(root, 'renderer', BUILT * 1000);
    writeStamp(root, 'server', BUILT * 1000);
    put('electron/core/create-core.ts', AFTER);
    ageFolders();
    expect(staleParts(root, both)).toEqual(['server']);
  });

  it('a change in the renderer (or its vite config) rebuilds the UI only', () => {
    writeStamp(root, 'renderer', BUILT * 1000);
    writeStamp(root, 'server', BUILT * 1000);
    put('renderer/vite.config.ts', AFTER);
    ageFolders();
    expect(staleParts(root, both)).toEqual(['renderer']);
  });

  it('a change in shared/ or in the dependencies rebuilds both', () => {
    writeStamp(root, 'renderer', BUILT * 1000);
    writeStamp(root, 'server', BUILT * 1000);
    put('shared/contract.ts', AFTER);
    ageFolders();
    expect(staleParts(root, both)).toEqual(['renderer', 'server']);
    put('shared/contract.ts', BEFORE);
    put('package-lock.json', AFTER);
    ageFolders();
    expect(staleParts(root, both)).toEqual(['renderer', 'server']);
  });

  it('a removed source counts as a change (its folder changed)', () => {
    writeStamp(root, 'renderer', BUILT * 1000);
    writeStamp(root, 'server', BUILT * 1000);
    rmSync(join(root, 'electron/core/create-core.ts'));
    utimesSync(join(root, 'electron/core'), AFTER, AFTER);
    expect(staleParts(root, both)).toEqual(['server']);
  });

  it('a missing output is stale whatever the stamp says', () => {
    writeStamp(root, 'renderer', BUILT * 1000);
    writeStamp(root, 'server', BUILT * 1000);
    rmSync(join(root, 'dist/server'), { recursive: true });
    expect(staleParts(root, both)).toEqual(['server']);
  });

  it('the decision alone', () => {
    expect(isStale({ stamp: undefined, newestSource: 1, outputExists: true })).toBe(true);
    expect(isStale({ stamp: 10, newestSource: 5, outputExists: false })).toBe(true);
    expect(isStale({ stamp: 10, newestSource: 11, outputExists: true })).toBe(true);
    expect(isStale({ stamp: 10, newestSource: 10, outputExists: true })).toBe(false);
  });
});
