import { existsSync, linkSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from '../paths.ts';
import { removeSeedFile, removeStaleSeedFiles, startSeedWorker } from './seed-job.ts';
import type { SeedKind } from './seed-store.ts';
import type { SeedProgress } from './seed/index.ts';

export interface FirstSeedRequest {
  dataDir: string;
  kind: SeedKind;
  scale: number;
  /** The instant the demo is moved to: the core's "now" at its start. */
  now: Date;
  onProgress?: SeedProgress;
  /** The seed worker's module (tests substitute one); default as for a reset. */
  entry?: URL;
}

/**
 * A first start's seed, made before the core (and the server) are loaded: in the seed worker a
 * reset uses (seed-job.ts), into a new file that is put in place only once complete. Its memory
 * goes with the thread: run in the process, a seed at scale 1000 left ~80 MB of garbage in the
 * heap and peaked on top of the core's and the listener's modules (273 MB against ~215 MB).
 *
 * Answers false, doing nothing, when the folder already has a store (createCore opens it; a
 * seed cut off halfway in an earlier version's process is redone there). A failed seed leaves
 * the folder as it was; a process stopped during it leaves a `.seeding-` file, removed at the
 * next start.
 */
export async function seedNewDataFolder(request: FirstSeedRequest): Promise<boolean> {
  const file = join(request.dataDir, DATABASE_FILE);
  if (existsSync(file)) return false;
  mkdirSync(request.dataDir, { recursive: true });
  removeStaleSeedFiles(file);
  // A WAL without its database is left from a file deleted by hand: SQLite would replay it
  // into the new file of the same name.
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
  const seed = startSeedWorker({
    liveFile: file,
    keepRows: false,
    kind: request.kind,
    scale: request.scale,
    now: request.now,
    onProgress: request.onProgress ?? (() => undefined),
    ...(request.entry && { entry: request.entry }),
  });
  const seeded = await seed.finished;
  try {
    // A link fails when the name exists: another process that started on the same empty folder
    // and finished first keeps its store, ours goes.
    linkSync(seeded, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    removeSeedFile(seeded);
  }
  return true;
}
