import type { Database } from 'better-sqlite3';
import type { Invoice } from '../../../../shared/domain/invoices.ts';
import type { DocumentNumberReading } from '../../../../shared/filters/grammar.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { documentWhere, type DocumentQuery } from '../../store/document-query.ts';
import { documentLinesReader } from '../../store/document-lines.ts';
import type { Page, Pager, Window, WindowOptions } from '../../store/paging.ts';
import { createDocumentNumberResolver, createDocumentSearch } from '../../store/text-search.ts';
import { clientAddressReader, streetLine, type ClientAddress } from './client-address.ts';
export { createInvoiceStorno } from './invoice-storno.ts';

export interface InvoicesQuery extends DocumentQuery {
  /**
   * documentnr as the partner typed it: its readings (series or null for any, number), the most
   * likely first; the first that names an invoice of the account is used. None: an empty page.
   */
  documentNumber?: readonly DocumentNumberReading[] | undefined;
  /** scheme://host[:port] the links of the rows start with (a REST request's own); default the listener's. */
  baseUrl?: string | undefined;
  /** Screen lists: paid in full (true: nothing left to pay) or not (false). */
  paid?: boolean | undefined;
  /** Screen lists: due before this day (YYYY-MM-DD, exclusive); with paid false: overdue. */
  dueBefore?: string | undefined;
  /** Screen lists: the number (with or without series) or the start of the client's name. */
  q?: string | undefined;
}

/** The screen sorts and the column each one orders by (an index of migration 015 each). */
const SORTS = { bocp_id: 'id', doc_date: 'date', document_value_with_vat: 'total_with_vat' } as const;
export type InvoicesSort = keyof typeof SORTS;

// The latest live payment allocated to the invoice or to one of its sales receipts (docs/data-model.md "What is paid").
const LAST_PAYMENT = `COALESCE((SELECT max(d) FROM (
    SELECT p.date AS d FROM payment_allocations a JOIN payments p ON p.id = a.payment_id
     WHERE a.doc_type = 'invoice' AND a.doc_id = invoices.id AND p.cancelled = 0
    UNION ALL
    SELECT p.date AS d FROM sales s
      JOIN payment_allocations a ON a.doc_type = 'sale' AND a.doc_id = s.id
      JOIN payments p ON p.id = a.payment_id
     WHERE s.invoice_id = invoices.id AND p.cancelled = 0)), '')`;

// Reversed by a live storno (invoices_storno_of, migration 024; the overview's receivables repeat it): nothing is left to pay on it (docs/data-model.md "What is paid").
const REVERSED = 'EXISTS (SELECT 1 FROM invoices r WHERE r.storno_of_id = invoices.id AND r.cancelled = 0)';
const REST = `CASE WHEN ${REVERSED} THEN 0 ELSE max(0, round(total_with_vat - paid_amount, 2)) END`;

// The connector order the invoice came from (through its sales receipt): its addresses win.
const ORDER_ADDRESS = (column: string) =>
  `(SELECT o.${column} FROM sales sa JOIN connector_orders o ON o.id = sa.connector_order_id
     WHERE sa.invoice_id = invoices.id ORDER BY sa.id LIMIT 1)`;

const INVOICE_COLUMNS = `id AS bocp_id, series AS doc_series, number AS doc_nr, date AS doc_date, due_date AS doc_due_date,
  ${LAST_PAYMENT} AS last_payment_date, total_with_vat AS document_value_with_vat,
  ${REST} AS rest, currency, cancelled AS document_cancelled,
  created_ts AS record_ts, client_id AS bocp_contact_id, client_name, client_cui AS client_vat_id, client_id, client_cui, client_reg_com,
  workpoint_id, exchange_rate, total_without_vat, total_vat, total_ron, paid_amount, efactura_status, storno_of_id,
  mentions, added_by_api, last_changed_ts,
  ${ORDER_ADDRESS('invoice_address_id')} AS order_invoice_address_id,
  ${ORDER_ADDRESS('delivery_address_id')} AS order_delivery_address_id`;

type InvoiceRow = Omit<
  Invoice,
  | 'pdf_invoice_url'
  | 'items'
  | 'client_email'
  | 'client_phone1'
  | 'client_phone2'
  | `client_${'address' | 'city' | 'county' | 'postcode' | 'country'}`
  | `client_shipping_${'adress' | 'city' | 'county' | 'postcode' | 'country'}`
> & { order_invoice_address_id: number | null; order_delivery_address_id: number | null };

const addressKeys = (prefix: 'client_' | 'client_shipping_', street: 'address' | 'adress', a: ClientAddress | undefined) => ({
  [`${prefix}${street}`]: a ? streetLine(a) : '',
  [`${prefix}city`]: a?.city ?? '',
  [`${prefix}county`]: a?.county ?? '',
  [`${prefix}postcode`]: a?.zip ?? '',
  [`${prefix}country`]: a?.country ?? '',
});

/** Fiscal invoices: /invoices/list/. */
export function createInvoices(db: Database, pager: Pager, deps: Pick<DomainDeps, 'links' | 'publicUrl'>) {
  // documentnr: the number (any series), or the series as stored and the number (invoices_company_number).
  const documentNumber = createDocumentNumberResolver(db, 'invoices');
  const search = createDocumentSearch(db, 'invoices');
  const lines = documentLinesReader(db, 'invoice');
  const addresses = clientAddressReader(db);

  /** One WHERE for the REST pages and the screen windows; a documentnr that names no invoice matches nothing. */
  function whereOf(query: Omit<InvoicesQuery, 'page' | 'pageSize'>) {
    const numbered = query.documentNumber === undefined ? undefined : documentNumber(query.companyId, query.documentNumber);
    const where = documentWhere(query)
      .add('number = ?', numbered?.number)
      .add('series = ?', numbered?.series)
      .when(query.documentNumber !== undefined && numbered === undefined, '0')
      // Paid: nothing left (rest, as the rows show it, is 0).
      .when(query.paid === true, `(round(total_with_vat - paid_amount, 2) <= 0 OR ${REVERSED})`)
      .when(query.paid === false, `(round(total_with_vat - paid_amount, 2) > 0 AND NOT ${REVERSED})`)
      .add('due_date < ?', query.dueBefore);
    if (query.q !== undefined) {
      const ids = search(query.companyId, query.q);
      where.add(`id IN (${ids.sql})`, ...ids.params);
    }
    return where;
  }

  /** The answer's records of raw rows: links on `baseUrl`, lines and the client's addresses, one query each. */
  function finish(companyId: number, raw: InvoiceRow[], baseUrl: string): Invoice[] {
    if (raw.length === 0) return [];
    const linesOf = lines(companyId, raw.map((r) => r.bocp_id));
    const parties = addresses.read(
      companyId,
      raw.map((r) => ({
        contactId: r.bocp_contact_id,
        invoiceAddressId: r.order_invoice_address_id,
        deliveryAddressId: r.order_delivery_address_id,
      })),
    );
    return raw.map(({ order_invoice_address_id: _i, order_delivery_address_id: _d, ...row }, n): Invoice => {
      const party = parties[n]!;
      return {
        bocp_id: row.bocp_id,
        doc_series: row.doc_series,
        doc_nr: row.doc_nr,
        doc_date: row.doc_date,
        doc_due_date: row.doc_due_date,
        last_payment_date: row.last_payment_date,
        document_value_with_vat: row.document_value_with_vat,
        rest: row.rest,
        currency: row.currency,
        document_cancelled: row.document_cancelled,
        pdf_invoice_url: deps.links.expiringUrl(baseUrl, { kind: 'invoice', companyId, id: row.bocp_id }, 'pdf'),
        record_ts: row.record_ts,
        bocp_contact_id: row.bocp_contact_id,
        client_name: row.client_name,
        client_email: party.email,
        client_phone1: party.phone,
        client_phone2: party.delivery?.shipping_contact_phone && party.delivery.shipping_contact_phone !== party.phone ? party.delivery.shipping_contact_phone : '',
        client_vat_id: row.client_vat_id,
        ...(addressKeys('client_', 'address', party.invoice) as Pick<Invoice, `client_${'address' | 'city' | 'county' | 'postcode' | 'country'}`>),
        ...(addressKeys('client_shipping_', 'adress', party.delivery) as Pick<
          Invoice,
          `client_shipping_${'adress' | 'city' | 'county' | 'postcode' | 'country'}`
        >),
        client_id: row.client_id,
        client_cui: row.client_cui,
        client_reg_com: row.client_reg_com,
        workpoint_id: row.workpoint_id,
        exchange_rate: row.exchange_rate,
        total_without_vat: row.total_without_vat,
        total_vat: row.total_vat,
        total_ron: row.total_ron,
        paid_amount: row.paid_amount,
        efactura_status: row.efactura_status,
        storno_of_id: row.storno_of_id,
        mentions: row.mentions,
        added_by_api: row.added_by_api,
        last_changed_ts: row.last_changed_ts,
        items: linesOf.get(row.bocp_id) ?? [],
      };
    });
  }

  const source = { from: 'invoices', columns: INVOICE_COLUMNS, idColumn: 'id', idKey: 'bocp_id' };

  return {
    list(query: InvoicesQuery): Page<Invoice> {
      const page = pager.page<InvoiceRow>({ ...source, where: whereOf(query), page: query.page, pageSize: query.pageSize });
      return { rows: finish(query.companyId, page.rows, query.baseUrl ?? deps.publicUrl()), hasMore: page.hasMore };
    },

    /** A window of the screen list: the same WHERE and records as list(), any offset, any sort of SORTS. */
    window(query: Omit<InvoicesQuery, 'page' | 'pageSize'>, options: WindowOptions<InvoicesSort>): Window<Invoice> {
      const window = pager.window<InvoiceRow>({ ...source, where: whereOf(query), ...options, sort: SORTS[options.sort] });
      return { ...window, rows: finish(query.companyId, window.rows, query.baseUrl ?? deps.publicUrl()) };
    },
  };
}
export type Invoices = ReturnType<typeof createInvoices>;
