import { describe, expect, it } from 'vitest';
import { PNG } from './fixtures.ts';
import { ADMIN_TOKEN, useDemo, withWritableDb } from './harness.ts';
import { restSend } from './requests.ts';

/** Requests that once slipped through the write side: each must answer in the envelope, no 500. */
const demo = useDemo();
const send = restSend<Record<string, unknown>>(demo);

describe('write side robustness', () => {
  it('a body nested thousands of levels deep is a 400, on every JSON write', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const productId = demo.db.prepare('SELECT id FROM products WHERE company_id = 1 AND deleted = 0 ORDER BY id LIMIT 1').pluck().get() as number;
    const saleId = demo.db.prepare('SELECT id FROM sales WHERE company_id = 1 AND cancelled = 0 ORDER BY id LIMIT 1').pluck().get() as number;
    for (const [method, path, body] of [
      ['POST', `/sales/${saleId}/payment/`, `{"amount":1,"payment_type":"cash","mentions":${deep}}`],
      ['PATCH', `/product/${productId}/`, `{"product_name":${deep}}`],
      ['POST', '/payments/fiscalreceipt/', `{"receipts":${deep}}`],
    ] as const) {
      const answer = await send(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(answer.body.is_error).toBe(true);
    }
  });

  it('GET, change a field, PUT back works for a product with an image kept by the service', async () => {
    const productId = demo.db.prepare('SELECT id FROM products WHERE company_id = 1 AND deleted = 0 ORDER BY id LIMIT 1 OFFSET 1').pluck().get() as number;
    const form = new FormData();
    form.append('title', 'Fata');
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'front.png');
    expect((await send('POST', `/product/${productId}/image/`, form)).status).toBe(200);
    const record = (await demo.h.rest<Record<string, unknown>>('GET', `/1/product/${productId}/`, demo.user)).body.data;
    const images = record.images as Array<{ url: string | null; storage: string }>;
    expect(images.at(-1)).toMatchObject({ storage: 'local', url: expect.stringMatching(/\/media\//) });
    const put = await send('PUT', `/product/${productId}/`, JSON.stringify({ ...record, product_name: 'Renamed by round trip' }));
    expect(put.status, JSON.stringify(put.body.messages)).toBe(200);
    expect(put.body.data.product_name).toBe('Renamed by round trip');
    expect((put.body.data.images as Array<{ url: string | null }>).at(-1)!.url).toBe(images.at(-1)!.url);
  });
});

describe('JSON nesting limit (64 levels), before any handler', () => {
  const DEPTH_MESSAGE = /^body: JSON nested deeper than 64 levels of arrays and objects \(the limit is 64\)$/;
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const control = (method: string, path: string, body: string) =>
    fetch(`${demo.h.url}/_sandbox${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body,
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { is_error: boolean; http_code: number; messages: string[] } }));

  it('a connector order nested 5,000 levels deep is a 400 in the envelope naming the body and the limit (was a 500)', async () => {
    const answer = await send('POST', '/connector/1/order/DEPTH-1/', `{"order_unique_id":"DEPTH-1","items":${nested(5000)}}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ is_error: true, http_code: 400, data: null });
    expect(answer.body.messages).toEqual([expect.stringMatching(DEPTH_MESSAGE)]);
    expect(demo.db.prepare("SELECT count(*) FROM connector_orders WHERE order_unique_id = 'DEPTH-1'").pluck().get()).toBe(0);
  });

  it('65 levels are refused on a REST and a control route; 64 levels, and brackets inside strings, reach the handler', async () => {
    const saleId = demo.db.prepare('SELECT id FROM sales WHERE company_id = 1 AND cancelled = 0 ORDER BY id LIMIT 1').pluck().get() as number;
    // the object itself is level 1: mentions nested 64 more is 65
    const tooDeep = await send('POST', `/sales/${saleId}/payment/`, `{"amount":1,"payment_type":"cash","mentions":${nested(64)}}`);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.messages).toEqual([expect.stringMatching(DEPTH_MESSAGE)]);
    const controlDeep = await control('PATCH', '/settings', `{"webhook_timeout_ms":${nested(64)}}`);
    expect(controlDeep.status).toBe(400);
    expect(controlDeep.body).toMatchObject({ is_error: true, http_code: 400 });
    expect(controlDeep.body.messages).toEqual([expect.stringMatching(DEPTH_MESSAGE)]);
    // counter-cases: 64 levels in all pass the parser; the handler refuses the field for its own reason
    const atLimit = await send('POST', `/sales/${saleId}/payment/`, `{"amount":1,"payment_type":"cash","mentions":${nested(63)}}`);
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.messages.join(' ')).toMatch(/mentions/);
    expect(atLimit.body.messages.join(' ')).not.toMatch(/nested deeper/);
    const controlAtLimit = await control('PATCH', '/settings', `{"webhook_timeout_ms":${nested(63)}}`);
    expect(controlAtLimit.status).toBe(400);
    expect(controlAtLimit.body.messages.join(' ')).not.toMatch(/nested deeper/);
    const inString = await send(
      'POST',
      `/sales/${saleId}/payment/`,
      JSON.stringify({ amount: 0.01, payment_type: 'cash', mentions: `${'[{'.repeat(200)} \\" ${'{'.repeat(100)}` }),
    );
    expect(inString.status, JSON.stringify(inString.body.messages)).toBe(200);
  });
});

describe('payments on a sale whose invoice is paid', () => {
  it('the sale and its invoice agree (one truth: the sale\'s allocations); a payment on it stays unallocated', async () => {
    // Before migration 023 a sale could be unpaid while its invoice was paid by its own allocations.
    const sale = demo.db
      .prepare(
        `SELECT s.id, s.invoice_id FROM sales s JOIN invoices i ON i.id = s.invoice_id
          WHERE s.company_id = 1 AND s.cancelled = 0 AND i.cancelled = 0 AND i.paid_amount >= i.total_with_vat
            AND (SELECT count(*) FROM sales o WHERE o.invoice_id = i.id) = 1
          ORDER BY s.id LIMIT 1`,
      )
      .get() as { id: number; invoice_id: number } | undefined;
    if (!sale) throw new Error('the demo has no sale with a paid invoice');
    const form = await demo.h.rest<{ sale: { open_amount: number; paid_amount: number; document_value_with_vat: number } }>(
      'GET', `/1/sales/${sale.id}/payment/`, demo.user,
    );
    expect(form.body.data.sale.open_amount).toBe(0);
    expect(form.body.data.sale.paid_amount).toBe(form.body.data.sale.document_value_with_vat);
    const paid = await send('POST', `/sales/${sale.id}/payment/`, JSON.stringify({ amount: 100, payment_type: 'cash' }));
    expect(paid.status, JSON.stringify(paid.body.messages)).toBe(200);
    const payment = demo.db.prepare('SELECT allocation_status FROM payments WHERE id = ?').pluck().get(paid.body.data.incasare_id);
    expect(payment).toBe('not_allocated');
  });
});

describe('fiscal receipts', () => {
  it('a printed receipt without paid amounts is refused: it would only erase the sale\'s payments', async () => {
    const saleId = demo.db.prepare("SELECT doc_id FROM payment_allocations WHERE doc_type = 'sale' ORDER BY doc_id LIMIT 1").pluck().get() as number;
    const before = demo.db.prepare('SELECT count(*) FROM payments').pluck().get();
    const answer = await send('POST', '/payments/fiscalreceipt/', JSON.stringify({ receipts: [{ pos_receipt_id: 990001, bv_id: saleId, status_id: 3 }] }));
    expect(answer.status).toBe(400);
    expect(answer.body.messages.join(' | ')).toMatch(/receipts\[0\]\.paid_cash: a printed receipt .* sum is 0/);
    expect(demo.db.prepare('SELECT count(*) FROM payments').pluck().get()).toBe(before);
  });
});

describe('product notifications when the code changes', () => {
  it('a new cod_produs on a published product: product_unpublished of the old code, then the update', async () => {
    const row = demo.db
      .prepare(
        `SELECT p.id, p.cod_produs FROM products p JOIN connector_products cp ON cp.product_id = p.id AND cp.connector_id = 1
          WHERE p.company_id = 1 AND p.deleted = 0 ORDER BY p.id LIMIT 1`,
      )
      .get() as { id: number; cod_produs: string };
    const last = demo.db.prepare('SELECT coalesce(max(id), 0) FROM webhook_outbox').pluck().get() as number;
    const answer = await send('PATCH', `/product/${row.id}/`, JSON.stringify({ cod_produs: `${row.cod_produs}-NEW` }));
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
    const rows = demo.db
      .prepare("SELECT notification_type, payload FROM webhook_outbox WHERE id > ? AND connector_id = 1 ORDER BY id")
      .all(last) as Array<{ notification_type: string; payload: string }>;
    expect(rows.map((r) => r.notification_type)).toEqual(['product_unpublished', 'product_update']);
    expect(JSON.parse(rows[0]!.payload)).toEqual({ notification_type: 'product_unpublished', cod_produs: row.cod_produs });
    expect(JSON.parse(rows[1]!.payload)).toMatchObject({ notification_type: 'product_update', cod_produs: `${row.cod_produs}-NEW` });
  });
});

describe('refusals that come before the body', () => {
  it('POST /product/add/ is a 501 whatever the content type or body', async () => {
    for (const init of [
      { headers: { 'content-type': 'text/plain' }, body: 'x' },
      { headers: { 'content-type': 'application/json' }, body: '{bad' },
      { headers: { 'content-type': 'application/json' }, body: '{}' },
    ]) {
      const answer = await demo.h.rest('POST', '/1/product/add/', demo.user, init);
      expect(answer.status).toBe(501);
      expect(answer.body.is_error).toBe(true);
    }
  });

  it('the send-in request of an account without the workmanager module is a 401 whatever the body', async () => {
    withWritableDb(demo.h, (db) => db.prepare('UPDATE accounts SET workmanager_enabled = 0 WHERE company_id = 1').run());
    try {
      for (const init of [
        { headers: { 'content-type': 'text/plain' }, body: 'x' },
        { headers: { 'content-type': 'application/json' }, body: '{bad' },
      ]) {
        const answer = await demo.h.rest('POST', '/1/workmanager/sendinrequest/', demo.user, init);
        expect(answer.status).toBe(401);
        expect(answer.body.messages[0]).toMatch(/workmanager module is not active/);
      }
    } finally {
      withWritableDb(demo.h, (db) => db.prepare('UPDATE accounts SET workmanager_enabled = 1 WHERE company_id = 1').run());
    }
  });
});
