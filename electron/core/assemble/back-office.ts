import { createGlobalSearch } from '../domains/search/index.ts';
import { createAttention } from '../domains/attention/index.ts';
import { createDashboard } from '../domains/dashboard/index.ts';
import type { Storage } from './storage.ts';
import type { ConnectorsArea } from './connectors.ts';
import type { FilesArea } from './files.ts';

/**
 * What the back-office screens read across the areas: the command palette's search, the
 * overview and the header's "needs attention".
 */
export function assembleBackOffice(storage: Storage, connectors: ConnectorsArea, files: FilesArea) {
  const { db, requireAccount, apiLog } = storage;
  const { dispatcher } = connectors.webhooks;
  return {
    search: createGlobalSearch(db),
    // The overview's figures and charts.
    dashboard: createDashboard({ db, clock: storage.clock, apiLog, pausedConnectors: () => dispatcher.failingReceivers(), requireAccount }),
    // The header's badge: failed deliveries, paused receivers, an unreachable storage.
    attention: createAttention({
      db,
      requireAccount,
      pausedConnectors: () => dispatcher.failingReceivers(),
      storageProblem: (companyId) => files.attachments.storageProblem(companyId),
    }),
  };
}
export type BackOffice = ReturnType<typeof assembleBackOffice>;
