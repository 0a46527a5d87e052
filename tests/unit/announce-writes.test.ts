import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWriteAnnouncer, type WriteAnnouncer } from '../../electron/core/announce-writes.ts';
import { CoreEventBus } from '../../electron/core/events.ts';
import { openLiveDatabase, type LiveDatabase } from '../../electron/core/store/live-database.ts';
import type { CoreEvents } from '../../shared/contract/events.ts';

/*
 * The one way a write is announced (operations and REST write routes): data.changed names the
 * tables its statements wrote, what it declares besides, and the tables of its records; a write
 * that changed nothing, and one its caller refuses to announce, announce nothing.
 */

let dir: string;
let live: LiveDatabase;
let announced: WriteAnnouncer;
let seen: Array<CoreEvents['data.changed']>;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'erpwb-announce-'));
  const file = join(dir, 'store.sqlite');
  const setup = new BetterSqlite3(file);
  setup.exec(`
    CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT);
    CREATE TABLE counts (n INTEGER);
    CREATE TRIGGER items_count AFTER INSERT ON items BEGIN UPDATE counts SET n = n + 1; END;
    INSERT INTO counts (n) VALUES (0);
  `);
  setup.close();
  live = openLiveDatabase(file, (path) => new BetterSqlite3(path));
  const events = new CoreEventBus();
  seen = [];
  events.on('data.changed', (event) => seen.push(event));
  announced = createWriteAnnouncer(live, events);
});
afterEach(() => {
  live.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (name: string) => Number(live.prepare('INSERT INTO items (name) VALUES (?)').run(name).lastInsertRowid);

describe('createWriteAnnouncer', () => {
  it('announces the tables written (its trigger\'s too, not SQLite\'s own sqlite_sequence), sorted, with the records', async () => {
    const id = await announced(async () => insert('a'), (result) => ({ companyId: 7, records: { items: [result] } }));
    expect(seen).toEqual([{ company_id: 7, tables: ['counts', 'items'], records: { items: [id] } }]);
  });

  it('announces nothing for a write that changed nothing, or that its caller does not announce (a refusal)', async () => {
    await announced(() => live.prepare('UPDATE items SET name = ? WHERE id = ?').run('x', 404), () => ({ companyId: 1 }));
    await announced(() => insert('refused'), () => undefined);
    expect(seen).toEqual([]);
  });

  it('names what cannot be measured whatever was written, and every table when one is "*"', async () => {
    await announced(() => 'a file', () => ({ companyId: null, unmeasured: ['snapshots'] }));
    await announced(() => insert('b'), () => ({ companyId: 1, unmeasured: ['*'] }));
    expect(seen).toEqual([
      { company_id: null, tables: ['snapshots'] },
      { company_id: 1, tables: ['*'] },
    ]);
  });

  it('collects across awaits, and a write that throws announces nothing', async () => {
    await announced(async () => {
      insert('c');
      await new Promise((resolve) => setTimeout(resolve, 5));
      live.prepare('UPDATE counts SET n = 0').run();
    }, () => ({ companyId: 1 }));
    await expect(announced(() => (insert('d'), Promise.reject(new Error('refused'))), () => ({ companyId: 1 }))).rejects.toThrow('refused');
    expect(seen).toEqual([{ company_id: 1, tables: ['counts', 'items'] }]);
  });
});
