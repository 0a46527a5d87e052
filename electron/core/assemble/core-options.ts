import type { SeedKind } from '../store/seed-store.ts';
import type { SeedProgress } from '../store/seed/index.ts';
import type { Clock } from '../time.ts';
import type { PreferenceStore } from '../../../shared/domain/user-settings.ts';

export interface CoreOptions {
  /** Folder of the database and local files. */
  dataDir: string;
  /** What a new database is filled with (an existing one is never reseeded). Default demo. */
  seed?: SeedKind;
  scale?: number;
  clock?: Clock;
  onSeedProgress?: SeedProgress;
  /** Where the window's UI preferences are kept (the user settings file); default: memory. */
  preferences?: PreferenceStore;
  /** The module a reset seeds in (a worker thread); tests substitute one. Default: store/seed-worker. */
  seedWorker?: URL;
}
