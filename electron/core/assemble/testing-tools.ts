import { join } from 'node:path';
import { readKeptRows, writeKeptRows } from '../store/reset.ts';
import { createFaults } from '../domains/faults/index.ts';
import { createFixtures } from '../domains/fixtures/index.ts';
import { EMBEDDED_FTP_FOLDER } from '../domains/attachments/index.ts';
import { createResets } from '../operations/reset.ts';
import { createSnapshots } from '../operations/snapshots.ts';
import type { CoreOptions } from './core-options.ts';
import type { Storage } from './storage.ts';
import type { Ledger } from './ledger.ts';
import type { ConnectorsArea } from './connectors.ts';
import type { FilesArea } from './files.ts';

/**
 * The tools a test suite drives the ERP side with: fault switches, declared fixtures, the reset
 * and named snapshots of the whole data. (The test clock is storage's; an account per test
 * worker is an operation over the accounts, electron/core/operations/accounts.ts.)
 */
export function assembleTestingTools(options: CoreOptions, storage: Storage, ledger: Ledger, connectors: ConnectorsArea, files: FilesArea) {
  const { db, clock, events, accounts, apiLog, requireAccount } = storage;
  const { dispatcher } = connectors.webhooks;
  const { attachments } = files;
  // Fault switches per account (docs/control-api.md, "Fault switches"); storage_down ones make the storage refuse.
  const faults = createFaults({ db, clock, events, requireAccount });
  const fixtures = createFixtures({
    db,
    clock,
    apiUsers: storage.apiUsers,
    productFieldProblem: ledger.products.fieldProblem,
    // After the commit: as connectors.update does after its write.
    connectorsChanged: (ids) => (ids.forEach((connectorId) => dispatcher.release({ connectorId })), dispatcher.wake()),
    importOrder: (input) => ledger.reads.connectors.importOrder(input),
    publicUrl: storage.deps.publicUrl,
  });

  /**
   * Puts a complete store file (a reset's seeded file, a snapshot's copy) in place of the live
   * data, synchronously: no request runs between the old data and the new. `alongside` moves
   * what belongs with the data (a snapshot's folders) in the same step, and is undone when the
   * file cannot be swapped in (the old data is then open again, untouched). Settings and secrets
   * stay; every in-memory state of the old data is dropped.
   */
  function swapInStore(newFile: string, alongside?: { apply(): void; undo(): void }): void {
    // What is buffered belongs to the old data; attempts under way belong to rows the new file
    // does not have (and whose ids it reuses).
    apiLog.flush();
    const delivering = dispatcher.running();
    dispatcher.stop();
    // The settings and secrets as they are now (a change made while the seed ran included).
    const kept = readKeptRows(db);
    try {
      alongside?.apply();
      try {
        db.swap(newFile);
      } catch (error) {
        alongside?.undo();
        throw error;
      }
    } catch (error) {
      // The old data is open again, untouched: deliveries go on as before.
      if (delivering) dispatcher.start();
      throw error;
    }
    try {
      writeKeptRows(db, kept);
    } catch (error) {
      // The new file has them as they were when it was made; only a change made since is lost.
      console.error('[erp-workbench] settings changed during the reset could not be carried over:', error);
    }
    storage.lockout.clear();
    storage.pager.clear();
    storage.settings.reload();
    storage.apiUsers.forgetTouches();
    if (delivering) dispatcher.start();
  }

  const resets = createResets({
    liveFile: storage.file,
    clock,
    events,
    ...(options.onSeedProgress && { onSeedProgress: options.onSeedProgress }),
    ...(options.seedWorker && { seedWorker: options.seedWorker }),
    swapIn: (newFile) => swapInStore(newFile),
    async afterSwap() {
      await attachments.afterReset();
      events.emit('data.changed', { company_id: null, tables: ['*'] });
    },
    accounts: () => accounts.list(),
  });
  // Named copies of the whole data: the database, the file store and the embedded FTP root.
  const snapshots = createSnapshots({
    db,
    dataDir: options.dataDir,
    folders: [
      { path: storage.deps.files.root, writtenByRename: true },
      { path: join(options.dataDir, EMBEDDED_FTP_FOLDER), writtenByRename: false },
    ],
    clock,
    flushWrites: () => apiLog.flush(),
    swapIn: swapInStore,
    accounts: () => accounts.list(),
  });

  return { faults, fixtures, resets, snapshots };
}
export type TestingTools = ReturnType<typeof assembleTestingTools>;
