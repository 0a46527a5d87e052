import Type, { type TSchema } from 'typebox';
import { op, CompanyId } from './operation-def.ts';
import { Sale } from '../domain/sales.ts';
import { Invoice } from '../domain/invoices.ts';
import { Proforma } from '../domain/proformas.ts';
import { FiscalReceipt } from '../domain/fiscal-receipts.ts';
import { Payment } from '../domain/payments.ts';
import { Awb } from '../domain/awb.ts';
import { Contact } from '../domain/contacts.ts';
import { Product } from '../domain/products.ts';
import { ConnectorOrder } from '../domain/connectors.ts';

const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/**
 * What every screen list takes: a window of rows (offset / limit, so a virtualized table can
 * jump anywhere and page both ways), a sort on an indexed column (newest first by default), a free
 * text that an index serves (number, code, name), plus the list's own filters (the date range too).
 */
function listInput<S extends readonly [string, ...string[]], F extends Record<string, TSchema>>(sorts: S, q: string, filters: F) {
  return Type.Object(
    {
      company_id: CompanyId,
      offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
      sort: Type.Optional(Type.Enum<[...S]>(sorts, { default: sorts[0], description: 'an indexed column' })),
      direction: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
      q: Type.Optional(Type.String({ maxLength: 100, description: q })),
      ...filters,
    },
    { additionalProperties: false },
  );
}

/** The date range of a list, on the date it says (every list but contacts). */
const dates = (on: string) => ({
  date_from: Type.Optional(Type.String({ pattern: DAY_PATTERN, description: `${on}: YYYY-MM-DD, inclusive` })),
  date_through: Type.Optional(Type.String({ pattern: DAY_PATTERN, description: `${on}: YYYY-MM-DD, inclusive` })),
});

/** What q matches, list by list: each reads an index (docs/data-model.md, "Screen lists"). */
const DOCUMENT_Q = 'the number (596, with its series: FA 596, fa596) or the start of the client name (A-Z in any case)';
const RECEIPT_Q = "the printed receipt number (bon_nr), or the receipt's sale as the sales list's q finds it";
const AWB_Q = 'the tracking number (awb_nr) exactly, or the start of the client name (A-Z in any case)';
const CONTACT_Q = 'the start of the name (A-Z in any case), or the fiscal code (vat_id) exactly, with or without RO';
const PRODUCT_Q = 'cod_produs, cod_varianta or barcode (EAN) exactly, or the start of the name (A-Z in any case)';
const ORDER_Q = 'the order id on the connector (order_unique_id) or SERVICE_order_id, exactly';

/** The answer of every screen list: the rows of the window and how many match in all. */
function listOutput<T extends TSchema>(row: T) {
  return Type.Object({
    rows: Type.Array(row),
    total: Type.Integer({ description: 'rows matching the filters (all windows)' }),
    offset: Type.Integer(),
  });
}

const Flag = Type.Boolean();
const ClientId = Type.Integer({ minimum: 1 });

/**
 * The reads of the window's screens, on the same domain queries as the REST lists (the same
 * record shapes). Rows carry the same keys the REST API answers, so a screen shows what a partner
 * reads.
 */
export const listOperations = {
  'lists.sales': op({
    summary: 'Sales receipts for the screens: window, sort, filters, total',
    input: listInput(['bv_id', 'doc_date', 'document_value_with_vat', 'paid_amount', 'open_amount'] as const, DOCUMENT_Q, {
      client_id: Type.Optional(ClientId),
      cancelled: Type.Optional(Flag),
      invoiced: Type.Optional(Flag),
      added_by_api: Type.Optional(Flag),
      payment_state: Type.Optional(
        Type.Enum(['unpaid', 'partly_paid', 'paid'], {
          description:
            'unpaid: nothing paid, something to pay; partly_paid: some paid, some left; paid: nothing left to pay ' +
            '(open amount = document_value_with_vat - paid_amount, rounded to 2 decimals; the sort open_amount orders by it)',
        }),
      ),
      ...dates('doc_date'),
    }),
    output: listOutput(Sale),
    http: { method: 'GET', path: '/accounts/:company_id/lists/sales' },
    reads: ['sales', 'sale_items', 'payments', 'payment_allocations', 'invoices'],
  }),
  'lists.invoices': op({
    summary: 'Invoices for the screens',
    input: listInput(['bocp_id', 'doc_date', 'document_value_with_vat'] as const, DOCUMENT_Q, {
      client_id: Type.Optional(ClientId),
      cancelled: Type.Optional(Flag),
      paid: Type.Optional(Flag),
      due_before: Type.Optional(
        Type.String({ pattern: DAY_PATTERN, description: 'doc_due_date before this day (YYYY-MM-DD, exclusive); with paid=false: overdue on that day' }),
      ),
      ...dates('doc_date'),
    }),
    output: listOutput(Invoice),
    http: { method: 'GET', path: '/accounts/:company_id/lists/invoices' },
    reads: ['invoices', 'invoice_items', 'payments', 'payment_allocations'],
  }),
  'lists.proformas': op({
    summary: 'Proformas for the screens',
    input: listInput(['proforma_id', 'doc_date'] as const, DOCUMENT_Q, {
      client_id: Type.Optional(ClientId),
      cancelled: Type.Optional(Flag),
      ...dates('doc_date'),
    }),
    output: listOutput(Proforma),
    http: { method: 'GET', path: '/accounts/:company_id/lists/proformas' },
    reads: ['proformas', 'proforma_items'],
  }),
  'lists.fiscalReceipts': op({
    summary: 'Fiscal receipts for the screens',
    input: listInput(['fiscal_receipt_id', 'doc_date'] as const, RECEIPT_Q, {
      status_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
      bv_id: Type.Optional(Type.Integer({ minimum: 1 })),
      ...dates('doc_date (bf_date, else the day the receipt was registered)'),
    }),
    output: listOutput(FiscalReceipt),
    http: { method: 'GET', path: '/accounts/:company_id/lists/fiscal-receipts' },
    reads: ['fiscal_receipts'],
  }),
  'lists.payments': op({
    summary: 'Payments for the screens',
    input: listInput(['incasare_id', 'doc_date', 'amount'] as const, DOCUMENT_Q, {
      client_id: Type.Optional(ClientId),
      bv_id: Type.Optional(Type.Integer({ minimum: 1 })),
      payment_type: Type.Optional(Type.String({ maxLength: 64 })),
      cancelled: Type.Optional(Flag),
      ...dates('doc_date'),
    }),
    output: listOutput(Payment),
    http: { method: 'GET', path: '/accounts/:company_id/lists/payments' },
    reads: ['payments', 'payment_allocations'],
  }),
  'lists.awbs': op({
    summary: 'AWBs for the screens',
    input: listInput(['awb_id', 'doc_date'] as const, AWB_Q, {
      sale_id: Type.Optional(Type.Integer({ minimum: 1 })),
      awb_type: Type.Optional(Type.String({ maxLength: 32 })),
      cancelled: Type.Optional(Flag),
      ...dates('doc_date'),
    }),
    output: listOutput(Awb),
    http: { method: 'GET', path: '/accounts/:company_id/lists/awbs' },
    reads: ['awbs'],
  }),
  'lists.contacts': op({
    summary: 'Contacts for the screens (clients and suppliers)',
    // No date range: a contact is no dated document.
    input: listInput(['bocp_id', 'name'] as const, CONTACT_Q, { is_client: Type.Optional(Flag), is_supplier: Type.Optional(Flag) }),
    output: listOutput(Contact),
    http: { method: 'GET', path: '/accounts/:company_id/lists/contacts' },
    reads: ['contacts', 'contact_addresses'],
  }),
  'lists.products': op({
    summary: 'Products for the screens',
    input: listInput(['product_id', 'product_name', 'stoc_global', 'pret_vanzare'] as const, PRODUCT_Q, {
      category_id: Type.Optional(Type.Integer({ minimum: 1 })),
      manufacturer_id: Type.Optional(Type.Integer({ minimum: 1 })),
      connector_id: Type.Optional(Type.Integer({ minimum: 1, description: 'published to this connector' })),
      in_stock: Type.Optional(Type.Boolean({ description: 'stoc_global above 0 (true) or not (false)' })),
      deleted: Type.Optional(Type.Boolean({ default: false, description: 'deleted variants (true) or the live ones (false, default)' })),
      archived: Type.Optional(Flag),
      ...dates('the day the variant was created'),
    }),
    output: listOutput(Product),
    http: { method: 'GET', path: '/accounts/:company_id/lists/products' },
    reads: ['products', 'stock', 'product_images', 'connector_products'],
  }),
  'lists.connectorOrders': op({
    summary: 'Connector orders for the screens, one connector or all',
    input: listInput(['SERVICE_order_id', 'order_date'] as const, ORDER_Q, {
      connector_id: Type.Optional(Type.Integer({ minimum: 1 })),
      cancelled: Type.Optional(Flag),
      order_status: Type.Optional(Type.String({ maxLength: 100 })),
      waiting_for: Type.Optional(
        Type.Enum(['invoice', 'awb'], { description: 'orders not cancelled that have no live invoice (invoice) or no live AWB (awb) yet' }),
      ),
      ...dates('order_date'),
    }),
    output: listOutput(ConnectorOrder),
    http: { method: 'GET', path: '/accounts/:company_id/lists/connector-orders' },
    reads: ['connector_orders', 'sales', 'invoices', 'awbs'],
  }),
  'search.global': op({
    summary: 'The command palette: documents by number, products by code or EAN, orders by id, contacts by name',
    input: Type.Object(
      { company_id: CompanyId, q: Type.String({ minLength: 1, maxLength: 100 }), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })) },
      { additionalProperties: false },
    ),
    output: Type.Array(
      Type.Object({
        kind: Type.Enum(['sale', 'invoice', 'proforma', 'payment', 'awb', 'product', 'contact', 'order']),
        id: Type.Integer({ description: 'the record id in its list (bv_id, bocp_id, product_id, SERVICE_order_id ...)' }),
        title: Type.String({ description: 'what to show: series and number, code and name ...' }),
        subtitle: Type.String({ description: 'the rest of what identifies it (client, connector, EAN ...); the date and amount are fields of their own' }),
        date: Type.Optional(Type.String({ description: "the document's or order's date, 'YYYY-MM-DD' (as stored)" })),
        amount: Type.Optional(Type.Number({ description: "a document's total (a payment's amount)" })),
        currency: Type.Optional(Type.String()),
      }),
    ),
    http: { method: 'GET', path: '/accounts/:company_id/search' },
    reads: ['sales', 'invoices', 'proformas', 'payments', 'awbs', 'products', 'contacts', 'connector_orders'],
  }),
};
