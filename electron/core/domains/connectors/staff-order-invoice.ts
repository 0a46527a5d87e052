import type { Database } from 'better-sqlite3';
import type { Static } from 'typebox';
import { badRequest } from '../../../../shared/contract/errors.ts';
import type { OrderInvoiceInput, OrderInvoiceIssued } from '../../../../shared/domain/staff-actions.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import type { Invoices } from '../invoices/index.ts';
import type { ProductPushes } from '../products/index.ts';
import type { StaffOrders } from './staff-order-context.ts';
import type { StaffOrderStatus } from './staff-order-status.ts';

/**
 * Staff issues the fiscal invoice of a connector order (orders.issueInvoice), in one
 * transaction: the order's sales receipt when it has none yet (a reservation gives way to it,
 * its confirmed payments are registered on it), the invoice with the connector's invoice
 * notification, what follows the invoice by the connector's settings (the AWB of awb.auto_issue
 * on_invoice, the status_sync status of invoice_issued / awb_issued) and the product_update of
 * the stock that moved.
 */

/**
 * The invoice date: default today, or the earliest date it may carry when that is later (an
 * order imported after next_day_hour has tomorrow's receipt). The earliest: the sales receipt's
 * date, else (no receipt yet) the order's date. Never before it, never after that default (no
 * invoice issued in advance).
 */
function invoiceDate(asked: string | undefined, today: string, earliest: { date: string; of: string }): string {
  const latest = earliest.date > today ? earliest.date : today;
  if (asked === undefined) return latest;
  if (asked > latest) throw badRequest(`date: ${asked} is after ${latest} (today, or ${earliest.of} when later): an invoice is not issued in advance`);
  if (asked < earliest.date) throw badRequest(`date: ${asked} is before ${earliest.of} (${earliest.date})`);
  return asked;
}

export function createStaffOrderInvoice(
  db: Database,
  deps: DomainDeps,
  use: { orders: StaffOrders; status: StaffOrderStatus; push: ProductPushes; invoices: Invoices },
) {
  const { orders, status, push, invoices } = use;

  function issue(input: Static<typeof OrderInvoiceInput>): OrderInvoiceIssued {
    return db.transaction((): OrderInvoiceIssued => {
      const o = orders.load(input);
      const { c, state } = o;
      orders.assertActive(o, 'it is not invoiced');
      const existing = state.sale && orders.docs.invoiceOf(c.companyId, state.sale);
      if (existing) {
        throw badRequest(
          `order_unique_id: order '${c.orderUniqueId}' is already invoiced: invoice ${existing.series} ${existing.number} (invoice_id ${existing.id})`,
        );
      }
      const earliest = state.sale
        ? { date: state.sale.date, of: "the date of the order's sales receipt" }
        : { date: o.stored.order_date, of: "the order's date" };
      const date = invoiceDate(input.date, c.ts.slice(0, 10), earliest);
      const rate = deps.rates.rateOn(c.currency, date);
      if (rate === undefined) throw badRequest(`date: no ${c.currency} exchange rate is stored on or before ${date}`);
      c.docDate = date;
      c.docRate = rate;

      const mark = orders.deliveries.mark();
      const snapshot = push.capture(c.companyId, c.items.flatMap((i) => (i.product_id === null ? [] : [i.product_id])));
      const saleCreated = state.sale === undefined;
      if (saleCreated) orders.createSale(o);
      const paidAmount = orders.settlePayments(o, true);
      const invoice = orders.steps.issueInvoice(c, state, { series: input.series ?? c.settings.invoicing.series, date });
      const awbMade = orders.steps.awbIfWanted(c, state, 'invoice');
      status.follow(o, awbMade ? ['invoice_issued', 'awb_issued'] : ['invoice_issued']);
      orders.finish(o, paidAmount);
      push.enqueueChanges(snapshot);

      const record = invoices.list({ companyId: c.companyId, id: invoice.id, page: 1, pageSize: 1, baseUrl: c.baseUrl }).rows[0]!;
      const document = { kind: 'invoice' as const, companyId: c.companyId, id: invoice.id };
      return {
        ...record,
        ...orders.effects(o, mark, 'invoice'),
        bv_id: state.sale!.id,
        sale_created: saleCreated,
        invoice_url_html: deps.links.url(c.baseUrl, document, 'html'),
        invoice_url_pdf: deps.links.url(c.baseUrl, document, 'pdf'),
      };
    }).immediate();
  }

  return { issue };
}
