import type { Database } from 'better-sqlite3';
import type { Awb } from '../../../../shared/domain/awb.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { countryCode, createAwbStore, createCourierBook, trackingNumber } from '../awb/index.ts';

/**
 * The AWB a connector order generates: the courier chosen from awb.default_courier, a free
 * tracking number, the awbs row and the connector's awb notification. Runs inside the import's
 * transaction; when an AWB is wanted is decided by the import's automatic steps.
 */

export interface OrderAwbRequest {
  companyId: number;
  order: { id: number; connectorId: number; orderUniqueId: string };
  saleId: number | null;
  courier: string;
  shippingMethod: string;
  date: string;
  weightKg: number;
  codAmount: number;
  codCurrency: string;
  declaredValue: number;
  deliveryCountry: string;
  client: { id: number; name: string; cui: string; regCom: string };
  now: string;
  /**
   * What staff chose (the control API's orders.generateAwb; courier codes already checked):
   * used instead of the courier setting and the import's parcel defaults; source 'staff'.
   */
  staff?: { type: string; subtype: string; packetCount: number; weightKg: number; serviceType: string; shippingPayer: 'sender' | 'recipient' };
  /**
   * Scheme and host the label link starts with (a REST import: the request's own); absent: the
   * listener's address (deps.publicUrl()).
   */
  baseUrl?: string;
}

export function createOrderAwbs(db: Database, deps: DomainDeps) {
  const awbStore = createAwbStore(db, deps);
  const couriers = createCourierBook(db);
  const liveAwb = db
    .prepare<[number, number, number], number>(
      `SELECT id FROM awbs WHERE company_id = ? AND cancelled = 0 AND (connector_order_id = ? OR sale_id = ?) ORDER BY id LIMIT 1`,
    )
    .pluck();

  return {
    /** An AWB of the order (generated for it or attached to its sale) that is not cancelled. */
    hasLiveAwb: (companyId: number, orderId: number, saleId: number | null): boolean => liveAwb.get(companyId, orderId, saleId ?? -1) !== undefined,

    /**
     * An AWB generated for the order with the courier of awb.default_courier (posta_romana for
     * shipping by post; a broker takes its first sub-courier, a sub-courier its broker; an
     * unknown code: fan, with a notice), and the spec's awb notification to the connector.
     */
    generateAwb(args: OrderAwbRequest, notices: string[]): Awb {
      const book = couriers.load();
      let named = args.shippingMethod === 'post' ? book.get('posta_romana') : book.get(args.courier);
      if (!named) {
        notices.push(`settings awb.default_courier: '${args.courier}' is not a courier code (GET /awb/add/); the AWB was generated with fan`);
        named = book.get('fan');
      }
      if (!named) throw new Error('the couriers table holds neither the default courier nor fan');
      let type = named.code;
      let subtype = '';
      if (named.parent_code !== null) [type, subtype] = [named.parent_code, named.code];
      else if (named.is_broker === 1) subtype = book.subCouriers(named.code)[0]?.code ?? '';
      if (args.staff) [type, subtype] = [args.staff.type, args.staff.subtype];
      let nr = trackingNumber(type, subtype);
      while (awbStore.numberTaken(args.companyId, nr, type)) nr = trackingNumber(type, subtype);
      const id = awbStore.insert(
        {
          companyId: args.companyId,
          saleId: args.saleId,
          connectorOrderId: args.order.id,
          awbNr: nr,
          awbType: type,
          awbSubtype: subtype,
          awbUrl: '', // the label link, set below once the id is known
          date: args.date,
          packetCount: args.staff?.packetCount ?? 1,
          weightKg: args.staff?.weightKg ?? Math.max(0.5, args.weightKg),
          serviceType: args.staff?.serviceType ?? 'standard',
          shippingPayer: args.staff?.shippingPayer ?? 'sender',
          codAmount: args.codAmount,
          codCurrency: args.codCurrency,
          declaredValue: args.declaredValue,
          deliveryCountry: args.deliveryCountry,
          deliveryCountryCode: countryCode(args.deliveryCountry),
          client: args.client,
          source: args.staff ? 'staff' : 'connector',
        },
        args.now,
      );
      // The service issued this AWB, so it has the label: awb_url (and the notification's
      // awb_url_pdf) is the credential-free PDF of it, not the courier's tracking page.
      const label = deps.links.url(args.baseUrl ?? deps.publicUrl(), { kind: 'awb', companyId: args.companyId, id }, 'pdf');
      awbStore.setUrl(args.companyId, id, label);
      const awb = awbStore.record(args.companyId, id)!;
      awbStore.notifyConnector(args.companyId, args.order, awb);
      return awb;
    },
  };
}
export type OrderAwbs = ReturnType<typeof createOrderAwbs>;
