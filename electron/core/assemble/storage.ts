import { join } from 'node:path';
import { openLiveDatabase } from '../store/live-database.ts';
import { governProcessMemory } from '../memory-governor.ts';
import { wipeData, storeState } from '../store/reset.ts';
import { DATABASE_FILE } from '../paths.ts';
import { seedInto } from '../store/seed-store.ts';
import { ensurePrivateDir } from '../store/private-files.ts';
import { removeStaleSeedFiles } from '../store/seed-job.ts';
import { systemClock } from '../time.ts';
import { openTestClock } from '../clock/stored-clock.ts';
import { CoreEventBus } from '../events.ts';
import { createAccounts } from '../domains/accounts/index.ts';
import { createServiceSettings } from '../domains/settings/index.ts';
import { createApiLog } from '../domains/api-log/index.ts';
import { createApiUsers, createAuthenticator, createAuthGeneration, LockoutTracker } from '../domains/auth/index.ts';
import { Pager } from '../store/paging.ts';
import { createDataVersion } from '../store/data-version.ts';
import { createOutbox } from '../webhooks/outbox.ts';
import { FileStore } from '../store/files.ts';
import type { DomainDeps } from '../domain-deps.ts';
import { createDocumentLinks } from '../domains/documents/index.ts';
import { createExchangeRates } from '../domains/exchange-rates/index.ts';
import { createOutboundPolicy } from '../outbound/index.ts';
import { memoryPreferences } from '../../../shared/domain/user-settings.ts';
import type { CoreOptions } from './core-options.ts';

/**
 * Storage and the service's basics: the database (opened, seeded on first start, checkpointed in
 * the background), the clock, the events, the settings, the accounts and their API users, the API
 * log, the file store and the outbound policy: what every other area is built on.
 */
export function assembleStorage(
  options: CoreOptions,
  late: {
    /** Changes written by other areas that no answer is made of (fault switches, delivery attempts): see createDataVersion. */
    ownChanges: () => number;
  },
) {
  const file = join(options.dataDir, DATABASE_FILE);
  // Owner only (private-files.ts), a folder an older version made readable to others included.
  ensurePrivateDir(options.dataDir);
  // New files of resets the process did not live to finish.
  removeStaleSeedFiles(file);
  // Every domain keeps this one object; a reset swaps the file under it (live-database.ts).
  const db = openLiveDatabase(file);
  // A start that fails from here (a disk full during the first seed) leaves no connection open:
  // the desktop app shows why and quits, a test or the library caller goes on.
  let prepared: ReturnType<typeof prepareStore>;
  try {
    prepared = prepareStore(db, options);
  } catch (error) {
    db.close();
    throw error;
  }
  const { clock, state } = prepared;
  const seeded = state !== 'seeded';
  // From here on the WAL checkpoints run in a thread of their own, not inside the commits of
  // the requests (store/background-checkpoints.ts).
  db.checkpointInBackground();
  // Resident memory near its target under load (memory-governor.ts); one per process.
  governProcessMemory();

  const events = new CoreEventBus();
  const settings = createServiceSettings(db);
  const accounts = createAccounts(db);
  const requireAccount = (companyId: number): void => void accounts.get(companyId);
  const apiUsers = createApiUsers(db, clock);
  const lockout = new LockoutTracker(clock, () => settings.get().auth_lockout);
  const authenticate = createAuthenticator({ accounts, apiUsers, lockout, generation: createAuthGeneration(db) });
  const apiLog = createApiLog(db, clock, () => settings.get().api_log_max_rows, (entry) => events.emit('apiLog.appended', entry));
  // Neither log lines nor what late.ownChanges counts are data answers are made of.
  const dataVersion = createDataVersion(db, () => apiLog.ownChanges() + late.ownChanges());
  const pager = new Pager(db);
  // The listener's address, once a door starts listening (startServer tells it): links made by
  // staff actions and the demo's own inbox URL are built on it.
  let publicUrl = 'http://127.0.0.1:8080';
  const deps: DomainDeps = {
    clock,
    outbox: createOutbox(db, clock),
    files: new FileStore(options.dataDir),
    links: createDocumentLinks(db, clock),
    rates: createExchangeRates(db),
    publicUrl: () => publicUrl,
  };
  // Where outbound connections may go (outbound/): image URLs of REST callers reach loopback and
  // private addresses only while the listener is bound to loopback, or when the admin allows it.
  const outbound = createOutboundPolicy({ allowPrivate: () => settings.get().outbound_allow_private });
  const preferences = options.preferences ?? memoryPreferences();

  return {
    file,
    db,
    clock,
    state,
    seeded,
    events,
    settings,
    accounts,
    requireAccount,
    apiUsers,
    lockout,
    authenticate,
    apiLog,
    dataVersion,
    pager,
    deps,
    outbound,
    /** The window's UI preferences (where the host keeps them; memory by default). */
    preferences,
    /** http://host:port of the listener (setPublicUrl sets it). */
    publicUrl: () => publicUrl,
    setPublicUrl: (url: string) => void (publicUrl = url.replace(/\/+$/, '')),
  };
}
export type Storage = ReturnType<typeof assembleStorage>;

/** The test clock, and the first seed (or a cut-off seed done again) of a store just opened. */
function prepareStore(db: ReturnType<typeof openLiveDatabase>, options: CoreOptions) {
  // Every "now" of the core: the machine's time (or the test's clock) unless the stored test clock
  // freezes or moves it (clock.update).
  const clock = openTestClock(db, options.clock ?? systemClock);
  const state = storeState(db);
  // A seed that was stopped halfway left a partial account: start it again from nothing.
  if (state === 'interrupted') wipeData(db);
  // No listener yet: the first seed runs here; a reset's runs in a worker.
  if (state !== 'seeded') {
    const onProgress = options.onSeedProgress;
    seedInto(db, { kind: options.seed ?? 'demo', scale: options.scale ?? 1, now: clock.now(), ...(onProgress && { onProgress }) });
  }
  return { clock, state };
}
