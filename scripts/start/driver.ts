// Whether the database driver loads in the Electron `npm start` runs, decided from the files
// (scripts/native-abi.mjs) before anything is downloaded or built: the binding better-sqlite3
// would load must be N-API or built for Electron's module ABI. better-sqlite3 13 ships N-API
// binaries for the common platforms in its package, so this passes as installed; it stops a
// start when node_modules holds an older better-sqlite3, a copy compiled for Node's ABI, or none.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { checkNativeModule, electronRuntime, localSqliteBinding, readNativeEntry, type Runtime } from '../native-abi.mjs';
import { StartFailure } from './failure.ts';
import { satisfies } from './preflight.mjs';

function packageVersion(dir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** Throws a StartFailure saying how to fix it when better-sqlite3 would not load in the Electron of `root`. */
export function checkDriver(root: string): void {
  const binding = localSqliteBinding(root);
  let runtime: Runtime;
  try {
    runtime = electronRuntime(root);
  } catch (error) {
    // node-abi knows no ABI for this Electron (an Electron newer than node-abi): an N-API binding
    // needs none, so only a binding built for one ABI stops the start.
    if (existsSync(binding) && readNativeEntry(binding).kind === 'napi') return;
    throw new StartFailure({
      what: `which module ABI Electron loads is unknown here (${error instanceof Error ? error.message : String(error)}).`,
      fix: 'Run `npm install` (node-abi, which knows the ABI of each Electron release, may be older than electron), then `npm start` again.',
      serve: 'works',
    });
  }
  const check = checkNativeModule(binding, runtime);
  if (check.ok) return;
  throw driverFailure(root, binding, runtime, check.reason);
}

/** The message for a binding Electron would refuse: the reason native-abi gives, and the fix for this case. */
export function driverFailure(root: string, binding: string, runtime: Runtime, reason: string): StartFailure {
  const packageDir = join(root, 'node_modules/better-sqlite3');
  const where = (file: string) => relative(root, file);
  const wanted = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies?.['better-sqlite3'];
  const installed = packageVersion(packageDir);
  const electron = `Electron ${runtime.version}`;
  const what = `the database driver would not load in ${electron}: ${reason.split(root + sep).join('')}.`;
  if (wanted && installed && !satisfies(installed, wanted)) {
    return new StartFailure({
      what,
      fix: `node_modules has better-sqlite3 ${installed}, package.json asks for ${wanted}: run \`npm install\`, then \`npm start\` again.`,
      serve: 'works',
    });
  }
  if (binding.startsWith(join(packageDir, 'build') + sep)) {
    return new StartFailure({
      what,
      fix: `${where(binding)} is a copy compiled from source, which better-sqlite3 loads before its prebuilt binary: delete ${where(join(packageDir, 'build'))} (or run \`npm ci\`), then \`npm start\` again.`,
      serve: 'works',
    });
  }
  if (!existsSync(binding)) {
    return new StartFailure({
      what,
      fix: `better-sqlite3 has no prebuilt binary for ${process.platform}-${process.arch}: \`npm rebuild better-sqlite3\` compiles one (N-API: it loads in Node and Electron alike; it needs Python and a C++ compiler), then \`npm start\` again.`,
      serve: 'same-fix',
    });
  }
  return new StartFailure({ what, fix: 'Run `npm ci` to reinstall the dependencies, then `npm start` again.', serve: 'works' });
}
