import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFolderInUseError, holdDataFolder, IN_USE_INFO, IN_USE_LOCK, readHolder } from '../../electron/core/store/data-folder-lock.ts';
import { startService } from '../../electron/lib/start-service.ts';
import { holdInAnotherProcess, type HolderProcess } from './data-folder-holder-spawn.ts';

/*
 * One service per data folder (data-folder-lock.ts): a second one, in this process or another,
 * is refused naming the first; the lock goes with its process, however that ends.
 */

const dirs: string[] = [];
const holders: HolderProcess[] = [];
afterAll(async () => {
  for (const holder of holders) await holder.kill();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'erpwb-lock-'));
  dirs.push(dir);
  return join(dir, 'data');
}
function refusal(attempt: () => unknown): DataFolderInUseError {
  try {
    attempt();
  } catch (error) {
    if (error instanceof DataFolderInUseError) return error;
    throw error;
  }
  throw new Error('the folder was taken twice');
}

/** Another process trying to take the folder: 'taken' (then it holds it until the end), else its refusal. */
function tryFromAnotherProcess(dataDir: string): Promise<string> {
  return holdInAnotherProcess(dataDir, 'serve').then(
    (holder) => {
      holders.push(holder);
      return 'taken';
    },
    (error: Error) => error.message,
  );
}

describe('the data-folder lock', () => {
  it('refuses a second holder in this process naming the first; released, the folder is free again', () => {
    const dataDir = folder();
    const first = holdDataFolder(dataDir, { kind: 'serve', command: 'npm run serve' });
    first.listening('http://127.0.0.1:8080');
    const refused = refusal(() => holdDataFolder(dataDir, { kind: 'desktop' }));
    expect(refused.holder).toMatchObject({ kind: 'serve', pid: process.pid, command: 'npm run serve', url: 'http://127.0.0.1:8080' });
    expect(refused.message).toMatch(new RegExp(`^the data folder ${dataDir} is in use by \`npm run serve\`.*\\(pid ${process.pid}, since .* UTC, at http://127\\.0\\.0\\.1:8080\\)$`));
    if (process.platform !== 'win32') {
      for (const name of [IN_USE_LOCK, IN_USE_INFO]) expect(statSync(join(dataDir, name)).mode & 0o777, name).toBe(0o600);
    }
    first.release();
    first.release();
    // The note goes; the lock file stays (deleting it would let two holders lock two files).
    expect(existsSync(join(dataDir, IN_USE_INFO))).toBe(false);
    expect(existsSync(join(dataDir, IN_USE_LOCK))).toBe(true);
    holdDataFolder(dataDir, { kind: 'desktop' }).release();
  });

  it('refuses while another process holds the folder, naming it; after that process is killed (no release) the folder is free', async () => {
    const dataDir = folder();
    const other = await holdInAnotherProcess(dataDir, 'desktop', 'http://127.0.0.1:8123');
    holders.push(other);
    const refused = refusal(() => holdDataFolder(dataDir, { kind: 'serve' }));
    expect(refused.holder).toMatchObject({ kind: 'desktop', pid: other.pid, url: 'http://127.0.0.1:8123' });
    expect(refused.message).toContain(`in use by the ERP Workbench desktop app`);

    // A crash: nothing released by the holder, its note left behind.
    await other.kill();
    expect(readHolder(join(dataDir, IN_USE_INFO))?.pid).toBe(other.pid);
    const taken = holdDataFolder(dataDir, { kind: 'serve' });
    expect(readHolder(join(dataDir, IN_USE_INFO))).toMatchObject({ kind: 'serve', pid: process.pid });
    taken.release();
  });

  it('holds for the life of the process, also when the holder keeps no reference to its handle (garbage collection)', async () => {
    const dataDir = folder();
    (() => void holdDataFolder(dataDir, { kind: 'library' }))();
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    const probe = await tryFromAnotherProcess(dataDir);
    expect(probe).toMatch(/in use by a program running ERP Workbench in its own process/);
  });

  it("a refused attempt in the holder's own process leaves its lock in place (no descriptor of the lock file closed under it)", async () => {
    const dataDir = folder();
    const held = holdDataFolder(dataDir, { kind: 'library' });
    try {
      refusal(() => holdDataFolder(dataDir, { kind: 'library' }));
      // Another process still finds it held: it tries to take it and says so.
      const probe = await tryFromAnotherProcess(dataDir);
      expect(probe).toMatch(/in use by a program running ERP Workbench in its own process/);
    } finally {
      held.release();
    }
  });
});

describe('startService on a folder another service holds', { timeout: 60_000 }, () => {
  it('is refused before it seeds or listens; the first goes on; once the first stopped, it starts', async () => {
    const dataDir = folder();
    const options = { dataDir, host: '127.0.0.1', port: 0, seed: 'empty' as const, scale: 1, adminToken: 'lock-test-token' };
    const first = await startService({ ...options, holder: { kind: 'serve', command: 'erp-workbench serve' } });
    try {
      const note = JSON.parse(readFileSync(join(dataDir, IN_USE_INFO), 'utf8')) as { url: string };
      expect(note.url).toBe(first.url);
      await expect(startService(options)).rejects.toMatchObject({
        name: 'DataFolderInUseError',
        holder: { kind: 'serve', command: 'erp-workbench serve', url: first.url },
      });
      expect((await fetch(`${first.url}/_sandbox/health`)).status).toBe(200);
    } finally {
      await first.stop();
    }
    const second = await startService(options);
    await second.stop();
    expect(existsSync(join(dataDir, IN_USE_INFO))).toBe(false);
  });
});
