import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/*
 * The data folder holds webhook signing secrets, the key that signs document links and FTP
 * passwords (encrypted, with the key file beside them): only its owner may read it. Folders are
 * 0700 and files 0600, set where they are made, without touching the process umask (the desktop
 * app shares its process with Chromium and Electron, whose files are not ours to decide).
 * Windows has no such modes (its ACLs come from the user's profile folder): nothing is done there.
 */

const POSIX = process.platform !== 'win32';

/** Paths already warned about: one line each, not one per start of a store. */
const warned = new Set<string>();

/**
 * chmod, except where this process may not change the mode: a folder or file owned by another
 * user (a container's volume mounted with its own owner, a folder shared on purpose). The service
 * still works there, so that is a warning on stderr, not a failed start.
 */
function setMode(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'EACCES' && code !== 'EROFS') throw error;
    if (warned.has(path)) return;
    warned.add(path);
    console.warn(`[erp-workbench] cannot make ${path} private (mode ${mode.toString(8)}): ${code}; other users of this machine may read it`);
  }
}

/** Makes `path` (and missing parents) and sets it to 0700, also when it exists from an older version. */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if (POSIX) setMode(path, 0o700);
}

/** Sets an existing file to 0600 (a file an older version made readable to others). */
export function makePrivate(path: string): void {
  if (POSIX && existsSync(path)) setMode(path, 0o600);
}

/**
 * Creates `file` empty with mode 0600 when it does not exist, and sets it to 0600 when it does.
 * For a SQLite database before it is opened: SQLite gives the -wal and -shm files it creates
 * the mode of the database file, so they are private too.
 */
export function ensurePrivateFile(file: string): void {
  if (existsSync(file)) makePrivate(file);
  else closeSync(openSync(file, 'a', 0o600));
}
