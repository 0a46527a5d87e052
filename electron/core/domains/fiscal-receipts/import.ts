import type { Database } from 'better-sqlite3';
import type {
  FiscalReceiptImportItem,
  FiscalReceiptImportOutcome,
  FiscalReceiptImportRequest,
  FiscalReceiptImportResult,
} from '../../../../shared/domain/fiscal-receipts.ts';
import { badRequest } from '../../../../shared/contract/errors.ts';
import { isCents } from '../../../../shared/domain/payments.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { round2 } from '../../money.ts';
import { formatDate, formatTimestamp } from '../../time.ts';
import { createPaymentLedger, type SaleForPayment } from '../payments/index.ts';

/** The status of a printed receipt: the only one that moves money (see docs/data-model.md). */
export const PRINTED = 3;

/** paid_* field of the import -> payment type code (paid_other_payment: the account's custom type). */
export const RECEIPT_PAYMENT_KINDS = [
  ['paid_cash', 'cash'],
  ['paid_card', 'card'],
  ['paid_foodstamp', 'foodstamps'],
  ['paid_voucher', 'voucher'],
  ['paid_modern_payment', 'modern_payment'],
  ['paid_other_payment', null],
] as const;

type PaidField = (typeof RECEIPT_PAYMENT_KINDS)[number][0];

interface StoredReceipt {
  id: number;
  sale_id: number;
  status_id: number;
}

/** Accepted forms of print_confirmed_ts (the schema's pattern, with groups). */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * print_confirmed_ts in the service's form, 'YYYY-MM-DD HH:MM:SS' Europe/Bucharest: a value
 * without offset is taken as Bucharest time; one with an offset (or Z) is converted. Undefined
 * when it is not a real date and time.
 */
export function normalizeReceiptTimestamp(raw: string): string | undefined {
  const m = TIMESTAMP.exec(raw);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  const second = Number(m[6] ?? '0');
  const probe = new Date(Date.UTC(year!, month! - 1, day!));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month! - 1 || probe.getUTCDate() !== day) return undefined;
  if (hour! > 23 || minute! > 59 || second > 59) return undefined;
  const local = `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${pad(second)}`;
  const offset = m[8];
  if (offset === undefined) return local;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${pad(second)}${offset === 'Z' ? 'Z' : offset.length === 5 ? `${offset.slice(0, 3)}:${offset.slice(3)}` : offset}`;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return undefined;
  if (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(-2)) > 59) return undefined;
  return formatTimestamp(instant);
}

/** POST /payments/fiscalreceipt/: imports receipts[] in one transaction. */
export function createFiscalReceiptImport(db: Database, deps: DomainDeps) {
  const ledger = createPaymentLedger(db, deps.rates);
  const byPos = db.prepare<[number, number], StoredReceipt>(
    'SELECT id, sale_id, status_id FROM fiscal_receipts WHERE company_id = ? AND pos_receipt_id = ?',
  );
  const invoiceOf = db.prepare<[number, number], { series: string; number: number; date: string; cancelled: number }>(
    'SELECT series, number, date, cancelled FROM invoices WHERE company_id = ? AND id = ?',
  );
  const customTypes = db
    .prepare<[number], string>('SELECT code FROM payment_types WHERE company_id = ? AND is_custom = 1 ORDER BY code')
    .pluck();
  const insertReceipt = db.prepare(
    `INSERT INTO fiscal_receipts (company_id, sale_id, pos_receipt_id, status_id, workpoint_id, station_id, bf_date, bon_nr,
       z_nr, bf_content, printer_response, print_confirmed_ts, currency, total, paid_cash, paid_card, paid_foodstamp,
       paid_voucher, paid_modern_payment, paid_other_payment, paid_by_voucher_code, added_by_api, created_ts, last_changed_ts)
     VALUES (@company_id, @sale_id, @pos_receipt_id, @status_id, @workpoint_id, NULL, @bf_date, @bon_nr,
       @z_nr, @bf_content, @printer_response, @print_confirmed_ts, 'RON', @total, @paid_cash, @paid_card, @paid_foodstamp,
       @paid_voucher, @paid_modern_payment, @paid_other_payment, @paid_by_voucher_code, 1, @now, @now)`,
  );
  // A replaced receipt keeps its id, created_ts and cash register station (the import carries none).
  const replaceReceipt = db.prepare(
    `UPDATE fiscal_receipts SET sale_id = @sale_id, status_id = @status_id, workpoint_id = @workpoint_id, bf_date = @bf_date,
       bon_nr = @bon_nr, z_nr = @z_nr, bf_content = @bf_content, printer_response = @printer_response,
       print_confirmed_ts = @print_confirmed_ts, currency = 'RON', total = @total, paid_cash = @paid_cash,
       paid_card = @paid_card, paid_foodstamp = @paid_foodstamp, paid_voucher = @paid_voucher,
       paid_modern_payment = @paid_modern_payment, paid_other_payment = @paid_other_payment,
       paid_by_voucher_code = @paid_by_voucher_code, added_by_api = 1, last_changed_ts = @now
     WHERE company_id = @company_id AND id = @id`,
  );

  interface Planned {
    index: number;
    item: FiscalReceiptImportItem;
    sale: SaleForPayment;
    existing: StoredReceipt | undefined;
    action: FiscalReceiptImportOutcome['action'];
    printConfirmedTs: string | null;
    /** The receipt's date: bf_date, else the day of print_confirmed_ts, else today. */
    date: string;
  }

  /** Every rule of every receipt, all failures reported together; nothing is written here. */
  function plan(companyId: number, request: FiscalReceiptImportRequest, today: string): Planned[] {
    const errors: string[] = [];
    const planned: Planned[] = [];
    const firstIndexOfPos = new Map<number, number>();
    const custom = customTypes.all(companyId);
    request.receipts.forEach((item, index) => {
      const at = `receipts[${index}]`;
      const first = firstIndexOfPos.get(item.pos_receipt_id);
      if (first !== undefined) {
        errors.push(`${at}.pos_receipt_id: ${item.pos_receipt_id} is sent twice in this request (also receipts[${first}])`);
        return;
      }
      firstIndexOfPos.set(item.pos_receipt_id, index);
      const sale = ledger.sale(companyId, item.bv_id);
      if (!sale) {
        errors.push(`${at}.bv_id: sale ${item.bv_id} does not exist in this account`);
        return;
      }
      const existing = byPos.get(companyId, item.pos_receipt_id);
      const action = existing === undefined ? 'created' : item.reimport_existing_bf === 1 ? 'replaced' : 'skipped';
      let printConfirmedTs: string | null = null;
      if (item.print_confirmed_ts !== undefined) {
        printConfirmedTs = normalizeReceiptTimestamp(item.print_confirmed_ts) ?? null;
        if (printConfirmedTs === null) {
          errors.push(`${at}.print_confirmed_ts: '${item.print_confirmed_ts}' is not a real date and time`);
        }
      }
      for (const [field] of RECEIPT_PAYMENT_KINDS) {
        const amount = item[field];
        if (amount !== undefined && !isCents(amount)) errors.push(`${at}.${field}: must have at most two decimals, got ${amount}`);
      }
      const date = item.bf_date ?? printConfirmedTs?.slice(0, 10) ?? today;
      if (action !== 'skipped') {
        if (sale.cancelled && item.status_id !== 0) {
          errors.push(
            `${at}.bv_id: sale ${sale.id} is cancelled; only a cancelled receipt (status_id 0) can be imported for it`,
          );
        }
        if (item.status_id === PRINTED) {
          const invoice = sale.invoice_id === null ? undefined : invoiceOf.get(companyId, sale.invoice_id);
          if (invoice && !invoice.cancelled && invoice.date !== date) {
            errors.push(
              `${at}.bf_date: the sale's invoice ${invoice.series} ${invoice.number} is dated ${invoice.date}; ` +
                `the receipt's date (${date}${item.bf_date === undefined ? ', from print_confirmed_ts or today' : ''}) must be the same`,
            );
          }
          // A printed receipt replaces the sale's payments with its own: without amounts it
          // would only erase them.
          const paidTotal = RECEIPT_PAYMENT_KINDS.reduce((sum, [field]) => sum + (item[field] ?? 0), 0);
          if (paidTotal <= 0) {
            errors.push(
              `${at}.paid_cash: a printed receipt (status_id 3) must carry what was paid (paid_cash, paid_card, ` +
                'paid_foodstamp, paid_voucher, paid_modern_payment, paid_other_payment): their sum is 0',
            );
          }
          if ((item.paid_other_payment ?? 0) > 0 && custom.length !== 1) {
            errors.push(
              `${at}.paid_other_payment: recorded under the account's own payment type, and the account has ` +
                (custom.length === 0 ? 'none' : `${custom.length} (${custom.join(', ')}): it must have exactly one`),
            );
          }
        }
      }
      planned.push({ index, item, sale, existing, action, printConfirmedTs, date });
    });
    if (errors.length > 0) throw badRequest(errors[0]!, errors);
    return planned;
  }

  function apply(companyId: number, p: Planned, now: string, otherType: string | undefined): FiscalReceiptImportOutcome {
    const { item } = p;
    if (p.action === 'skipped') {
      const existing = p.existing!;
      return {
        fiscal_receipt_id: existing.id,
        pos_receipt_id: item.pos_receipt_id,
        bv_id: existing.sale_id,
        status_id: existing.status_id,
        action: 'skipped',
        notice:
          `receipts[${p.index}]: pos_receipt_id ${item.pos_receipt_id} was imported already (fiscal receipt ${existing.id}, ` +
          `sale ${existing.sale_id}); not imported again (send reimport_existing_bf 1 to replace it)`,
        payments: [],
        deleted_incasare_ids: [],
      };
    }
    const amounts = Object.fromEntries(RECEIPT_PAYMENT_KINDS.map(([field]) => [field, item[field] ?? 0])) as Record<PaidField, number>;
    let total = 0;
    for (const [field] of RECEIPT_PAYMENT_KINDS) total = round2(total + amounts[field]);
    const row = {
      company_id: companyId,
      sale_id: p.sale.id,
      pos_receipt_id: item.pos_receipt_id,
      status_id: item.status_id,
      workpoint_id: p.sale.workpoint_id,
      bf_date: item.bf_date ?? null,
      bon_nr: item.bon_nr ?? null,
      z_nr: item.z_nr ?? null,
      bf_content: item.bf_content ?? '',
      printer_response: item.printer_response ?? '',
      print_confirmed_ts: p.printConfirmedTs,
      total,
      ...amounts,
      paid_by_voucher_code: item.paid_by_voucher_code ?? '',
      now,
    };
    let receiptId: number;
    if (p.existing) {
      receiptId = p.existing.id;
      replaceReceipt.run({ ...row, id: receiptId });
    } else {
      receiptId = Number(insertReceipt.run(row).lastInsertRowid);
    }

    // The payments this receipt replaces: those it created before (a replaced receipt) and,
    // for a printed receipt, every payment of the sale. Their allocations go first; the rows
    // go after the new payments are in, so a new payment never takes a deleted id.
    const doomed = new Set<number>(p.existing ? ledger.paymentsOfReceipt(companyId, receiptId) : []);
    if (item.status_id === PRINTED) for (const id of ledger.paymentsOfSale(companyId, p.sale)) doomed.add(id);
    const deleted = [...doomed].sort((a, b) => a - b);
    ledger.detachPayments(companyId, deleted, now);

    const payments: FiscalReceiptImportOutcome['payments'] = [];
    if (item.status_id === PRINTED) {
      const mentions = item.bon_nr === undefined ? 'Bon fiscal' : `Bon fiscal ${item.bon_nr}`;
      for (const [field, code] of RECEIPT_PAYMENT_KINDS) {
        const amount = amounts[field];
        const type = code ?? otherType;
        if (amount <= 0 || type === undefined) continue;
        // Re-read: each payment sees the sale's paid_amount after the previous one.
        const sale = ledger.sale(companyId, p.sale.id)!;
        const voucher = field === 'paid_voucher' && item.paid_by_voucher_code ? ` [voucher: ${item.paid_by_voucher_code}]` : '';
        const registered = ledger.payOnSale({
          companyId,
          sale,
          date: p.date,
          paymentType: type,
          amount,
          currency: 'RON',
          rate: 1,
          bankAccountId: null,
          mentions: mentions + voucher,
          source: 'fiscal_receipt',
          fiscalReceiptId: receiptId,
          addedByApi: 1,
          now,
        });
        payments.push({
          incasare_id: registered.incasare_id,
          payment_type: type,
          amount,
          currency: 'RON',
          date: p.date,
          allocated_amount: registered.allocated_amount,
        });
      }
    }
    ledger.removePayments(companyId, deleted);
    return {
      fiscal_receipt_id: receiptId,
      pos_receipt_id: item.pos_receipt_id,
      bv_id: p.sale.id,
      status_id: item.status_id,
      action: p.action,
      notice: '',
      payments,
      deleted_incasare_ids: deleted,
    };
  }

  return {
    /**
     * Checks every receipt first (400 naming receipts[i].field, nothing stored), then applies
     * them in request order, all in one transaction.
     */
    importReceipts(companyId: number, request: FiscalReceiptImportRequest): FiscalReceiptImportResult {
      return db.transaction((): FiscalReceiptImportResult => {
        const clock = deps.clock.now();
        const planned = plan(companyId, request, formatDate(clock));
        const custom = customTypes.all(companyId);
        const otherType = custom.length === 1 ? custom[0] : undefined;
        const now = formatTimestamp(clock);
        return { receipts: planned.map((p) => apply(companyId, p, now, otherType)) };
      }).immediate();
    },
  };
}
export type FiscalReceiptImport = ReturnType<typeof createFiscalReceiptImport>;
