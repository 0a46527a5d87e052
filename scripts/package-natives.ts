// What the afterPack hook (scripts/electron-fuses.ts) checks of a package's native modules: the
// SQLite driver built for the packaged Electron is there (scripts/dist.mjs adds it), and every
// native module in the package is one that Electron can load (scripts/native-abi.mjs). A package
// that would open a window and then fail at its first query is refused before it is signed.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGED_SQLITE_BINDING } from '../electron/core/store/sqlite-binding.ts';
import { checkNativeModule, electronAbi, type Runtime } from './native-abi.mjs';

/** Where the Electron build of better-sqlite3 sits in the resources folder (main.ts loads it from there). */
export const SQLITE_RESOURCE = join(...PACKAGED_SQLITE_BINDING.split('/'));

/** The `.node` files under `dir`, recursively (none when it does not exist). */
function nativeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return nativeFiles(path);
    return entry.name.endsWith('.node') ? [path] : [];
  });
}

/**
 * Checks the native modules of the resources folder `resources` for Electron `electronVersion`;
 * answers the files checked, throws naming each refusal (the driver missing among them).
 */
export function checkPackagedNatives(resources: string, electronVersion: string): string[] {
  const runtime: Runtime = { name: 'electron', version: electronVersion, abi: electronAbi(electronVersion) };
  const driver = join(resources, SQLITE_RESOURCE);
  const files = [driver, ...nativeFiles(join(resources, 'app.asar.unpacked')), ...nativeFiles(join(resources, 'app'))];
  const refusals = files.flatMap((file) => {
    const result = checkNativeModule(file, runtime);
    return result.ok ? [] : [result.reason];
  });
  if (!existsSync(driver)) refusals.unshift(`the SQLite driver built for Electron is missing (${SQLITE_RESOURCE}): package with \`npm run dist\`, which adds it`);
  if (refusals.length > 0) {
    throw new Error(`native modules: the package's Electron ${electronVersion} (ABI ${runtime.abi}) cannot load them:\n  ${[...new Set(refusals)].join('\n  ')}`);
  }
  return files;
}
