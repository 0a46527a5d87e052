import type { Database } from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { APP_VERSION } from '../version.ts';

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

/**
 * The database holds migrations this build does not know: a newer version wrote it. Nothing was
 * written to it (refuseNewerDatabase runs before any pragma or migration that would).
 */
export class NewerDatabaseError extends MigrationError {
  override name = 'NewerDatabaseError';
  constructor(
    /** The newest schema version recorded in the file. */
    readonly schemaVersion: number,
    readonly schemaName: string,
    /** The newest schema version this build knows. */
    readonly knownVersion: number,
    /** The newest application version that opened the file, when it recorded one (recordAppVersion). */
    readonly writtenBy: string | undefined,
  ) {
    super(
      `this database was written by a newer version of ERP Workbench (schema version ${schemaVersion}, ` +
        `${schemaName}${writtenBy ? `; ERP Workbench ${writtenBy}` : ''}); this build (${APP_VERSION}) knows versions up to ` +
        `${knownVersion}. Upgrade the application or choose another data folder.`,
    );
  }
}

/*
 * PRAGMA user_version holds the newest application version that opened the file (major, minor and
 * patch in three digits each), so an older build that refuses the file can say which version it
 * needs. A number in the file's header: no table, no migration.
 */
export function encodeVersion(version: string): number {
  const [major = 0, minor = 0, patch = 0] = version.split(/[.+-]/, 3).map((part) => Number.parseInt(part, 10) || 0);
  return major * 1_000_000 + minor * 1_000 + patch;
}

export function decodeVersion(encoded: number): string | undefined {
  if (!Number.isInteger(encoded) || encoded <= 0) return undefined;
  return `${Math.floor(encoded / 1_000_000)}.${Math.floor(encoded / 1_000) % 1_000}.${encoded % 1_000}`;
}

/** Records this build's version in the file unless a newer one already did. */
export function recordAppVersion(db: Database, version = APP_VERSION): void {
  const stored = db.pragma('user_version', { simple: true }) as number;
  const ours = encodeVersion(version);
  if (ours > stored) db.pragma(`user_version = ${ours}`);
}

/**
 * Refuses (NewerDatabaseError) a database that records a migration this build does not know.
 * Reads only: called before the pragmas and migrations that would change the file.
 */
export function refuseNewerDatabase(db: Database, migrations: readonly Migration[]): void {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!table) return;
  const newest = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version DESC LIMIT 1').get() as AppliedRow | undefined;
  const known = migrations.length;
  if (!newest || newest.version <= known) return;
  throw new NewerDatabaseError(newest.version, newest.name, known, decodeVersion(db.pragma('user_version', { simple: true }) as number));
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
  refuseNewerDatabase(db, migrations);
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
