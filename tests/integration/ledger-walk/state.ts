import type { LinkedSale, MarketplaceOrder } from '../../../shared/domain/connectors.ts';
import type { Invoice } from '../../../shared/domain/invoices.ts';
import type { OrderDetail } from '../../../shared/domain/order-detail.ts';
import type { Payment, SalePaymentForm } from '../../../shared/domain/payments.ts';
import type { Product } from '../../../shared/domain/products.ts';
import type { Proforma } from '../../../shared/domain/proformas.ts';
import type { Sale } from '../../../shared/domain/sales.ts';
import type { Awb } from '../../../shared/domain/awb.ts';
import type { WalkApi } from './api.ts';

// What the rules read: the account's documents as a partner reads them through the REST lists
// and as the screens read them through the control API, at one moment of the walk.

/** An invoice as /invoices/list/ answers it, without its lines (the rules do not read them). */
export type InvoiceRow = Omit<Invoice, 'items'>;

export interface LedgerState {
  /** The test clock when the state was read ('YYYY-MM-DD HH:MM:SS'). */
  at: string;
  /** /sales/list/include:transactions,invoiced/ by bv_id. */
  sales: Map<number, Sale>;
  /** /invoices/list/ by bocp_id. */
  invoices: Map<number, InvoiceRow>;
  /** bocp_id of the invoices the invoice screen lists as paid (lists.invoices?paid=true). */
  paidOnScreen: Set<number>;
  /** /payments/list/include:allocations/ by incasare_id. */
  payments: Map<number, Payment>;
  /** /proformas/list/ by proforma_id. */
  proformas: Map<number, Proforma>;
  /** /awb/list/ by awb_id. */
  awbs: Map<number, Awb>;
  /** /marketplace/orders/list/ by rec_id (SERVICE_order_id). */
  orders: Map<number, MarketplaceOrder>;
  /** /product/list/cont:all/ by product_id. */
  products: Map<number, Product>;
  /** orders.get of the orders the check looked into, by SERVICE_order_id. */
  details: Map<number, OrderDetail>;
  /** The `sale` block of GET /sales/{bv_id}/payment/ of the sales the check looked into, by bv_id. */
  forms: Map<number, SalePaymentForm['sale']>;
}

const byId = <T, K extends keyof T>(rows: T[], key: K): Map<number, T> => new Map(rows.map((row) => [row[key] as number, row]));

/** Reads every list the rules compare (the details and forms are added by `readDetails`). */
export async function readState(api: WalkApi, at: string): Promise<LedgerState> {
  const [sales, invoices, paidOnScreen, payments, proformas, awbs, orders, products] = await Promise.all([
    api.restList<Sale>('/sales/list/include:transactions,invoiced/'),
    api.restList<Invoice>('/invoices/list/'),
    api.screenList<Invoice>('invoices', { paid: 'true' }),
    api.restList<Payment>('/payments/list/include:allocations/'),
    api.restList<Proforma>('/proformas/list/'),
    api.restList<Awb>('/awb/list/'),
    api.restList<MarketplaceOrder>('/marketplace/orders/list/'),
    api.restList<Product>('/product/list/cont:all/'),
  ]);
  return {
    at,
    sales: byId(sales, 'bv_id'),
    invoices: byId(
      invoices.map(({ items: _items, ...row }) => row),
      'bocp_id',
    ),
    paidOnScreen: new Set(paidOnScreen.map((row) => row.bocp_id)),
    payments: byId(payments, 'incasare_id'),
    proformas: byId(proformas, 'proforma_id'),
    awbs: byId(awbs, 'awb_id'),
    orders: byId(orders, 'rec_id'),
    products: byId(products, 'product_id'),
    details: new Map(),
    forms: new Map(),
  };
}

/** Adds orders.get of `orderIds` and the payment form of `saleIds` to the state. */
export async function readDetails(api: WalkApi, state: LedgerState, orderIds: Iterable<number>, saleIds: Iterable<number>): Promise<void> {
  for (const id of orderIds) {
    if (!state.details.has(id)) state.details.set(id, await api.controlRead<OrderDetail>(`/orders/${id}`));
  }
  for (const id of saleIds) {
    if (!state.forms.has(id)) state.forms.set(id, (await api.restRead<SalePaymentForm>(`/sales/${id}/payment/`)).sale);
  }
}

/** The order's live sales receipts (document_cancelled 0), as its list row links them. */
export const liveSalesOf = (order: { sales_receipts: LinkedSale[] }): LinkedSale[] =>
  order.sales_receipts.filter((s) => s.document_cancelled === 0);
