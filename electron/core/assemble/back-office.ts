import { createGlobalSearch } from '../domains/search/index.ts';
import { createAttentionHandlers } from '../domains/attention/index.ts';
import { createDashboard } from '../domains/dashboard/index.ts';
import { createScreenListHandlers } from '../operations/screen-lists.ts';
import { createLogHandlers } from '../operations/logs.ts';
import type { Storage } from './storage.ts';
import type { Ledger } from './ledger.ts';
import type { ConnectorsArea } from './connectors.ts';
import type { FilesArea } from './files.ts';

/**
 * What the back-office screens read across the areas: the lists and the command palette, the
 * logs, the overview and the header's "needs attention".
 */
export function assembleBackOffice(storage: Storage, ledger: Ledger, connectors: ConnectorsArea, files: FilesArea) {
  const { db, requireAccount, apiLog } = storage;
  const { dispatcher, deliveries } = connectors.webhooks;
  return {
    handlers: {
      // The screens' lists and the command palette: windows of the same domain queries as the REST lists.
      ...createScreenListHandlers({ sales: ledger.sales, ...ledger.reads, search: createGlobalSearch(db), requireAccount, today: ledger.today }),
      // The Logs screens: windows of the delivery log and the API log, one API log entry.
      ...createLogHandlers({ deliveries, apiLog, requireAccount }),
      // The overview's figures and charts (domains/dashboard).
      ...createDashboard({ db, clock: storage.clock, apiLog, pausedConnectors: () => dispatcher.failingReceivers(), requireAccount }),
      // The header's "needs attention" badge: failed deliveries, paused receivers, an unreachable storage.
      ...createAttentionHandlers({
        db,
        requireAccount,
        pausedConnectors: () => dispatcher.failingReceivers(),
        storageProblem: (companyId) => files.attachments.storageProblem(companyId),
      }),
    },
  };
}
