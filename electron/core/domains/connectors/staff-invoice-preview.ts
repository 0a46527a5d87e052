import type { Database } from 'better-sqlite3';
import type { Static } from 'typebox';
import type {
  FollowUpNotification,
  InvoiceFollowUps,
  OrderInvoiceInput,
  OrderInvoiceDone,
  OrderInvoiceIssued,
  OrderInvoicePreview,
} from '../../../../shared/domain/staff-actions.ts';
import type { NotificationType } from '../../../../shared/domain/webhooks.ts';

/**
 * What issuing a connector order's invoice does besides the invoice (issue 27 item 8): the AWB
 * awb.auto_issue generates with it, the status the status_sync map moves the order to and the
 * notifications the connector is sent. Nothing here decides any of it: `report` reads what the
 * action wrote, in the action's own transaction, and `preview` runs the action itself
 * (orders.issueInvoice, the same function) and rolls it back. The list staff read before the
 * click is therefore the list the click produces, whatever the connector's settings say.
 */

/** orders.issueInvoice's function (staff-actions.ts issueInvoice): it answers inside the caller's transaction. */
export type IssueOrderInvoice = (input: Static<typeof OrderInvoiceInput>) => OrderInvoiceDone;

/** Thrown to roll the dry run back, carrying its answer out of the transaction. */
class RolledBack {
  constructor(readonly answer: OrderInvoiceDone) {}
}

export function createInvoiceFollowUps(db: Database) {
  const orderStatus = db
    .prepare<[number, number, string], string>('SELECT order_status FROM connector_orders WHERE company_id = ? AND connector_id = ? AND order_unique_id = ?')
    .pluck();
  const lastAwbId = db.prepare<[], number>('SELECT coalesce(max(id), 0) FROM awbs').pluck();
  const awbsAfter = db.prepare<[number, number, number], NonNullable<InvoiceFollowUps['awb']>>(
    `SELECT id AS awb_id, awb_nr, awb_type, awb_subtype, cod_amount, cod_currency, weight_kg
       FROM awbs WHERE company_id = ? AND connector_order_id = ? AND id > ? AND cancelled = 0 ORDER BY id`,
  );
  const delivery = db.prepare<[number], { payload: string; url: string }>('SELECT payload, url FROM webhook_outbox WHERE id = ?');

  function notificationOf(deliveryId: number, type: NotificationType): FollowUpNotification {
    const row = delivery.get(deliveryId)!;
    const payload = JSON.parse(row.payload) as { status_text?: unknown };
    return {
      notification_type: type,
      ...(type === 'status' && typeof payload.status_text === 'string' && { status_text: payload.status_text }),
      sent: row.url !== '',
    };
  }

  /**
   * orders.issueInvoice with its follow-ups told: the action and the reading of what it wrote
   * run in one transaction (nested in the action's own: a savepoint).
   */
  function reported(issue: (input: Static<typeof OrderInvoiceInput>) => OrderInvoiceIssued): IssueOrderInvoice {
    return (input) =>
      db.transaction((): OrderInvoiceDone => {
        const before = orderStatus.get(input.company_id, input.connector_id, input.order_unique_id);
        const awbMark = lastAwbId.get() ?? 0;
        const answer = issue(input);
        const follow_ups: InvoiceFollowUps = {
          awb: awbsAfter.all(input.company_id, answer.SERVICE_order_id, awbMark)[0] ?? null,
          order_status_before: before ?? '',
          order_status: orderStatus.get(input.company_id, input.connector_id, input.order_unique_id) ?? '',
          notifications: answer.notifications.map((n) => notificationOf(n.delivery_id, n.notification_type)),
        };
        return { ...answer, follow_ups };
      }).immediate();
  }

  /**
   * orders.invoicePreview: the issue action run and rolled back. Its refusals are the action's
   * (an invoiced or cancelled order, a date out of range: the same 4xx the click would get).
   */
  function preview(issue: IssueOrderInvoice, input: Static<typeof OrderInvoiceInput>): OrderInvoicePreview {
    let answer: OrderInvoiceDone | undefined;
    try {
      db.transaction(() => {
        throw new RolledBack(issue(input));
      }).immediate();
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
      answer = error.answer;
    }
    if (answer === undefined) throw new Error('the dry run of orders.issueInvoice did not run');
    return {
      SERVICE_order_id: answer.SERVICE_order_id,
      connector_id: answer.connector_id,
      order_unique_id: answer.order_unique_id,
      doc_series: answer.doc_series,
      doc_nr: answer.doc_nr,
      doc_date: answer.doc_date,
      document_value_with_vat: answer.document_value_with_vat,
      currency: answer.currency,
      sale_created: answer.sale_created,
      follow_ups: answer.follow_ups,
      notices: answer.notices,
    };
  }

  return { reported, preview };
}
export type InvoiceFollowUpsReader = ReturnType<typeof createInvoiceFollowUps>;
