import type { Database } from 'better-sqlite3';
import { badRequest, notFound } from '../../../../shared/contract/errors.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import type { NotificationType } from '../../../../shared/domain/webhooks.ts';
import { formatTimestamp } from '../../time.ts';
import { createPaymentLedger } from '../payments/index.ts';
import type { ConnectorRow, createSettingsReader } from './config.ts';
import { createAutomaticSteps, type AutomaticStepsContext } from './order-automatic-steps.ts';
import { createOrderClients } from './order-clients.ts';
import { appliedDiscountOf, createOrderDocuments, linesOf } from './order-documents.ts';
import { createOrderValidation } from './order-import-validation.ts';
import { orderMentions, type OrderDocState, type StoredOrder } from './order-import-model.ts';
import { createOrderPayments } from './order-payments.ts';
import { createOrderRecord } from './order-record.ts';
import { readOrderSettings } from './order-settings.ts';
import { createOutboxSince } from '../../webhooks/outbox-since.ts';

/**
 * A connector order as the staff actions of the control API find it: its connector (404 when
 * unknown or deleted), its row (404), the connector's settings and status_sync map, and the
 * context of the import's automatic steps built from what is stored, so an action makes its
 * documents, stock moves and payments with the import's own code. An operator acting on the
 * order confirms it: the steps run as for a processed order (manual confirmation and ignored
 * statuses do not hold them back), documents dated today.
 */

export interface StaffOrder {
  connector: ConnectorRow;
  stored: StoredOrder;
  /** The automatic steps' context; paid and paymentMethod once settlePayments has run. */
  c: AutomaticStepsContext;
  state: OrderDocState;
  /** status_sync.map: event -> the connector's external status (blank values left out). */
  statusMap: Record<string, string>;
}

export interface OrderKey {
  company_id: number;
  connector_id: number;
  order_unique_id: string;
}

/** A status_sync map as stored: an object of event -> non-blank text; anything else maps nothing. */
function statusMapOf(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const map: Record<string, string> = {};
  for (const [event, status] of Object.entries(value)) if (typeof status === 'string' && status.trim() !== '') map[event] = status.trim();
  return map;
}

export function createStaffOrders(db: Database, deps: DomainDeps, connectors: { get(companyId: number, connectorId: number): ConnectorRow; settings: ReturnType<typeof createSettingsReader> }) {
  const ledger = createPaymentLedger(db, deps.rates);
  const docs = createOrderDocuments(db, deps, ledger);
  const record = createOrderRecord(db);
  const clients = createOrderClients(db);
  const validation = createOrderValidation(db, { record, docs, rates: deps.rates, clients, settings: connectors.settings });
  const payments = createOrderPayments(db, docs, ledger, deps.rates);
  const steps = createAutomaticSteps(db, deps, docs, clients);
  const deliveries = createOutboxSince(db);
  const lastChanged = db.prepare<[number, number], string>('SELECT last_changed_ts FROM connector_orders WHERE company_id = ? AND id = ?').pluck();

  /** A connector of the account that is not deleted (404 otherwise, as the REST connector routes answer). */
  function connectorOf(companyId: number, connectorId: number): ConnectorRow {
    const connector = connectors.get(companyId, connectorId);
    if (connector.deleted) throw notFound(`connector ${connectorId} is deleted`);
    return connector;
  }

  function load(key: OrderKey): StaffOrder {
    const { company_id: companyId, connector_id: connectorId, order_unique_id: uid } = key;
    const connector = connectorOf(companyId, connectorId);
    const stored = record.byUid(companyId, connectorId, uid);
    if (!stored) throw notFound(`order_unique_id: order '${uid}' does not exist on connector ${connectorId}`);
    const notices: string[] = [];
    const values = connectors.settings.settings(companyId, connectorId);
    const settings = readOrderSettings(values, notices);
    const ts = formatTimestamp(deps.clock.now());
    const today = ts.slice(0, 10);
    const items = record.items(companyId, stored.id);
    const partyId = connector.type === 'dropship' ? connector.dropshipper_contact_id : stored.client_id;
    const c: AutomaticStepsContext = {
      companyId,
      connectorId,
      orderId: stored.id,
      orderUniqueId: stored.order_unique_id,
      baseUrl: deps.publicUrl(),
      settings,
      processing: true,
      party: partyId === null ? undefined : validation.partyOf(companyId, partyId),
      workpointId: validation.workpointOf(companyId, settings, connector, notices),
      clientId: stored.client_id,
      status: stored.order_status,
      row: stored,
      currency: stored.currency,
      docDate: today,
      docRate: deps.rates.rateOn(stored.currency, today),
      items,
      lines: linesOf(items.map((i) => ({ ...i, appliedDiscount: appliedDiscountOf(i) }))),
      mentions: orderMentions(connector.type, stored.order_unique_id, stored.order_mentions),
      total: stored.total_with_vat,
      codAmount: stored.cod_amount,
      paymentMethod: null,
      paid: false,
      notices,
      ts,
    };
    const state: OrderDocState = { sale: docs.liveSale(companyId, stored.id), reservedAt: stored.reserved_workpoint_id, proformaId: stored.proforma_id };
    return { connector, stored, c, state, statusMap: statusMapOf(values.status_sync['map']?.value) };
  }

  /** 400 for a cancelled order: staff makes no document for it. */
  function assertActive(o: StaffOrder, what: string): void {
    if (o.stored.cancelled === 1) throw badRequest(`order_unique_id: order '${o.stored.order_unique_id}' is cancelled: ${what}`);
  }

  /**
   * The order's sales receipt where it has none, as the import makes it (series BVW, the invoiced
   * party, the order's workpoint, its stock out; a reservation gives way to it). 400 without a
   * party to invoice or a workpoint.
   */
  function createSale(o: StaffOrder): void {
    const { c, state, connector } = o;
    if (!c.party) {
      throw badRequest(
        connector.type === 'dropship'
          ? `connector ${connector.id}: a dropship connector invoices its dropshipper contact, and none is configured (dropshipper_contact_id)`
          : `order_unique_id: order '${c.orderUniqueId}' has no client to invoice (none, or its contact is deleted)`,
      );
    }
    if (c.workpointId === undefined) throw badRequest('the account has no workpoint for the documents of the order');
    if (state.reservedAt !== null) {
      docs.reserve(c.companyId, state.reservedAt, c.lines, -1, c.ts);
      state.reservedAt = null;
    }
    const { companyId, orderId, party, workpointId, currency, docDate, lines, mentions, ts } = c;
    docs.createSale({ companyId, orderId, series: 'BVW', date: docDate, party, workpointId, currency, rate: c.docRate!, lines, mentions, now: ts });
    state.sale = docs.liveSale(companyId, orderId);
  }

  /**
   * Fills c.paid and c.paymentMethod (what the follow-up steps look at); with `register`, the
   * order's confirmed payments not yet registered become ERP payments, as at an import that
   * processes the order. Answers the order's paid amount.
   */
  function settlePayments(o: StaffOrder, register: boolean): number {
    const { c } = o;
    const result = payments.register(
      { ...c, sent: [], processing: register, cancelled: o.stored.cancelled, orderUniqueId: c.orderUniqueId, orderMethod: o.stored.payment_method },
      o.state,
    );
    c.paid = result.paid;
    c.paymentMethod = result.paymentMethod;
    return result.paidAmount;
  }

  /** The order row after an action: paid amount, reservation, proforma, last_changed_ts (its lists show its documents). */
  function finish(o: StaffOrder, paidAmount: number): void {
    const { c, state } = o;
    record.finish({
      company_id: c.companyId,
      id: c.orderId,
      paid_amount: paidAmount,
      proforma_id: state.proformaId,
      reserved_workpoint_id: state.reservedAt,
      last_changed_ts: c.ts,
    });
  }

  /**
   * What every order action answers besides its document: the order, every delivery queued since
   * `mark` (its own notification: the first of `type`) and the notices of the follow-up steps.
   */
  function effects(o: StaffOrder, mark: number, type: NotificationType) {
    const queued = deliveries.since(o.c.companyId, mark);
    return {
      SERVICE_order_id: o.c.orderId,
      connector_id: o.c.connectorId,
      order_unique_id: o.c.orderUniqueId,
      notification: deliveries.first(queued, type),
      notifications: queued,
      notices: o.c.notices,
    };
  }

  return {
    deliveries,
    effects,
    docs,
    steps,
    connectorOf,
    load,
    assertActive,
    createSale,
    settlePayments,
    finish,
    lastChanged: (o: StaffOrder): string => lastChanged.get(o.c.companyId, o.c.orderId)!,
  };
}
export type StaffOrders = ReturnType<typeof createStaffOrders>;
