import type { Database } from 'better-sqlite3';
import { badRequest, notFound } from '../../../../shared/contract/errors.ts';
import type { Awb, AwbAddItem, AwbAddResult, AwbDeleteResult } from '../../../../shared/domain/awb.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { formatDate, formatTimestamp } from '../../time.ts';
import type { CourierBook } from './couriers.ts';
import { countryCode, courierChoiceErrors } from './couriers.ts';
import type { AwbStore, NewAwb } from './store.ts';

interface SaleRow {
  id: number;
  cancelled: number;
  /** The receipt's date: an AWB is never dated before it (a receipt made after next_day_hour carries the next day). */
  date: string;
  currency: string;
  total_with_vat: number;
  client_id: number | null;
  client_name: string;
  client_cui: string;
  client_reg_com: string;
  connector_order_id: number | null;
  connector_id: number | null;
  order_unique_id: string | null;
  order_cod_amount: number | null;
  order_cod_currency: string | null;
  order_country: string | null;
  client_country: string | null;
  weight_kg: number;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** True for an absolute http(s) URL with a host. */
function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * POST /awb/add/ (attach AWBs already issued with the courier to sales) and DELETE /awb/{id}/
 * (cancel one). The rules where the spec is silent are in docs/data-model.md ("AWB").
 */
export function createAwbAttach(db: Database, deps: DomainDeps, store: AwbStore, couriers: () => CourierBook) {
  // The sale with what an AWB copies from it: the client block, the connector order it came from
  // (its COD and delivery address), the client's delivery country and the weight of its products.
  const sale = db.prepare<{ company: number; sale: number }, SaleRow>(
    `SELECT s.id, s.cancelled, s.date, s.currency, s.total_with_vat, s.client_id, s.client_name, s.client_cui, s.client_reg_com,
            o.id AS connector_order_id, o.connector_id, o.order_unique_id, o.cod_amount AS order_cod_amount,
            o.cod_currency AS order_cod_currency,
            (SELECT a.country FROM contact_addresses a
              WHERE a.id = o.delivery_address_id AND a.company_id = s.company_id) AS order_country,
            (SELECT a.country FROM contact_addresses a
              WHERE a.company_id = s.company_id AND a.contact_id = s.client_id
              ORDER BY a.kind = 'invoice', a.is_default DESC, a.id LIMIT 1) AS client_country,
            (SELECT coalesce(sum(i.quantity * p.weight_kg), 0) FROM sale_items i
               JOIN products p ON p.id = i.product_id WHERE i.sale_id = s.id) AS weight_kg
       FROM sales s
       LEFT JOIN connector_orders o ON o.id = s.connector_order_id AND o.company_id = s.company_id
      WHERE s.company_id = @company AND s.id = @sale`,
  );
  const awbRow = db.prepare<[number, number], { id: number; cancelled: number; connector_order_id: number | null }>(
    'SELECT id, cancelled, connector_order_id FROM awbs WHERE company_id = ? AND id = ?',
  );
  const cancel = db.prepare('UPDATE awbs SET cancelled = 1, last_changed_ts = ? WHERE company_id = ? AND id = ?');

  /** Checks one item; answers the row to insert, or pushes the refusals to `errors`. */
  function check(
    companyId: number,
    item: AwbAddItem,
    index: number,
    book: CourierBook,
    today: string,
    errors: string[],
    seen: Map<string, number>,
  ): { row: NewAwb; order: { id: number; connectorId: number; orderUniqueId: string } | null } | undefined {
    const at = `awbs[${index}]`;
    const before = errors.length;
    const found = sale.get({ company: companyId, sale: item.sale_id });
    if (!found) errors.push(`${at}.sale_id: sale ${item.sale_id} does not exist in the account`);
    else if (found.cancelled === 1) errors.push(`${at}.sale_id: sale ${item.sale_id} is cancelled`);

    const awbNr = item.awb_nr.trim();
    if (awbNr === '') errors.push(`${at}.awb_nr: must not be blank`);
    else if (CONTROL.test(awbNr)) errors.push(`${at}.awb_nr: must not contain control characters`);

    const subtype = item.awb_subtype ?? '';
    const courier = book.get(item.awb_type);
    errors.push(...courierChoiceErrors(book, item.awb_type, subtype, `${at}.`));

    const url = item.awb_url ?? '';
    if (url !== '' && !isHttpUrl(url)) errors.push(`${at}.awb_url: must be an absolute http:// or https:// URL`);

    if (courier && awbNr !== '') {
      const key = `${item.awb_type}\u0000${awbNr}`;
      const earlier = seen.get(key);
      const existing = store.liveDuplicate(companyId, awbNr, item.awb_type);
      if (existing !== undefined) {
        errors.push(`${at}.awb_nr: AWB '${awbNr}' of courier '${item.awb_type}' is already registered (awb_id ${existing})`);
      } else if (earlier !== undefined) {
        errors.push(`${at}.awb_nr: AWB '${awbNr}' of courier '${item.awb_type}' is also awbs[${earlier}] of this request`);
      } else {
        seen.set(key, index);
      }
    }
    if (errors.length > before || !found) return undefined;

    const cod = found.order_cod_amount ?? 0;
    const country = found.order_country ?? found.client_country ?? 'Romania';
    const row: NewAwb = {
      companyId,
      saleId: found.id,
      connectorOrderId: found.connector_order_id,
      awbNr,
      awbType: item.awb_type,
      awbSubtype: subtype,
      awbUrl: url,
      date: found.date > today ? found.date : today,
      packetCount: 1,
      weightKg: round3(found.weight_kg),
      serviceType: 'standard',
      shippingPayer: 'sender',
      codAmount: cod,
      codCurrency: cod > 0 && found.order_cod_currency ? found.order_cod_currency : found.currency,
      declaredValue: found.total_with_vat,
      deliveryCountry: country,
      deliveryCountryCode: countryCode(country),
      client: { id: found.client_id, name: found.client_name, cui: found.client_cui, regCom: found.client_reg_com },
      source: 'api',
    };
    const order =
      found.connector_order_id !== null && found.connector_id !== null
        ? { id: found.connector_order_id, connectorId: found.connector_id, orderUniqueId: found.order_unique_id ?? '' }
        : null;
    return { row, order };
  }

  return {
    /** Attaches every AWB of the request, or none (400 naming each refused field). */
    add(companyId: number, items: AwbAddItem[]): AwbAddResult {
      const now = deps.clock.now();
      const ts = formatTimestamp(now);
      const today = formatDate(now);
      return db.transaction((): AwbAddResult => {
        const book = couriers();
        const errors: string[] = [];
        const seen = new Map<string, number>();
        const checked = items.map((item, i) => check(companyId, item, i, book, today, errors, seen));
        if (errors.length > 0) throw badRequest(errors[0]!, errors);
        const awbs: Awb[] = [];
        for (const entry of checked) {
          const { row, order } = entry!;
          const id = store.insert(row, ts);
          const awb = store.record(companyId, id)!;
          awbs.push(awb);
          if (order) {
            store.touchConnectorOrder(companyId, order.id, ts);
            store.notifyConnector(companyId, order, awb);
          }
        }
        return { awb_ids: awbs.map((a) => a.awb_id), awbs };
      })();
    },

    /** Cancels an AWB of the account: it stays in /awb/list/ with cancelled 1. */
    remove(companyId: number, awbId: number): AwbDeleteResult {
      const ts = formatTimestamp(deps.clock.now());
      return db.transaction((): AwbDeleteResult => {
        const row = awbRow.get(companyId, awbId);
        if (!row) throw notFound(`AWB ${awbId} does not exist`);
        if (row.cancelled === 1) throw notFound(`AWB ${awbId} is already deleted (cancelled)`);
        cancel.run(ts, companyId, awbId);
        store.touchConnectorOrder(companyId, row.connector_order_id, ts);
        return { deleted_awb_id: awbId };
      })();
    },
  };
}
