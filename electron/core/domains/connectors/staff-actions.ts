import type { Database } from 'better-sqlite3';
import type { staffOperations } from '../../../../shared/contract/operations-staff.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import type { HandlersOf } from '../../operation-handlers.ts';
import type { Invoices } from '../invoices/index.ts';
import type { ProductPushes } from '../products/index.ts';
import type { Connectors } from './index.ts';
import { createStaffOrders } from './staff-order-context.ts';
import { createStaffOrderAwb } from './staff-order-awb.ts';
import { createStaffOrderInvoice } from './staff-order-invoice.ts';
import { createStaffOrderStatus } from './staff-order-status.ts';
import { createInvoiceFollowUps } from './staff-invoice-preview.ts';
import { createStaffProductPublishing } from './staff-product-publishing.ts';

export interface StaffActionDeps {
  db: Database;
  deps: DomainDeps;
  connectors: Pick<Connectors, 'get' | 'settings'>;
  /** Product notifications: the stock an action moves, and the publishing pushes. */
  push: ProductPushes;
  /** The invoice record the invoice action answers (as /invoices/list/ shows it). */
  invoices: Invoices;
}

/**
 * The ERP-side staff actions that emit webhook notifications (shared/contract/operations-staff.ts):
 * order status, invoice and AWB of a connector order, and publishing a product to a connector.
 * Links in their notifications start with the listener's address (deps.publicUrl()): they are not
 * REST requests.
 */
export function createStaffActions({ db, deps, connectors, push, invoices }: StaffActionDeps) {
  const orders = createStaffOrders(db, deps, connectors);
  const status = createStaffOrderStatus(db, deps, orders);
  const invoice = createStaffOrderInvoice(db, deps, { orders, status, push, invoices });
  const awb = createStaffOrderAwb(db, { orders, status, push });
  const publishing = createStaffProductPublishing(db, deps, { orders, deliveries: orders.deliveries, push });

  // The order's invoice, its answer telling the follow-ups (AWB, status, notifications)
  // orders.invoicePreview announces: the function orders.issueInvoice, its preview and the
  // invoice of an order's proforma (proformas.invoice) all run.
  const issueInvoice = createInvoiceFollowUps(db).reported(invoice.issue);

  const handlers: HandlersOf<keyof typeof staffOperations> = {
    'orders.setStatus': (input) => status.set(input),
    'orders.issueInvoice': issueInvoice,
    'orders.generateAwb': (input) => awb.generate(input),
    'products.publish': (input) => publishing.publish(input),
    'products.unpublish': (input) => publishing.unpublish(input),
  };
  return { handlers, issueInvoice };
}
