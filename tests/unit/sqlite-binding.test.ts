import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/store/database.ts';
import { driverOptions, SQLITE_BINDING_ENV, sqliteBindingFor } from '../../electron/core/store/sqlite-binding.ts';

// The better-sqlite3 binary chosen at run time: node_modules' (built for the Node that installed
// it) in Node, the Electron build `npm start` names in Electron. No Electron binary runs here:
// Electron's process.versions stand in for it, and the option is proved on a real open.

const require = createRequire(import.meta.url);
/** process.versions as Electron 45's main process has them. */
const ELECTRON = { node: '22.20.0', electron: '45.4.1', modules: '150' };
const BUILT_FOR_ELECTRON = '/home/me/erp-workbench/.electron-native/better_sqlite3.node';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'erpwb-binding-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the SQLite binding chosen at run time', () => {
  it("in Electron: the build named by npm start, else better-sqlite3's own (an installed app's, rebuilt at packaging)", () => {
    expect(sqliteBindingFor(ELECTRON, { [SQLITE_BINDING_ENV]: BUILT_FOR_ELECTRON })).toBe(BUILT_FOR_ELECTRON);
    expect(sqliteBindingFor(ELECTRON, {})).toBeUndefined();
    expect(sqliteBindingFor(ELECTRON, { [SQLITE_BINDING_ENV]: '' })).toBeUndefined();
  });

  it("in Node: node_modules' own, even when a shell exported the variable", () => {
    expect(sqliteBindingFor(process.versions, { [SQLITE_BINDING_ENV]: BUILT_FOR_ELECTRON })).toBeUndefined();
    expect(sqliteBindingFor({ node: '22.23.5' }, { [SQLITE_BINDING_ENV]: BUILT_FOR_ELECTRON })).toBeUndefined();
    expect(driverOptions(undefined)).toEqual({});
    expect(driverOptions(BUILT_FOR_ELECTRON)).toEqual({ nativeBinding: BUILT_FOR_ELECTRON });
  });

  it('the store opens through the binding it is given (and fails on one that is not a binary)', () => {
    const own = join(require.resolve('better-sqlite3/package.json'), '../build/Release/better_sqlite3.node');
    mkdirSync(join(dir, 'copy'));
    const copy = join(dir, 'copy', 'better_sqlite3.node');
    copyFileSync(own, copy);
    const db = openDatabase(join(dir, 'through-copy.sqlite'), copy);
    expect(db.prepare('SELECT count(*) AS n FROM sqlite_schema').get()).toMatchObject({ n: expect.any(Number) });
    db.close();

    const bogus = join(dir, 'bogus.node');
    writeFileSync(bogus, 'not a shared object');
    expect(() => openDatabase(join(dir, 'through-bogus.sqlite'), bogus)).toThrow();
  });
});
