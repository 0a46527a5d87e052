import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A file laid out like a `.node` built against Node's C++ API for `abi`: an ELF magic and the
 * registration symbol among other bytes, which is all scripts/native-abi.mjs reads. It stands in
 * for a build of better-sqlite3 for Electron, which cannot be made without Electron's headers.
 */
export function abiBinary(path: string, abi: number): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, abiBinaryBytes(abi));
  return path;
}

/** The bytes of such a file (ELF magic, the registration symbol, filler). */
export function abiBinaryBytes(abi: number): Buffer {
  return Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]), Buffer.from(`\0_init\0node_register_module_v${abi}\0`), Buffer.alloc(64)]);
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The installed Electron's version and the module ABI its npm package states. */
export const ELECTRON = {
  version: (JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version,
  abi: Number(readFileSync(join(ROOT, 'node_modules/electron/abi_version'), 'utf8').trim()),
};
