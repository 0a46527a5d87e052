import { join } from 'node:path';
import { openLiveDatabase } from './store/live-database.ts';
import { writeBatchOf } from './store/write-batch.ts';
import { governProcessMemory } from './memory-governor.ts';
import { wipeData, storeState, readKeptRows, writeKeptRows } from './store/reset.ts';
import { DATABASE_FILE } from './paths.ts';
import { seedInto, type SeedKind } from './store/seed-store.ts';
import { ensurePrivateDir } from './store/private-files.ts';
import { removeStaleSeedFiles } from './store/seed-job.ts';
import type { SeedProgress } from './store/seed/index.ts';
import { systemClock, formatDate, type Clock } from './time.ts';
import { createClockHandlers, openTestClock } from './clock/clock-operations.ts';
import { CoreEventBus } from './events.ts';
import { validate } from './validate.ts';
import { createAccounts } from './domains/accounts/index.ts';
import { createServiceSettings } from './domains/settings/index.ts';
import { createApiLog } from './domains/api-log/index.ts';
import { createApiUsers, createAuthenticator, createAuthGeneration, LockoutTracker } from './domains/auth/index.ts';
import { createSales } from './domains/sales/index.ts';
import { Pager } from './store/paging.ts';
import { createDataVersion } from './store/data-version.ts';
import { dropSamples } from './store/planner-statistics.ts';
import { createOutbox } from './webhooks/outbox.ts';
import { FileStore } from './store/files.ts';
import type { DomainDeps } from './domain-deps.ts';
import { createInvoices } from './domains/invoices/index.ts';
import { createProformas } from './domains/proformas/index.ts';
import { createFiscalReceipts } from './domains/fiscal-receipts/index.ts';
import { createPayments } from './domains/payments/index.ts';
import { createAwbs } from './domains/awb/index.ts';
import { createInventories } from './domains/inventory/index.ts';
import { createWorkmanager } from './domains/workmanager/index.ts';
import { createContacts } from './domains/contacts/index.ts';
import { createReference } from './domains/reference/index.ts';
import { createProducts } from './domains/products/index.ts';
import { createImages } from './domains/images/index.ts';
import { createOutboundPolicy } from './outbound/index.ts';
import { createConnectors, createStaffActions } from './domains/connectors/index.ts';
import { createFixtures } from './domains/fixtures/index.ts';
import { fixturesJsonSchema } from '../../shared/contract/fixtures.ts';
import { createDocumentLinks } from './domains/documents/index.ts';
import {
  operations as operationDefs,
  type OperationInput,
  type OperationName,
  type OperationOutput,
} from '../../shared/contract/operations.ts';
import { APP_VERSION, API_VERSION } from './version.ts';
import type { OperationHandlers } from './operation-handlers.ts';
import { createWebhooks } from './webhooks/index.ts';
import { createAttachments, EMBEDDED_FTP_FOLDER } from './domains/attachments/index.ts';
import { createFaults } from './domains/faults/index.ts';
import { createGlobalSearch } from './domains/search/index.ts';
import { createAttentionHandlers } from './domains/attention/index.ts';
import { createScreenListHandlers } from './operations/screen-lists.ts';
import { createDashboard } from './domains/dashboard/index.ts';
import { createLogHandlers } from './operations/logs.ts';
import { createOrderOperationHandlers } from './operations/orders.ts';
import { createSalesOperationHandlers } from './operations/sales.ts';
import { createProductOperationHandlers } from './operations/products.ts';
import { createDocumentOperationHandlers } from './operations/documents.ts';
import { createResetOperations } from './operations/reset.ts';
import { createAccountAdminHandlers } from './operations/accounts.ts';
import { createSnapshotOperations } from './operations/snapshots.ts';
import { createStaffDocumentHandlers } from './operations/staff-documents.ts';
import { createPrintHandlers } from './operations/print.ts';
import { createDocumentActionHandlers } from './operations/document-actions.ts';
import { changedRecords } from './change-records.ts';
import { trustCertificateAuthority } from './webhooks/http-post.ts';
import { memoryPreferences, type PreferenceStore } from '../../shared/domain/user-settings.ts';

export type { SeedKind } from './store/seed-store.ts';

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

export type { OperationHandlers } from './operation-handlers.ts';

export { DATABASE_FILE } from './paths.ts';

/**
 * The service core: store, business rules and the typed operations map. Imports nothing of
 * Electron; the desktop app, the headless server and the tests all host this same object.
 */
export function createCore(options: CoreOptions) {
  const file = join(options.dataDir, DATABASE_FILE);
  // Owner only (private-files.ts), a folder an older version made readable to others included.
  ensurePrivateDir(options.dataDir);
  // New files of resets the process did not live to finish.
  removeStaleSeedFiles(file);
  // Every domain keeps this one object; a reset swaps the file under it (live-database.ts).
  const db = openLiveDatabase(file);
  // Every "now" of the core: the machine's time (or the test's clock) unless the stored test clock
  // freezes or moves it (clock.update).
  const clock = openTestClock(db, options.clock ?? systemClock);
  const state = storeState(db);
  // A seed that was stopped halfway left a partial account: start it again from nothing.
  if (state === 'interrupted') wipeData(db);
  const seeded = state !== 'seeded';
  // No listener yet: the first seed runs here; a reset's runs in a worker.
  if (seeded) {
    const onProgress = options.onSeedProgress;
    seedInto(db, { kind: options.seed ?? 'demo', scale: options.scale ?? 1, now: clock.now(), ...(onProgress && { onProgress }) });
  }
  // From here on the WAL checkpoints run in a thread of their own, not inside the commits of
  // the requests (store/background-checkpoints.ts).
  db.checkpointInBackground();
  // Resident memory near its target under load (memory-governor.ts); one per process.
  governProcessMemory();

  const events = new CoreEventBus();
  const settings = createServiceSettings(db);
  const accounts = createAccounts(db);
  const apiUsers = createApiUsers(db, clock);
  const lockout = new LockoutTracker(clock, () => settings.get().auth_lockout);
  const authenticate = createAuthenticator({ accounts, apiUsers, lockout, generation: createAuthGeneration(db) });
  const apiLog = createApiLog(db, clock, () => settings.get().api_log_max_rows, (entry) =>
    events.emit('apiLog.appended', entry),
  );
  // Neither log lines, fault switches nor the dispatcher's records of delivery attempts are data
  // answers are made of (see createDataVersion).
  const dataVersion = createDataVersion(db, () => apiLog.ownChanges() + faults.ownChanges() + webhooks.dispatcher.ownChanges());
  const pager = new Pager(db);
  // The listener's address, once a door starts listening (startServer tells it): links made by
  // staff actions and the demo's own inbox URL are built on it.
  let publicUrl = 'http://127.0.0.1:8080';
  const deps: DomainDeps = {
    clock,
    outbox: createOutbox(db, clock),
    files: new FileStore(options.dataDir),
    links: createDocumentLinks(db, clock),
    publicUrl: () => publicUrl,
  };
  // Where outbound connections may go (outbound/): image URLs of REST callers reach loopback and
  // private addresses only while the listener is bound to loopback, or when the admin allows it.
  const outbound = createOutboundPolicy({ allowPrivate: () => settings.get().outbound_allow_private });
  const sales = createSales(db, pager);
  // The read side of every other list of the spec, one domain each.
  const products = createProducts(db, pager, deps);
  const reads = {
    invoices: createInvoices(db, pager, deps),
    proformas: createProformas(db, pager, deps),
    fiscalReceipts: createFiscalReceipts(db, pager, deps),
    payments: createPayments(db, pager, deps),
    awbs: createAwbs(db, pager, deps),
    inventories: createInventories(db, pager),
    workmanager: createWorkmanager(db, pager, deps),
    contacts: createContacts(db, pager),
    reference: createReference(db, pager),
    products,
    images: createImages(db, pager, deps, outbound),
    connectors: createConnectors(db, pager, deps, products.push),
  };
  const fixtures = createFixtures({
    db,
    clock,
    apiUsers,
    productFieldProblem: products.fieldProblem,
    // After the commit, when webhooks (made below) exists: as connectors.update does after its write.
    connectorsChanged: (ids) => (ids.forEach((connectorId) => webhooks.dispatcher.release({ connectorId })), webhooks.dispatcher.wake()),
    importOrder: (input) => reads.connectors.importOrder(input),
    publicUrl: deps.publicUrl,
  });
  const staffActions = createStaffActions({ db, deps, connectors: reads.connectors, push: products.push, invoices: reads.invoices });
  const webhooks = createWebhooks({
    db,
    clock,
    settings: () => settings.get(),
    events,
    outbox: deps.outbox,
    publicUrl: deps.publicUrl,
    connectors: reads.connectors,
    requireAccount: (companyId) => void accounts.get(companyId),
  });

  // Fault switches per account (docs/control-api.md, "Fault switches"); storage_down ones make the storage refuse.
  const faults = createFaults({ db, clock, events, requireAccount: (companyId) => void accounts.get(companyId) });
  const attachments = createAttachments({
    db,
    clock,
    events,
    dataDir: options.dataDir,
    publicUrl: deps.publicUrl,
    requireAccount: (companyId) => void accounts.get(companyId),
    storageRefusal: faults.storageRefusal,
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
    const delivering = webhooks.dispatcher.running();
    webhooks.dispatcher.stop();
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
      if (delivering) webhooks.dispatcher.start();
      throw error;
    }
    try {
      writeKeptRows(db, kept);
    } catch (error) {
      // The new file has them as they were when it was made; only a change made since is lost.
      console.error('[erp-workbench] settings changed during the reset could not be carried over:', error);
    }
    lockout.clear();
    pager.clear();
    settings.reload();
    apiUsers.forgetTouches();
    if (delivering) webhooks.dispatcher.start();
  }

  const resets = createResetOperations({
    liveFile: file,
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
  const snapshots = createSnapshotOperations({
    db,
    dataDir: options.dataDir,
    folders: [
      { path: deps.files.root, writtenByRename: true },
      { path: join(options.dataDir, EMBEDDED_FTP_FOLDER), writtenByRename: false },
    ],
    clock,
    flushWrites: () => apiLog.flush(),
    swapIn: swapInStore,
    accounts: () => accounts.list(),
  });

  const preferences = options.preferences ?? memoryPreferences();
  const handlers: OperationHandlers = {
    'preferences.get': () => preferences.all(),
    'preferences.set': ({ key, value }) => {
      preferences.set(key, value);
      return { key };
    },
    'service.health': () => ({ status: 'ok', version: APP_VERSION, api_version: API_VERSION }),
    'service.info': () => ({ rest_base_url: `${publicUrl}/app/rest/v1/`, control_base_url: `${publicUrl}/_sandbox/` }),
    ...resets.handlers,
    // One reset, snapshot save or restore at a time (409 for the others).
    'service.reset': snapshots.exclusiveReset(resets.handlers['service.reset']),
    ...snapshots.handlers,
    // A moved clock may make webhook retries due: the dispatcher looks at the outbox at once.
    ...createClockHandlers(clock, () => webhooks.dispatcher.wake()),
    'accounts.list': () => accounts.list(),
    'accounts.update': ({ company_id, ...changes }) => accounts.update(company_id, changes),
    // An account per test worker: a copy of the demo (or an empty one) and its delete with all it owns.
    ...createAccountAdminHandlers({
      db,
      clock,
      accounts,
      attachments,
      images: reads.images,
      files: deps.files,
      dispatcher: webhooks.dispatcher,
      flushApiLog: () => apiLog.flush(),
    }),
    'apiUsers.list': ({ company_id }) => {
      accounts.get(company_id);
      return apiUsers.list(company_id);
    },
    'apiUsers.create': ({ company_id, ...user }) => {
      accounts.get(company_id);
      return apiUsers.create(company_id, user);
    },
    'apiUsers.delete': ({ company_id, id }) => apiUsers.delete(company_id, id),
    // Declared data for a test run: the same writes as the operations and the order import.
    'fixtures.apply': (doc) => fixtures.apply(doc),
    'fixtures.schema': () => fixturesJsonSchema(),
    'settings.get': () => settings.get(),
    'settings.update': (patch) => settings.update(patch),
    'apiLog.list': ({ company_id, ...filter }) => {
      accounts.get(company_id);
      return apiLog.list(company_id, filter);
    },
    ...webhooks.handlers,
    ...staffActions.handlers,
    ...createStaffDocumentHandlers({ db, awbs: reads.awbs, issueInvoice: staffActions.handlers['orders.issueInvoice'], requireAccount: (companyId) => void accounts.get(companyId) }),
    // Reverse an invoice, invoice a proforma, edit a contact (and the previews of the first two).
    ...createDocumentActionHandlers({
      db,
      deps,
      invoices: reads.invoices,
      contacts: reads.contacts,
      push: products.push,
      issueOrderInvoice: staffActions.handlers['orders.issueInvoice'],
      requireAccount: (companyId) => void accounts.get(companyId),
    }),
    ...createOrderOperationHandlers({
      connectors: reads.connectors,
      deliveries: webhooks.deliveries,
      requireAccount: (companyId) => void accounts.get(companyId),
      publicUrl: deps.publicUrl,
    }),
    ...attachments.handlers,
    ...faults.handlers,
    // The header's "needs attention" badge: failed deliveries, paused receivers, an unreachable storage.
    ...createAttentionHandlers({
      db,
      requireAccount: (companyId) => void accounts.get(companyId),
      pausedConnectors: () => webhooks.dispatcher.failingReceivers(),
      storageProblem: (companyId) => attachments.storageProblem(companyId),
    }),
    // The screens' lists and the command palette: windows of the same domain queries as the REST lists.
    ...createScreenListHandlers({
      sales,
      ...reads,
      search: createGlobalSearch(db),
      requireAccount: (companyId) => void accounts.get(companyId),
      today: () => formatDate(clock.now()),
    }),
    // The Logs screens: windows of the delivery log and the API log, one API log entry.
    ...createLogHandlers({ deliveries: webhooks.deliveries, apiLog, requireAccount: (companyId) => void accounts.get(companyId) }),
    // The sale detail, its payment form and the payment action (the REST routes' own functions).
    ...createSalesOperationHandlers({ db, sales, payments: reads.payments, requireAccount: (companyId) => void accounts.get(companyId) }),
    // The Products screen: detail, edit, images, the form's options (the REST routes' own functions).
    ...createProductOperationHandlers({
      db,
      products,
      images: reads.images,
      reference: reads.reference,
      requireAccount: (companyId) => void accounts.get(companyId),
      today: () => formatDate(clock.now()),
      publicUrl: deps.publicUrl,
    }),
    // The document screens' details: one record each, on the same domain queries as the REST lists.
    ...createDocumentOperationHandlers({
      db,
      ...reads,
      links: deps.links,
      publicUrl: deps.publicUrl,
      requireAccount: (companyId) => void accounts.get(companyId),
    }),
    // The overview's figures and charts (domains/dashboard).
    ...createDashboard({ db, clock, apiLog, pausedConnectors: () => webhooks.dispatcher.failingReceivers(), requireAccount: (companyId) => void accounts.get(companyId) }),
    // A selection of invoices, proformas or AWB labels printed as one PDF.
    ...createPrintHandlers({ db, requireAccount: (companyId) => void accounts.get(companyId) }),
  };

  /** The one validated entry into the operations: every door calls this. */
  async function invoke<K extends OperationName>(name: K, input: unknown): Promise<OperationOutput<K>> {
    const def = operationDefs[name];
    const checked = validate(def.input, input) as OperationInput<K>;
    const output = await handlers[name](checked);
    const changes = (def as { changes?: readonly string[] }).changes;
    if (changes && name !== 'service.reset') {
      const companyId = (checked as { company_id?: number }).company_id ?? null;
      const records = changedRecords(name, checked, output);
      events.emit('data.changed', { company_id: companyId, tables: changes, ...(records && { records }) });
    }
    return output;
  }

  return {
    clock,
    events,
    /** True when this start seeded the database ('interrupted': it finished a seed that was cut off). */
    seeded,
    startState: state,
    invoke,
    /** What the REST door needs besides the operations. */
    rest: { authenticate, serviceSettings: () => settings.get(), apiLog, accounts, sales, dataVersion, files: deps.files, links: deps.links, attachments: attachments.rest, faults, ...reads },
    /**
     * Points every account without storage at the embedded FTP server, starting it (npm run serve
     * -- --embedded-ftp); a reset then does it again for the new accounts.
     */
    useEmbeddedFtpForAll: () => attachments.useEmbeddedForAll(),
    /**
     * Where this service listens (http://host:port); set by the door that listens. Webhook
     * delivery starts then: the demo's receiver is this service's own inbox, a path on it.
     * `trustedCa`: the CA of an HTTPS listener's own certificate, trusted by the deliveries.
     */
    setPublicUrl(url: string, trustedCa?: string): void {
      publicUrl = url.replace(/\/+$/, '');
      if (trustedCa) trustCertificateAuthority(trustedCa);
      if (db.open) webhooks.dispatcher.start();
    },
    publicUrl: () => publicUrl,
    /**
     * The address the REST listener is bound to (startServer tells it): on loopback every caller
     * is on this machine, and image URLs may name its addresses (outbound/policy.ts).
     */
    setListenHost: (host: string): void => outbound.setListenHost(host),
    /** A read request arrived (the listener calls it for every GET): writes leave reads their share (write-batch.ts). */
    readArrived: () => writeBatchOf(db).readArrived(),
    /** The built-in inbox (its POST route is served without credentials). */
    inbox: webhooks.inbox,
    /**
     * Stops the dispatcher (attempts under way are sent again at the next start), flushes, closes
     * the store (at once), and stops the embedded FTP server (the promise: when it has stopped).
     */
    async close(): Promise<void> {
      if (!db.open) return;
      // A seed under way is cancelled (its file deleted); a swap under way finishes first.
      const resetEnded = resets.close();
      webhooks.dispatcher.stop();
      apiLog.flush();
      db.pragma('optimize');
      dropSamples(db);
      db.close();
      await Promise.all([resetEnded, attachments.close()]);
    },
  };
}
export type Core = ReturnType<typeof createCore>;
