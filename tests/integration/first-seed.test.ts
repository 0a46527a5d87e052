import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, DATABASE_FILE } from '../../electron/core/create-core.ts';
import { FIRST_SEED_LOCK, seedNewDataFolder } from '../../electron/core/store/first-seed.ts';
import { removeStaleSeedFiles } from '../../electron/core/store/seed-job.ts';
import { storeState } from '../../electron/core/store/reset.ts';
import { openGate } from './gated-seed-worker.ts';

/*
 * A first start seeds a new data folder in the seed worker (as a reset does) before the core is
 * made: the store appears complete or not at all.
 */

const GATED_WORKER = new URL('./gated-seed-worker.ts', import.meta.url);
const NOW = new Date('2026-11-27T10:00:00Z');

let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'erpwb-first-seed-'));
  dataDir = join(root, 'data');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const storeFile = () => join(dataDir, DATABASE_FILE);
const folder = () => readdirSync(dataDir).sort();

function stateOf(file: string): string {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return storeState(db);
  } finally {
    db.close();
  }
}

describe('seedNewDataFolder', { timeout: 120_000 }, () => {
  it('seeds a new folder in a worker: the store alone, complete, and the core opens it without seeding again', async () => {
    const progress: string[] = [];
    const seeded = await seedNewDataFolder({ dataDir, kind: 'demo', scale: 1, now: NOW, onProgress: (_done, _total, phase) => progress.push(phase) });
    expect(seeded).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
    // No WAL, no seed file: the worker closed its file before it was put in place.
    expect(folder()).toEqual([DATABASE_FILE]);
    expect(stateOf(storeFile())).toBe('seeded');

    const core = createCore({ dataDir, seed: 'demo', scale: 1 });
    try {
      expect(core.seeded).toBe(false);
      expect((await core.invoke('accounts.list', {})).map((a) => a.company_id)).toEqual([1]);
      const sales = await core.invoke('lists.sales', { company_id: 1, limit: 1 });
      expect(sales.rows.length).toBe(1);
    } finally {
      await core.close();
    }
  });

  it('leaves an existing store alone', async () => {
    await seedNewDataFolder({ dataDir, kind: 'empty', scale: 1, now: NOW });
    const before = readFileSync(storeFile());
    expect(await seedNewDataFolder({ dataDir, kind: 'demo', scale: 1, now: NOW })).toBe(false);
    expect(readFileSync(storeFile()).equals(before)).toBe(true);
  });

  it('a failed seed leaves the folder without a store, and the next start seeds it', async () => {
    const gate = openGate();
    try {
      const seeding = seedNewDataFolder({ dataDir, kind: 'demo', scale: 1, now: NOW, entry: GATED_WORKER });
      const file = await gate.waiting;
      expect(file.startsWith(`${storeFile()}.seeding-`)).toBe(true);
      gate.send('fail');
      await expect(seeding).rejects.toThrow('simulated seed failure');
    } finally {
      gate.close();
    }
    expect(folder()).toEqual([]);
    expect(await seedNewDataFolder({ dataDir, kind: 'empty', scale: 1, now: NOW })).toBe(true);
    expect(folder()).toEqual([DATABASE_FILE]);
  });

  it('keeps a store that appeared while it seeded, and removes its own', async () => {
    const gate = openGate();
    try {
      const seeding = seedNewDataFolder({ dataDir, kind: 'demo', scale: 1, now: NOW, entry: GATED_WORKER });
      await gate.waiting;
      // As a process that takes no lock (an older version) would.
      writeFileSync(storeFile(), "another process's store");
      gate.send('seed');
      expect(await seeding).toBe(false);
    } finally {
      gate.close();
    }
    expect(folder()).toEqual([DATABASE_FILE]);
    expect(readFileSync(storeFile(), 'utf8')).toBe("another process's store");
  });

  it('two first seeds of one folder take turns: the second waits for the store of the first and leaves it', async () => {
    const gate = openGate();
    try {
      const first = seedNewDataFolder({ dataDir, kind: 'empty', scale: 1, now: NOW, entry: GATED_WORKER });
      await gate.waiting;
      expect(folder()).toContain(FIRST_SEED_LOCK);
      const waitedFor: number[] = [];
      const progress: string[] = [];
      const second = seedNewDataFolder({
        dataDir,
        kind: 'demo',
        scale: 1,
        now: NOW,
        onWait: (pid) => waitedFor.push(pid),
        onProgress: (_d, _t, phase) => progress.push(phase),
      });
      await expect.poll(() => waitedFor).toEqual([process.pid]);
      gate.send('seed');
      expect(await first).toBe(true);
      expect(await second).toBe(false);
      expect(progress).toEqual([]);
    } finally {
      gate.close();
    }
    expect(folder()).toEqual([DATABASE_FILE]);
    expect(stateOf(storeFile())).toBe('seeded');
  });

  it("waits while another live process holds the lock, and takes over a dead process's lock", async () => {
    mkdirSync(dataDir);
    const lock = join(dataDir, FIRST_SEED_LOCK);
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      writeFileSync(lock, String(other.pid));
      const waitedFor: number[] = [];
      const seeding = seedNewDataFolder({ dataDir, kind: 'empty', scale: 1, now: NOW, onWait: (pid) => waitedFor.push(pid) });
      await expect.poll(() => waitedFor).toEqual([other.pid]);
      expect(folder()).toEqual([FIRST_SEED_LOCK]);
      // It dies without removing its lock.
      other.kill('SIGKILL');
      expect(await seeding).toBe(true);
    } finally {
      other.kill('SIGKILL');
    }
    expect(folder()).toEqual([DATABASE_FILE]);
  });

  it('removes what an interrupted first seed left, and a WAL without its database', async () => {
    // As a process stopped during the seed leaves them (a worker's failure removes its own).
    mkdirSync(dataDir);
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(`${storeFile()}.seeding-${gone}-0123456789ab`, 'partial');
    writeFileSync(`${storeFile()}.seeding-0123456789ab`, 'an earlier version: no pid');
    writeFileSync(`${storeFile()}-wal`, 'a WAL of a store deleted by hand');
    writeFileSync(join(dataDir, FIRST_SEED_LOCK), '');
    utimesSync(join(dataDir, FIRST_SEED_LOCK), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    expect(await seedNewDataFolder({ dataDir, kind: 'empty', scale: 1, now: NOW })).toBe(true);
    expect(folder()).toEqual([DATABASE_FILE]);
    expect(stateOf(storeFile())).toBe('seeded');
  });
});

describe('removeStaleSeedFiles (every start)', () => {
  it("keeps the seed files of a process still running (another server's reset), removes the others'", async () => {
    mkdirSync(dataDir);
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      const gone = spawnSync(process.execPath, ['-e', '0']).pid;
      const running = `${DATABASE_FILE}.seeding-${other.pid}-aaaaaaaaaaaa`;
      for (const name of [running, `${DATABASE_FILE}.seeding-${gone}-bbbbbbbbbbbb`, `${DATABASE_FILE}.seeding-cccccccccccc`]) {
        writeFileSync(join(dataDir, name), 'seed');
      }
      removeStaleSeedFiles(storeFile());
      expect(folder()).toEqual([running]);
      // Once that process is gone, its file goes at the next start.
      const exited = new Promise((resolve) => other.once('exit', resolve));
      other.kill('SIGKILL');
      await exited;
      removeStaleSeedFiles(storeFile());
      expect(folder()).toEqual([]);
    } finally {
      other.kill('SIGKILL');
    }
  });
});
