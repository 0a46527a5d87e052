// The caches a long-running service fills as clients page and read stay within their limits.
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Pager, type PageRequest } from '../../electron/core/store/paging.ts';
import { Where } from '../../electron/core/store/where.ts';
import { AnswerCache, type CachedAnswer } from '../../electron/server/public/answer-cache.ts';

function itemsDb(rows: number) {
  const db = new BetterSqlite3(':memory:');
  db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, kind INTEGER NOT NULL)');
  const insert = db.prepare('INSERT INTO items (id, kind) VALUES (?, ?)');
  db.transaction(() => {
    for (let id = 1; id <= rows; id++) insert.run(id, id % 7);
  })();
  return db;
}

const request = (page: number, kind?: number, minId?: number): PageRequest => ({
  from: 'items',
  columns: 'id, kind',
  where: new Where().add('kind = ?', kind).add('id >= ?', minId),
  idColumn: 'id',
  idKey: 'id',
  page,
  pageSize: 10,
});

const ids = (pager: Pager, r: PageRequest) => pager.page<{ id: number; kind: number }>(r).rows.map((row) => row.id);

describe('Pager limits', () => {
  it('remembers at most the page starts and queries its limits allow, and pages stay right beyond them', () => {
    const db = itemsDb(2000);
    const pager = new Pager(db, { queries: 5, pageStarts: 20, boundaries: 30, statements: 4 });
    // Walks of 12 queries (different filters), 8 pages each.
    for (let minId = 1; minId <= 12; minId++) {
      for (let page = 1; page <= 8; page++) {
        const expected = Array.from({ length: 10 }, (_, i) => minId + (page - 1) * 10 + i);
        expect(ids(pager, request(page, undefined, minId))).toEqual(expected);
      }
    }
    const held = pager.remembered();
    expect(held.pageStarts).toBeLessThanOrEqual(20);
    expect(held.queries).toBeLessThanOrEqual(10);
    expect(held.statements).toBeLessThanOrEqual(4);
    db.close();
  });

  it('a cold page deeper than the boundary limit still starts where counting rows says', () => {
    const db = itemsDb(2000);
    const pager = new Pager(db, { queries: 5, pageStarts: 20, boundaries: 30, statements: 4 });
    expect(ids(pager, request(90))).toEqual(Array.from({ length: 10 }, (_, i) => 891 + i));
    expect(pager.remembered().boundaries).toBeLessThanOrEqual(30);
    expect(ids(pager, request(120))).toEqual(Array.from({ length: 10 }, (_, i) => 1191 + i));
    // Other filters' cold pages push the older boundaries out.
    for (let kind = 0; kind < 7; kind++) {
      const all = db.prepare('SELECT id FROM items WHERE kind = ? ORDER BY id').pluck().all(kind) as number[];
      expect(ids(pager, request(20, kind))).toEqual(all.slice(190, 200));
    }
    expect(pager.remembered().boundaries).toBeLessThanOrEqual(30);
    expect(pager.remembered().queries).toBeLessThanOrEqual(10);
    db.close();
  });
});

/** Every table unchanged: the version alone decides. */
const fresh = { unchangedSince: () => true };

const answer = (version: string, bytes: number, logHead = ''): CachedAnswer => ({
  version,
  tables: ['sales'],
  since: 0,
  body: Buffer.alloc(bytes, 'x'),
  status: 200,
  contentType: 'application/json; charset=utf-8',
  logHead,
  route: '/sales/list/',
  companyId: 1,
  user: { id: 1, username: 'u', connectorId: null },
});

describe('AnswerCache memory', () => {
  it('drops every answer of an older version when one of a newer version is stored', () => {
    const cache = new AnswerCache(() => 1 << 20);
    for (const key of ['a', 'b', 'c']) cache.set(key, answer('v1', 1000));
    expect(cache.stats().entries).toBe(3);
    cache.set('d', answer('v2', 1000));
    expect(cache.stats().entries).toBe(1);
    expect(cache.get('d', 'v2', fresh)).toBeDefined();
    expect(cache.get('a', 'v1', fresh)).toBeUndefined();
  });

  it('keeps the log head as text of its own, equal to what it was given', () => {
    const serialized = `{"data":[${'{"name":"Produs ș"},'.repeat(5000)}{}]}`;
    const cache = new AnswerCache(() => 1 << 20);
    cache.set('k', answer('v', 100, serialized.slice(0, 2048)));
    expect(cache.get('k', 'v', fresh)?.logHead).toBe(serialized.slice(0, 2048));
  });
});
