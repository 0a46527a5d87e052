import type { Database } from 'better-sqlite3';
import { badRequest, conflict, notFound } from '../../../../shared/contract/errors.ts';
import type { ProformaInvoiceDone, ProformaInvoiceInput } from '../../../../shared/domain/document-actions.ts';
import type { OrderInvoiceInput, OrderInvoiceIssued } from '../../../../shared/domain/staff-actions.ts';
import type { Static } from 'typebox';
import type { DomainDeps } from '../../domain-deps.ts';
import { formatDate, formatTimestamp } from '../../time.ts';
import { createOutboxSince } from '../../webhooks/outbox-since.ts';
import { createDocumentRows, createInvoiceWriter } from '../issuing/index.ts';
import type { Invoices } from '../invoices/index.ts';
import type { ProductPushes } from '../products/index.ts';

/**
 * Staff turns a proforma into its fiscal invoice (proformas.invoice), in one transaction. A
 * proforma of a connector order is invoiced as the order's own invoice (orders.issueInvoice: its
 * sales receipt, the invoice, the connector's invoice notification and follow-ups; the order's
 * live proforma is linked by it). Any other proforma: an invoice of its client block, workpoint,
 * currency and lines (series: an invoice series of the account, the first by name by default;
 * due in 15 days; "Conform proforma SERIE NR", as the demo's), its product lines taken out of the
 * workpoint's stock (with the product_update of that stock), the proforma linked (invoice_id) and
 * the payments allocated to the proforma (advances) moved to the invoice, whose paid_amount the
 * store's triggers carry back to the proforma.
 */

/**
 * Issues a connector order's invoice inside the caller's transaction: the connectors domain's own
 * function of orders.issueInvoice (passed in: connectors sit above invoices and proformas).
 */
export type IssueOrderInvoice = (input: Static<typeof OrderInvoiceInput>) => Pick<OrderInvoiceIssued, 'bocp_id'>;

interface ProformaRow {
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
  invoice_id: number | null;
}

export function createProformaInvoice(
  db: Database,
  deps: DomainDeps,
  use: { invoices: Invoices; push: ProductPushes; issueOrderInvoice: IssueOrderInvoice },
) {
  const rows = createDocumentRows(db);
  const invoiceWriter = createInvoiceWriter(db, rows);
  const deliveries = createOutboxSince(db);
  const proforma = db.prepare<[number, number], ProformaRow>(
    `SELECT id, series, number, date, client_id, client_name, client_cui, client_reg_com, workpoint_id, currency, exchange_rate,
            cancelled, invoice_id
       FROM proformas WHERE company_id = ? AND id = ?`,
  );
  const invoiceName = db
    .prepare<[number, number], string>("SELECT series || ' ' || number FROM invoices WHERE company_id = ? AND id = ?")
    .pluck();
  const invoiceSeries = db
    .prepare<[number], string>("SELECT series FROM document_series WHERE company_id = ? AND doc_type = 'invoice' ORDER BY series")
    .pluck();
  // connector_orders_proforma (migration 024).
  const orderOf = db.prepare<[number, number], { connector_id: number; order_unique_id: string }>(
    'SELECT connector_id, order_unique_id FROM connector_orders WHERE proforma_id = ? AND company_id = ? ORDER BY id LIMIT 1',
  );
  const link = db.prepare<[number, string, number, number]>(
    'UPDATE proformas SET invoice_id = ?, last_changed_ts = ? WHERE company_id = ? AND id = ?',
  );
  const moveAdvances = db.prepare<[number, number, number]>(
    "UPDATE payment_allocations SET doc_type = 'invoice', doc_id = ? WHERE company_id = ? AND doc_type = 'proforma' AND doc_id = ?",
  );
  // What the advances pay of the invoice, in its currency (the rule of migration 023 for an invoice without a receipt).
  const settle = db.prepare<[string, number, number]>(
    `UPDATE invoices SET paid_amount = COALESCE((
        SELECT round(sum(CASE WHEN p.currency = invoices.currency THEN a.amount ELSE a.amount * p.exchange_rate / invoices.exchange_rate END), 2)
          FROM payment_allocations a JOIN payments p ON p.id = a.payment_id AND p.company_id = a.company_id
         WHERE a.doc_type = 'invoice' AND a.doc_id = invoices.id AND a.company_id = invoices.company_id AND p.cancelled = 0), 0),
        last_changed_ts = ?
      WHERE company_id = ? AND id = ?`,
  );

  /** The invoice's date: default today; never before the proforma's, never after today. */
  function invoiceDate(asked: string | undefined, today: string, pf: ProformaRow): string {
    const latest = pf.date > today ? pf.date : today;
    const date = asked ?? latest;
    if (date < pf.date) throw badRequest(`date: ${date} is before the date of proforma ${pf.series} ${pf.number} (${pf.date})`);
    if (date > latest) throw badRequest(`date: ${date} is after today (${today}): an invoice is not issued in advance`);
    return date;
  }

  function invoiceOf(input: ProformaInvoiceInput): ProformaInvoiceDone {
    return db.transaction((): ProformaInvoiceDone => {
      const companyId = input.company_id;
      const pf = proforma.get(companyId, input.proforma_id);
      if (!pf) throw notFound(`proforma_id: proforma ${input.proforma_id} does not exist in this account`);
      const name = `${pf.series} ${pf.number}`;
      if (pf.cancelled === 1) throw conflict(`proforma_id: proforma ${name} is cancelled`);
      if (pf.invoice_id !== null) {
        throw conflict(`proforma_id: proforma ${name} is already invoiced: invoice ${invoiceName.get(companyId, pf.invoice_id) ?? ''} (bocp_id ${pf.invoice_id})`);
      }
      const options = invoiceSeries.all(companyId);
      if (input.series !== undefined && !options.includes(input.series)) {
        throw badRequest(`series: '${input.series}' is not an invoice series of this account (${options.join(', ') || 'none'})`);
      }
      const now = deps.clock.now();
      const ts = formatTimestamp(now);
      const date = invoiceDate(input.date, formatDate(now), pf);
      const mark = deliveries.mark();
      const order = orderOf.get(pf.id, companyId);

      let invoiceId: number;
      if (order) {
        const issued = use.issueOrderInvoice({
          company_id: companyId,
          connector_id: order.connector_id,
          order_unique_id: order.order_unique_id,
          date,
          ...(input.series !== undefined && { series: input.series }),
        });
        invoiceId = issued.bocp_id;
        // The order's invoice links its live proforma; this one too when the order has moved to another since.
        if (proforma.get(companyId, pf.id)?.invoice_id === null) link.run(invoiceId, ts, companyId, pf.id);
      } else {
        const series = input.series ?? options[0];
        if (series === undefined) throw badRequest('series: this account has no invoice series');
        const issued = invoiceWriter.writeTakingStock(
          {
            companyId,
            series,
            date,
            party: { id: pf.client_id, name: pf.client_name, cui: pf.client_cui, reg_com: pf.client_reg_com },
            workpointId: pf.workpoint_id,
            currency: pf.currency,
            rate: deps.rates.rateOn(pf.currency, date) ?? pf.exchange_rate,
            lines: rows.linesOfDoc.proforma.all(companyId, pf.id),
            mentions: `Conform proforma ${name}`,
            now: ts,
            dueInDays: 15,
            stornoOf: null,
            origin: 'back-office',
          },
          use.push,
        );
        invoiceId = issued.id;
        link.run(invoiceId, ts, companyId, pf.id);
        moveAdvances.run(invoiceId, companyId, pf.id);
        settle.run(ts, companyId, invoiceId);
      }

      const record = use.invoices.list({ companyId, id: invoiceId, page: 1, pageSize: 1 }).rows[0]!;
      return {
        ...record,
        proforma_id: pf.id,
        series_options: options,
        order_unique_id: order?.order_unique_id ?? null,
        notifications: deliveries.since(companyId, mark),
      };
    }).immediate();
  }

  return { invoice: invoiceOf };
}
export type ProformaInvoice = ReturnType<typeof createProformaInvoice>;
