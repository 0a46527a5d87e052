import type { Database } from 'better-sqlite3';
import type { Awb } from '../../../../shared/domain/awb.ts';
import type { DomainDeps } from '../../domain-deps.ts';

/** The columns of an AWB record as /awb/list/ answers it. */
export const AWB_COLUMNS = `id AS awb_id, sale_id, connector_order_id, awb_nr, awb_type, awb_subtype, awb_url, date AS doc_date,
  packet_count, weight_kg, service_type, shipping_payer, cod_amount, cod_currency, declared_value, delivery_country,
  delivery_country_code, client_id, client_name, client_cui, client_reg_com, source, cancelled AS document_cancelled,
  created_ts, last_changed_ts`;

/** A new row of `awbs`: every column but the id and the timestamps. */
export interface NewAwb {
  companyId: number;
  saleId: number | null;
  connectorOrderId: number | null;
  awbNr: string;
  awbType: string;
  awbSubtype: string;
  awbUrl: string;
  date: string;
  packetCount: number;
  weightKg: number;
  serviceType: string;
  shippingPayer: 'sender' | 'recipient';
  codAmount: number;
  codCurrency: string;
  declaredValue: number;
  deliveryCountry: string;
  deliveryCountryCode: string;
  client: { id: number | null; name: string; cui: string; regCom: string };
  source: 'staff' | 'api' | 'connector' | 'b2b';
}

/**
 * Writes and reads of AWB rows shared by the AWB domain (POST /awb/add/, DELETE) and the
 * workmanager (the B2B pickup AWB of a send-in request). Every method runs inside the caller's
 * transaction.
 */
export function createAwbStore(db: Database, deps: DomainDeps) {
  const insert = db.prepare(
    `INSERT INTO awbs (company_id, sale_id, connector_order_id, awb_nr, awb_type, awb_subtype, awb_url, date, packet_count,
       weight_kg, service_type, shipping_payer, cod_amount, cod_currency, declared_value, delivery_country,
       delivery_country_code, client_id, client_name, client_cui, client_reg_com, source, cancelled, created_ts,
       last_changed_ts)
     VALUES (@companyId, @saleId, @connectorOrderId, @awbNr, @awbType, @awbSubtype, @awbUrl, @date, @packetCount,
       @weightKg, @serviceType, @shippingPayer, @codAmount, @codCurrency, @declaredValue, @deliveryCountry,
       @deliveryCountryCode, @clientId, @clientName, @clientCui, @clientRegCom, @source, 0, @now, @now)`,
  );
  const record = db.prepare<[number, number], Awb>(`SELECT ${AWB_COLUMNS} FROM awbs WHERE company_id = ? AND id = ?`);
  /** An AWB that is not cancelled with this courier and number (the duplicate rule). */
  const live = db
    .prepare<[number, string, string], number>(
      'SELECT id FROM awbs WHERE company_id = ? AND awb_nr = ? AND awb_type = ? AND cancelled = 0 ORDER BY id LIMIT 1',
    )
    .pluck();
  /** Any AWB, cancelled or not, with this courier and number (a generated number is never reused). */
  const any = db
    .prepare<[number, string, string], number>('SELECT id FROM awbs WHERE company_id = ? AND awb_nr = ? AND awb_type = ? LIMIT 1')
    .pluck();
  const defaultCourier = db
    .prepare<[number], string>(
      `SELECT value FROM connector_settings WHERE company_id = ? AND connector_id = 0 AND grp = 'awb' AND key = 'default_courier'`,
    )
    .pluck();
  const touchOrder = db.prepare('UPDATE connector_orders SET last_changed_ts = ? WHERE company_id = ? AND id = ?');
  const setUrl = db.prepare('UPDATE awbs SET awb_url = ? WHERE company_id = ? AND id = ?');

  return {
    /** Inserts one AWB and answers its id. */
    insert(row: NewAwb, now: string): number {
      const { client, ...fields } = row;
      return Number(
        insert.run({
          ...fields,
          clientId: client.id,
          clientName: client.name,
          clientCui: client.cui,
          clientRegCom: client.regCom,
          now,
        }).lastInsertRowid,
      );
    },

    /** Sets awb_url of an AWB just inserted (a link that needs the row's id: the service's own label page). */
    setUrl(companyId: number, awbId: number, url: string): void {
      setUrl.run(url, companyId, awbId);
    },

    record(companyId: number, awbId: number): Awb | undefined {
      return record.get(companyId, awbId);
    },

    /** The id of the AWB that is not cancelled with this courier and tracking number, if any. */
    liveDuplicate(companyId: number, awbNr: string, awbType: string): number | undefined {
      return live.get(companyId, awbNr, awbType);
    },

    numberTaken(companyId: number, awbNr: string, awbType: string): boolean {
      return any.get(companyId, awbNr, awbType) !== undefined;
    },

    /** The account's default courier code (connector settings, group awb, account level), if set. */
    defaultCourier(companyId: number): string | undefined {
      const value = defaultCourier.get(companyId);
      if (value === undefined) return undefined;
      try {
        const parsed: unknown = JSON.parse(value);
        return typeof parsed === 'string' ? parsed : undefined;
      } catch {
        return undefined;
      }
    },

    /**
     * A connector order's list shows its AWBs: a change of them is a change of the order
     * (modifiedafter of the order lists).
     */
    touchConnectorOrder(companyId: number, orderId: number | null, now: string): void {
      if (orderId !== null) touchOrder.run(now, companyId, orderId);
    },

    /** The spec's awb notification to the connector of the order the AWB ships, in the write's transaction. */
    notifyConnector(
      companyId: number,
      order: { id: number; connectorId: number; orderUniqueId: string },
      awb: Awb,
    ): void {
      deps.outbox.enqueue({
        companyId,
        connectorId: order.connectorId,
        type: 'awb',
        payload: {
          order_unique_id: order.orderUniqueId,
          awb_number: awb.awb_nr,
          awb_packet_count: awb.packet_count,
          weight: awb.weight_kg,
          awb_service_type: awb.service_type,
          shipping_payer: awb.shipping_payer,
          cash_on_delivery: awb.cod_amount,
          cash_on_delivery_currency: awb.cod_currency,
          delivery_country: awb.delivery_country,
          delivery_country_code: awb.delivery_country_code,
          declared_value: awb.declared_value,
          awb_type: awb.awb_type,
          awb_subtype: awb.awb_subtype,
          awb_url_pdf: awb.awb_url,
        },
      });
    },
  };
}
export type AwbStore = ReturnType<typeof createAwbStore>;
