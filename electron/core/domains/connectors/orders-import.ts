import type { Database } from 'better-sqlite3';
import { notFound } from '../../../../shared/contract/errors.ts';
import type { ImportSummary } from '../../../../shared/domain/connector-orders.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { formatTimestamp } from '../../time.ts';
import { createPaymentLedger } from '../payments/index.ts';
import type { ConnectorRow } from './config.ts';
import { createAutomaticSteps } from './order-automatic-steps.ts';
import { createOrderClients, type ResolvedClient } from './order-clients.ts';
import { createDocumentSync, type OrderLinesContext } from './order-document-sync.ts';
import { appliedDiscountOf, createOrderDocuments, linesOf, totalsOf, type ItemForLines } from './order-documents.ts';
import { createOrderValidation } from './order-import-validation.ts';
import {
  orderMentions,
  Refused,
  sameText,
  type OrderDocState,
  type OrderImportDeps,
  type OrderImportInput,
  type OrderImportOutcome,
} from './order-import-model.ts';
import { createOrderPayments } from './order-payments.ts';
import { createOrderRecord } from './order-record.ts';
import { withFields } from '../../with-fields.ts';

/**
 * POST and PUT /connector/{connector_id}/order/{order_id}/: the order, its client, items and
 * payments, and what the connector's settings make of it (sales receipt or reservation, ERP
 * payments, invoice, proforma, AWB, notifications), all in one transaction. A refused request
 * (400, data.errors) writes nothing. The rules where the spec is silent are in
 * docs/data-model.md ("Connector orders").
 *
 * This file runs the steps in order; each step is its own module: the checks against the account
 * (order-import-validation.ts), the order's rows (order-record.ts), its documents following it
 * (order-document-sync.ts), its payments (order-payments.ts) and the automatic invoice, proforma
 * and AWB (order-automatic-steps.ts).
 */

export type { OrderImportDeps, OrderImportInput, OrderImportOutcome } from './order-import-model.ts';

export function createOrderImport(db: Database, deps: DomainDeps, use: OrderImportDeps) {
  const clients = createOrderClients(db);
  const ledger = createPaymentLedger(db, deps.rates);
  const docs = createOrderDocuments(db, deps, ledger);
  const record = createOrderRecord(db);
  const validation = createOrderValidation(db, { record, docs, rates: deps.rates, clients, settings: use.settings });
  const sync = createDocumentSync(docs, ledger, deps.rates);
  const payments = createOrderPayments(db, docs, ledger, deps.rates);
  const steps = createAutomaticSteps(db, deps, docs, clients);

  function importOrder(input: OrderImportInput): OrderImportOutcome {
    const { companyId, connectorId, pathOrderId, method, body } = input;
    const connector = use.connector(companyId, connectorId);
    if (connector.deleted) throw notFound(`connector ${connectorId} is deleted`);
    const refuse = (errors: string[], notices: string[], orderId: number | null): OrderImportOutcome => ({
      status: 400,
      data: { SERVICE_order_id: orderId, BOCP_order_id: orderId, notices, errors, received_payload: body ?? null },
      messages: errors,
    });
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return refuse(['body: must be a JSON object (the connector order request)'], [], null);
    }

    const instant = deps.clock.now();
    const ts = formatTimestamp(instant);
    const today = ts.slice(0, 10);

    try {
      return db.transaction((): OrderImportOutcome => run(input, connector, body as Record<string, unknown>, instant, ts, today)).immediate();
    } catch (error) {
      if (error instanceof Refused) {
        return refuse(error.errors, error.notices, record.byUid(companyId, connectorId, pathOrderId)?.id ?? null);
      }
      throw error;
    }
  }

  function run(input: OrderImportInput, connector: ConnectorRow, body: Record<string, unknown>, instant: Date, ts: string, today: string): OrderImportOutcome {
    const { companyId, connectorId, method } = input;
    const v = validation.validate(input, connector, body, instant, ts);
    const { stored, parsed, o, notices, settings, mode, currency, docDate, docRate, newItems, dropshipper, workpointId } = v;
    const { oldItems, itemsChanged, linesChanged, cancelled, saleBefore, invoiceBefore } = v;

    // ---- writes ----
    const items = newItems ?? oldItems;
    const snapshot = use.push.capture(companyId, [...oldItems, ...items].flatMap((i) => (i.product_id === null ? [] : [i.product_id])));

    let client: ResolvedClient | undefined;
    if (o.client) client = clients.apply({ companyId, connectorId, client: o.client, current: stored?.client_id ?? null, now: ts }, notices);
    const clientId = client?.contactId ?? stored?.client_id ?? null;
    const { row, orderId, lastChanged, total, codAmount } = record.save({
      companyId,
      connectorId,
      o,
      stored,
      client,
      clientId,
      cancelled,
      currency,
      items,
      newItems,
      itemsChanged,
      body,
      ts,
      today,
      notices,
    });

    const lines = linesOf(items.map((i): ItemForLines => withFields(i, { appliedDiscount: appliedDiscountOf(i) })));
    const linesTotal = totalsOf(lines).withVat;
    const state: OrderDocState = { sale: undefined, reservedAt: stored?.reserved_workpoint_id ?? null, proformaId: stored?.proforma_id ?? null };
    const c: OrderLinesContext = { companyId, orderId, settings, currency, docRate, oldItems, lines, linesTotal, notices, ts };

    // Cancellation, and its end.
    sync.followCancellation(c, state, { stored, cancelled, saleBefore, invoiceBefore });

    // New lines on the documents the order already has.
    state.sale = docs.liveSale(companyId, orderId);
    if (linesChanged && cancelled === 0) sync.followNewLines(c, state);

    // The automatic steps run while the order is processed.
    const status = row.order_status;
    const ignored = settings.ignoredStatuses.some((s) => sameText(s, status));
    const processing = cancelled === 0 && settings.actionOnImport !== 'none' && settings.confirmationMethod === 'automatic' && !ignored;
    if (cancelled === 0 && settings.actionOnImport !== 'none') {
      if (settings.confirmationMethod === 'manual') {
        notices.push('order_processing.confirmation_method is manual: the order waits for an operator, no document is created');
      } else if (ignored) {
        notices.push(`order_status: '${status}' is in order_processing.ignored_statuses: no document is created while it lasts`);
      }
    }
    const party = connector.type === 'dropship' ? dropshipper : clientId === null ? undefined : validation.partyOf(companyId, clientId);
    const mentions = orderMentions(connector.type, o.orderUniqueId, row.order_mentions);

    if (processing && party && workpointId !== undefined) sync.createOnImport(c, state, { party, workpointId, docDate, mentions, total });

    // Payments: merged by reference; confirmed ones are registered once, while the order is processed.
    const { registered, registeredAmount, paidAmount, paymentMethod, paid } = payments.register(
      {
        companyId,
        orderId,
        orderUniqueId: o.orderUniqueId,
        sent: o.payments ?? [],
        processing,
        party,
        workpointId,
        cancelled,
        currency,
        docRate,
        codAmount,
        total,
        orderMethod: row.payment_method,
        notices,
        ts,
      },
      state,
    );

    // Invoice, proforma, AWB.
    steps.run(
      {
        companyId,
        connectorId,
        orderId,
        orderUniqueId: o.orderUniqueId,
        baseUrl: input.baseUrl,
        settings,
        processing,
        party,
        workpointId,
        clientId,
        status,
        row,
        currency,
        docDate,
        docRate,
        items,
        lines,
        mentions,
        total,
        codAmount,
        paymentMethod,
        paid,
        notices,
        ts,
      },
      state,
    );

    const importSummary: ImportSummary = {
      mode,
      bocp_order_id: orderId,
      items_received: parsed.itemsReceived,
      items_imported: newItems?.length ?? 0,
      payments_received: parsed.paymentsReceived,
      payments_registered: registered,
      payments_skipped_pending: (o.payments ?? []).filter((p) => p.payment_status === 'pending').length,
      paid_amount_registered: registeredAmount,
      payment_method_applied: paymentMethod,
      item_field_aliases_used: parsed.aliasesUsed,
    };
    record.finish({
      company_id: companyId,
      id: orderId,
      paid_amount: paidAmount,
      proforma_id: state.proformaId,
      reserved_workpoint_id: state.reservedAt,
      last_changed_ts: lastChanged,
    });
    // The log keeps the answer (the back office shows it): every step has added its notices by now.
    record.log({
      company_id: companyId,
      connector_id: connectorId,
      order_id: orderId,
      method,
      mode,
      ts,
      at_ms: instant.getTime(),
      import_summary: JSON.stringify(importSummary),
      notices: JSON.stringify(notices),
    });
    use.push.enqueueChanges(snapshot);

    return {
      status: 200,
      data: { SERVICE_order_id: orderId, BOCP_order_id: orderId, notices, errors: [], received_payload: body, import_summary: importSummary },
    };
  }

  return { importOrder };
}
export type OrderImport = ReturnType<typeof createOrderImport>;
