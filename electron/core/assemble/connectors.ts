import { createStaffActions } from '../domains/connectors/index.ts';
import { createWebhooks } from '../webhooks/index.ts';
import { createOrderOperationHandlers } from '../operations/orders.ts';
import { createStaffDocumentHandlers } from '../operations/staff-documents.ts';
import { createDocumentActionHandlers } from '../operations/document-actions.ts';
import type { Storage } from './storage.ts';
import type { Ledger } from './ledger.ts';

/**
 * Connectors and webhooks: the staff's actions on orders and documents (status, invoice, AWB,
 * storno, proforma to invoice, contact edits), each committing its notifications with it, and
 * the dispatcher that delivers them.
 */
export function assembleConnectors(storage: Storage, ledger: Ledger) {
  const { db, deps, requireAccount } = storage;
  const { reads, products } = ledger;
  const staffActions = createStaffActions({ db, deps, connectors: reads.connectors, push: products.push, invoices: reads.invoices });
  const webhooks = createWebhooks({
    db,
    clock: storage.clock,
    settings: () => storage.settings.get(),
    events: storage.events,
    outbox: deps.outbox,
    publicUrl: deps.publicUrl,
    connectors: reads.connectors,
    requireAccount,
  });
  const issueOrderInvoice = staffActions.issueInvoice;
  const handlers = {
    ...webhooks.handlers,
    ...staffActions.handlers,
    ...createStaffDocumentHandlers({ db, awbs: reads.awbs, issueInvoice: issueOrderInvoice, requireAccount }),
    // Reverse an invoice, invoice a proforma, edit a contact (and the previews of the first two).
    ...createDocumentActionHandlers({ db, deps, invoices: reads.invoices, contacts: reads.contacts, push: products.push, issueOrderInvoice, requireAccount }),
    ...createOrderOperationHandlers({ connectors: reads.connectors, deliveries: webhooks.deliveries, requireAccount, publicUrl: deps.publicUrl }),
  };
  return { webhooks, handlers };
}
export type ConnectorsArea = ReturnType<typeof assembleConnectors>;
