import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Database, Statement } from 'better-sqlite3';
import { afterAll, beforeAll } from 'vitest';
import { createCore, DATABASE_FILE } from '../../electron/core/create-core.ts';
import type { DomainDeps } from '../../electron/core/domain-deps.ts';
import { createDocumentLinks } from '../../electron/core/domains/documents/index.ts';
import { createExchangeRates } from '../../electron/core/domains/exchange-rates/index.ts';
import { FileStore } from '../../electron/core/store/files.ts';
import { systemClock } from '../../electron/core/time.ts';
import { createOutbox } from '../../electron/core/webhooks/outbox.ts';

/** A statement the domains executed, with its parameters (to EXPLAIN it). */
export interface Executed {
  sql: string;
  params: unknown[];
}

export interface PlansDb {
  /** The demo database, read-only, without planner statistics. */
  raw(): Database;
  /** The same database as the domains see it, recording every statement they execute. */
  recording(executed: Executed[]): Database;
}

/** The write dependencies of a domain on `db`, unused by the list queries the plan tests read. */
export const depsFor = (db: Database): DomainDeps => ({
  clock: systemClock,
  outbox: createOutbox(db, systemClock),
  files: new FileStore(tmpdir()),
  links: createDocumentLinks(db, systemClock),
  rates: createExchangeRates(db),
  publicUrl: () => 'http://127.0.0.1:8080',
});

/**
 * A demo database for query-plan tests, read without planner statistics: the planner's choice
 * for an account that grew since its last ANALYZE, whatever the demo's size. Made before the
 * file's tests, removed after them.
 */
export function usePlansDb(prefix: string): PlansDb {
  let dir: string | undefined;
  let raw: Database | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    createCore({ dataDir: dir, seed: 'demo', scale: 1 }).close();
    const writable = new BetterSqlite3(join(dir, DATABASE_FILE));
    for (const table of ['sqlite_stat1', 'sqlite_stat4']) writable.exec(`DROP TABLE IF EXISTS ${table}`);
    writable.close();
    raw = new BetterSqlite3(join(dir, DATABASE_FILE), { readonly: true });
  });
  afterAll(() => {
    raw?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const database = (): Database => {
    if (!raw) throw new Error('the plans database is made in beforeAll');
    return raw;
  };

  function recording(executed: Executed[]): Database {
    const wrap = (sql: string, statement: Statement<unknown[]>): Statement<unknown[]> =>
      new Proxy(statement, {
        get(target, property) {
          const value = Reflect.get(target, property) as unknown;
          if (typeof value !== 'function') return value;
          if (property === 'all' || property === 'get' || property === 'iterate') {
            return (...params: unknown[]) => {
              executed.push({ sql, params });
              return (value as (...a: unknown[]) => unknown).apply(target, params);
            };
          }
          if (property === 'pluck' || property === 'raw' || property === 'expand') {
            return (...args: unknown[]) => {
              (value as (...a: unknown[]) => unknown).apply(target, args);
              return wrap(sql, target);
            };
          }
          return (value as (...a: unknown[]) => unknown).bind(target);
        },
      });
    return new Proxy(database(), {
      get(target, property) {
        if (property === 'prepare') return (sql: string) => wrap(sql, target.prepare(sql));
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }
  return { raw: database, recording };
}
