import type { Database } from 'better-sqlite3';
import { fmtDate, fmtMoney, fmtWeight } from './format.ts';
import type { Parties, Party } from './parties.ts';

/** What an AWB label shows. */
export interface AwbDocument {
  awbNr: string;
  /** Courier code and name; the sub-courier of a broker AWB ('' / null otherwise). */
  courier: { code: string; name: string };
  subCourier: { code: string; name: string } | null;
  date: string;
  packetCount: number;
  weightKg: number;
  serviceType: string;
  shippingPayer: 'sender' | 'recipient';
  codAmount: number;
  codCurrency: string;
  declaredValue: number;
  /** The currency of the declared value: the shipped sale's (else the order's, else the COD currency). */
  declaredCurrency: string;
  deliveryCountry: string;
  deliveryCountryCode: string;
  cancelled: boolean;
  /** What the parcel ships: 'Comanda #100001', 'Bon DMO-12', 'Cerere service 7', or ''. */
  reference: string;
  sender: Party;
  recipient: Party;
}

interface AwbRow {
  id: number;
  awb_nr: string;
  awb_type: string;
  awb_subtype: string;
  courier_name: string | null;
  sub_courier_name: string | null;
  date: string;
  packet_count: number;
  weight_kg: number;
  service_type: string;
  shipping_payer: 'sender' | 'recipient';
  cod_amount: number;
  cod_currency: string;
  declared_value: number;
  delivery_country: string;
  delivery_country_code: string;
  client_id: number | null;
  client_name: string;
  client_cui: string;
  client_reg_com: string;
  cancelled: number;
  sale_ref: string | null;
  sale_currency: string | null;
  sale_workpoint_id: number | null;
  order_ref: string | null;
  order_currency: string | null;
  order_delivery_address_id: number | null;
  /** A B2B pickup AWB: the send-in request it collects, and where from. */
  request_id: number | null;
  request_address_id: number | null;
}

/**
 * Reads an AWB with its parties. The order's delivery address is where it goes (the order of
 * the AWB, else the one its sale came from), else the client's delivery address. A B2B pickup
 * AWB (POST /workmanager/sendinrequest/ from_b2b) travels the other way: the client sends from
 * the request's pickup address to the account.
 */
export function createAwbData(db: Database, parties: Parties) {
  const row = db.prepare<[number, number], AwbRow>(
    `SELECT a.id, a.awb_nr, a.awb_type, a.awb_subtype, c.name AS courier_name, sc.name AS sub_courier_name, a.date,
       a.packet_count, a.weight_kg, a.service_type, a.shipping_payer, a.cod_amount, a.cod_currency, a.declared_value,
       a.delivery_country, a.delivery_country_code, a.client_id, a.client_name, a.client_cui, a.client_reg_com, a.cancelled,
       s.series || '-' || s.number AS sale_ref, s.currency AS sale_currency, s.workpoint_id AS sale_workpoint_id,
       COALESCE(NULLIF(o.order_reference, ''), o.order_unique_id) AS order_ref, o.currency AS order_currency, o.delivery_address_id AS order_delivery_address_id,
       r.id AS request_id, r.client_address_id AS request_address_id
     FROM awbs a
     LEFT JOIN couriers c ON c.code = a.awb_type
     LEFT JOIN couriers sc ON sc.code = a.awb_subtype AND a.awb_subtype <> ''
     LEFT JOIN sales s ON s.id = a.sale_id AND s.company_id = a.company_id
     LEFT JOIN connector_orders o ON o.company_id = a.company_id AND o.id = COALESCE(a.connector_order_id, s.connector_order_id)
     LEFT JOIN service_requests r ON r.company_id = a.company_id AND r.pickup_awb_id = a.id
     WHERE a.company_id = ? AND a.id = ?
     ORDER BY r.id LIMIT 1`,
  );

  return {
    /** The label's data, or undefined when the account has no such AWB. */
    read(companyId: number, id: number): AwbDocument | undefined {
      const a = row.get(companyId, id);
      if (!a) return undefined;
      const account = parties.supplier(companyId, a.sale_workpoint_id, a.cod_currency);
      if (!account) return undefined;
      const pickup = a.request_id !== null;
      const client = pickup
        ? parties.client(companyId, a, a.request_address_id, 'delivery')
        : parties.client(companyId, a, a.order_delivery_address_id, 'delivery');
      const reference = a.order_ref ? `Comanda ${a.order_ref}` : a.sale_ref ? `Bon ${a.sale_ref}` : pickup ? `Cerere service ${a.request_id}` : '';
      return {
        awbNr: a.awb_nr,
        courier: { code: a.awb_type, name: a.courier_name ?? a.awb_type },
        subCourier: a.awb_subtype === '' ? null : { code: a.awb_subtype, name: a.sub_courier_name ?? a.awb_subtype },
        date: a.date,
        packetCount: a.packet_count,
        weightKg: a.weight_kg,
        serviceType: a.service_type,
        shippingPayer: a.shipping_payer,
        codAmount: a.cod_amount,
        codCurrency: a.cod_currency,
        declaredValue: a.declared_value,
        declaredCurrency: a.sale_currency ?? a.order_currency ?? a.cod_currency,
        deliveryCountry: a.delivery_country,
        deliveryCountryCode: a.delivery_country_code,
        cancelled: a.cancelled === 1,
        reference,
        sender: pickup ? client : account,
        recipient: pickup ? account : client,
      };
    },
  };
}
export type AwbData = ReturnType<typeof createAwbData>;

/** Romanian labels of the stored codes. */
export const SHIPPING_PAYER_LABEL: Record<AwbDocument['shippingPayer'], string> = {
  sender: 'Expeditor',
  recipient: 'Destinatar',
};

/** Courier line: 'FAN Courier'; a broker AWB names the carrier, whose name says the broker ('FAN Courier (prin Innoship)'). */
export function courierLine(doc: Pick<AwbDocument, 'courier' | 'subCourier'>): string {
  return doc.subCourier ? doc.subCourier.name : doc.courier.name;
}

/** The facts block of the label (the PDF and the HTML label print the same). */
export function awbFacts(doc: AwbDocument): Array<[string, string]> {
  return [
    ['Colete', String(doc.packetCount)],
    ['Greutate', fmtWeight(doc.weightKg)],
    ['Ramburs', doc.codAmount > 0 ? `${fmtMoney(doc.codAmount)} ${doc.codCurrency}` : 'fără ramburs'],
    ['Valoare declarată', `${fmtMoney(doc.declaredValue)} ${doc.declaredCurrency}`],
    ['Serviciu', doc.serviceType],
    ['Plata transportului', SHIPPING_PAYER_LABEL[doc.shippingPayer]],
    ['Data', fmtDate(doc.date)],
    ['Referință', doc.reference || '—'],
  ];
}

/** The lines under a party's name on a label. */
export function partyLines(p: Party, country: string): string[] {
  return [
    p.contactName && p.contactName !== p.name ? `Persoană de contact: ${p.contactName}` : '',
    p.phone ? `Tel.: ${p.phone}` : '',
    p.address || country,
    p.cui ? `CUI: ${p.cui}` : '',
  ].filter((l) => l !== '');
}
