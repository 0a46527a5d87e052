import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore, DATABASE_FILE } from '../../electron/core/create-core.ts';

/**
 * The planner keeps sqlite_stat1's averages and never stat4's samples: with samples, every join
 * on `company_id = ?` was parsed and planned again at each run (store/planner-statistics.ts).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'erpwb-stats-'));
const file = join(dataDir, DATABASE_FILE);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Rows of both statistics tables, read by a connection of its own (0 for a table not there). */
function statistics(): { stat1: number; stat4: number } {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    const count = (table: string) =>
      db.prepare("SELECT 1 FROM sqlite_schema WHERE name = ?").get(table) === undefined
        ? 0
        : (db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number);
    return { stat1: count('sqlite_stat1'), stat4: count('sqlite_stat4') };
  } finally {
    db.close();
  }
}

/** What the builds before this change left in a file: a plain ANALYZE, samples included. */
function analyzeAsBefore(): void {
  const db = new BetterSqlite3(file);
  try {
    db.exec('ANALYZE');
  } finally {
    db.close();
  }
}

describe('planner statistics', () => {
  it('a seeded file has the averages per index and no samples', async () => {
    const core = createCore({ dataDir, seed: 'demo', scale: 1 });
    await core.close();
    const seeded = statistics();
    expect(seeded.stat1).toBeGreaterThan(100);
    expect(seeded.stat4).toBe(0);
  });

  it('drops the samples an earlier build stored, at the next open and at the close', async () => {
    analyzeAsBefore();
    expect(statistics().stat4).toBeGreaterThan(0);
    const core = createCore({ dataDir });
    expect(statistics()).toMatchObject({ stat4: 0 });
    analyzeAsBefore();
    expect(statistics().stat4).toBeGreaterThan(0);
    await core.close();
    const closed = statistics();
    expect(closed.stat4).toBe(0);
    expect(closed.stat1).toBeGreaterThan(100);
  });
});
