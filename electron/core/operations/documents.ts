import type { Database } from 'better-sqlite3';
import { notFound } from '../../../shared/contract/errors.ts';
import type { documentOperations } from '../../../shared/contract/operations-documents.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { Invoices } from '../domains/invoices/index.ts';
import type { Proformas } from '../domains/proformas/index.ts';
import type { FiscalReceipts } from '../domains/fiscal-receipts/index.ts';
import type { Awbs } from '../domains/awb/index.ts';
import type { Contacts } from '../domains/contacts/index.ts';
import type { DocumentLinks } from '../domains/documents/index.ts';

export interface DocumentOperationDeps {
  db: Database;
  invoices: Invoices;
  proformas: Proformas;
  fiscalReceipts: FiscalReceipts;
  awbs: Awbs;
  contacts: Contacts;
  links: DocumentLinks;
  /** http://host:port of the listener: the document links start with it (as the list rows' do). */
  publicUrl(): string;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
}

/** A window of one row by id: the list query itself (same columns, same records) narrowed to the record. */
const ONE = { offset: 0, limit: 1, direction: 'desc' } as const;

/**
 * The detail reads of the document screens (shared/contract/operations-documents.ts), each on
 * the domain query its REST list runs, narrowed to one id. What they add to the row is read by
 * the domain's own functions (proforma lines, contact includes, document links); the only query
 * of this file is the invoice → sales receipts link (sales_invoice index), which no list serves.
 */
export function createDocumentHandlers(deps: DocumentOperationDeps): HandlersOf<keyof typeof documentOperations> {
  const invoicedSales = deps.db.prepare<[number, number], { bv_id: number; doc_series: string; doc_nr: number }>(
    'SELECT id AS bv_id, series AS doc_series, number AS doc_nr FROM sales WHERE invoice_id = ? AND company_id = ? ORDER BY id',
  );

  // Where a payment registered from the invoice goes: its oldest live sales receipt with something open, else its oldest live one.
  const paymentSale = deps.db
    .prepare<[number, number], number>(
      `SELECT id FROM sales WHERE invoice_id = ? AND company_id = ? AND cancelled = 0
        ORDER BY round(total_with_vat - paid_amount, 2) <= 0, id LIMIT 1`,
    )
    .pluck();

  // The storno that reverses the invoice (invoices_storno_of, migration 024).
  const reversal = deps.db.prepare<[number, number], { bocp_id: number; doc_series: string; doc_nr: number }>(
    'SELECT id AS bocp_id, series AS doc_series, number AS doc_nr FROM invoices WHERE storno_of_id = ? AND company_id = ? AND cancelled = 0 ORDER BY id LIMIT 1',
  );

  return {
    'invoices.get': ({ company_id, bocp_id }) => {
      deps.requireAccount(company_id);
      const [invoice] = deps.invoices.window({ companyId: company_id, id: bocp_id }, { ...ONE, sort: 'bocp_id' }).rows;
      if (!invoice) throw notFound(`invoice ${bocp_id} does not exist in this account`);
      return {
        ...invoice,
        // The HTML twin of pdf_invoice_url, on the same expiring terms.
        html_url: deps.links.expiringUrl(deps.publicUrl(), { kind: 'invoice', companyId: company_id, id: bocp_id }, 'html'),
        sales: invoicedSales.all(bocp_id, company_id),
        payment_bv_id: paymentSale.get(bocp_id, company_id) ?? null,
        reversed_by: reversal.get(bocp_id, company_id) ?? null,
      };
    },

    'proformas.get': ({ company_id, proforma_id }) => {
      deps.requireAccount(company_id);
      const [proforma] = deps.proformas.window(
        { companyId: company_id, id: proforma_id, include: { paymentLink: true } },
        { ...ONE, sort: 'proforma_id' },
      ).rows;
      if (!proforma) throw notFound(`proforma ${proforma_id} does not exist in this account`);
      return {
        ...proforma,
        pdf_url: deps.links.url(deps.publicUrl(), { kind: 'proforma', companyId: company_id, id: proforma_id }, 'pdf'),
        items: deps.proformas.lines(company_id, [proforma_id]).get(proforma_id) ?? [],
      };
    },

    'fiscalReceipts.get': ({ company_id, fiscal_receipt_id }) => {
      deps.requireAccount(company_id);
      const [receipt] = deps.fiscalReceipts.window(
        { companyId: company_id, id: fiscal_receipt_id, include: { items: true } },
        { ...ONE, sort: 'fiscal_receipt_id' },
      ).rows;
      if (!receipt) throw notFound(`fiscal receipt ${fiscal_receipt_id} does not exist in this account`);
      return receipt;
    },

    'awbs.get': ({ company_id, awb_id }) => {
      deps.requireAccount(company_id);
      const [awb] = deps.awbs.window({ companyId: company_id, id: awb_id }, { ...ONE, sort: 'awb_id' }).rows;
      if (!awb) throw notFound(`AWB ${awb_id} does not exist in this account`);
      const ref = { kind: 'awb', companyId: company_id, id: awb_id } as const;
      return {
        ...awb,
        label_pdf_url: deps.links.url(deps.publicUrl(), ref, 'pdf'),
        label_html_url: deps.links.url(deps.publicUrl(), ref, 'html'),
      };
    },

    'awbs.couriers': () => deps.awbs.couriers(),

    'contacts.get': ({ company_id, contact_id }) => {
      deps.requireAccount(company_id);
      return deps.contacts.get(company_id, contact_id, { pricelist: true, addresses: true, persons: true, banks: true });
    },
  };
}
