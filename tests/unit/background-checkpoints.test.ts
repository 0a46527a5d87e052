import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteFileWith } from './sqlite-files.ts';
import { BACKSTOP_AUTOCHECKPOINT_PAGES, RESTART_FRAMES } from '../../electron/core/store/background-checkpoints.ts';
import { writeBatchOf } from '../../electron/core/store/write-batch.ts';
import { openLiveDatabase, type LiveDatabase } from '../../electron/core/store/live-database.ts';

/*
 * WAL checkpoints in a worker thread (store/background-checkpoints.ts): the main connection's
 * commits no longer copy the WAL into the file, the worker does, and a swap or a close never
 * finds the worker's connection on a file that changes under its path.
 */

let dir: string;
let live: LiveDatabase;

const fileWith = (name: string, values: string[]) => sqliteFileWith(dir, name, values);

/**
 * Frames of the WAL not yet copied into the file (mxFrame - nBackfill of the wal-index header),
 * read by another process: closing a descriptor of the -shm file in this one would drop the
 * POSIX locks SQLite holds on it here.
 */
function pendingFrames(file: string): number {
  const script =
    "const fs=require('fs');const fd=fs.openSync(process.argv[1],'r');const b=Buffer.alloc(100);fs.readSync(fd,b,0,100,0);" +
    'process.stdout.write(String(b.readUInt32LE(16)-b.readUInt32LE(96)))';
  return Number(execFileSync(process.execPath, ['-e', script, `${file}-shm`], { encoding: 'utf8' }));
}

/** Rows big enough that `pages` pages of 4 KiB are committed, in commits of ten rows. */
function writePages(db: LiveDatabase, pages: number): void {
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  const ten = db.transaction(() => {
    for (let i = 0; i < 10; i++) insert.run('x'.repeat(3000));
  });
  for (let i = 0; i < pages / 10; i++) ten();
}

async function until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'erpwb-checkpoints-'));
  live = openLiveDatabase(fileWith('live.sqlite', ['old-1']), (file) => new BetterSqlite3(file));
});
afterEach(() => {
  if (live.open) live.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('background checkpoints', () => {
  it('leave the commits alone and copy the WAL in the worker, also what the last writes left once they stop', async () => {
    live.checkpointInBackground();
    expect(live.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_AUTOCHECKPOINT_PAGES);
    // More than SQLite's own threshold (1000 pages) at once: inline, the commit crossing it would
    // have checkpointed; now the frames wait for the worker.
    writePages(live, 1200);
    // Either the frames still wait, or the worker (a thread of its own, fast on an idle machine and
    // free to run while the writes go on) has copied them already: never an inline checkpoint,
    // which would leave at most 1000 frames and no background checkpoint.
    expect(pendingFrames(live.path) > 1000 || live.backgroundCheckpoints()! > 0).toBe(true);
    await until(() => pendingFrames(live.path) === 0, 'the worker copied every frame');
    expect(live.backgroundCheckpoints()).toBeGreaterThan(0);
    // A few frames, then nothing more: copied at the worker's next look.
    const before = live.backgroundCheckpoints()!;
    writePages(live, 20);
    await until(() => pendingFrames(live.path) === 0 && live.backgroundCheckpoints()! > before, 'the next checkpoint');
  });

  it('follow a swap: the worker lets go of the old file and checkpoints the new one, whose WAL stays whole', async () => {
    live.checkpointInBackground();
    writePages(live, 50);
    await until(() => pendingFrames(live.path) === 0, 'the first checkpoint');
    live.swap(fileWith('new.sqlite', ['new-1']));
    // The backstop is set again on the new connection.
    expect(live.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_AUTOCHECKPOINT_PAGES);
    writePages(live, 50);
    live.prepare("INSERT INTO t (v) VALUES ('after the swap')").run();
    const before = live.backgroundCheckpoints()!;
    await until(() => pendingFrames(live.path) === 0 && live.backgroundCheckpoints()! > before, 'a checkpoint of the new file');
    // Another connection reads what was committed after the swap from the file and its WAL.
    const reader = new BetterSqlite3(live.path, { readonly: true });
    try {
      expect(reader.prepare('SELECT v FROM t ORDER BY id LIMIT 1').pluck().get()).toBe('new-1');
      expect(reader.prepare("SELECT count(*) FROM t WHERE v = 'after the swap'").pluck().get()).toBe(1);
    } finally {
      reader.close();
    }
  });

  it('rewind the WAL while write batches follow each other without a pause, so it stays far below the backstop', async () => {
    // PASSIVE checkpoints alone never rewind a WAL that is written all the time: it would grow to
    // the backstop, whose checkpoint runs inside a commit on the event loop. The batches hold
    // back while the worker rewinds (SQLite's locks have no queue).
    live.checkpointInBackground();
    const batch = writeBatchOf(live);
    const insert = live.prepare('INSERT INTO t (v) VALUES (?)');
    const write = () => batch.run(() => {
      for (let i = 0; i < 3; i++) insert.run('x'.repeat(3000));
    });
    let largestWal = 0;
    // 1.5x the backstop's pages in all (~30 MB/s), ten writes waiting at any time (like ten
    // connections, whose next requests come a few milliseconds later).
    const rounds = Math.ceil((1.5 * BACKSTOP_AUTOCHECKPOINT_PAGES) / 30);
    for (let round = 0; round < rounds; round++) {
      await Promise.all(Array.from({ length: 10 }, write));
      largestWal = Math.max(largestWal, statSync(`${live.path}-wal`).size);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    expect(live.backgroundRewinds()).toBeGreaterThan(0);
    // The rewind threshold plus what a quarter of a second adds; without rewinds the WAL grows to
    // the backstop (32 MiB).
    expect(largestWal).toBeGreaterThan(RESTART_FRAMES * 4096);
    expect(largestWal).toBeLessThan(0.75 * BACKSTOP_AUTOCHECKPOINT_PAGES * 4096);
    expect(live.prepare('SELECT count(*) FROM t').pluck().get()).toBe(1 + rounds * 30);
    expect(live.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('rewind the WAL while write batches follow each other back to back', async () => {
    // SQLite's locks have no queue: the batches hold back while the worker asks for the lock
    // (write-batch.test.ts checks that side), else its busy handler, which looks again after 1,
    // 2, 5 ms, finds it free only by chance.
    live.checkpointInBackground();
    const batch = writeBatchOf(live);
    const insert = live.prepare('INSERT INTO t (v) VALUES (?)');
    const write = () => batch.run(() => insert.run('x'.repeat(1000)));
    const deadline = Date.now() + 10_000;
    while (live.backgroundRewinds()! < 2 && Date.now() < deadline) await Promise.all(Array.from({ length: 10 }, write));
    expect(live.backgroundRewinds()).toBeGreaterThanOrEqual(2);
  });

  it('stop before the close, so the main connection, the last one, checkpoints and removes the WAL', async () => {
    live.checkpointInBackground();
    writePages(live, 30);
    await until(() => pendingFrames(live.path) === 0, 'a checkpoint');
    const file = live.path;
    live.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reader = new BetterSqlite3(file, { readonly: true });
    try {
      expect(reader.prepare('SELECT count(*) FROM t').pluck().get()).toBe(31);
    } finally {
      reader.close();
    }
  });

  it('a swap that fails leaves the old file open and checkpointed by the worker', async () => {
    live.checkpointInBackground();
    // The worker stands aside, then the close fails (a statement is being iterated): nothing changed.
    const rows = live.prepare('SELECT v FROM t').iterate();
    rows.next();
    expect(() => live.swap(fileWith('new.sqlite', ['new-1']))).toThrow();
    rows.return?.();
    writePages(live, 20);
    await until(() => pendingFrames(live.path) === 0, 'a checkpoint after the failed swap');
    expect(live.prepare('SELECT v FROM t ORDER BY id LIMIT 1').pluck().get()).toBe('old-1');
  });

  it('share the file with another process opening and closing connections while this one writes (the worker keeps no descriptor of its own on the WAL or -shm)', async () => {
    // A descriptor of the -shm file opened and closed outside SQLite in this process would drop
    // SQLite's POSIX locks here: the other process would then find the file unused, truncate
    // it on open or delete it on close, and this one die of SIGBUS on its mapping.
    live.checkpointInBackground();
    const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    const other = spawn(
      process.execPath,
      [
        '-e',
        `const Database = require(${JSON.stringify(sqlite)}); const end = Date.now() + 2500; let reads = 0;
         while (Date.now() < end) { const db = new Database(process.argv[1]); reads += db.prepare('SELECT count(*) AS n FROM t').get().n > 0 ? 1 : 0; db.close(); }
         process.stdout.write(String(reads));`,
        live.path,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    other.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => other.once('exit', resolve));
    const insert = live.prepare('INSERT INTO t (v) VALUES (?)');
    const deadline = Date.now() + 2500;
    let written = 0;
    while (Date.now() < deadline) {
      live.transaction(() => {
        for (let i = 0; i < 20; i++) insert.run('x'.repeat(2000));
      })();
      written += 20;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await exited).toBe(0);
    expect(Number(output)).toBeGreaterThan(0);
    expect(live.backgroundCheckpoints()).toBeGreaterThan(0);
    expect(live.prepare('SELECT count(*) FROM t').pluck().get()).toBe(written + 1);
    expect(live.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
