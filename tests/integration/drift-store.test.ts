import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DriftReport } from '../../shared/domain/fidelity.ts';
import { createDriftStore, type Answer, type ComparedCall } from '../../electron/core/domains/fidelity/index.ts';
import { openDatabase } from '../../electron/core/store/database.ts';
import { deleteAccountRows } from '../../electron/core/store/account-tables.ts';
import { wipeData } from '../../electron/core/store/reset.ts';

// The drift store (electron/core/domains/fidelity/drift-store.ts) on a real SQLite file migrated
// as the service migrates it: what record() keeps per route, the report read back (also by
// another connection), the bounds, clear, and the rows going with their account and a reset.

const dir = mkdtempSync(join(tmpdir(), 'drift-store-'));
const file = join(dir, 'store.sqlite');
const clock = { now: () => new Date('2024-05-01T10:00:00Z') };
/** SQL statements run on the connection, as better-sqlite3's verbose hook sees them (BEGIN and COMMIT included). */
const statements: string[] = [];
let db: Database;

const json = (value: unknown, status = 200): Answer => ({ status, contentType: 'application/json', body: Buffer.from(JSON.stringify(value)) });
const call = (pathBelowAccount: string, upstream: Answer, twin: Answer, method = 'GET'): ComparedCall => ({ method, pathBelowAccount, upstream, twin });
const salesPage = (rows: unknown[]) => ({ status: 'success', data: rows });

beforeAll(() => {
  openDatabase(file).close();
  db = new BetterSqlite3(file, { verbose: (sql) => void statements.push(String(sql)) });
  db.pragma('foreign_keys = ON');
  const account = db.prepare("INSERT INTO accounts (company_id, name, created_ts) VALUES (?, ?, '2024-01-01 00:00:00')");
  for (const id of [1, 2, 3]) account.run(id, `Account ${id}`);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('drift store', () => {
  it('merges each call into its route in one transaction, and reports by route', () => {
    const store = createDriftStore(db, clock);
    store.record(1, call('/sales/list/year:2024/page:1/', json(salesPage([{ id: 1, total: 10.5, client_name: 'Ionescu Maria' }])), json(salesPage([{ id: 3, total: '10.50' }]))));
    statements.length = 0;
    store.record(1, call('/sales/list/page:2/year:2024/', json(salesPage([{ id: 2, total: 7, client_name: 'Popa Dan' }])), json(salesPage([]))));
    expect(statements[0]).toBe('BEGIN');
    expect(statements.at(-1)).toBe('COMMIT');
    expect(statements.filter((sql) => /^(BEGIN|COMMIT)/.test(sql))).toHaveLength(2);
    expect(statements.some((sql) => sql.startsWith('INSERT INTO fidelity_routes'))).toBe(true);

    store.record(1, call('/invoices/list/year:2023/', json({ status: 'success', data: [] }), json({ status: 'error' }, 400)));
    store.record(1, call('/contacts/88/', json({ status: 'success', data: { id: 88 } }), json({ status: 'error' }, 404)));
    store.record(1, call('/product/list/format:csv/', { status: 200, contentType: 'text/csv', body: Buffer.from('a;b') }, { status: 200, contentType: 'text/csv', body: Buffer.from('a;b') }));
    store.record(1, call('/awb/add/', json({}), json({}), 'POST'));
    store.record(2, call('/sales/list/', json(salesPage([{ id: 1 }])), json(salesPage([{ id: 1 }]))));

    const report = store.report(1);
    expect(Value.Check(DriftReport, report), JSON.stringify([...Value.Errors(DriftReport, report)])).toBe(true);
    expect(report).toMatchObject({ company_id: 1, source: 'shadow', generated_at: '2024-05-01 13:00:00', calls: 6, compared: 3, differences: 3 });
    expect(report.skipped).toEqual([
      { reason: 'not a GET', calls: 1 },
      { reason: 'the answer is not JSON', calls: 1 },
      { reason: 'the record exists only upstream', calls: 1 },
    ]);
    expect(report.routes.map((route) => route.template)).toEqual([
      'GET /contacts/{id}/',
      'GET /invoices/list/year:{}/',
      'GET /product/list/format:csv/',
      'GET /sales/list/page:{}/year:{}/',
    ]);
    const sales = report.routes[3]!;
    expect(sales).toMatchObject({ calls: 2, compared: 2 });
    // The example of a kind is the same whatever order the calls came in (the smallest form).
    expect(sales.differences.map((d) => [d.kind, d.path, d.upstream, d.twin, d.calls, d.example_request, d.upstream_example, d.twin_example])).toEqual([
      ['only_upstream', 'data[].client_name', 'string (text)', '', 1, '/sales/list/year:2024/page:1/', 'Xxxx Xxx', null],
      ['type', 'data[].total', 'number', 'string (numeric 9.99)', 1, '/sales/list/year:2024/page:1/', '9', '99.99'],
    ]);
    expect(report.routes[1]!.differences).toEqual([
      { kind: 'status', path: '', upstream: '200', twin: '400', calls: 1, example_request: '/invoices/list/year:2023/', upstream_example: null, twin_example: null },
    ]);
    // Another connection (a restart) reads the same report.
    const again = new BetterSqlite3(file, { readonly: true });
    expect(createDriftStore(again, clock).report(1)).toEqual(report);
    again.close();
    expect(store.report(2)).toMatchObject({ calls: 1, compared: 1, differences: 0 });
    // The stored shapes hold forms, never the values sent.
    const stored = JSON.stringify(db.prepare('SELECT * FROM fidelity_routes').all());
    for (const value of ['Ionescu', 'Maria', 'Popa', '10.5']) expect(stored).not.toContain(value);
    expect(store.ownChanges()).toBeGreaterThan(0);
  });

  it('keeps at most 500 routes per account and skips answers over 20 MiB', () => {
    const store = createDriftStore(db, clock);
    const small = json({ ok: 1 });
    db.transaction(() => {
      for (let i = 0; i < 502; i += 1) store.record(3, call(`/area${i}/list/`, small, small));
    })();
    store.record(3, call('/area0/list/', small, small));
    store.record(3, call('/area1/list/', { ...small, body: Buffer.alloc(20 * 1024 * 1024 + 1, 32) }, small));
    const report = store.report(3);
    expect(report.routes).toHaveLength(500);
    expect(report.skipped).toEqual([
      { reason: 'too many routes', calls: 2 },
      { reason: 'the answer is over 20 MiB', calls: 1 },
    ]);
    expect(report.routes.find((route) => route.template === 'GET /area0/list/')).toMatchObject({ calls: 2, compared: 2 });
    expect(report.calls).toBe(504);
  });

  it('clear removes the account\'s routes and skips only', () => {
    const store = createDriftStore(db, clock);
    expect(store.clear(1)).toBe(4);
    expect(store.report(1)).toMatchObject({ calls: 0, compared: 0, skipped: [], differences: 0, routes: [] });
    expect(store.report(2).routes).toHaveLength(1);
    expect(store.clear(1)).toBe(0);
  });

  it('rows go with their account and with a reset', () => {
    const store = createDriftStore(db, clock);
    const removed = deleteAccountRows(db, 3);
    expect(removed).toMatchObject({ fidelity_routes: 500, fidelity_skips: 1 });
    expect(store.report(3).calls).toBe(0);
    wipeData(db);
    expect(db.prepare('SELECT count(*) AS n FROM fidelity_routes').get()).toEqual({ n: 0 });
  });
});
