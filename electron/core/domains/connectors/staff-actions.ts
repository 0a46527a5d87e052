import type { Database } from 'better-sqlite3';
import type { DomainDeps } from '../../domain-deps.ts';
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

  const followUps = createInvoiceFollowUps(db);
  // The order's invoice, its answer telling the follow-ups (AWB, status, notifications)
  // orders.invoicePreview announces: the function orders.issueInvoice, its preview and the
  // invoice of an order's proforma (proformas.invoice) all run.
  const issueInvoice = followUps.reported(invoice.issue);

  return {
    setStatus: status.set,
    issueInvoice,
    /** orders.invoicePreview: the invoice action run and rolled back. */
    previewInvoice: (input: Parameters<typeof issueInvoice>[0]) => followUps.preview(issueInvoice, input),
    generateAwb: awb.generate,
    publish: publishing.publish,
    unpublish: publishing.unpublish,
  };
}
export type StaffActions = ReturnType<typeof createStaffActions>;
