import type { Database } from 'better-sqlite3';
import { round2 } from '../../money.ts';
import type { ExchangeRates } from '../exchange-rates/index.ts';
import type { PaymentLedger, SaleForPayment } from '../payments/index.ts';
import type { OrderDocuments, PartyBlock } from './order-documents.ts';
import type { OrderDocState, PaymentRow } from './order-import-model.ts';
import type { ParsedPayment } from './order-request.ts';

/**
 * The payments of a connector order: stored per reference (connector_order_payments, merged on
 * every request), and each confirmed one registered once as an ERP payment while the order is
 * processed (on its sales receipt, or unallocated as the client's advance), plus the paid amount
 * and the payment method the invoice and proforma rules look at.
 */

/** The ERP payment type of an order payment method. */
const ERP_PAYMENT_TYPE: Record<string, string> = {
  bank_transfer: 'bank_transfer',
  card: 'card',
  paypal: 'modern_payment',
  credit: 'bank_transfer',
};

export interface PaymentRegistration {
  companyId: number;
  orderId: number;
  orderUniqueId: string;
  sent: readonly ParsedPayment[];
  /** Registered only while the order is processed and has a party. */
  processing: boolean;
  party: PartyBlock | undefined;
  workpointId: number | undefined;
  cancelled: number;
  currency: string;
  docRate: number | undefined;
  codAmount: number;
  total: number;
  /** The order-level payment_method (stored with the order); counts while the order has no payment. */
  orderMethod: string | null;
  notices: string[];
  ts: string;
}

export function createOrderPayments(db: Database, docs: OrderDocuments, ledger: PaymentLedger, rates: ExchangeRates) {
  const storedPayments = db.prepare<[number, number], PaymentRow>(
    `SELECT id, payment_method, payment_status, payment_date, payment_amount, payment_currency, payment_reference, payment_comments,
            payment_id
       FROM connector_order_payments WHERE company_id = ? AND order_id = ? ORDER BY id`,
  );
  const insertPayment = db.prepare(
    `INSERT INTO connector_order_payments (company_id, order_id, payment_method, payment_status, payment_date, payment_amount,
       payment_currency, payment_reference, payment_comments, payment_id, created_ts)
     VALUES (@company_id, @order_id, @payment_method, @payment_status, @payment_date, @payment_amount, @payment_currency,
       @payment_reference, @payment_comments, NULL, @now)`,
  );
  const updatePayment = db.prepare(
    `UPDATE connector_order_payments SET payment_method = @payment_method, payment_status = @payment_status,
       payment_date = @payment_date, payment_amount = @payment_amount, payment_currency = @payment_currency,
       payment_comments = @payment_comments
     WHERE company_id = @company_id AND id = @id`,
  );
  const setPaymentStatus = db.prepare<[string, number, number]>(
    'UPDATE connector_order_payments SET payment_status = ? WHERE company_id = ? AND id = ?',
  );
  const linkPayment = db.prepare<[number, number, number]>('UPDATE connector_order_payments SET payment_id = ? WHERE company_id = ? AND id = ?');
  const paymentSource = db.prepare<[number, number]>("UPDATE payments SET source = 'connector_order' WHERE company_id = ? AND id = ?");
  const paymentTypeExists = db.prepare<[number, string], number>('SELECT 1 FROM payment_types WHERE company_id = ? AND code = ?').pluck();

  /** The order's payments merged, the confirmed ones registered; what was registered and what is paid. */
  function register(r: PaymentRegistration, state: OrderDocState) {
    const { companyId, orderId, orderUniqueId, sent, processing, party, workpointId, cancelled, currency, docRate, codAmount, total, orderMethod, notices, ts } = r;
    // Merged by reference; confirmed ones are registered once, while the order is processed.
    const payments = mergePayments(companyId, orderId, sent, ts, notices);
    let registered = 0;
    let registeredAmount = 0;
    if (processing && party) {
      for (const p of payments) {
        if (p.payment_status !== 'confirmed' || p.payment_id !== null) continue;
        const rate = rates.rateOn(p.payment_currency, p.payment_date.slice(0, 10));
        const paymentType = ERP_PAYMENT_TYPE[p.payment_method] ?? 'bank_transfer';
        if (rate === undefined || paymentTypeExists.get(companyId, paymentType) === undefined) {
          notices.push(`payment ${p.payment_reference}: not registered (no ${p.payment_currency} rate or no payment type ${paymentType})`);
          continue;
        }
        const target: SaleForPayment = state.sale ?? {
          // No sales receipt (stock reserved only): the payment stays unallocated, the client's advance.
          id: 0,
          date: p.payment_date.slice(0, 10),
          currency: p.payment_currency,
          exchange_rate: rate,
          total_with_vat: 0,
          paid_amount: 0,
          cancelled: 0,
          client_id: party.id,
          client_name: party.name,
          client_cui: party.cui,
          client_reg_com: party.reg_com,
          workpoint_id: workpointId ?? null,
          invoice_id: null,
        };
        const erp = ledger.payOnSale({
          companyId,
          sale: target,
          date: p.payment_date.slice(0, 10),
          paymentType,
          amount: p.payment_amount,
          currency: p.payment_currency,
          rate,
          bankAccountId: null,
          mentions: `Comanda ${orderUniqueId}, ${p.payment_reference}${p.payment_comments ? ` - ${p.payment_comments}` : ''}`.slice(0, 1000),
          source: 'api',
          fiscalReceiptId: null,
          addedByApi: 1,
          now: ts,
        });
        paymentSource.run(companyId, erp.incasare_id);
        linkPayment.run(erp.incasare_id, companyId, p.id);
        p.payment_id = erp.incasare_id;
        registered++;
        registeredAmount = round2(registeredAmount + toCurrency(p, currency, docRate ?? 1));
        if (state.sale) state.sale = docs.liveSale(companyId, orderId);
      }
    } else if (cancelled === 1 && sent.some((p) => p.payment_status === 'confirmed')) {
      notices.push('payments: the order is cancelled; its confirmed payments are stored with it and not registered');
    }
    const paidAmount = payments
      .filter((p) => p.payment_status === 'confirmed')
      .reduce((sum, p) => round2(sum + toCurrency(p, currency, docRate ?? 1)), 0);

    const confirmedMethod = payments.find((p) => p.payment_status === 'confirmed')?.payment_method;
    // The order-level payment_method counts while the order has no payment (clients send it with payments: []).
    const paymentMethod: string | null = confirmedMethod ?? payments[0]?.payment_method ?? orderMethod ?? (codAmount > 0 ? 'cod' : null);
    const paid = total > 0 && paidAmount >= total - 0.005;
    return { registered, registeredAmount, paidAmount, paymentMethod, paid };
  }

  /** A payment amount in the order currency (through RON at the payment date's rates). */
  function toCurrency(p: PaymentRow, currency: string, fallbackRate: number): number {
    if (p.payment_currency === currency) return p.payment_amount;
    const day = p.payment_date.slice(0, 10);
    return round2((p.payment_amount * (rates.rateOn(p.payment_currency, day) ?? 1)) / (rates.rateOn(currency, day) ?? fallbackRate));
  }

  /**
   * The order's payments after this request: a new reference is stored; a known one is never
   * stored twice. A known payment not yet registered takes the values sent; a registered one
   * only changes status (a refund of a registered payment is noted, the ERP payment stays).
   */
  function mergePayments(companyId: number, orderId: number, sent: readonly ParsedPayment[], now: string, notices: string[]): PaymentRow[] {
    const byReference = new Map(storedPayments.all(companyId, orderId).map((p) => [p.payment_reference, p]));
    sent.forEach((p, index) => {
      const known = byReference.get(p.payment_reference);
      const values = {
        payment_method: p.payment_method,
        payment_status: p.payment_status,
        payment_date: p.ts,
        payment_amount: p.payment_amount,
        payment_currency: p.payment_currency,
        payment_comments: p.payment_comments ?? '',
      };
      if (!known) {
        insertPayment.run({ company_id: companyId, order_id: orderId, payment_reference: p.payment_reference, now, ...values });
      } else if (known.payment_id === null) {
        updatePayment.run({ company_id: companyId, id: known.id, ...values });
      } else {
        if (known.payment_status !== p.payment_status) setPaymentStatus.run(p.payment_status, companyId, known.id);
        if (p.payment_status === 'refunded' && known.payment_status !== 'refunded') {
          notices.push(
            `payments[${index}]: '${p.payment_reference}' was registered (incasare_id ${known.payment_id}); it is marked refunded, the ERP payment stays (refund it in the ERP)`,
          );
        }
        if (known.payment_amount !== p.payment_amount || known.payment_currency !== p.payment_currency) {
          notices.push(
            `payments[${index}]: '${p.payment_reference}' is already registered with ${known.payment_amount} ${known.payment_currency}; the amount sent is ignored`,
          );
        }
      }
      if (p.payment_status === 'refunded' && known?.payment_id == null) {
        notices.push(`payments[${index}]: refunded; stored with the order, not registered`);
      }
    });
    return storedPayments.all(companyId, orderId);
  }

  return { register };
}
export type OrderPayments = ReturnType<typeof createOrderPayments>;
