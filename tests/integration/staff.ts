import type { TSchema } from 'typebox';
import { expect } from 'vitest';
import { isOperationError } from '../../shared/contract/errors.ts';
import { validate } from '../../electron/core/validate.ts';
import type { Answer } from './harness.ts';
import { expectOk, orderableProducts, r2, useOrderDemo, type Body, type Row } from './orders.ts';

// What the staff action tests share (staff-actions*.test.ts): the demo with a fixed clock, a
// connector order sent through REST, the control call of an action, the outbox rows it wrote.

/** Tuesday 2026-11-17 10:00 Europe/Bucharest (before connector 1's next_day_hour and latest_issue_hour). */
export const TODAY = '2026-11-17';
const clock = { now: () => new Date('2026-11-17T08:00:00Z') };

export interface Prod { id: number; code: string; price: number; vat: number; pwv: number }

export interface OutboxRow {
  id: number;
  connector_id: number;
  notification_type: string;
  order_unique_id: string | null;
  /** The payload as the receiver gets it (parsed). */
  body: Row;
}

export function useStaffDemo() {
  const order = useOrderDemo(clock);
  const { demo, all, one, count, send } = order;
  let seq = 0;

  /** Products of connector 1 with stock at workpoint 1 (see orderableProducts). */
  const products = (limit: number): Prod[] =>
    orderableProducts<Omit<Prod, 'pwv'>>(all, { column: '1 AS one', where: 's.reserved = 0', limit });

  /** A connector setting (the connector's own value). */
  function setting(connectorId: number, grp: string, key: string, value: unknown): void {
    demo.db
      .prepare('INSERT OR REPLACE INTO connector_settings (company_id, connector_id, grp, key, value) VALUES (1, ?, ?, ?, ?)')
      .run(connectorId, grp, key, JSON.stringify(value));
  }

  /** A connector order request: `qty` of `p`, shipped by courier, RON unless `over` says otherwise. */
  function orderBody(p: Prod, qty: number, over: Body = {}): Body {
    const uid = `STAFF-${++seq}`;
    const address = { city: 'Cluj-Napoca', county: 'Cluj', country: 'Romania', street: 'Strada Memorandumului', number: '28', zip: '400001' };
    return {
      order_unique_id: uid,
      order_status: 'processing',
      order_currency_code: 'RON',
      shipping_method: 'courier',
      client: { name: 'Ana Pop', email: 'ana@example.ro', client_unique_id: 700000 + seq, invoice_address: address, delivery_address: address },
      items: [
        {
          type: 'product', code: p.code, item_name: `Produs ${p.code}`, item_quantity: qty, item_price: p.price,
          item_vat_percent: p.vat, item_price_with_vat: p.pwv, line_value_with_vat: r2(qty * p.pwv),
        },
      ],
      ...over,
    };
  }

  /** Sends an order to a connector (200 expected); answers its order_unique_id. */
  async function placeOrder(connectorId: number, body: Body): Promise<string> {
    expectOk(await send('POST', body.order_unique_id, body, connectorId));
    return body.order_unique_id as string;
  }

  /** A staff action through the control API. */
  const control = (method: string, path: string, body?: unknown): Promise<Answer<Row>> => demo.h.control<Row>(method, path, body);
  const orderPath = (connectorId: number, uid: string, action: string) =>
    `/accounts/1/connectors/${connectorId}/orders/${encodeURIComponent(uid)}/${action}`;

  /** Outbox rows after `afterId`, in order. */
  const outboxAfter = (afterId: number): OutboxRow[] =>
    all('SELECT id, connector_id, notification_type, order_unique_id, payload FROM webhook_outbox WHERE id > ? ORDER BY id', afterId).map(
      ({ payload, ...row }) => ({ ...(row as Omit<OutboxRow, 'body'>), body: JSON.parse(String(payload)) as Row }),
    );
  const lastOutboxId = (): number => count('SELECT coalesce(max(id), 0) FROM webhook_outbox');

  /** What an action may write: row counts of its tables, the stock, the orders' status. */
  const TABLES = ['sales', 'sale_items', 'invoices', 'invoice_items', 'awbs', 'payments', 'webhook_outbox', 'connector_products'];
  const state = () => ({
    counts: TABLES.map((t) => count(`SELECT count(*) FROM ${t}`)),
    stock: one('SELECT total(quantity) AS q, total(reserved) AS r FROM stock'),
    orders: all('SELECT id, order_status, last_changed_ts, reserved_workpoint_id FROM connector_orders ORDER BY id'),
  });

  return { ...order, products, setting, orderBody, placeOrder, control, orderPath, outboxAfter, lastOutboxId, state };
}

/** A 200 answer of the control API whose data is what the operation's output schema says; its data. */
export function expectDone(answer: Answer<Row>, output: TSchema): Row {
  expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
  let problems: string[] = [];
  try {
    validate(output, answer.body.data, 'data');
  } catch (error) {
    if (!isOperationError(error)) throw error;
    problems = error.messages;
  }
  expect(problems).toEqual([]);
  return answer.body.data;
}

/** The JSON type of each field, as a receiver's parser sees it. */
export const typesOf = (body: Row): Record<string, string> =>
  Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value === null ? 'null' : typeof value]));
