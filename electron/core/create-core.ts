import { writeBatchOf } from './store/write-batch.ts';
import { dropSamples } from './store/planner-statistics.ts';
import { validate } from './validate.ts';
import {
  isWriteOperation,
  operations as operationDefs,
  type OperationInput,
  type OperationName,
  type OperationOutput,
} from '../../shared/contract/operations.ts';
import type { OperationHandlers } from './operation-handlers.ts';
import { changedRecords } from './change-records.ts';
import { createWriteAnnouncer } from './announce-writes.ts';
import { trustCertificateAuthority } from './webhooks/http-post.ts';
import type { CoreOptions } from './assemble/core-options.ts';
import { assembleStorage } from './assemble/storage.ts';
import { assembleFiles } from './assemble/files.ts';
import { assembleLedger } from './assemble/ledger.ts';
import { assembleConnectors } from './assemble/connectors.ts';
import { assembleBackOffice } from './assemble/back-office.ts';
import { assembleTestingTools } from './assemble/testing-tools.ts';
import { assembleFidelity } from './assemble/fidelity.ts';
import { assembleOperations } from './assemble/operations.ts';

export type { SeedKind } from './store/seed-store.ts';
export type { CoreOptions } from './assemble/core-options.ts';
export type { OperationHandlers } from './operation-handlers.ts';
export { DATABASE_FILE } from './paths.ts';

/**
 * The service core: store, business rules and the typed operations map. Imports nothing of
 * Electron; the desktop app, the headless server and the tests all host this same object.
 * Each area's domains are built by its own assembler (assemble/), and assemble/operations.ts gives
 * them to the handlers of the operations (operations/); this is their table of contents.
 */
export function createCore(options: CoreOptions) {
  // Later areas' answers to earlier ones (a closure over a const assigned below, called only after it is).
  const storage = assembleStorage(options, {
    ownChanges: () => testing.faults.ownChanges() + connectors.webhooks.dispatcher.ownChanges() + fidelity.ownChanges(),
  });
  const files = assembleFiles(storage, options.dataDir, { storageRefusal: (companyId) => testing.faults.storageRefusal(companyId) });
  const ledger = assembleLedger(storage);
  const connectors = assembleConnectors(storage, ledger);
  const backOffice = assembleBackOffice(storage, connectors, files);
  const testing = assembleTestingTools(options, storage, ledger, connectors, files);
  const fidelity = assembleFidelity(storage, options.dataDir);

  // Every operation's handler (operations/<area>.ts), given the domains built above.
  const handlers: OperationHandlers = assembleOperations({ storage, files, ledger, connectors, backOffice, testing, fidelity });

  const { db, events } = storage;
  const { webhooks } = connectors;
  const { attachments } = files;
  /** data.changed from what a write wrote: the operations' and the REST write routes' one way. */
  const announced = createWriteAnnouncer(db, events);

  /** The one validated entry into the operations: every door calls this. */
  async function invoke<K extends OperationName>(name: K, input: unknown): Promise<OperationOutput<K>> {
    const def = operationDefs[name];
    const checked = validate(def.input, input) as OperationInput<K>;
    const run = () => handlers[name](checked);
    // The reset announces itself once its new data is in place (shared/contract/operations-reset.ts).
    if (!isWriteOperation(def) || name === 'service.reset') return run();
    return announced(run, (output) => ({
      companyId: (checked as { company_id?: number }).company_id ?? null,
      records: changedRecords(name, checked, output),
      unmeasured: def.unmeasuredChanges,
    }));
  }

  return {
    clock: storage.clock,
    events,
    /** True when this start seeded the database ('interrupted': it finished a seed that was cut off). */
    seeded: storage.seeded,
    startState: storage.state,
    invoke,
    /** What the REST door needs besides the operations. */
    rest: {
      authenticate: storage.authenticate,
      serviceSettings: () => storage.settings.get(),
      apiLog: storage.apiLog,
      accounts: storage.accounts,
      sales: ledger.sales,
      dataVersion: storage.dataVersion,
      /** Runs a REST write and announces what it wrote (announce-writes.ts), as invoke does for the operations. */
      announced,
      files: storage.deps.files,
      links: storage.deps.links,
      attachments: attachments.rest,
      faults: testing.faults,
      ...ledger.reads,
    },
    /** Proxy mode, recordings and shadow comparisons, for the REST door (server/public/proxy.ts). */
    fidelity: fidelity.rest,
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
      storage.setPublicUrl(url);
      if (trustedCa) trustCertificateAuthority(trustedCa);
      if (db.open) webhooks.dispatcher.start();
    },
    publicUrl: storage.publicUrl,
    /**
     * The address the REST listener is bound to (startServer tells it): on loopback every caller
     * is on this machine, and image URLs may name its addresses (outbound/policy.ts).
     */
    setListenHost: (host: string): void => storage.outbound.setListenHost(host),
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
      const resetEnded = testing.resets.close();
      webhooks.dispatcher.stop();
      storage.apiLog.flush();
      db.pragma('optimize');
      dropSamples(db);
      db.close();
      fidelity.close();
      await Promise.all([resetEnded, attachments.close()]);
    },
  };
}
export type Core = ReturnType<typeof createCore>;
