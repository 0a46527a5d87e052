import type { DomainDeps } from '../../domain-deps.ts';
import type { IssuedInvoice } from './document-rows.ts';

/**
 * The body of the invoice notification (spec, Events), without notification_type (the outbox
 * adds it). One builder for every path that sends it: an order's invoice (the import's automatic
 * steps, the staff action) and a storno of an order's invoice.
 */
export type InvoiceNotification = {
  order_unique_id: string;
  invoice_number: string;
  invoice_date: string;
  invoice_series: string;
  invoice_total: number;
  invoice_currency: string;
  /** The total converted at the invoice's rate: the stored BNR rate of its date (1 for RON). */
  invoice_total_RON: number;
  invoice_url_html: string;
  invoice_url_pdf: string;
};

/**
 * The invoice notification of an issued invoice. Its links are the credential-free document
 * pages (the receiver has no API password); `baseUrl` is the scheme and host they start with:
 * the REST request's own for an import, the listener's (publicUrl) for a staff action.
 */
export function invoiceNotification(
  links: DomainDeps['links'],
  baseUrl: string,
  ref: { companyId: number; orderUniqueId: string },
  invoice: IssuedInvoice,
): InvoiceNotification {
  const document = { kind: 'invoice' as const, companyId: ref.companyId, id: invoice.id };
  return {
    order_unique_id: ref.orderUniqueId,
    invoice_number: String(invoice.number),
    invoice_date: invoice.date,
    invoice_series: invoice.series,
    invoice_total: invoice.total_with_vat,
    invoice_currency: invoice.currency,
    invoice_total_RON: invoice.total_ron,
    invoice_url_html: links.url(baseUrl, document, 'html'),
    invoice_url_pdf: links.url(baseUrl, document, 'pdf'),
  };
}
