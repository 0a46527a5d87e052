import { formatDate } from '../time.ts';
import { createSales } from '../domains/sales/index.ts';
import { createInvoices } from '../domains/invoices/index.ts';
import { createProformas } from '../domains/proformas/index.ts';
import { createFiscalReceipts } from '../domains/fiscal-receipts/index.ts';
import { createPayments } from '../domains/payments/index.ts';
import { createAwbs } from '../domains/awb/index.ts';
import { createInventories } from '../domains/inventory/index.ts';
import { createWorkmanager } from '../domains/workmanager/index.ts';
import { createContacts } from '../domains/contacts/index.ts';
import { createReference } from '../domains/reference/index.ts';
import { createProducts } from '../domains/products/index.ts';
import { createImages } from '../domains/images/index.ts';
import { createConnectors } from '../domains/connectors/index.ts';
import type { Storage } from './storage.ts';

/**
 * The ledger and its documents: sales, products, invoices, proformas, receipts, payments, AWBs,
 * stock, service files, contacts and connector orders: the read side of every list of the spec,
 * which the staff's reads of single records and printouts run too.
 */
export function assembleLedger(storage: Storage) {
  const { db, pager, deps } = storage;
  const today = () => formatDate(storage.clock.now());
  const sales = createSales(db, pager);
  const products = createProducts(db, pager, deps);
  // One domain per list of the spec; the REST door and the screens read through the same ones.
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
    images: createImages(db, pager, deps, storage.outbound),
    connectors: createConnectors(db, pager, deps, products.push),
  };
  return { sales, products, reads, today };
}
export type Ledger = ReturnType<typeof assembleLedger>;
