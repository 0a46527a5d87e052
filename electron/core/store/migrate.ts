import type { Database } from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE_PATTERN = /^(\d{3})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** The numbered SQL files shipped with this build, in order. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => FILE_PATTERN.test(file))
    .sort()
    .map((file) => {
      // Line endings are normalised so a Windows checkout (CRLF) keeps the recorded checksums.
      const sql = readFileSync(join(dir, file), 'utf8').replace(/\r\n/g, '\n');
      return {
        version: Number(file.slice(0, 3)),
        name: file,
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    });
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new MigrationError(`migration ${migration.name} is out of sequence: expected number ${index + 1}`);
    }
  });
  return migrations;
}

interface AppliedRow {
  version: number;
  name: string;
  checksum: string;
}

/**
 * Applies every migration not yet recorded, each in its own transaction, and records it with
 * its checksum. Refuses a database whose recorded migrations were changed since they were
 * applied, or which was written by a newer build (a version this build does not know).
 */
export function applyMigrations(db: Database, migrations = loadMigrations()): { applied: string[] } {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    checksum   TEXT NOT NULL,
    applied_ts TEXT NOT NULL
  )`);
  const recorded = db.prepare('SELECT version, name, checksum FROM schema_migrations ORDER BY version').all() as AppliedRow[];
  const known = new Map(migrations.map((m) => [m.version, m]));
  for (const row of recorded) {
    const migration = known.get(row.version);
    if (!migration) {
      throw new MigrationError(
        `this database was written by a newer version of ERP Workbench (schema version ${row.version}, ` +
          `${row.name}); this build knows versions up to ${migrations.length}. Upgrade the application ` +
          'or choose another data folder.',
      );
    }
    if (migration.checksum !== row.checksum) {
      throw new MigrationError(
        `migration ${row.name} was changed after it was applied to this database (checksum mismatch); ` +
          'applied migrations must never be edited: add a new numbered migration instead.',
      );
    }
  }
  const appliedVersions = new Set(recorded.map((r) => r.version));
  const record = db.prepare('INSERT INTO schema_migrations (version, name, checksum, applied_ts) VALUES (?, ?, ?, ?)');
  const applied: string[] = [];
  for (const migration of migrations) {
    if (appliedVersions.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, migration.checksum, new Date().toISOString());
    })();
    applied.push(migration.name);
  }
  return { applied };
}
