import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFolderInUseError, type DataFolderHolder } from '../../electron/core/store/data-folder-lock.ts';
import { NewerDatabaseError } from '../../electron/core/store/migrate.ts';
import { openDatabase } from '../../electron/core/store/database.ts';
import { readNativeEntry } from '../../scripts/native-abi.mjs';
import { describeStartupFailure, type StartupContext } from '../../electron/main/startup-messages.ts';
import { messageBoxFor, showStartupFailure, showStartupNotice, type NativeDialogs } from '../../electron/main/startup-dialogs.ts';

/*
 * What a person reads when the desktop app does not start, for the errors the file system and
 * SQLite really raise (a full device, a full database, a file that is not a database), and for
 * each kind of holder of the data folder.
 */

const dir = mkdtempSync(join(tmpdir(), 'erpwb-messages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const context: StartupContext = { step: 'database', userDataDir: dir, dataDir: join(dir, 'data'), settingsFile: join(dir, 'config.json') };

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('describeStartupFailure', () => {
  it.skipIf(!existsSync('/dev/full'))('a full disk (ENOSPC, as /dev/full answers a write)', () => {
    const failure = describeStartupFailure(thrown(() => writeFileSync('/dev/full', 'x')), context);
    expect(failure).toMatchObject({ title: 'The disk is full', path: context.dataDir });
    expect(failure.message).toBe(`The data folder ${context.dataDir} cannot be written: the disk it is on is full (or your quota is used up). Nothing already saved was lost.`);
    expect(failure.action).toBe('Free some space on that disk, then start ERP Workbench again.');
    const settings = describeStartupFailure(thrown(() => writeFileSync('/dev/full', 'x')), { ...context, step: 'settings' });
    expect(settings.message).toMatch(/^The settings folder .* cannot be written: the disk it is on is full/);
  });

  it('a database driver the loader refuses (not a binary of this system)', () => {
    const bogus = join(dir, 'not-a-binary.node');
    writeFileSync(bogus, 'this is text, not a shared object: the loader refuses it as Electron refuses a Node build\n'.repeat(4));
    const failure = describeStartupFailure(thrown(() => openDatabase(join(dir, 'driver.sqlite'), bogus)), context);
    expect(failure.title).toBe('The database driver does not fit this ERP Workbench');
    expect(failure.message).toMatch(/^The SQLite driver was built for another runtime than this window's Electron/);
    expect(failure.action).toMatch(/^From a clone, start the window with `npm start`: it builds the driver for Electron once/);
  });

  // A build of better-sqlite3 for another Node (CI caches one per Node version: .ci/node-versions.sh).
  const cache = join(import.meta.dirname, '../../.ci/cache/better-sqlite3');
  const otherAbi = existsSync(cache)
    ? readdirSync(cache)
        .filter((name) => name.endsWith('.node'))
        .map((name) => join(cache, name))
        .find((file) => { const entry = readNativeEntry(file); return entry.kind === 'node-abi' && entry.abi !== Number(process.versions.modules); })
    : undefined;
  it.skipIf(!otherAbi)('a database driver built for another Node (NODE_MODULE_VERSION)', () => {
    const error = thrown(() => openDatabase(join(dir, 'other-abi.sqlite'), otherAbi));
    expect(String(error)).toMatch(/NODE_MODULE_VERSION/);
    expect(describeStartupFailure(error, context).title).toBe('The database driver does not fit this ERP Workbench');
  });

  it('a full database (SQLITE_FULL, as SQLite says it on a full disk)', () => {
    const db = new BetterSqlite3(join(dir, 'full.sqlite'));
    db.exec('CREATE TABLE t (x BLOB)');
    db.pragma('max_page_count = 3');
    const error = thrown(() => db.prepare('INSERT INTO t VALUES (randomblob(100000))').run());
    db.close();
    expect(error).toMatchObject({ code: 'SQLITE_FULL' });
    expect(describeStartupFailure(error, context).title).toBe('The disk is full');
  });

  it('a file that is not a database (SQLITE_NOTADB)', () => {
    const file = join(dir, 'not-a-database.sqlite');
    writeFileSync(file, 'x'.repeat(4096));
    const error = thrown(() => new BetterSqlite3(file).pragma('journal_mode'));
    const failure = describeStartupFailure(error, context);
    expect(failure.title).toBe('The database file is damaged');
    expect(failure.message).toMatch(/cannot be read as an ERP Workbench database \(file is not a database\)\. ERP Workbench did not change it\.$/);
  });

  it('a newer database that did not record its version', () => {
    const failure = describeStartupFailure(new NewerDatabaseError(40, '040_x.sql', 29, undefined), context);
    expect(failure.message).toContain('was last used by a newer ERP Workbench (database schema 40)');
    expect(failure.action).toMatch(/^Install the newer ERP Workbench again and start it on this data\./);
  });

  const holder = (fields: Partial<DataFolderHolder>): DataFolderHolder => ({
    kind: 'serve',
    pid: 4242,
    version: '0.1.0',
    since: '2026-11-27T09:12:00.000Z',
    host: hostname(),
    container: false,
    ...fields,
  });
  it.each([
    [holder({ kind: 'desktop' }), 'in use by the ERP Workbench desktop app (pid 4242, since 2026-11-27 09:12 UTC)', 'Quit the other ERP Workbench window (File → Quit), then start ERP Workbench again.'],
    [holder({ kind: 'library' }), 'in use by a program running ERP Workbench in its own process (startWorkbench) (pid 4242', 'Stop that program (a test run using the erp-workbench package), or end process 4242; then start ERP Workbench again.'],
    [holder({ command: 'npx erp-workbench serve', host: 'f00dcafe', container: true, url: 'http://0.0.0.0:8080' }), 'in use by `npx erp-workbench serve` in a container (host f00dcafe) (pid 4242', 'Stop that container (`docker stop` or `podman stop`), then start ERP Workbench again.'],
    [holder({ host: 'build-server' }), 'in use by `erp-workbench serve` on another machine (build-server) (pid 4242', 'Stop ERP Workbench on build-server (process 4242), then start ERP Workbench again.'],
    [undefined, 'in use by another ERP Workbench process (it has not said which).', 'Quit the other ERP Workbench (a window, or `npm run serve` / `erp-workbench serve` in a terminal or a container), then start ERP Workbench again.'],
  ])('the folder in use by %o', (who, message, action) => {
    const failure = describeStartupFailure(new DataFolderInUseError(context.dataDir, who), context);
    expect(failure.title).toBe('ERP Workbench is already running on this data');
    expect(failure.message).toContain(`The data folder ${context.dataDir} is ${message}`);
    expect(failure.action).toBe(action);
  });

  it('anything else: where the start stopped and the message, no stack', () => {
    const failure = describeStartupFailure(new Error('something unforeseen'), { ...context, step: 'listener' });
    expect(failure).toEqual({
      title: 'ERP Workbench cannot start',
      message: 'The start stopped at the listener: something unforeseen',
      action: 'Start ERP Workbench again. If this comes back, start it from a terminal to see its log, and report the message.',
    });
  });
});

describe('the native dialogs (Electron injected)', () => {
  function recorder(response: number) {
    const calls: Array<{ options: Parameters<NativeDialogs<string>['showMessageBox']>[0]; parent: string | undefined }> = [];
    const shown: string[] = [];
    const dialogs: NativeDialogs<string> = {
      showMessageBox: async (options, parent) => {
        calls.push({ options, parent });
        return { response };
      },
      showItemInFolder: (path) => void shown.push(path),
    };
    return { dialogs, calls, shown };
  }
  const failure = { title: 'T', message: 'What happened.', action: 'What to do.', path: '/data' };

  it('a failure: an error box with the title as headline, what happened and what to do; "show in folder" when there is a place', async () => {
    const { dialogs, calls, shown } = recorder(1);
    await showStartupFailure(dialogs, failure);
    expect(calls).toEqual([{ options: messageBoxFor(failure, 'error', 'Quit'), parent: undefined }]);
    expect(calls[0]!.options).toMatchObject({ type: 'error', message: 'T', detail: 'What happened.\n\nWhat to do.', buttons: ['Quit', expect.stringMatching(/^Show in /)], cancelId: 0 });
    expect(shown).toEqual(['/data']);
  });

  it('a notice: a warning over the window; closing it does nothing else', async () => {
    const { dialogs, calls, shown } = recorder(0);
    await showStartupNotice(dialogs, { title: 'N', message: 'm', action: 'a' }, 'the window');
    expect(calls).toEqual([{ options: expect.objectContaining({ type: 'warning', buttons: ['OK'] }), parent: 'the window' }]);
    expect(shown).toEqual([]);
  });
});
