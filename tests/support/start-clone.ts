// A clone for the tests of `npm start`: a copy of the sources it builds from, with the clone's
// node_modules linked in, so that its builds (dist/) and the database driver it builds for Electron
// (.electron-native/) stay out of the real clone.
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeStamp } from '../../scripts/build-staleness.mjs';

/** Makes the copy in `dir` of the clone at `root`; the web UI counts as built (its sources are not copied). */
export function makeClone(root: string, dir: string): string {
  for (const entry of ['scripts', 'electron', 'shared', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.lib.json']) {
    cpSync(join(root, entry), join(dir, entry), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // Its stamp is now: what npm start must build here is the main process alone, which esbuild does in seconds.
  mkdirSync(join(dir, 'dist/renderer'), { recursive: true });
  writeFileSync(join(dir, 'dist/renderer/index.html'), 'the renderer as it was');
  writeStamp(dir, 'renderer', Date.now());
  return dir;
}
