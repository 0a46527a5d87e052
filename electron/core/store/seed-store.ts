import { analyze } from './planner-statistics.ts';
import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { formatTimestamp } from '../time.ts';
import { openDatabase } from './database.ts';
import { driverOptions } from './sqlite-binding.ts';
import { markSeeded, readKeptRows, writeKeptRows } from './reset.ts';
import type { SeedJob } from './seed-job.ts';
import {
  DEMO_ANCHOR,
  seedDemo,
  seedEmptyAccount,
  seedReferenceData,
  shiftDemoDates,
  weeksSinceAnchor,
  type SeedProgress,
} from './seed/index.ts';

export type SeedKind = 'demo' | 'empty';

export interface SeedRequest {
  kind: SeedKind;
  scale: number;
  /** The instant the demo is moved to (whole weeks after its anchor), and the completion mark's time. */
  now: Date;
  onProgress?: SeedProgress;
}

/**
 * Fills an empty store (the first start's, in-process, and a reset's new file, in its worker);
 * the completion mark is written last, so a cut-off seed is detected.
 */
export function seedInto(db: Database, { kind, scale, now, onProgress }: SeedRequest): void {
  seedReferenceData(db);
  if (kind === 'empty') seedEmptyAccount(db, { now });
  else {
    // Same ids, numbers and amounts everywhere: generated at the anchor, then moved to today.
    // The seed is told the move, as VAT rates go by the dates documents end up with.
    const shiftWeeks = weeksSinceAnchor(now);
    seedDemo(db, { scale, now: DEMO_ANCHOR, shiftWeeks, ...(onProgress && { onProgress }) });
    shiftDemoDates(db, shiftWeeks);
  }
  // Statistics for the query planner: with them it walks the id index for lists instead of
  // sorting a whole date range.
  analyze(db);
  markSeeded(db, { kind, scale, ts: formatTimestamp(now) });
}

/** Progress reports at most this often (the first of a phase and the last always go). */
const PROGRESS_EVERY_MS = 100;

/**
 * A new store file (the seed worker's work, for a reset or a first start): created with the
 * migrations, given the live store's settings and secrets (a reset's), seeded, and closed, so
 * that it is complete by itself (closing checkpoints its WAL into it). Throws what went wrong;
 * the caller deletes the file then.
 */
export function seedNewFile(job: SeedJob, onProgress: SeedProgress): void {
  // The settings and secrets as they are now; the swap carries them over again, with any change
  // made while this seed ran.
  const kept = job.liveFile === null ? undefined : keptRowsOf(job.liveFile, job.nativeBinding);
  const db = openDatabase(job.file, job.nativeBinding);
  try {
    if (kept) writeKeptRows(db, kept);
    let sentAt = 0;
    let sentPhase = '';
    seedInto(db, {
      kind: job.kind,
      scale: job.scale,
      now: new Date(job.now),
      onProgress(done, total, phase) {
        const now = Date.now();
        if (phase === sentPhase && now - sentAt < PROGRESS_EVERY_MS && done < total) return;
        sentAt = now;
        sentPhase = phase;
        onProgress(done, total, phase);
      },
    });
  } finally {
    db.close();
  }
}

function keptRowsOf(liveFile: string, binding: string | undefined): ReturnType<typeof readKeptRows> {
  const live = new BetterSqlite3(liveFile, { readonly: true, fileMustExist: true, ...driverOptions(binding) });
  try {
    return readKeptRows(live);
  } finally {
    live.close();
  }
}
