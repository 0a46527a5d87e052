import { join, resolve } from 'node:path';

/** The checkout's root. */
export const ROOT = resolve(import.meta.dirname, '..', '..');
/** Where results (and the bench's own data folders) go; git-ignored. */
export const RESULTS = join(ROOT, 'bench-results');
/** The store's file name in a data folder (electron/core/paths.ts). */
export const DB_FILE = 'erp-workbench.sqlite';
