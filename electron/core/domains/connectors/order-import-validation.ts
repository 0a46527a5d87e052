import type { Database } from 'better-sqlite3';
import { notFound } from '../../../../shared/contract/errors.ts';
import { round2 } from '../../money.ts';
import type { ExchangeRates } from '../exchange-rates/index.ts';
import type { ConnectorRow } from './config.ts';
import type { OrderClients } from './order-clients.ts';
import { appliedDiscountOf, type OrderDocuments, type PartyBlock } from './order-documents.ts';
import { Refused, sameItems, type ItemRow, type OrderImportDeps, type OrderImportInput } from './order-import-model.ts';
import type { OrderRecord } from './order-record.ts';
import { parseOrderRequest, type ParsedItem } from './order-request.ts';
import { documentDate, readOrderSettings, type OrderSettings } from './order-settings.ts';

/**
 * The import's checks against the account, before anything is written: the request parsed, the
 * connector active, the repeated-order block, currencies and their rates, the products of the
 * catalogue, the dropshipper, the workpoint of the documents, and the line changes an invoiced
 * or kept sales receipt forbids. Every error found is collected; any error refuses the request
 * (Refused, nothing written). The answer is what the writes start from.
 */

export interface OrderValidationDeps {
  record: OrderRecord;
  docs: OrderDocuments;
  rates: ExchangeRates;
  clients: OrderClients;
  settings: OrderImportDeps['settings'];
}

export function createOrderValidation(db: Database, use: OrderValidationDeps) {
  const { record, docs, rates, clients } = use;
  const accountCurrencies = db.prepare<[number], string>('SELECT currency FROM account_currencies WHERE company_id = ? ORDER BY currency').pluck();
  const productByCode = db.prepare<[number, string], { id: number; unit: string; deleted: number }>(
    'SELECT id, unitate_masura AS unit, deleted FROM products WHERE company_id = ? AND cod_produs = ?',
  );
  const published = db.prepare<[number, number], number>('SELECT 1 FROM connector_products WHERE connector_id = ? AND product_id = ?').pluck();
  const liveWorkpoint = db.prepare<[number, number], number>('SELECT id FROM workpoints WHERE company_id = ? AND id = ? AND deleted = 0').pluck();
  const firstWorkpoint = db.prepare<[number], number>('SELECT id FROM workpoints WHERE company_id = ? AND deleted = 0 ORDER BY id LIMIT 1').pluck();

  /** The workpoint of the order's documents: order_processing.workpoint_id, else the connector's, else the account's first. */
  function workpointOf(companyId: number, settings: OrderSettings, connector: ConnectorRow, notices: string[]): number | undefined {
    if (settings.workpointId !== null) {
      if (liveWorkpoint.get(companyId, settings.workpointId) !== undefined) return settings.workpointId;
      notices.push(`settings order_processing.workpoint_id: ${settings.workpointId} is not a workpoint of the account; the connector's workpoint is used`);
    }
    if (connector.workpoint_id !== null && liveWorkpoint.get(companyId, connector.workpoint_id) !== undefined) return connector.workpoint_id;
    return firstWorkpoint.get(companyId);
  }

  function partyOf(companyId: number, contactId: number): PartyBlock | undefined {
    const c = clients.contact(companyId, contactId);
    return c && c.deleted === 0 ? { id: c.id, name: c.name, cui: c.cui, reg_com: c.reg_com, is_company: c.is_company } : undefined;
  }

  /** The order's lines from the items sent, each with its catalogue product (unknown or deleted codes are errors). */
  function itemRowsOf(companyId: number, connectorId: number, sent: readonly ParsedItem[], errors: string[], notices: string[]): ItemRow[] {
    return sent.map((item, index) => {
      let productId: number | null = null;
      let unit = 'buc';
      if (item.type === 'product') {
        const product = productByCode.get(companyId, item.code);
        if (!product) errors.push(`items[${index}].code: '${item.code}' is not a product of the catalogue (a cod_produs of the product feed)`);
        else if (product.deleted) errors.push(`items[${index}].code: product '${item.code}' is deleted`);
        else {
          productId = product.id;
          unit = product.unit;
          if (published.get(connectorId, product.id) === undefined) {
            notices.push(`items[${index}].code: product '${item.code}' is not published to connector ${connectorId}`);
          }
        }
      }
      return {
        type: item.type,
        code: item.code,
        ean: item.ean ?? '',
        item_name: item.item_name,
        item_comments: item.item_comments ?? '',
        item_requires_customization: item.item_requires_customization ?? 0,
        item_quantity: item.item_quantity,
        item_price: item.item_price,
        item_vat_percent: item.item_vat_percent,
        item_price_with_vat: item.item_price_with_vat,
        line_value_with_vat: item.line_value_with_vat,
        discounted_price_with_vat: item.discounted_price_with_vat ?? null,
        line_discount_value_with_vat: item.line_discount_value_with_vat ?? null,
        product_id: productId,
        unit,
      };
    });
  }

  function validate(input: OrderImportInput, connector: ConnectorRow, body: Record<string, unknown>, instant: Date, ts: string) {
    const { companyId, connectorId, pathOrderId, method } = input;
    const stored = record.byUid(companyId, connectorId, pathOrderId);
    if (method === 'PUT' && !stored) throw notFound(`order '${pathOrderId}' does not exist on connector ${connectorId}`);

    const parsed = parseOrderRequest(method, pathOrderId, body);
    if (!parsed.ok) throw new Refused(parsed.errors, parsed.notices);
    const o = parsed.order;
    const notices = [...parsed.notices];
    const errors: string[] = [];
    if (connector.active !== 1) errors.push(`connector ${connectorId} is not active: it takes no orders`);

    const settings = readOrderSettings(use.settings.values(companyId, connectorId), notices);
    const mode: 'create' | 'update' = stored ? 'update' : 'create';

    // The repeated-order block: the N-th POST of the same order within an hour.
    const threshold = settings.repeatedOrderBlockThreshold;
    if (method === 'POST' && stored && threshold > 0) {
      const earlier = record.recentPosts(stored.id, instant.getTime() - 3_600_000) ?? 0;
      if (earlier >= Math.max(2, threshold) - 1) {
        errors.push(
          `order_unique_id: order '${o.orderUniqueId}' already exists and was imported ${earlier} time(s) in the last hour; ` +
            `import number ${earlier + 1} within an hour is blocked (order_processing.repeated_order_block_threshold = ${threshold}); ` +
            'send changes with PUT',
        );
      }
    }

    // What the account holds: currencies, rates, products, the invoiced party, a workpoint.
    const currencies = accountCurrencies.all(companyId);
    const currency = o.order_currency_code ?? stored!.currency;
    if (o.order_currency_code !== undefined && !currencies.includes(o.order_currency_code)) {
      errors.push(`order_currency_code: '${o.order_currency_code}' is not a currency of the account (one of ${currencies.join(', ')})`);
    }
    if (o.cod_currency !== undefined && o.cod_currency !== '' && !currencies.includes(o.cod_currency)) {
      errors.push(`cod_currency: '${o.cod_currency}' is not a currency of the account (one of ${currencies.join(', ')})`);
    }
    const docDate = documentDate(ts, settings);
    const docRate = rates.rateOn(currency, docDate);
    if (docRate === undefined && currencies.includes(currency)) {
      errors.push(`order_currency_code: no ${currency} exchange rate is stored on or before ${docDate} (the date of the order's documents)`);
    }

    const newItems: ItemRow[] | undefined = o.items ? itemRowsOf(companyId, connectorId, o.items, errors, notices) : undefined;
    (o.payments ?? []).forEach((payment, index) => {
      if (!currencies.includes(payment.payment_currency)) {
        errors.push(`payments[${index}].payment_currency: '${payment.payment_currency}' is not a currency of the account (one of ${currencies.join(', ')})`);
      } else if (rates.rateOn(payment.payment_currency, payment.day) === undefined) {
        errors.push(`payments[${index}].payment_currency: no ${payment.payment_currency} exchange rate is stored on or before ${payment.day}`);
      }
    });

    let dropshipper: PartyBlock | undefined;
    if (connector.type === 'dropship' && settings.actionOnImport !== 'none') {
      dropshipper = connector.dropshipper_contact_id === null ? undefined : partyOf(companyId, connector.dropshipper_contact_id);
      if (!dropshipper) {
        errors.push(`connector ${connectorId}: a dropship connector invoices its dropshipper contact, and none is configured (dropshipper_contact_id)`);
      }
    }
    const workpointId = workpointOf(companyId, settings, connector, notices);
    if (workpointId === undefined) errors.push('the account has no workpoint for the documents of the order');

    // Items replace every line: refused when the order's sales receipt is already invoiced.
    const oldItems = stored ? record.items(companyId, stored.id) : [];
    const itemsChanged = newItems !== undefined && (!stored || !sameItems(oldItems, newItems));
    const currencyChanged = stored !== undefined && currency !== stored.currency;
    const linesChanged = stored !== undefined && (itemsChanged || currencyChanged);
    const cancelled = o.order_cancelled ?? stored?.cancelled ?? 0;
    const saleBefore = stored ? docs.liveSale(companyId, stored.id) : undefined;
    const invoiceBefore = saleBefore ? docs.invoiceOf(companyId, saleBefore) : undefined;
    // Cancelled or not: an invoiced receipt's lines are fixed, and kept documents (keep_documents)
    // must keep matching the order they belong to.
    if (linesChanged && saleBefore && invoiceBefore) {
      errors.push(
        `items: the order's sales receipt ${saleBefore.series} ${saleBefore.number} (bv_id ${saleBefore.id}) is invoiced ` +
          `(${invoiceBefore.series} ${invoiceBefore.number}); its lines and currency cannot change (a fiscal invoice is reversed in the ERP)`,
      );
    }
    if (linesChanged && cancelled === 1 && saleBefore && !invoiceBefore) {
      errors.push(
        `items: the order is cancelled and its sales receipt ${saleBefore.series} ${saleBefore.number} is kept; ` +
          'its lines cannot change while it is',
      );
    }
    if (newItems) {
      const value = newItems.reduce((sum, i) => round2(sum + i.line_value_with_vat - appliedDiscountOf(i)), 0);
      if (value <= 0) {
        errors.push(`items: the order's value after discounts is ${value.toFixed(2)}; it must be above 0 (discount lines exceed the goods)`);
      }
    }
    if (errors.length > 0) throw new Refused(errors, notices);
    return {
      stored,
      parsed,
      o,
      notices,
      settings,
      mode,
      currency,
      docDate,
      docRate,
      newItems,
      dropshipper,
      workpointId,
      oldItems,
      itemsChanged,
      linesChanged,
      cancelled,
      saleBefore,
      invoiceBefore,
    };
  }

  return { validate, partyOf, workpointOf };
}
export type OrderValidation = ReturnType<typeof createOrderValidation>;
