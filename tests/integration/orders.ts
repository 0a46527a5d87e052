import { expect } from 'vitest';
import { queries, useDemo, type Answer, type Caller } from './harness.ts';
import { restSend } from './requests.ts';

// What the connector order tests share: sending an order, its payments, the amounts.

export type Row = Record<string, any>;
export type Body = Record<string, any>;

/** Two decimals, as the tests compute line values and totals. */
export const r2 = (x: number) => Math.round(x * 100 + 1e-7 * Math.max(1, Math.abs(x))) / 100;

/** Products as read from the tables (price without VAT and VAT rate), each with its price with VAT (`pwv`). */
const withPriceWithVat = <P extends { price: number; vat: number }>(products: P[]): Array<P & { pwv: number }> =>
  products.map((p) => ({ ...p, pwv: r2(p.price * (1 + p.vat / 100)) }));

/** Which products an order test sells besides the common rule (see orderableProducts). */
export interface ProductChoice {
  /** The column read besides id, code, price and vat, as 'p.weight_kg AS weight'. */
  column: string;
  /** More joins, as 'JOIN stock s2 ON …'. */
  join?: string;
  /** A condition besides the common ones. */
  where: string;
  limit: number;
}

/**
 * Products of connector 1 an order can sell: live, sold in RON, at least 100 in stock at
 * workpoint 1 (stock `s`), as `choice` narrows them, in id order; each with its price with VAT.
 */
export function orderableProducts<P extends { price: number; vat: number }>(
  all: <T>(sql: string, ...params: unknown[]) => T[],
  { column, join = '', where, limit }: ProductChoice,
): Array<P & { pwv: number }> {
  return withPriceWithVat(
    all<P>(
      `SELECT p.id, p.cod_produs AS code, p.pret_vanzare AS price, p.cota_tva_vanzare AS vat, ${column}
         FROM products p JOIN connector_products cp ON cp.product_id = p.id AND cp.connector_id = 1
         JOIN stock s ON s.product_id = p.id AND s.workpoint_id = 1 ${join}
        WHERE p.company_id = 1 AND p.deleted = 0 AND p.selling_currency = 'RON' AND s.quantity >= 100 AND ${where}
        ORDER BY p.id LIMIT ${limit}`,
    ),
  );
}

/** `send(method, uid, body, connectorId = 1, contentType?)`: the order `uid` of a connector, as the demo's API user. */
export function orderSender(demo: Caller) {
  const send = restSend<Row>(demo);
  return (method: 'POST' | 'PUT', uid: string, body: unknown, connectorId = 1, contentType?: string) =>
    send(method, `/connector/${connectorId}/order/${encodeURIComponent(uid)}/`, body, contentType);
}

/**
 * The demo the order tests work on, its clock set by `clock` and its `db` writable (they change
 * settings and stock directly), with reads of it and `send` (see orderSender).
 */
export function useOrderDemo(clock: { now(): Date }) {
  const demo = useDemo({ clock, writable: true });
  const { one, all, value } = queries<Row>(demo);
  return { demo, one, all, count: value, send: orderSender(demo) };
}

/** A 200 answer; its data. */
export function expectOk(answer: Answer<Row>): Row {
  expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
  return answer.body.data;
}

/** A confirmed card payment in RON of the order's day. */
export const payment = (reference: string, amount: number, over: Body = {}) => ({
  payment_method: 'card',
  payment_status: 'confirmed',
  payment_date: '2026-11-17 09:30:00',
  payment_amount: amount,
  payment_currency: 'RON',
  payment_reference: reference,
  ...over,
});
