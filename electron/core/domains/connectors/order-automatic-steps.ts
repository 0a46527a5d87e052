import type { Database } from 'better-sqlite3';
import type { DomainDeps } from '../../domain-deps.ts';
import type { PaymentLedger } from '../payments/index.ts';
import type { OrderClients } from './order-clients.ts';
import { livingProforma } from './order-document-sync.ts';
import type { DocLine, IssuedInvoice, OrderDocuments, PartyBlock } from './order-documents.ts';
import { sameText, type ItemRow, type OrderDocState, type StoredOrder } from './order-import-model.ts';
import { awbDate, type OrderSettings } from './order-settings.ts';

/**
 * The automatic steps of a processed order, in the import's order: the invoice of its sales
 * receipt (invoicing.auto_issue: on import, when paid, or after the AWB; excluded payment methods,
 * require_stock) with the connector's invoice notification, the proforma (its trigger payment
 * methods and status), and the AWB (awb.auto_issue, require_stock), each made at most once.
 */

export interface AutomaticStepsContext {
  companyId: number;
  connectorId: number;
  orderId: number;
  orderUniqueId: string;
  /** Scheme and host of the request: the invoice notification's URLs start with it. */
  baseUrl: string;
  settings: OrderSettings;
  processing: boolean;
  party: PartyBlock | undefined;
  workpointId: number | undefined;
  clientId: number | null;
  status: string;
  row: Pick<StoredOrder, 'shipping_method' | 'cod_currency' | 'delivery_address_id'>;
  currency: string;
  docDate: string;
  docRate: number | undefined;
  items: readonly ItemRow[];
  lines: DocLine[];
  mentions: string;
  total: number;
  codAmount: number;
  paymentMethod: string | null;
  paid: boolean;
  notices: string[];
  ts: string;
}

export function createAutomaticSteps(db: Database, deps: DomainDeps, docs: OrderDocuments, ledger: PaymentLedger, clients: OrderClients) {
  const addressCountry = db
    .prepare<[number, number], string>('SELECT country FROM contact_addresses WHERE company_id = ? AND id = ?')
    .pluck();

  function codesOf(items: readonly ItemRow[], productIds: readonly number[]): string {
    return productIds.map((id) => items.find((i) => i.product_id === id)?.code ?? String(id)).join(', ');
  }

  /** Invoice, proforma, AWB (and the invoice an AWB triggers). */
  function run(c: AutomaticStepsContext, state: OrderDocState): void {
    const { companyId, connectorId, orderId, settings, processing, party, workpointId, clientId, status, row, currency } = c;
    const { docDate, docRate, items, lines, mentions, total, codAmount, paymentMethod, paid, notices, ts } = c;
    let invoice: IssuedInvoice | undefined = state.sale ? docs.invoiceOf(companyId, state.sale) : undefined;
    const tryInvoice = (trigger: 'import' | 'awb') => {
      const sale = state.sale;
      if (!processing || !sale || invoice) return;
      const inv = settings.invoicing;
      const wanted =
        inv.autoIssue === 'on_import'
          ? trigger === 'import' && (!inv.onlyIfPaid || paid)
          : inv.autoIssue === 'when_paid'
            ? trigger === 'import' && paid
            : inv.autoIssue === 'on_awb'
              ? trigger === 'awb' && (!inv.onlyIfPaid || paid)
              : false;
      if (!wanted || (paymentMethod !== null && inv.excludedPaymentMethods.includes(paymentMethod))) return;
      if (inv.requireStock && sale.workpoint_id !== null) {
        const short = docs.shortages(sale.workpoint_id, lines, true);
        if (short.length > 0) {
          notices.push(`invoice not issued: not enough stock at workpoint ${sale.workpoint_id} of ${codesOf(items, short)} (invoicing.require_stock)`);
          return;
        }
      }
      invoice = docs.issueInvoice(companyId, sale, {
        series: inv.series,
        date: docDate,
        rate: ledger.rateOn(sale.currency, docDate) ?? sale.exchange_rate,
        isCompany: party?.is_company === 1,
        mentions,
        now: ts,
      });
      state.sale = docs.liveSale(companyId, orderId);
      const base = `${c.baseUrl}/app/rest/v1/${companyId}/invoices/${invoice.id}`;
      deps.outbox.enqueue({
        companyId,
        connectorId,
        type: 'invoice',
        payload: {
          order_unique_id: c.orderUniqueId,
          invoice_number: String(invoice.number),
          invoice_date: invoice.date,
          invoice_series: invoice.series,
          invoice_total: invoice.total_with_vat,
          invoice_currency: invoice.currency,
          invoice_total_RON: invoice.total_ron,
          invoice_url_html: `${base}/html/`,
          invoice_url_pdf: `${base}/pdf/`,
        },
      });
    };
    tryInvoice('import');

    if (processing && party && workpointId !== undefined && !livingProforma(docs, companyId, state.proformaId) && !invoice) {
      const pf = settings.proforma;
      const statusMatches = pf.triggerStatus === '' || sameText(pf.triggerStatus, status);
      if (paymentMethod !== null && pf.triggerPaymentMethods.includes(paymentMethod) && statusMatches) {
        state.proformaId = docs.createProforma({
          companyId,
          series: pf.series,
          date: docDate,
          party,
          workpointId: state.sale?.workpoint_id ?? workpointId,
          currency,
          rate: docRate!,
          lines,
          mentions,
          now: ts,
        });
      }
    }

    let awbMade = false;
    const shipped = row.shipping_method === 'courier' || row.shipping_method === 'post';
    const awbWanted = settings.awb.autoIssue === 'on_import' || (settings.awb.autoIssue === 'on_invoice' && invoice !== undefined);
    if (processing && shipped && awbWanted && clientId !== null && !docs.hasLiveAwb(companyId, orderId, state.sale?.id ?? null)) {
      const held = state.sale !== undefined || state.reservedAt !== null;
      const at = state.sale?.workpoint_id ?? state.reservedAt ?? workpointId;
      const short = settings.awb.requireStock && at !== undefined && at !== null ? docs.shortages(at, lines, held) : [];
      if (short.length > 0) {
        notices.push(`AWB not generated: not enough stock at workpoint ${at} of ${codesOf(items, short)} (awb.require_stock)`);
      } else {
        const contact = clients.contact(companyId, clientId)!;
        docs.generateAwb(
          {
            companyId,
            order: { id: orderId, connectorId, orderUniqueId: c.orderUniqueId },
            saleId: state.sale?.id ?? null,
            courier: settings.awb.defaultCourier,
            shippingMethod: row.shipping_method,
            date: awbDate(ts, docDate, settings.awb),
            weightKg: docs.weightOf(companyId, lines),
            codAmount,
            codCurrency: row.cod_currency || currency,
            declaredValue: total,
            deliveryCountry: (row.delivery_address_id === null ? undefined : addressCountry.get(companyId, row.delivery_address_id)) ?? 'Romania',
            client: { id: contact.id, name: contact.name, cui: contact.cui, regCom: contact.reg_com },
            now: ts,
          },
          notices,
        );
        awbMade = true;
      }
    }
    if (awbMade) tryInvoice('awb');
  }

  return { run };
}
export type AutomaticSteps = ReturnType<typeof createAutomaticSteps>;
