import type { Database } from 'better-sqlite3';
import type { Static } from 'typebox';
import { badRequest } from '../../../../shared/contract/errors.ts';
import type { OrderAwbGenerated, OrderAwbInput } from '../../../../shared/domain/staff-actions.ts';
import { round2 } from '../../money.ts';
import { courierChoiceErrors, createCourierBook } from '../awb/index.ts';
import type { ProductPushes } from '../products/index.ts';
import type { StaffOrders } from './staff-order-context.ts';
import type { StaffOrderStatus } from './staff-order-status.ts';

/**
 * Staff generates a courier AWB for a connector order (orders.generateAwb), in one transaction:
 * the AWB with the courier and parcel staff chose (the order gives the client, COD, declared
 * value, delivery country and date, as for the import's AWB), the connector's awb notification,
 * what follows an AWB by the connector's settings (the invoice of invoicing.auto_issue on_awb,
 * the status_sync status of awb_issued) and the product_update of any stock that moved.
 * One live AWB per order: a second one is refused while the first is not cancelled.
 */

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function createStaffOrderAwb(db: Database, use: { orders: StaffOrders; status: StaffOrderStatus; push: ProductPushes }) {
  const { orders, status, push } = use;
  const couriers = createCourierBook(db);
  const liveAwb = db.prepare<[number, number, number], { id: number; awb_nr: string; awb_type: string }>(
    `SELECT id, awb_nr, awb_type FROM awbs WHERE company_id = ? AND cancelled = 0 AND (connector_order_id = ? OR sale_id = ?)
      ORDER BY id LIMIT 1`,
  );

  function generate(input: Static<typeof OrderAwbInput>): OrderAwbGenerated {
    return db.transaction((): OrderAwbGenerated => {
      const o = orders.load(input);
      const { c, state } = o;
      orders.assertActive(o, 'no AWB is generated for it');
      const live = liveAwb.get(c.companyId, c.orderId, state.sale?.id ?? -1);
      if (live) {
        throw badRequest(
          `order_unique_id: order '${c.orderUniqueId}' already has AWB ${live.awb_nr} (${live.awb_type}, awb_id ${live.id}) that is not cancelled; ` +
            'cancel it first (DELETE /awb/{awb_id}/); a shipment of several parcels is one AWB with awb_packet_count',
        );
      }
      const subtype = input.awb_subtype ?? '';
      const errors = courierChoiceErrors(couriers.load(), input.awb_type, subtype);
      if (errors.length > 0) throw badRequest(errors[0]!, errors);
      const request = orders.steps.awbRequest(c, state);
      if (!request) throw badRequest(`order_unique_id: order '${c.orderUniqueId}' has no client to ship to`);

      const mark = orders.deliveries.mark();
      const snapshot = push.capture(c.companyId, c.items.flatMap((i) => (i.product_id === null ? [] : [i.product_id])));
      const paidAmount = orders.settlePayments(o, false);
      const cod = input.cash_on_delivery === undefined ? request.codAmount : round2(input.cash_on_delivery);
      const awb = orders.docs.generateAwb(
        {
          ...request,
          courier: input.awb_type,
          codAmount: cod,
          declaredValue: input.declared_value === undefined ? request.declaredValue : round2(input.declared_value),
          staff: {
            type: input.awb_type,
            subtype,
            packetCount: input.awb_packet_count ?? 1,
            weightKg: input.weight === undefined ? Math.max(0.5, request.weightKg) : round3(input.weight),
            serviceType: input.awb_service_type ?? 'standard',
            shippingPayer: input.shipping_payer ?? 'sender',
          },
        },
        c.notices,
      );
      const invoice = orders.steps.invoiceIfWanted(c, state, 'awb');
      status.follow(o, invoice ? ['invoice_issued', 'awb_issued'] : ['awb_issued']);
      orders.finish(o, paidAmount);
      push.enqueueChanges(snapshot);
      return { ...awb, ...orders.effects(o, mark, 'awb') };
    }).immediate();
  }

  return { generate };
}
