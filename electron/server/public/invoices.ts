import { f, standardFilters } from '../../../shared/filters/grammar.ts';
import { Invoice, INVOICES_PAGE_SIZE } from '../../../shared/domain/invoices.ts';
import type { RestRoutes } from './route-kit.ts';
import { documentQuery } from './document-filters.ts';
import { baseUrlOf } from './request-urls.ts';
import { invoicesListExample } from './invoices.examples.ts';

/** The spec: standard filters plus documentnr. No include or exclude. */
export const invoiceListFilters = {
  ...standardFilters,
  documentnr: f.documentNumber(),
} as const;

export function registerInvoiceRoutes(routes: RestRoutes): void {
  routes.list(
    {
      path: '/invoices/list/',
      module: 'invoices',
      summary: 'Fiscal invoices (facturi)',
      example: invoicesListExample,
      description:
        'Date filters act on the invoice date, modifiedafter / modifiedthrough on last_changed_ts. ' +
        'documentnr is the invoice number as typed: the number alone (any series) or with its series, any case, ' +
        'with or without a separator (596, B2BREB-596, B2BREB 596, b2breb596); a value that matches no invoice ' +
        'answers an empty page. skipcancelled:1 hides cancelled invoices. id: takes the bocp_id. Row keys are the ones ' +
        'clients of the real service read (bocp_id, doc_series, doc_nr, doc_date, document_value_with_vat, rest, ' +
        'document_cancelled 0/1, pdf_invoice_url, record_ts, client_* and client_shipping_* (client_shipping_adress, sic), ' +
        'bocp_contact_id, items[]); every row carries its lines. pdf_invoice_url is a credential-free link to the PDF on ' +
        'the address the request used, valid until 00:00 UTC of the day after the next (24 to 48 hours, as the real service\'s links expire); ' +
        'after that the link answers 410 and a new list read gives a fresh one.',
      filters: invoiceListFilters,
      item: Invoice,
      pageSize: INVOICES_PAGE_SIZE,
    },
    ({ core, companyId, filters, page, request }) =>
      core.rest.invoices.list({
        ...documentQuery(companyId, filters, page, INVOICES_PAGE_SIZE),
        documentNumber: filters.documentnr,
        baseUrl: baseUrlOf(request),
      }),
  );
}
