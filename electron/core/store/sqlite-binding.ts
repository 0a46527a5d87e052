/**
 * Which better-sqlite3 binary this process loads. better-sqlite3 12 is built against Node's own
 * C++ API: a binary loads only where NODE_MODULE_VERSION is the one it was built for (Node 20:
 * 115, Node 22: 127, Electron 45: 150). node_modules holds the build for the Node that ran
 * `npm install` (the CLI, the tests and the container image use it); the desktop window run from
 * a clone (`npm start`) gets a build for its Electron of its own, made by scripts/start/ under
 * .electron-native/ and named in ERP_WORKBENCH_SQLITE_BINDING; an installed desktop app has one in
 * its resources folder, which its main process names the same way (electron/main/main.ts).
 * The choice, measured against an ABI-stable driver: docs/performance.md, "The SQLite driver".
 */

/** The environment variable through which `npm start` names the Electron build of the binding. */
export const SQLITE_BINDING_ENV = 'ERP_WORKBENCH_SQLITE_BINDING';

/** Where an installed desktop app has its Electron build, below its resources folder (scripts/dist.mjs puts it there). */
export const PACKAGED_SQLITE_BINDING = 'sqlite/better_sqlite3.node';

/**
 * The binding file to load for a process with these `versions` and `env`: the Electron build
 * named by the launcher in Electron, else undefined (better-sqlite3's own, from node_modules).
 * A Node process ignores the variable: a shell that exported it must not make the CLI load a
 * binary it cannot.
 */
export function sqliteBindingFor(versions: { node?: string; electron?: string }, env: Record<string, string | undefined>): string | undefined {
  if (!versions.electron) return undefined;
  const named = env[SQLITE_BINDING_ENV];
  return named ? named : undefined;
}

/** This process's binding (see sqliteBindingFor). */
export function sqliteBinding(): string | undefined {
  return sqliteBindingFor(process.versions, process.env);
}

/** better-sqlite3's constructor options for `binding`: nativeBinding only when there is one. */
export function driverOptions(binding: string | undefined): { nativeBinding?: string } {
  return binding === undefined ? {} : { nativeBinding: binding };
}
