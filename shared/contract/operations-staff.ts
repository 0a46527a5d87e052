import Type from 'typebox';
import { op, CompanyId } from './operation-def.ts';
import { Awb } from '../domain/awb.ts';
import {
  OrderAwbGenerated,
  OrderAwbInput,
  OrderInvoiceInput,
  OrderInvoiceDone,
  OrderInvoicePreview,
  OrderStatusChanged,
  OrderStatusInput,
  ProductPublicationInput,
  ProductPublished,
  ProductUnpublished,
} from '../domain/staff-actions.ts';

const ORDER = '/accounts/:company_id/connectors/:connector_id/orders/:order_unique_id';
const PRODUCT = '/accounts/:company_id/connectors/:connector_id/products/:product_id';

/**
 * Staff actions on the ERP side that emit notifications (order status, invoice, AWB,
 * publishing). Each is one transaction: the document, the stock and status it moves and its
 * notifications commit together or not at all. Rules: docs/control-api.md "Staff actions (control API)".
 */
export const staffOperations = {
  'orders.setStatus': op({
    summary: "Change a connector order's status in the ERP; sends the status notification (status_sync maps a known event)",
    input: OrderStatusInput,
    output: OrderStatusChanged,
    http: { method: 'POST', path: `${ORDER}/status` },
  }),
  'orders.issueInvoice': op({
    summary: "Issue the fiscal invoice of a connector order (its sales receipt is made first when it has none); sends the invoice notification",
    input: OrderInvoiceInput,
    output: OrderInvoiceDone,
    http: { method: 'POST', path: `${ORDER}/invoice` },
  }),
  'orders.generateAwb': op({
    summary: 'Generate a courier AWB for a connector order; sends the awb notification',
    input: OrderAwbInput,
    output: OrderAwbGenerated,
    http: { method: 'POST', path: `${ORDER}/awb` },
  }),
  'products.publish': op({
    summary: 'Publish a product to a connector (again: republish); sends product_published with the full product',
    input: ProductPublicationInput,
    output: ProductPublished,
    http: { method: 'POST', path: `${PRODUCT}/publish` },
  }),
  'products.unpublish': op({
    summary: 'Take a product off a connector; sends product_unpublished',
    input: ProductPublicationInput,
    output: ProductUnpublished,
    http: { method: 'POST', path: `${PRODUCT}/unpublish` },
  }),
} as const;

/**
 * Staff actions on documents the REST API can change too (each handler calls the domain function
 * of the REST route), and the preview of the invoice action (electron/core/operations/staff.ts).
 * Rules: docs/control-api.md "Staff actions (control API)".
 */
export const staffDocumentOperations = {
  'awbs.cancel': op({
    summary:
      'Cancel an AWB (as DELETE /awb/{awb_id}/ does): it stays listed with document_cancelled 1 and its order may have a new one ' +
      '(orders.generateAwb). 404: no such AWB in the account; 409: it is already cancelled',
    input: Type.Object(
      { company_id: CompanyId, awb_id: Type.Integer({ minimum: 1, description: 'the AWB (awb_id)' }) },
      { additionalProperties: false },
    ),
    output: Awb,
    http: { method: 'POST', path: '/accounts/:company_id/awbs/:awb_id/cancel' },
  }),
  'orders.invoicePreview': op({
    summary:
      "What orders.issueInvoice would do now, before the click: the invoice (series, number, date, total), whether it makes the order's " +
      "sales receipt, and the follow-ups the connector's settings trigger (the AWB of awb.auto_issue on_invoice, the status_sync " +
      'status and the notifications sent). It is the action itself run and rolled back: nothing is written; its refusals are the action\'s',
    input: OrderInvoiceInput,
    output: OrderInvoicePreview,
    http: { method: 'POST', path: `${ORDER}/invoice/preview` },
    reads: ['connector_orders', 'connectors', 'connector_settings', 'sales', 'invoices', 'awbs', 'stock', 'document_series'],
  }),
} as const;
