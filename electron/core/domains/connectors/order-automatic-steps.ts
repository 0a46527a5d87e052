import type { Database } from 'better-sqlite3';
import type { DomainDeps } from '../../domain-deps.ts';
import type { OrderAwbRequest } from './order-awb.ts';
import type { OrderClients } from './order-clients.ts';
import { livingProforma } from './order-document-sync.ts';
import type { DocLine, IssuedInvoice, OrderDocuments, PartyBlock } from './order-documents.ts';
import { sameText, type ItemRow, type OrderDocState, type StoredOrder } from './order-import-model.ts';
import { invoiceNotification } from '../issuing/index.ts';
import { awbDate, type OrderSettings } from './order-settings.ts';

/**
 * The automatic steps of a processed order, in the import's order: the invoice of its sales
 * receipt (invoicing.auto_issue: on import, when paid, or after the AWB; excluded payment methods,
 * require_stock) with the connector's invoice notification, the proforma (its trigger payment
 * methods and status), and the AWB (awb.auto_issue, require_stock), each made at most once.
 * The staff actions of the control API use the same pieces: issueInvoice, awbRequest, and the
 * step that follows their event (invoiceIfWanted after an AWB, awbIfWanted after an invoice).
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

export function createAutomaticSteps(db: Database, deps: DomainDeps, docs: OrderDocuments, clients: OrderClients) {
  const addressCountry = db
    .prepare<[number, number], string>('SELECT country FROM contact_addresses WHERE company_id = ? AND id = ?')
    .pluck();

  function codesOf(items: readonly ItemRow[], productIds: readonly number[]): string {
    return productIds.map((id) => items.find((i) => i.product_id === id)?.code ?? String(id)).join(', ');
  }

  const invoiced = (c: AutomaticStepsContext, state: OrderDocState): boolean =>
    state.sale !== undefined && docs.invoiceOf(c.companyId, state.sale) !== undefined;

  /** The fiscal invoice of the order's live sales receipt (state.sale), and its invoice notification. */
  function issueInvoice(c: AutomaticStepsContext, state: OrderDocState, args: { series: string; date: string }): IssuedInvoice {
    const sale = state.sale!;
    // Never dated before its sales receipt (a receipt made after the day's last issue hour carries the next day).
    const date = args.date < sale.date ? sale.date : args.date;
    const invoice = docs.issueInvoice(c.companyId, sale, {
      series: args.series,
      date,
      rate: deps.rates.rateOn(sale.currency, date) ?? sale.exchange_rate,
      isCompany: c.party?.is_company === 1,
      mentions: c.mentions,
      now: c.ts,
    });
    state.sale = docs.liveSale(c.companyId, c.orderId);
    deps.outbox.enqueue({
      companyId: c.companyId,
      connectorId: c.connectorId,
      type: 'invoice',
      payload: invoiceNotification(deps.links, c.baseUrl, { companyId: c.companyId, orderUniqueId: c.orderUniqueId }, invoice),
    });
    return invoice;
  }

  /** The invoice invoicing.auto_issue wants at this trigger (once; the receipt not yet invoiced); undefined when none is issued. */
  function invoiceIfWanted(c: AutomaticStepsContext, state: OrderDocState, trigger: 'import' | 'awb'): IssuedInvoice | undefined {
    const { settings, paymentMethod, paid, notices } = c;
    const sale = state.sale;
    if (!c.processing || !sale || invoiced(c, state)) return undefined;
    const inv = settings.invoicing;
    const wanted =
      inv.autoIssue === 'on_import'
        ? trigger === 'import' && (!inv.onlyIfPaid || paid)
        : inv.autoIssue === 'when_paid'
          ? trigger === 'import' && paid
          : inv.autoIssue === 'on_awb'
            ? trigger === 'awb' && (!inv.onlyIfPaid || paid)
            : false;
    if (!wanted || (paymentMethod !== null && inv.excludedPaymentMethods.includes(paymentMethod))) return undefined;
    if (inv.requireStock && sale.workpoint_id !== null) {
      const short = docs.shortages(sale.workpoint_id, c.lines, true);
      if (short.length > 0) {
        notices.push(`invoice not issued: not enough stock at workpoint ${sale.workpoint_id} of ${codesOf(c.items, short)} (invoicing.require_stock)`);
        return undefined;
      }
    }
    return issueInvoice(c, state, { series: inv.series, date: c.docDate });
  }

  /** What an AWB of the order copies from it (courier: awb.default_courier); undefined without a client. */
  function awbRequest(c: AutomaticStepsContext, state: OrderDocState): OrderAwbRequest | undefined {
    const { companyId, clientId, row, settings } = c;
    const contact = clientId === null ? undefined : clients.contact(companyId, clientId);
    if (!contact) return undefined;
    return {
      companyId,
      order: { id: c.orderId, connectorId: c.connectorId, orderUniqueId: c.orderUniqueId },
      saleId: state.sale?.id ?? null,
      courier: settings.awb.defaultCourier,
      shippingMethod: row.shipping_method,
      // Never dated before the sales receipt it ships (a receipt made after next_day_hour carries the next day).
      date: awbDate(c.ts, state.sale && state.sale.date > c.docDate ? state.sale.date : c.docDate, settings.awb),
      weightKg: docs.weightOf(companyId, c.lines),
      codAmount: c.codAmount,
      codCurrency: row.cod_currency || c.currency,
      declaredValue: c.total,
      deliveryCountry: (row.delivery_address_id === null ? undefined : addressCountry.get(companyId, row.delivery_address_id)) ?? 'Romania',
      client: { id: contact.id, name: contact.name, cui: contact.cui, regCom: contact.reg_com },
      now: c.ts,
      // The label link starts with the address the order was sent to, as the invoice links do.
      baseUrl: c.baseUrl,
    };
  }

  /**
   * The AWB awb.auto_issue wants (once per order, shipped by courier or post, require_stock):
   * at an import on_import, or on_invoice once the receipt is invoiced; after a staff invoice
   * ('invoice') only on_invoice. Answers whether it was generated.
   */
  function awbIfWanted(c: AutomaticStepsContext, state: OrderDocState, trigger: 'import' | 'invoice'): boolean {
    const { companyId, orderId, settings, processing, row, clientId, workpointId, notices } = c;
    const shipped = row.shipping_method === 'courier' || row.shipping_method === 'post';
    const onInvoice = settings.awb.autoIssue === 'on_invoice' && invoiced(c, state);
    const wanted = trigger === 'import' ? settings.awb.autoIssue === 'on_import' || onInvoice : onInvoice;
    if (!processing || !shipped || !wanted || clientId === null || docs.hasLiveAwb(companyId, orderId, state.sale?.id ?? null)) return false;
    const held = state.sale !== undefined || state.reservedAt !== null;
    const at = state.sale?.workpoint_id ?? state.reservedAt ?? workpointId;
    const short = settings.awb.requireStock && at !== undefined && at !== null ? docs.shortages(at, c.lines, held) : [];
    if (short.length > 0) {
      notices.push(`AWB not generated: not enough stock at workpoint ${at} of ${codesOf(c.items, short)} (awb.require_stock)`);
      return false;
    }
    const request = awbRequest(c, state);
    if (!request) return false;
    docs.generateAwb(request, notices);
    return true;
  }

  /** Invoice, proforma, AWB (and the invoice an AWB triggers). */
  function run(c: AutomaticStepsContext, state: OrderDocState): void {
    const { companyId, settings, processing, party, workpointId, status, currency, docDate, docRate, lines, mentions, paymentMethod, ts } = c;
    invoiceIfWanted(c, state, 'import');

    if (processing && party && workpointId !== undefined && !livingProforma(docs, companyId, state.proformaId) && !invoiced(c, state)) {
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

    if (awbIfWanted(c, state, 'import')) invoiceIfWanted(c, state, 'awb');
  }

  return { run, issueInvoice, invoiceIfWanted, awbRequest, awbIfWanted };
}
export type AutomaticSteps = ReturnType<typeof createAutomaticSteps>;
