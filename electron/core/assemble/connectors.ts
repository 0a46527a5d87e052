import { createConnectorWriter, createStaffActions } from '../domains/connectors/index.ts';
import { createInvoiceStorno } from '../domains/invoices/index.ts';
import { createProformaInvoice } from '../domains/proformas/index.ts';
import { createContactUpdate } from '../domains/contacts/index.ts';
import { createWebhooks } from '../webhooks/index.ts';
import type { Storage } from './storage.ts';
import type { Ledger } from './ledger.ts';

/**
 * Connectors, webhooks and the staff's actions: an order's status, invoice and AWB, a product
 * published, an invoice reversed, a proforma invoiced, a contact edited (each committing its
 * notifications with it), the connectors' settings, and the dispatcher that delivers the
 * notifications.
 */
export function assembleConnectors(storage: Storage, ledger: Ledger) {
  const { db, deps } = storage;
  const { reads, products } = ledger;
  const staffActions = createStaffActions({ db, deps, connectors: reads.connectors, push: products.push, invoices: reads.invoices });
  const webhooks = createWebhooks({
    db,
    clock: storage.clock,
    settings: () => storage.settings.get(),
    events: storage.events,
    outbox: deps.outbox,
    publicUrl: deps.publicUrl,
  });
  return {
    staffActions,
    webhooks,
    connectorWriter: createConnectorWriter(db, deps.clock),
    // Reverse an invoice, invoice a proforma (one of a connector order as its order is), edit a contact.
    storno: createInvoiceStorno(db, deps, { invoices: reads.invoices, push: products.push }),
    proformaInvoice: createProformaInvoice(db, deps, { invoices: reads.invoices, push: products.push, issueOrderInvoice: staffActions.issueInvoice }),
    contactUpdate: createContactUpdate(db, deps.clock, reads.contacts),
  };
}
export type ConnectorsArea = ReturnType<typeof assembleConnectors>;
