import type { Database } from 'better-sqlite3';
import { badRequest, conflict, notFound } from '../../../../shared/contract/errors.ts';
import type { InvoiceStornoDone, InvoiceStornoInput } from '../../../../shared/domain/document-actions.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { formatDate, formatTimestamp } from '../../time.ts';
import { createOutboxSince } from '../../webhooks/outbox-since.ts';
import { createDocumentRows, createInvoiceWriter, invoiceNotification, type DocLine } from '../issuing/index.ts';
import type { ProductPushes } from '../products/index.ts';
import type { Invoices } from './index.ts';

/**
 * Staff reverses an issued invoice (invoices.storno): a Romanian ERP never deletes a fiscal
 * invoice, it issues a storno. One transaction: the storno invoice (same series, next number,
 * the original's client block, workpoint, currency and lines at negative quantities and values,
 * storno_of_id, due on its date, "Stornare factura SERIE NR"; issuing's invoice writer), the
 * stock of its product lines given back at the workpoint (a return), the product_update of that
 * stock, and, for an invoice of a connector order, the order's invoice notification of the
 * storno. The original stays as it was (not cancelled, its payments stay with it); a live storno
 * makes its rest 0 (invoices/index.ts): the pair nets to zero and the storno's own rest is 0
 * (never below 0), so nothing is owed twice.
 */

interface OriginalRow {
  id: number;
  series: string;
  number: number;
  date: string;
  client_id: number | null;
  client_name: string;
  client_cui: string;
  client_reg_com: string;
  workpoint_id: number | null;
  currency: string;
  exchange_rate: number;
  cancelled: number;
  storno_of_id: number | null;
}

export function createInvoiceStorno(db: Database, deps: DomainDeps, use: { invoices: Invoices; push: ProductPushes }) {
  const rows = createDocumentRows(db);
  const invoiceWriter = createInvoiceWriter(db, rows);
  const deliveries = createOutboxSince(db);
  const original = db.prepare<[number, number], OriginalRow>(
    `SELECT id, series, number, date, client_id, client_name, client_cui, client_reg_com, workpoint_id, currency, exchange_rate,
            cancelled, storno_of_id
       FROM invoices WHERE company_id = ? AND id = ?`,
  );
  // invoices_storno_of (migration 024).
  const reversal = db.prepare<[number, number], { id: number; series: string; number: number }>(
    'SELECT id, series, number FROM invoices WHERE storno_of_id = ? AND company_id = ? AND cancelled = 0 ORDER BY id LIMIT 1',
  );
  // The connector order the invoice came from, through its sales receipt (sales_invoice index).
  const orderOf = db.prepare<[number, number], { connector_id: number; order_unique_id: string }>(
    `SELECT o.connector_id, o.order_unique_id FROM sales s JOIN connector_orders o ON o.id = s.connector_order_id
      WHERE s.invoice_id = ? AND s.company_id = ? ORDER BY s.id LIMIT 1`,
  );
  // Its rest becomes 0: a partner reading modifiedafter sees the change.
  const touch = db.prepare<[string, number, number]>('UPDATE invoices SET last_changed_ts = ? WHERE company_id = ? AND id = ?');

  /** The storno's date: default today; never before the invoice it reverses, never after today. */
  function stornoDate(asked: string | undefined, today: string, inv: OriginalRow): string {
    const latest = inv.date > today ? inv.date : today;
    const date = asked ?? latest;
    if (date < inv.date) throw badRequest(`date: ${date} is before the date of invoice ${inv.series} ${inv.number} (${inv.date})`);
    if (date > latest) throw badRequest(`date: ${date} is after today (${today}): a storno is not issued in advance`);
    return date;
  }

  /** Reverses the invoice; runs in its own transaction (a savepoint inside a caller's). */
  function storno(input: InvoiceStornoInput): InvoiceStornoDone {
    return db.transaction((): InvoiceStornoDone => {
      const companyId = input.company_id;
      const inv = original.get(companyId, input.bocp_id);
      if (!inv) throw notFound(`bocp_id: invoice ${input.bocp_id} does not exist in this account`);
      const name = `${inv.series} ${inv.number}`;
      if (inv.cancelled === 1) throw conflict(`bocp_id: invoice ${name} is cancelled: a cancelled invoice is not reversed`);
      if (inv.storno_of_id !== null) throw conflict(`bocp_id: invoice ${name} is itself a storno (of invoice_id ${inv.storno_of_id}): it is not reversed again`);
      const done = reversal.get(inv.id, companyId);
      if (done) throw conflict(`bocp_id: invoice ${name} is already reversed by storno ${done.series} ${done.number} (bocp_id ${done.id})`);

      const now = deps.clock.now();
      const ts = formatTimestamp(now);
      const date = stornoDate(input.date, formatDate(now), inv);
      const mark = deliveries.mark();
      const lines: DocLine[] = rows.linesOfDoc.invoice.all(companyId, inv.id).map((l) => ({
        ...l,
        quantity: -l.quantity,
        value_without_vat: -l.value_without_vat,
        vat_value: -l.vat_value,
        value_with_vat: -l.value_with_vat,
      }));
      const issued = invoiceWriter.writeTakingStock(
        {
          companyId,
          series: inv.series,
          date,
          party: { id: inv.client_id, name: inv.client_name, cui: inv.client_cui, reg_com: inv.client_reg_com },
          workpointId: inv.workpoint_id,
          currency: inv.currency,
          rate: deps.rates.rateOn(inv.currency, date) ?? inv.exchange_rate,
          lines,
          mentions: `Stornare factura ${name}`,
          now: ts,
          dueInDays: 0,
          stornoOf: inv.id,
          origin: 'back-office',
        },
        use.push,
      );
      touch.run(ts, companyId, inv.id);

      const order = orderOf.get(inv.id, companyId);
      if (order) {
        deps.outbox.enqueue({
          companyId,
          connectorId: order.connector_id,
          type: 'invoice',
          payload: invoiceNotification(deps.links, deps.publicUrl(), { companyId, orderUniqueId: order.order_unique_id }, issued),
        });
      }
      const record = use.invoices.list({ companyId, id: issued.id, page: 1, pageSize: 1 }).rows[0]!;
      return {
        ...record,
        reverses: { bocp_id: inv.id, doc_series: inv.series, doc_nr: inv.number, doc_date: inv.date },
        stock_returned: inv.workpoint_id === null ? 0 : Math.round(lines.reduce((sum, l) => sum + (l.product_id === null ? 0 : -l.quantity), 0) * 1000) / 1000,
        order_unique_id: order?.order_unique_id ?? null,
        notifications: deliveries.since(companyId, mark),
      };
    }).immediate();
  }

  return { storno };
}
export type InvoiceStorno = ReturnType<typeof createInvoiceStorno>;
