import type { OperationHandlers } from '../operation-handlers.ts';
import { createServiceHandlers } from '../operations/service.ts';
import { createResetHandlers } from '../operations/reset.ts';
import { createSnapshotHandlers } from '../operations/snapshots.ts';
import { createClockHandlers } from '../operations/clock.ts';
import { createAccountHandlers } from '../operations/accounts.ts';
import { createLogHandlers } from '../operations/logs.ts';
import { createWebhookHandlers } from '../operations/webhooks.ts';
import { createAttentionHandlers } from '../operations/attention.ts';
import { createStaffHandlers } from '../operations/staff.ts';
import { createAttachmentHandlers } from '../operations/attachments.ts';
import { createListHandlers } from '../operations/lists.ts';
import { createOrderHandlers } from '../operations/orders.ts';
import { createSalesHandlers } from '../operations/sales.ts';
import { createDocumentHandlers } from '../operations/documents.ts';
import { createPrintHandlers } from '../operations/print.ts';
import { createPreferenceHandlers } from '../operations/preferences.ts';
import { createProductHandlers } from '../operations/products.ts';
import { createFaultHandlers } from '../operations/faults.ts';
import { createFixtureHandlers } from '../operations/fixtures.ts';
import { createDocumentActionHandlers } from '../operations/document-actions.ts';
import { createDashboardHandlers } from '../operations/dashboard.ts';
import { createFidelityHandlers } from '../operations/fidelity.ts';
import type { Storage } from './storage.ts';
import type { FilesArea } from './files.ts';
import type { Ledger } from './ledger.ts';
import type { ConnectorsArea } from './connectors.ts';
import type { BackOffice } from './back-office.ts';
import type { TestingTools } from './testing-tools.ts';
import type { FidelityArea } from './fidelity.ts';

export interface Areas {
  storage: Storage;
  files: FilesArea;
  ledger: Ledger;
  connectors: ConnectorsArea;
  backOffice: BackOffice;
  testing: TestingTools;
  fidelity: FidelityArea;
}

/**
 * Every operation's handler: each file of electron/core/operations/ (the handlers of one
 * shared/contract/operations-<area>.ts) given the domains the areas built, in the order of the
 * operations map. Nothing is decided here; the return type makes the compiler check that no
 * operation is left without its handler.
 */
export function assembleOperations({ storage, files, ledger, connectors, backOffice, testing, fidelity }: Areas): OperationHandlers {
  const { db, deps, requireAccount, apiLog } = storage;
  const { reads } = ledger;
  const { dispatcher, deliveries } = connectors.webhooks;
  return {
    ...createServiceHandlers({ publicUrl: storage.publicUrl, settings: storage.settings }),
    ...createResetHandlers({ resets: testing.resets, exclusive: testing.snapshots.exclusiveReset }),
    ...createSnapshotHandlers({ snapshots: testing.snapshots }),
    // A moved clock may make webhook retries due: the dispatcher looks at the outbox at once.
    ...createClockHandlers({ clock: storage.clock, changed: () => dispatcher.wake() }),
    ...createAccountHandlers({
      db,
      clock: storage.clock,
      accounts: storage.accounts,
      apiUsers: storage.apiUsers,
      requireAccount,
      attachments: files.attachments,
      images: reads.images,
      files: deps.files,
      dispatcher,
      flushApiLog: () => apiLog.flush(),
    }),
    ...createLogHandlers({ deliveries, apiLog, requireAccount }),
    ...createWebhookHandlers({
      webhooks: connectors.webhooks,
      connectors: reads.connectors,
      connectorWriter: connectors.connectorWriter,
      requireAccount,
      publicUrl: deps.publicUrl,
    }),
    ...createAttentionHandlers({ attention: backOffice.attention }),
    ...createStaffHandlers({ staffActions: connectors.staffActions, awbs: reads.awbs, requireAccount }),
    ...createAttachmentHandlers({ attachments: files.attachments }),
    // The screens' lists and the command palette: windows of the same domain queries as the REST lists.
    ...createListHandlers({ sales: ledger.sales, ...reads, search: backOffice.search, requireAccount, today: ledger.today }),
    ...createOrderHandlers({ connectors: reads.connectors, deliveries, requireAccount, publicUrl: deps.publicUrl }),
    ...createSalesHandlers({ db, sales: ledger.sales, payments: reads.payments, rates: deps.rates, requireAccount }),
    ...createDocumentHandlers({ db, ...reads, links: deps.links, publicUrl: deps.publicUrl, requireAccount }),
    ...createPrintHandlers({ db, requireAccount }),
    ...createPreferenceHandlers({ preferences: storage.preferences }),
    ...createProductHandlers({
      db,
      products: ledger.products,
      images: reads.images,
      reference: reads.reference,
      requireAccount,
      today: ledger.today,
      publicUrl: deps.publicUrl,
    }),
    ...createFaultHandlers({ faults: testing.faults }),
    ...createFixtureHandlers({ fixtures: testing.fixtures }),
    ...createDocumentActionHandlers({
      db,
      storno: connectors.storno,
      proformaInvoice: connectors.proformaInvoice,
      contactUpdate: connectors.contactUpdate,
      requireAccount,
    }),
    ...createDashboardHandlers({ dashboard: backOffice.dashboard }),
    ...createFidelityHandlers({
      proxy: fidelity.proxy,
      drift: fidelity.drift,
      recordingsDir: fidelity.recordingsDir,
      clock: storage.clock,
      twinDoor: fidelity.twinDoor,
      requireAccount,
    }),
  };
}
