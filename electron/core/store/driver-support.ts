/**
 * The SQLite driver, better-sqlite3 13, is an N-API module built for N-API version 10 (Node
 * 22.14+, 23.6+, 24+, and the Electron the desktop runs on). An older Node does not refuse to load
 * it: the process dies of a segmentation fault at the first statement. So every store is opened
 * after this check, and an old Node gets a sentence instead.
 */
export const DRIVER_NAPI_VERSION = 10;

/** Throws, naming the Node versions that work, when `versions` (process.versions) lacks N-API 10. */
export function assertDriverRuns(versions: { node: string; napi?: string } = process.versions): void {
  const napi = Number(versions.napi ?? 0);
  if (napi >= DRIVER_NAPI_VERSION) return;
  throw new Error(
    `ERP Workbench needs Node.js 22.14 or later (or 24 and later); this is Node.js ${versions.node}. ` +
      `Its SQLite driver (better-sqlite3 13) needs N-API version ${DRIVER_NAPI_VERSION}, which this Node lacks (${napi || 'none'}), ` +
      'and would crash it. Install Node.js 22 or 24 (with nvm: `nvm install 22`) and run the command again.',
  );
}
