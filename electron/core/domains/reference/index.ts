import type { Database } from 'better-sqlite3';
import type { Pager } from '../../store/paging.ts';

// WIP: filled in by the read-side work of issue 3.
export function createReference(db: Database, pager: Pager) {
  void db;
  void pager;
  return {};
}
export type Reference = ReturnType<typeof createReference>;
