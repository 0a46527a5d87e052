import { execFile, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import Conf from 'conf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, DATABASE_FILE } from '../../electron/core/create-core.ts';
import { holdDataFolder, IN_USE_INFO, IN_USE_LOCK, readHolder } from '../../electron/core/store/data-folder-lock.ts';
import { encodeVersion } from '../../electron/core/store/migrate.ts';
import { startDesktop, type DesktopStart } from '../../electron/main/startup.ts';
import type { StartupMessage } from '../../electron/main/startup-messages.ts';
import { DEFAULT_USER_SETTINGS, type UserSettingsValues } from '../../shared/domain/user-settings.ts';
import { holdInAnotherProcess, type HolderProcess } from './data-folder-holder-spawn.ts';

/*
 * The desktop app's start (electron/main/startup.ts) as main.ts runs it, with conf in the place
 * of electron-store (the same file, the same engine): real settings files, a real SQLite store, a
 * real second process, a real listener on the port. Each bad input is said in words a person can
 * act on, nothing of the data is changed, and a failed start leaves nothing open.
 */

const ROOT = join(import.meta.dirname, '../..');
const dirs: string[] = [];
const holders: HolderProcess[] = [];
let seeded: string;
beforeAll(async () => {
  // One small store, copied for each test: no test waits for a seed.
  seeded = temporary();
  await createCore({ dataDir: seeded, seed: 'empty' }).close();
});
afterAll(async () => {
  for (const holder of holders) await holder.kill();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function temporary(): string {
  const dir = mkdtempSync(join(tmpdir(), 'erpwb-desktop-'));
  dirs.push(dir);
  return dir;
}

/** A user-data folder with config.json (listening on a free port unless told) and, when asked, the seeded store. */
function userData(options: { settings?: Partial<UserSettingsValues> | string; store?: boolean } = {}) {
  const userDataDir = temporary();
  const dataDir = join(userDataDir, 'data');
  const settings = options.settings ?? {};
  writeFileSync(join(userDataDir, 'config.json'), typeof settings === 'string' ? settings : JSON.stringify({ ...DEFAULT_USER_SETTINGS, listenPort: 0, ...settings }), { mode: 0o600 });
  if (options.store !== false) cpSync(seeded, dataDir, { recursive: true });
  return { userDataDir, dataDir, database: join(dataDir, DATABASE_FILE) };
}

function start(userDataDir: string): Promise<DesktopStart> {
  return startDesktop({
    userDataDir,
    dataDir: join(userDataDir, 'data'),
    openSettingsStore: (options) => new Conf<UserSettingsValues>({ ...options, configName: 'config', projectName: 'erp-workbench' }),
    server: { adminToken: 'desktop-test-token' },
    log: () => undefined,
  });
}

function failed(result: DesktopStart): { failure: StartupMessage; notices: StartupMessage[] } {
  if (result.ok) throw new Error('the start did not fail');
  return result;
}

/**
 * Nothing of a start is left open on `dataDir`: its lock is free, and this process has no file in
 * it open (Linux: /proc/self/fd; elsewhere, no connection keeps a WAL beside the store).
 */
function nothingOpen(dataDir: string): void {
  holdDataFolder(dataDir, { kind: 'library' }).release();
  if (existsSync('/proc/self/fd')) {
    const open = readdirSync('/proc/self/fd').flatMap((fd) => {
      try {
        return [readlinkSync(`/proc/self/fd/${fd}`)];
      } catch {
        return [];
      }
    });
    expect(open.filter((path) => path.startsWith(dataDir))).toEqual([]);
  } else if (existsSync(dataDir)) {
    expect(readdirSync(dataDir).filter((name) => name.endsWith('-wal') || name.endsWith('-shm'))).toEqual([]);
  }
}

async function listening(url: string): Promise<boolean> {
  return fetch(`${url}/_sandbox/health`).then(
    () => true,
    () => false,
  );
}

describe('the desktop start', { timeout: 60_000 }, () => {
  it('opens the settings, the data folder, the core and the listener; close() stops the listener, closes the core, releases the folder', async () => {
    const { userDataDir, dataDir } = userData();
    const result = await start(userDataDir);
    if (!result.ok) throw new Error(result.failure.message);
    const { services } = result;
    expect(services.notices).toEqual([]);
    expect(await listening(services.url)).toBe(true);
    expect(readHolder(join(dataDir, IN_USE_INFO))).toMatchObject({ kind: 'desktop', pid: process.pid, url: services.url });
    await services.close();
    expect(await listening(services.url)).toBe(false);
    nothingOpen(dataDir);
  });

  it('a data folder written by a newer version: says which, changes nothing, leaves nothing open', async () => {
    const { userDataDir, dataDir, database } = userData();
    const db = new BetterSqlite3(database);
    db.prepare("INSERT INTO schema_migrations VALUES (99, '099_future.sql', 'x', '2030-01-01')").run();
    db.pragma(`user_version = ${encodeVersion('0.4.2')}`);
    db.close();
    const before = readFileSync(database);
    const { failure } = failed(await start(userDataDir));
    expect(failure.title).toBe('This data was saved by a newer ERP Workbench');
    expect(failure.message).toContain(`The data folder ${dataDir} was last used by ERP Workbench 0.4.2 (database schema 99).`);
    expect(failure.message).toContain('Nothing in the folder was changed.');
    expect(failure.action).toMatch(/^Install ERP Workbench 0\.4\.2 or newer and start it on this data\. To use this version instead, move or rename the folder /);
    expect(failure.path).toBe(dataDir);
    expect(readFileSync(database).equals(before)).toBe(true);
    expect(readdirSync(dataDir).sort()).toEqual([IN_USE_LOCK, DATABASE_FILE].sort());
    nothingOpen(dataDir);
  });

  it('the data folder in use by another process: names it and where it serves the data; the settings moved aside are still told', async () => {
    const { userDataDir, dataDir, database } = userData({ settings: '{"listenPort": 80' });
    const other = await holdInAnotherProcess(dataDir, 'serve', 'http://127.0.0.1:8765');
    holders.push(other);
    const before = readFileSync(database);
    const { failure, notices } = failed(await start(userDataDir));
    expect(failure.title).toBe('ERP Workbench is already running on this data');
    expect(failure.message).toMatch(new RegExp(`in use by \`npm run serve\`.*\\(pid ${other.pid}, since .* UTC, at http://127\\.0\\.0\\.1:8765\\)\\.`));
    expect(failure.action).toBe(
      `Stop it: Ctrl-C in the terminal it runs in, or end process ${other.pid}; then start ERP Workbench again. ` +
        'Meanwhile the same data is served at http://127.0.0.1:8765/ (the web UI needs the token its start-up lines print).',
    );
    expect(readFileSync(database).equals(before)).toBe(true);
    // The settings step came first: its notice is not lost with the failure.
    expect(notices.map((n) => n.title)).toEqual(['Your settings could not be read']);
    const aside = readdirSync(userDataDir).find((name) => name.startsWith('config.corrupt-'));
    expect(readFileSync(join(userDataDir, aside!), 'utf8')).toBe('{"listenPort": 80');
    expect(notices[0]!.message).toContain(`It was moved, unchanged, to ${join(userDataDir, aside!)}`);

    await other.kill();
    const again = await start(userDataDir);
    expect(again.ok).toBe(true);
    if (again.ok) await again.services.close();
  });

  it('the configured port in use: listens on a free one, says which and where the window shows it', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const { userDataDir, dataDir } = userData({ settings: { listenPort: port } });
      const result = await start(userDataDir);
      if (!result.ok) throw new Error(result.failure.message);
      const { services } = result;
      try {
        expect(new URL(services.url).port).not.toBe(String(port));
        expect(await listening(services.url)).toBe(true);
        expect(services.notices).toHaveLength(1);
        const [notice] = services.notices;
        expect(notice!.title).toBe(`ERP Workbench listens on ${services.url} instead of 127.0.0.1:${port}`);
        expect(notice!.message).toMatch(new RegExp(`^Port ${port} is in use by another program .*, so for this session the REST API, the control API and the web UI are at ${services.url}\\.`));
        expect(notice!.action).toContain("shown in the window's sidebar, under Listener");
        expect(notice!.action).toContain(`change "listenPort" in ${join(userDataDir, 'config.json')}`);
        // A second start on this folder would name the address actually in use.
        expect(readHolder(join(dataDir, IN_USE_INFO))?.url).toBe(services.url);
      } finally {
        await services.close();
      }
      nothingOpen(dataDir);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('a listener address this machine does not have (a laptop on another network): listens on loopback and says so', async () => {
    // 192.0.2.1 (TEST-NET-1) is no address of this machine: bind answers EADDRNOTAVAIL, nothing is sent.
    const { userDataDir } = userData({ settings: { listenHost: '192.0.2.1' } });
    const result = await start(userDataDir);
    if (!result.ok) throw new Error(result.failure.message);
    try {
      expect(result.services.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(result.services.notices.map((n) => n.message)).toEqual([
        `192.0.2.1 is not an address of this machine (any more), so for this session the REST API, the control API and the web UI are at ${result.services.url}. ` +
          'Programs set up to call 192.0.2.1:0 do not reach ERP Workbench until it listens there again.',
      ]);
    } finally {
      await result.services.close();
    }
  });

  it('a failure past the core (the listener step) closes the core and releases the folder', async () => {
    const { userDataDir, dataDir } = userData({ settings: { listenHttps: true } });
    // Where the TLS folder should be, a file: making the certificate fails after the core opened.
    writeFileSync(join(dataDir, 'tls'), 'not a folder');
    const { failure } = failed(await start(userDataDir));
    expect(failure.title).toBe('ERP Workbench cannot start');
    expect(failure.message).toMatch(/^The start stopped at the listener: .*tls/);
    nothingOpen(dataDir);
  });

  it('the database locked by a program that takes no folder lock (a SQLite tool): says so once SQLite gives up waiting', async () => {
    const { userDataDir, dataDir, database } = userData();
    // sqlite3 in another process holding the file in exclusive mode, as a database tool can.
    const script = `const D = require(${JSON.stringify(join(ROOT, 'node_modules/better-sqlite3'))}); const db = new D(process.argv[1]); db.pragma('locking_mode = EXCLUSIVE'); db.exec('BEGIN EXCLUSIVE'); console.log('locked'); setInterval(() => {}, 1000);`;
    const tool = spawn(process.execPath, ['-e', script, database], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => tool.once('exit', resolve));
    try {
      await new Promise<void>((resolve) => tool.stdout.once('data', () => resolve()));
      const { failure } = failed(await start(userDataDir));
      expect(failure.title).toBe('The database is locked by another program');
      expect(failure.message).toContain(`Another program holds ${database} locked`);
      nothingOpen(dataDir);
    } finally {
      tool.kill('SIGKILL');
      await exited;
    }
  });
});

describe.skipIf(process.platform === 'win32')('the desktop start on a folder it cannot write', { timeout: 60_000 }, () => {
  it('says which folder and why, and creates nothing', async () => {
    // Settings that need no write (every key present), and no data folder yet: it must be made
    // in a folder this user cannot write. As root (this machine, containers), the start runs as
    // nobody in a folder root owns, as after a `sudo` run; as any other user (CI), the folder is 0555.
    const { userDataDir } = userData({ store: false });
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      chmodSync(join(userDataDir, 'config.json'), 0o644);
      chmodSync(userDataDir, 0o755);
    } else {
      chmodSync(userDataDir, 0o555);
    }
    const settingsBefore = readFileSync(join(userDataDir, 'config.json'));
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/integration/desktop-startup-child.ts'), userDataDir], {
        cwd: ROOT,
        ...(asRoot && { uid: 65534, gid: 65534, env: { ...process.env, HOME: tmpdir() } }),
      });
      const outcome = JSON.parse(stdout.trim().split('\n').pop()!) as { ok: boolean; failure: StartupMessage };
      expect(outcome.ok).toBe(false);
      expect(outcome.failure.title).toBe('ERP Workbench cannot write its data folder');
      expect(outcome.failure.message).toContain(
        asRoot
          ? `cannot be written: ${userDataDir} belongs to another user (uid 0; made by a run as administrator, with sudo?).`
          : `cannot be written: ${userDataDir} is read-only for you.`,
      );
      expect(outcome.failure.action).toContain(`sudo chown -R "$(whoami)" "${join(userDataDir, 'data')}"`);
      expect(readdirSync(userDataDir)).toEqual(['config.json']);
      expect(readFileSync(join(userDataDir, 'config.json')).equals(settingsBefore)).toBe(true);
    } finally {
      chmodSync(userDataDir, 0o700);
    }
  });
});
