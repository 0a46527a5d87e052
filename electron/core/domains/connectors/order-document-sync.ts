import type { ExchangeRates } from '../exchange-rates/index.ts';
import type { PaymentLedger } from '../payments/index.ts';
import type { DocLine, IssuedInvoice, LiveSale, OrderDocuments, PartyBlock } from './order-documents.ts';
import type { ItemRow, OrderDocState, StoredOrder } from './order-import-model.ts';
import type { OrderSettings } from './order-settings.ts';

/**
 * How the order's sales receipt, proforma and stock reservation follow the order: a cancellation
 * (reservation released, documents cancelled per cancel_action), new lines on the documents it
 * already has (the sale's stock and the reservation move with them), and what the import makes
 * while the order is processed (a sales receipt or a reservation, action_on_import). The steps
 * update the shared OrderDocState in the import's order.
 */

export interface OrderLinesContext {
  companyId: number;
  orderId: number;
  settings: OrderSettings;
  currency: string;
  docRate: number | undefined;
  oldItems: readonly ItemRow[];
  lines: DocLine[];
  linesTotal: number;
  notices: string[];
  ts: string;
}

/** The order's proforma when it has one that is not cancelled. */
export function livingProforma(docs: OrderDocuments, companyId: number, proformaId: number | null) {
  const pf = docs.proforma(companyId, proformaId);
  return pf && pf.cancelled === 0 ? pf : undefined;
}

export function createDocumentSync(docs: OrderDocuments, ledger: PaymentLedger, rates: ExchangeRates) {
  const oldQuantities = (c: OrderLinesContext) => c.oldItems.map((i) => ({ product_id: i.product_id, quantity: i.item_quantity }));

  return {
    /** Cancellation, and its end. */
    followCancellation(
      c: OrderLinesContext,
      state: OrderDocState,
      a: { stored: StoredOrder | undefined; cancelled: number; saleBefore: LiveSale | undefined; invoiceBefore: IssuedInvoice | undefined },
    ): void {
      const { companyId, orderId, settings, notices, ts } = c;
      const { stored, cancelled, saleBefore, invoiceBefore } = a;
      if (stored && cancelled === 1 && stored.cancelled === 0) {
        if (state.reservedAt !== null) {
          docs.reserve(companyId, state.reservedAt, oldQuantities(c), -1, ts);
          state.reservedAt = null;
        }
        if (settings.cancelAction === 'cancel_documents') {
          if (saleBefore && invoiceBefore) {
            notices.push(
              `order cancelled: invoice ${invoiceBefore.series} ${invoiceBefore.number} is a fiscal document and is not cancelled ` +
                `(reverse it with a storno invoice in the ERP); its sales receipt ${saleBefore.series} ${saleBefore.number} stays`,
            );
          } else if (saleBefore) docs.cancel('sale', companyId, saleBefore.id, saleBefore.workpoint_id, ts);
          const pf = livingProforma(docs, companyId, state.proformaId);
          if (pf && pf.invoice_id === null) docs.cancel('proforma', companyId, pf.id, null, ts);
          if (docs.hasLiveAwb(companyId, orderId, saleBefore?.id ?? null)) {
            notices.push('order cancelled: its AWB is not cancelled here (DELETE /awb/{awb_id}/ cancels it)');
          }
        }
      } else if (stored && cancelled === 0 && stored.cancelled === 1) {
        notices.push('order_cancelled: the order is active again; documents cancelled with it stay cancelled');
      }
    },

    /** New lines on the documents the order already has (state.sale is its live sale). */
    followNewLines(c: OrderLinesContext, state: OrderDocState): void {
      const { companyId, orderId, currency, docRate, lines, linesTotal, notices, ts } = c;
      const sale = state.sale;
      if (sale && !docs.invoiceOf(companyId, sale)) {
        docs.replaceLines('sale', {
          companyId,
          docId: sale.id,
          workpointId: sale.workpoint_id,
          currency,
          rate: rates.rateOn(currency, sale.date) ?? docRate!,
          lines,
          now: ts,
        });
        // What was paid above the new total is given back to the payments, unallocated (docs/data-model.md "What is paid").
        const released = ledger.fitToTotal(companyId, sale.id, ts);
        if (released > 0) {
          notices.push(
            `items: the sales receipt's new total ${linesTotal} is below what was paid on it (${sale.paid_amount}); ` +
              `${released.toFixed(2)} ${sale.currency} stays on its payments, unallocated (the client's credit)`,
          );
        }
        state.sale = docs.liveSale(companyId, orderId);
      }
      const pf = livingProforma(docs, companyId, state.proformaId);
      if (pf && pf.invoice_id === null) {
        docs.replaceLines('proforma', { companyId, docId: pf.id, workpointId: null, currency, rate: docRate!, lines, now: ts });
      } else if (pf) notices.push(`items: proforma ${pf.series} ${pf.number} is already invoiced; its lines stay`);
      if (state.reservedAt !== null) {
        docs.reserve(companyId, state.reservedAt, oldQuantities(c), -1, ts);
        docs.reserve(companyId, state.reservedAt, lines, 1, ts);
      }
    },

    /** While the order is processed: its sales receipt (a reservation gives way to it) or its reservation (action_on_import). */
    createOnImport(
      c: OrderLinesContext,
      state: OrderDocState,
      a: { party: PartyBlock; workpointId: number; docDate: string; mentions: string; total: number },
    ): void {
      const { companyId, orderId, settings, currency, docRate, lines, linesTotal, notices, ts } = c;
      const { party, workpointId, docDate, mentions, total } = a;
      if (settings.actionOnImport === 'create_sale' && !state.sale) {
        if (state.reservedAt !== null) {
          docs.reserve(companyId, state.reservedAt, lines, -1, ts);
          state.reservedAt = null;
        }
        docs.createSale({ companyId, orderId, series: 'BVW', date: docDate, party, workpointId, currency, rate: docRate!, lines, mentions, now: ts });
        state.sale = docs.liveSale(companyId, orderId);
        if (Math.abs(linesTotal - total) > 0.005) {
          notices.push(
            `the sales receipt's total ${linesTotal.toFixed(2)} (VAT per line from item_price) differs from the order's total ${total.toFixed(2)}`,
          );
        }
      } else if (settings.actionOnImport === 'reserve_stock' && !state.sale && state.reservedAt === null) {
        docs.reserve(companyId, workpointId, lines, 1, ts);
        state.reservedAt = workpointId;
      }
    },
  };
}
export type DocumentSync = ReturnType<typeof createDocumentSync>;
