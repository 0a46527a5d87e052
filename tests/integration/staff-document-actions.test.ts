import { beforeAll, describe, expect, it } from 'vitest';
import { Awb } from '../../shared/domain/awb.ts';
import { OrderAwbGenerated } from '../../shared/domain/staff-actions.ts';
import type { Row } from './orders.ts';
import { expectRefused, restSend } from './requests.ts';
import { expectDone, useStaffDemo, type Prod } from './staff.ts';

// Staff actions on documents through the control API: awbs.cancel (the REST DELETE /awb/{awb_id}/
// rule, for the AWB and order screens) and orders.invoicePreview (what issuing an order's invoice
// will do, by the connector's settings, agreeing with what orders.issueInvoice then does).

const staff = useStaffDemo();
const { one, control, orderPath, state } = staff;
const rest = restSend<Row>(staff.demo);
let prod: Prod;

beforeAll(() => {
  [prod] = staff.products(1) as [Prod];
});

const generateAwb = (connectorId: number, uid: string, body: unknown) => control('POST', orderPath(connectorId, uid, 'awb'), body);
const cancelAwb = (awbId: number | string, companyId = 1) => control('POST', `/accounts/${companyId}/awbs/${awbId}/cancel`, {});
/** The AWB as REST /awb/list/ answers it. */
async function restAwb(awbId: number): Promise<Row> {
  const answer = await rest('GET', `/awb/list/id:${awbId}/`);
  expect(answer.status).toBe(200);
  const rows = answer.body.data as unknown as Row[];
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('awbs.cancel', () => {
  it("cancels the order's AWB (REST lists it cancelled), after which the order may have a new one", async () => {
    staff.setting(1, 'invoicing', 'auto_issue', 'off');
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 1));
    const first = expectDone(await generateAwb(1, uid, { awb_type: 'cargus' }), OrderAwbGenerated);
    // While it is live, a second AWB is refused.
    expectRefused(await generateAwb(1, uid, { awb_type: 'fan' }), 400, new RegExp(`already has AWB ${first.awb_nr}`));

    const cancelled = expectDone(await cancelAwb(first.awb_id), Awb);
    expect(cancelled).toMatchObject({ awb_id: first.awb_id, awb_nr: first.awb_nr, document_cancelled: 1 });
    // What a partner reads is what the screen was told.
    expect(await restAwb(first.awb_id)).toMatchObject({ awb_id: first.awb_id, document_cancelled: 1 });
    expect(one<Row>('SELECT cancelled FROM awbs WHERE id = ?', first.awb_id).cancelled).toBe(1);

    const second = expectDone(await generateAwb(1, uid, { awb_type: 'fan' }), OrderAwbGenerated);
    expect(second.awb_id).not.toBe(first.awb_id);
    expect(second).toMatchObject({ awb_type: 'fan', document_cancelled: 0, order_unique_id: uid });
    expect(await restAwb(second.awb_id)).toMatchObject({ document_cancelled: 0, connector_order_id: first.SERVICE_order_id });
  });

  it('cancels an AWB attached through REST as DELETE /awb/{awb_id}/ does', async () => {
    const sale = one<Row>("SELECT id FROM sales WHERE company_id = 1 AND cancelled = 0 ORDER BY id DESC LIMIT 1");
    const added = await rest('POST', '/awb/add/', { awbs: [{ sale_id: sale.id, awb_nr: 'STAFF-CANCEL-1', awb_type: 'fan' }] });
    expect(added.status, JSON.stringify(added.body.messages)).toBe(200);
    const awbId = (added.body.data as Row).awb_ids[0] as number;
    expect(expectDone(await cancelAwb(awbId), Awb)).toMatchObject({ awb_id: awbId, document_cancelled: 1 });
    // The tracking number is free again, as after the REST delete.
    const again = await rest('POST', '/awb/add/', { awbs: [{ sale_id: sale.id, awb_nr: 'STAFF-CANCEL-1', awb_type: 'fan' }] });
    expect(again.status, JSON.stringify(again.body.messages)).toBe(200);
  });

  it('refuses an AWB already cancelled (409), an unknown one and one of another account (404), writing nothing', async () => {
    const cancelledId = one<Row>('SELECT id FROM awbs WHERE company_id = 1 AND cancelled = 1 ORDER BY id LIMIT 1').id as number;
    const liveId = one<Row>('SELECT id FROM awbs WHERE company_id = 1 AND cancelled = 0 ORDER BY id LIMIT 1').id as number;
    const before = state();
    expectRefused(await cancelAwb(cancelledId), 409, new RegExp(`awb_id: AWB .* \\(awb_id ${cancelledId}\\) is already cancelled`));
    expectRefused(await cancelAwb(999_999_999), 404, /awb_id: AWB 999999999 does not exist in this account/);
    expectRefused(await cancelAwb(liveId, 999), 404, /account/);
    expectRefused(await cancelAwb('x'), 400, /awb_id/);
    expect(state()).toEqual(before);
    expect(one<Row>('SELECT cancelled FROM awbs WHERE id = ?', liveId).cancelled).toBe(0);
  });
});
