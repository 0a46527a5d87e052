import type { Database } from 'better-sqlite3';
import type { Pager } from '../../store/paging.ts';
import type { DomainDeps } from '../../domain-deps.ts';

// WIP: filled in by the write side of issue 4 (product and web-category images).
export function createImages(db: Database, pager: Pager, deps: DomainDeps) {
  void db;
  void pager;
  void deps;
  return {};
}
export type Images = ReturnType<typeof createImages>;
