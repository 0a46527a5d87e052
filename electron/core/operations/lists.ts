import { badRequest } from '../../../shared/contract/errors.ts';
import type { listOperations } from '../../../shared/contract/operations-lists.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { WindowOptions } from '../store/paging.ts';
import type { Sales } from '../domains/sales/index.ts';
import type { Invoices } from '../domains/invoices/index.ts';
import type { Proformas } from '../domains/proformas/index.ts';
import type { FiscalReceipts } from '../domains/fiscal-receipts/index.ts';
import type { Payments } from '../domains/payments/index.ts';
import type { Awbs } from '../domains/awb/index.ts';
import type { Contacts } from '../domains/contacts/index.ts';
import type { Products } from '../domains/products/index.ts';
import type { Connectors } from '../domains/connectors/index.ts';
import type { GlobalSearch } from '../domains/search/index.ts';

export interface ScreenListDeps {
  sales: Sales;
  invoices: Invoices;
  proformas: Proformas;
  fiscalReceipts: FiscalReceipts;
  payments: Payments;
  awbs: Awbs;
  contacts: Contacts;
  products: Products;
  connectors: Connectors;
  search: GlobalSearch;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
  /** Europe/Bucharest date (the product query wants it for its pricelist rules). */
  today(): string;
}

interface WindowInput<S extends string> {
  company_id: number;
  offset?: number;
  limit?: number;
  sort?: S;
  direction?: 'asc' | 'desc';
  q?: string;
  date_from?: string;
  date_through?: string;
}

/** The window a screen asked for; the contract's defaults again for a caller that skipped validation. */
function windowOf<S extends string>(input: WindowInput<S>, defaultSort: NoInfer<S>): WindowOptions<S> {
  return { offset: input.offset ?? 0, limit: input.limit ?? 100, sort: input.sort ?? defaultSort, direction: input.direction ?? 'desc' };
}

/** A calendar day that exists (the schema checks only its shape): 400 naming the field otherwise. */
function day(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) {
    throw badRequest(`${field}: '${value}' is not a calendar date (YYYY-MM-DD)`);
  }
  return value;
}

/**
 * What every list shares: the account checked (404), the date range checked, the free text
 * trimmed (blank: no filter).
 */
function common(deps: ScreenListDeps, input: WindowInput<string>) {
  deps.requireAccount(input.company_id);
  const dateFrom = day('date_from', input.date_from);
  const dateThrough = day('date_through', input.date_through);
  if (dateFrom !== undefined && dateThrough !== undefined && dateThrough < dateFrom) {
    throw badRequest(`date_through: ${dateThrough} is before date_from ${dateFrom}`);
  }
  const q = input.q?.trim();
  return { companyId: input.company_id, dateFrom, dateThrough, q: q ? q : undefined };
}

/**
 * The screen lists (shared/contract/operations-lists.ts): each maps its input onto the window of
 * the domain's own list query (the same WHERE, columns and records as its REST list) and answers
 * the rows with the total.
 */
export function createListHandlers(deps: ScreenListDeps): HandlersOf<keyof typeof listOperations> {
  return {
    'lists.sales': (input) =>
      deps.sales.window(
        { ...common(deps, input), clientId: input.client_id, cancelled: input.cancelled, invoiced: input.invoiced, addedByApi: input.added_by_api, paymentState: input.payment_state, include: {} },
        windowOf(input, 'bv_id'),
      ),
    'lists.invoices': (input) =>
      deps.invoices.window(
        { ...common(deps, input), clientId: input.client_id, cancelled: input.cancelled, paid: input.paid, dueBefore: day('due_before', input.due_before) },
        windowOf(input, 'bocp_id'),
      ),
    'lists.proformas': (input) =>
      deps.proformas.window(
        { ...common(deps, input), clientId: input.client_id, cancelled: input.cancelled, include: {} },
        windowOf(input, 'proforma_id'),
      ),
    'lists.fiscalReceipts': (input) =>
      deps.fiscalReceipts.window(
        { ...common(deps, input), statusId: input.status_id, saleId: input.bv_id, include: {} },
        windowOf(input, 'fiscal_receipt_id'),
      ),
    'lists.payments': (input) =>
      deps.payments.window(
        {
          ...common(deps, input),
          clientId: input.client_id,
          saleId: input.bv_id,
          paymentType: input.payment_type,
          cancelled: input.cancelled,
          include: {},
        },
        windowOf(input, 'incasare_id'),
      ),
    'lists.awbs': (input) =>
      deps.awbs.window(
        { ...common(deps, input), saleId: input.sale_id, awbType: input.awb_type, cancelled: input.cancelled },
        windowOf(input, 'awb_id'),
      ),
    'lists.contacts': (input) => {
      const { companyId, q } = common(deps, input);
      return deps.contacts.window(
        { companyId, q, isClient: input.is_client, isSupplier: input.is_supplier, include: {} },
        windowOf(input, 'bocp_id'),
      );
    },
    'lists.products': (input) => {
      const { companyId, dateFrom, dateThrough, q } = common(deps, input);
      // Staff sees the whole catalogue: every variant, sellable or not, deleted ones on request.
      const reader = deps.products.open(
        {
          companyId,
          today: deps.today(),
          dateFrom,
          dateThrough,
          cont: 'all',
          deleted: input.deleted ?? false,
          archived: input.archived,
          categoryId: input.category_id,
          manufacturer: input.manufacturer_id === undefined ? undefined : { id: input.manufacturer_id },
          publishedTo: input.connector_id,
          inStock: input.in_stock,
          q,
        },
        'list',
      );
      return reader.window(windowOf(input, 'product_id'));
    },
    'lists.connectorOrders': (input) =>
      deps.connectors.orderWindow(
        { ...common(deps, input), connectorId: input.connector_id, cancelled: input.cancelled, orderStatus: input.order_status, waitingFor: input.waiting_for },
        windowOf(input, 'SERVICE_order_id'),
      ),
    'search.global': ({ company_id, q, limit }) => {
      deps.requireAccount(company_id);
      return deps.search.search(company_id, q, limit ?? 20);
    },
  };
}
