import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startHarness, withWritableDb, type Harness } from './harness.ts';
import { eventually, sleep, startReceiver, type Receiver } from './receiver.ts';
import type { WebhookDeliveryWithAttempts } from '../../shared/domain/webhooks.ts';

let h: Harness;
let receiver: Receiver;
let other: Receiver;
let user: [string, string];
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

beforeAll(async () => {
  h = await startHarness();
  user = await h.apiUser();
  receiver = await startReceiver();
  other = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await other.close();
  await h.close();
});

/** Connector settings through the control API (the contract's PATCH). */
async function connector(id: number, patch: Record<string, unknown>) {
  const answer = await h.control('PATCH', `/accounts/1/connectors/${id}`, patch);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
}

/** Queues `count` status notifications of one order straight into the outbox (as a business write would), then wakes the dispatcher. */
async function queueStatuses(connectorId: number, order: string, texts: string[]): Promise<number[]> {
  const ids = withWritableDb(h, (db) =>
    texts.map((text, i) =>
      Number(
        db
          .prepare(
            `INSERT INTO webhook_outbox (company_id, connector_id, notification_type, payload, webhook_id, ordering_key, order_unique_id, url, status, next_attempt_at, created_ts)
             SELECT 1, id, 'status', ?, ?, ?, ?, order_event_notification_url, 'pending', ?, '2026-11-23 10:00:00' FROM connectors WHERE id = ?`,
          )
          .run(
            JSON.stringify({ order_unique_id: order, notification_type: 'status', status_text: text }),
            `msg_test_${order}_${i}_${Math.random().toString(36).slice(2)}`,
            `order:${order}`,
            order,
            Date.now(),
            connectorId,
          ).lastInsertRowid,
      ),
    ),
  );
  await connector(connectorId, { active: true }); // a staff PATCH wakes the dispatcher
  return ids;
}

const delivery = async (id: number) => (await h.control<WebhookDeliveryWithAttempts>('GET', `/accounts/1/webhooks/${id}`)).body.data;
const closed = (id: number, ms = 10_000) =>
  eventually(async () => {
    const d = await delivery(id);
    return d.status !== 'pending' && !d.in_flight ? d : undefined;
  }, ms, `delivery ${id} to close`);

beforeEach(async () => {
  receiver.answer(() => 200);
  receiver.received.length = 0;
  other.received.length = 0;
  await h.control('PATCH', '/settings', { webhook_retry_schedule_s: [1, 1, 1], webhook_timeout_ms: 2000, webhook_max_in_flight_per_connector: 8, webhook_max_in_flight: 64 });
  await connector(1, { order_event_notification_url: receiver.url, webhook_secret: null });
  await connector(2, { order_event_notification_url: other.url, webhook_secret: null });
});

describe('the dispatcher, by the spec answer table', () => {
  it('posts the stored body of a product_update, exactly, with JSON content type and a User-Agent', async () => {
    await connector(1, { tracked_fields: ['product_website_title'] });
    const product = withWritableDb(h, (db) => db.prepare('SELECT product_id FROM connector_products WHERE connector_id = 1 ORDER BY product_id LIMIT 1').pluck().get()) as number;
    const patched = await h.rest('PATCH', `/1/product/${product}/`, user, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product_website_title: `Titlu ${Date.now()} ăîșț` }),
    });
    expect(patched.status).toBe(200);
    const [request] = await receiver.waitFor(1);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toMatch(/^ERP-Workbench\/\d+\.\d+\.\d+ /);
    // Without a secret the request is exactly the spec's: no signature headers.
    expect(request!.headers['webhook-signature']).toBeUndefined();
    const body = request!.json;
    expect(Object.keys(body)).toEqual([
      'notification_type', 'cod_produs', 'barcode', 'product_name', 'product_website_title', 'product_description', 'category_name',
      'producator', 'stoc_global', 'stock_reserved', 'stock_available', 'pret_vanzare', 'pret_vanzare_cu_tva', 'cota_tva_vanzare',
      'selling_currency_txt', 'deleted', 'last_changed_ts',
    ]);
    expect(body).toMatchObject({ notification_type: 'product_update', stoc_global: expect.any(Number), pret_vanzare: expect.any(Number), deleted: 0 });
    expect(typeof body['cod_produs']).toBe('string');
    const [latest] = (await h.control<WebhookDeliveryWithAttempts[]>('GET', '/accounts/1/webhooks?notification_type=product_update&limit=1')).body.data;
    const logged = await closed(latest!.id);
    expect(logged.payload).toEqual(body);
    expect(logged.status).toBe('delivered');
    expect(logged.attempts[0]).toMatchObject({ http_status: 200, outcome: 'delivered', trigger: 'scheduled', request_body: request!.body });
  });

  it('500 then 200: delivered on the second attempt, then nothing more', async () => {
    receiver.answer((_r, i) => (i === 0 ? 500 : 200));
    const [id] = await queueStatuses(1, 'ORD-500', ['packed']);
    const d = await closed(id!);
    expect(d.status).toBe('delivered');
    expect(d.attempts.map((a) => [a.http_status, a.outcome])).toEqual([[500, 'transient_failure'], [200, 'delivered']]);
    await sleep(1500);
    expect(receiver.received).toHaveLength(2);
    // The body and the webhook-id never change across retries.
    expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);
  });

  it('a 404 closes the notification at once: one attempt, never retried', async () => {
    receiver.answer(() => 404);
    const [id] = await queueStatuses(1, 'ORD-404', ['packed']);
    const d = await closed(id!);
    expect(d).toMatchObject({ status: 'failed', attempt_count: 1, last_http_status: 404 });
    expect(d.close_reason).toMatch(/4xx/);
    await sleep(1500);
    expect(receiver.received).toHaveLength(1);
  });

  it.each([201, 204, 302, 503])('a %i is transient: retried until a 200', async (status) => {
    receiver.answer((_r, i) => (i === 0 ? status : 200));
    const [id] = await queueStatuses(1, `ORD-${status}`, ['packed']);
    const d = await closed(id!);
    expect(d.attempts.map((a) => a.http_status)).toEqual([status, 200]);
    expect(d.status).toBe('delivered');
  });

  it('a receiver that hangs times out and is retried', async () => {
    await h.control('PATCH', '/settings', { webhook_timeout_ms: 300 });
    receiver.answer((_r, i) => (i === 0 ? 'hang' : 200));
    const [id] = await queueStatuses(1, 'ORD-HANG', ['packed']);
    const d = await closed(id!);
    expect(d.status).toBe('delivered');
    expect(d.attempts[0]).toMatchObject({ http_status: null, outcome: 'transient_failure' });
    expect(d.attempts[0]!.error).toMatch(/timeout/);
    expect(d.attempts[0]!.duration_ms).toBeGreaterThanOrEqual(290);
  });

  it('closes as failed when the retry schedule is used up', async () => {
    await h.control('PATCH', '/settings', { webhook_retry_schedule_s: [1] });
    receiver.answer(() => 502);
    const [id] = await queueStatuses(1, 'ORD-GIVEUP', ['packed']);
    const d = await closed(id!);
    expect(d).toMatchObject({ status: 'failed', attempt_count: 2 });
    expect(d.close_reason).toMatch(/retry schedule used up after 2 attempts/);
  });

  it('a refused connection is transient, with the network error recorded', async () => {
    const gone = await startReceiver();
    const url = gone.url;
    await gone.close();
    await connector(1, { order_event_notification_url: url });
    const [id] = await queueStatuses(1, 'ORD-REFUSED', ['packed']);
    const d = await eventually(async () => {
      const x = await delivery(id!);
      return x.attempt_count >= 1 && !x.in_flight ? x : undefined;
    });
    expect(d.status).toBe('pending');
    expect(d.attempts[0]!.error).toMatch(/ECONNREFUSED/);
    expect(d.next_attempt_ts).not.toBeNull();
    // Pointing the connector elsewhere re-targets the pending delivery.
    await connector(1, { order_event_notification_url: receiver.url });
    expect((await closed(id!)).status).toBe('delivered');
  });

  it("sends one order's notifications in the order they were written, even across a retry", async () => {
    receiver.answer((r) => (r.json['status_text'] === 'picked' && receiver.received.filter((x) => x.json['status_text'] === 'picked').length === 1 ? 500 : 200));
    const ids = await queueStatuses(1, 'ORD-SEQ', ['picked', 'packed', 'dispatched']);
    await closed(ids[2]!);
    const texts = receiver.received.map((r) => r.json['status_text']);
    expect(texts).toEqual(['picked', 'picked', 'packed', 'dispatched']);
  });
});

describe('signing (Standard Webhooks), beyond the spec', () => {
  it('signs every notification of a connector with a secret; the library verifies it', async () => {
    await connector(1, { webhook_secret: SECRET });
    const [id] = await queueStatuses(1, 'ORD-SIGNED', ['packed']);
    await closed(id!);
    const [request] = receiver.received;
    const verified = new Webhook(SECRET).verify(request!.body, request!.headers);
    expect(verified).toEqual({ order_unique_id: 'ORD-SIGNED', notification_type: 'status', status_text: 'packed' });
    expect(request!.headers['webhook-id']).toBe((await delivery(id!)).webhook_id);
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 8).toString('base64')}`).verify(request!.body, request!.headers)).toThrow();
  });

  it('keeps the webhook-id across retries; a retry carries a fresh signature of the same body', async () => {
    await connector(1, { webhook_secret: SECRET });
    receiver.answer((_r, i) => (i === 0 ? 500 : 200));
    const [id] = await queueStatuses(1, 'ORD-SIGNED-2', ['packed']);
    await closed(id!);
    const [first, second] = receiver.received;
    expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id']);
    expect(first!.body).toBe(second!.body);
    for (const r of [first!, second!]) expect(new Webhook(SECRET).verify(r.body, r.headers)).toBeTruthy();
  });
});

describe('connector settings (control API)', () => {
  it('answers the config as GET /connector/{id}/config/ shows it, never the secret', async () => {
    const patched = await connector(1, { webhook_secret: SECRET, tracked_fields: ['product_name', 'barcode'] });
    const text = JSON.stringify(patched.body);
    expect(text).not.toContain(SECRET.slice(6, 20));
    const data = patched.body.data as { connector: Record<string, unknown>; products: Record<string, { value: unknown }> };
    expect(data.connector).toMatchObject({ webhook_secret_set: true, order_event_notification_url: receiver.url });
    expect(data.products['tracked_fields']!.value).toEqual(['product_name', 'barcode']);
    const rest = await h.rest('GET', '/1/connector/1/config/', user);
    expect(rest.body.data).toEqual(patched.body.data);
    expect((await h.control('GET', '/accounts/1/connectors/1')).body.data).toEqual(patched.body.data);
    const unsigned = await connector(1, { webhook_secret: null });
    expect((unsigned.body.data as { connector: { webhook_secret_set: boolean } }).connector.webhook_secret_set).toBe(false);
  });

  it.each([
    [{ order_event_notification_url: 'not a url' }, /order_event_notification_url/],
    [{ order_event_notification_url: 'ftp://example.test/x' }, /order_event_notification_url: the scheme must be http or https/],
    [{ tracked_fields: ['stoc_global', 'colour', 'size'] }, /tracked_fields: unknown product fields 'colour', 'size'/],
    [{ webhook_secret: 'hunter2' }, /webhook_secret/],
    [{ type: 'marketplace' }, /type/],
    [{ surprise: 1 }, /surprise/],
    [{}, /names no connector setting/],
  ])('refuses %j with a 400 naming the field', async (patch, message) => {
    const answer = await h.control('PATCH', '/accounts/1/connectors/1', patch);
    expect(answer.status).toBe(400);
    expect(answer.body.messages.join(' ')).toMatch(message);
  });

  it('404 for an unknown or deleted connector', async () => {
    expect((await h.control('PATCH', '/accounts/1/connectors/99', { active: true })).status).toBe(404);
    expect((await h.control('PATCH', '/accounts/1/connectors/4', { active: true })).status).toBe(404);
    expect((await h.control('GET', '/accounts/1/connectors/99')).status).toBe(404);
  });
});

describe('the delivery log: list, one, retry now, cancel', () => {
  it('lists newest first with filters and keyset paging', async () => {
    const ids = await queueStatuses(2, 'ORD-LIST', ['a', 'b', 'c']);
    await closed(ids[2]!);
    const page1 = (await h.control<WebhookDeliveryWithAttempts[]>('GET', '/accounts/1/webhooks?connector_id=2&order_unique_id=ORD-LIST&limit=2')).body.data;
    expect(page1.map((d) => d.id)).toEqual([ids[2], ids[1]]);
    const page2 = (await h.control<WebhookDeliveryWithAttempts[]>('GET', `/accounts/1/webhooks?connector_id=2&order_unique_id=ORD-LIST&limit=2&before_id=${page1[1]!.id}`)).body.data;
    expect(page2.map((d) => d.id)).toEqual([ids[0]]);
    expect(page1[0]!.attempts).toHaveLength(1);
    const delivered = (await h.control<WebhookDeliveryWithAttempts[]>('GET', '/accounts/1/webhooks?status=delivered&notification_type=status&created_from=2026-11-23&created_through=2026-11-23')).body.data;
    expect(delivered.every((d) => d.status === 'delivered' && d.notification_type === 'status')).toBe(true);
    expect(delivered.map((d) => d.id)).toEqual(expect.arrayContaining(ids));
    const bad = await h.control('GET', '/accounts/1/webhooks?status=sent');
    expect(bad.status).toBe(400);
    expect(bad.body.messages.join(' ')).toMatch(/status/);
    expect((await h.control('GET', '/accounts/1/webhooks/999999')).status).toBe(404);
  });

  it('retry now sends a closed delivery again: a new attempt, same id and webhook-id', async () => {
    receiver.answer(() => 410);
    const [id] = await queueStatuses(1, 'ORD-RETRY', ['packed']);
    expect((await closed(id!)).status).toBe('failed');
    receiver.answer(() => 200);
    const retried = await h.control<WebhookDeliveryWithAttempts>('POST', `/accounts/1/webhooks/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ id, status: 'delivered', attempt_count: 2 });
    expect(retried.body.data.attempts.map((a) => [a.trigger, a.http_status])).toEqual([['scheduled', 410], ['manual', 200]]);
    expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);
  });

  it('cancel closes a pending delivery; the next of the same order goes on', async () => {
    receiver.answer((r) => (r.json['status_text'] === 'stuck' ? 503 : 200));
    await h.control('PATCH', '/settings', { webhook_retry_schedule_s: [600] });
    const [stuck, next] = await queueStatuses(1, 'ORD-CANCEL', ['stuck', 'after']);
    await eventually(async () => (await delivery(stuck!)).attempt_count === 1 && !(await delivery(stuck!)).in_flight);
    expect((await delivery(next!)).attempt_count).toBe(0); // held behind the earlier one of its order
    const cancelled = await h.control<WebhookDeliveryWithAttempts>('POST', `/accounts/1/webhooks/${stuck}/cancel`);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', next_attempt_ts: null });
    expect((await closed(next!)).status).toBe('delivered');
    const again = await h.control('POST', `/accounts/1/webhooks/${stuck}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.messages[0]).toMatch(/only a pending delivery/);
  });
});

describe('inactive connectors', () => {
  it('hold their pending deliveries until re-activated', async () => {
    await connector(1, { active: false });
    const held = withWritableDb(h, (db) =>
      Number(
        db
          .prepare(
            `INSERT INTO webhook_outbox (company_id, connector_id, notification_type, payload, webhook_id, ordering_key, order_unique_id, url, status, next_attempt_at, created_ts)
             VALUES (1, 1, 'status', '{"order_unique_id":"ORD-HELD","notification_type":"status","status_text":"x"}', ?, 'order:ORD-HELD', 'ORD-HELD', ?, 'pending', ?, '2026-11-23 10:00:00')`,
          )
          .run(`msg_held_${Date.now()}`, receiver.url, Date.now()).lastInsertRowid,
      ),
    );
    await connector(2, { active: true }); // wakes the dispatcher: it must pass the inactive connector by
    await sleep(300);
    expect((await delivery(held)).status).toBe('pending');
    expect(receiver.received).toHaveLength(0);
    await connector(1, { active: true });
    expect((await closed(held)).status).toBe('delivered');
  });
});

describe('isolation between receivers', () => {
  it('a hanging receiver on connector 2 does not delay connector 1', async () => {
    await h.control('PATCH', '/settings', { webhook_timeout_ms: 8000, webhook_max_in_flight_per_connector: 4 });
    other.answer(() => 'hang');
    const stuck = await queueStatuses(2, 'ORD-DEAD', Array.from({ length: 20 }, (_, i) => `s${i}`));
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(...(await queueStatuses(1, `ORD-LIVE-${i}`, ['packed'])));
    const started = Date.now();
    await receiver.waitFor(20, 4000);
    expect(Date.now() - started).toBeLessThan(4000);
    expect((await delivery(stuck[0]!)).in_flight).toBe(true);
    expect(other.received.length).toBeLessThanOrEqual(4);
    other.answer(() => 200);
  });
});

describe('the built-in inbox', () => {
  it('records what the demo connector posts and answers a configured sequence', async () => {
    await connector(1, { order_event_notification_url: `${h.url}/_sandbox/inbox/it-seq` });
    const set = await h.control('PUT', '/inbox/it-seq/behaviour', { status: [500, 200] });
    expect(set.body.data).toMatchObject({ behaviour: { upcoming: [500, 200] } });
    const [id] = await queueStatuses(1, 'ORD-INBOX', ['packed']);
    const d = await closed(id!);
    expect(d.attempts.map((a) => a.http_status)).toEqual([500, 200]);
    const inbox = (await h.control<{ messages: { json: unknown; headers: Record<string, string>; answered_status: number }[] }>('GET', '/inbox/it-seq')).body.data;
    expect(inbox.messages.map((m) => m.answered_status)).toEqual([500, 200]);
    expect(inbox.messages[1]!.json).toEqual({ order_unique_id: 'ORD-INBOX', notification_type: 'status', status_text: 'packed' });
    expect(inbox.messages[0]!.headers['user-agent']).toMatch(/ERP-Workbench/);
  });

  it('takes posts without credentials, any content type; listing needs the token', async () => {
    const posted = await fetch(`${h.url}/_sandbox/inbox/it-raw`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'plain text' });
    expect(posted.status).toBe(200);
    expect((await fetch(`${h.url}/_sandbox/inbox/it-raw`)).status).toBe(401);
    const list = await h.control<{ messages: { body: string; json: unknown }[] }>('GET', '/inbox/it-raw');
    expect(list.body.data.messages).toMatchObject([{ body: 'plain text', json: null }]);
    expect((await fetch(`${h.url}/_sandbox/inbox/bad%20name`, { method: 'POST', body: 'x' })).status).toBe(400);
    await h.control('DELETE', '/inbox/it-raw');
    expect((await h.control<{ messages: unknown[] }>('GET', '/inbox/it-raw')).body.data.messages).toEqual([]);
  });

  it('the demo connector 1 points at the inbox out of the box', async () => {
    const fresh = await startHarness();
    try {
      const config = await fresh.control<{ connector: { order_event_notification_url: string } }>('GET', '/accounts/1/connectors/1');
      expect(config.body.data.connector.order_event_notification_url).toBe(`${fresh.url}/_sandbox/inbox/demo-shop`);
    } finally {
      await fresh.close();
    }
  });
});

describe('events (server-sent)', () => {
  it('streams each attempt on GET /_sandbox/events', async () => {
    expect((await fetch(`${h.url}/_sandbox/events`)).status).toBe(401);
    const controller = new AbortController();
    const response = await fetch(`${h.url}/_sandbox/events?company_id=1`, { headers: { authorization: 'Bearer test-admin-token-0123456789' }, signal: controller.signal });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = response.body!.getReader();
    const [id] = await queueStatuses(1, 'ORD-SSE', ['packed']);
    let text = '';
    const decoder = new TextDecoder();
    while (!text.includes(`"delivery_id":${id},`)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    controller.abort();
    const event = text.split('\n\n').find((block) => block.includes(`"delivery_id":${id},`))!;
    expect(event).toMatch(/^event: webhook\.attempt\ndata: /);
    expect(JSON.parse(event.split('data: ')[1]!)).toMatchObject({ delivery_id: id, http_status: 200, outcome: 'delivered', status: 'delivered' });
  });
});

describe('claims held in memory stay true to the table', () => {
  it('a cancelled delivery that was queued behind a slow one is never posted', async () => {
    await h.control('PATCH', '/settings', { webhook_max_in_flight_per_connector: 1 });
    receiver.answer(() => 'hang');
    const [first] = await queueStatuses(1, 'ORD-Q-A', ['a']);
    const [second] = await queueStatuses(1, 'ORD-Q-B', ['b']);
    await receiver.waitFor(1);
    // Queued (claimed in memory), not under way: retry-now is not refused as "under way".
    expect((await delivery(second!)).in_flight).toBe(false);
    const cancelled = await h.control<WebhookDeliveryWithAttempts>('POST', `/accounts/1/webhooks/${second}/cancel`);
    expect(cancelled.body.data.status).toBe('cancelled');
    receiver.answer(() => 200);
    await h.control('POST', `/accounts/1/webhooks/${first}/cancel`); // frees the slot held by the hanging attempt's order
    await h.control('PATCH', '/settings', { webhook_timeout_ms: 300 });
    await sleep(800);
    expect(receiver.received.some((r) => r.json['order_unique_id'] === 'ORD-Q-B')).toBe(false);
    expect((await delivery(second!)).status).toBe('cancelled');
  });

  it('a retry now of a later notification of an order waits for the earlier one (409)', async () => {
    await h.control('PATCH', '/settings', { webhook_retry_schedule_s: [600] });
    receiver.answer((r) => (r.json['status_text'] === 'first' ? 503 : 200));
    const [first, second] = await queueStatuses(1, 'ORD-RETRY-ORDER', ['first', 'second']);
    await eventually(async () => (await delivery(first!)).attempt_count === 1);
    const refused = await h.control('POST', `/accounts/1/webhooks/${second}/retry`);
    expect(refused.status).toBe(409);
    expect(refused.body.messages[0]).toMatch(new RegExp(`delivery ${first} of the same order is still pending`));
    expect(receiver.received.filter((r) => r.json['order_unique_id'] === 'ORD-RETRY-ORDER').map((r) => r.json['status_text'])).toEqual(['first']);
  });

  it('one busy connector does not starve another when the global cap is reached', async () => {
    await h.control('PATCH', '/settings', { webhook_max_in_flight: 2, webhook_max_in_flight_per_connector: 2 });
    receiver.answer(() => 'hang');
    await h.control('PATCH', '/settings', { webhook_timeout_ms: 150 });
    await queueStatuses(1, 'ORD-BUSY', Array.from({ length: 1 }, () => 'x'));
    for (let i = 0; i < 30; i++) await queueStatuses(1, `ORD-BUSY-${i}`, ['x']);
    const [lone] = await queueStatuses(2, 'ORD-LONE', ['packed']);
    const started = Date.now();
    await eventually(async () => (await delivery(lone!)).status === 'delivered', 3000, 'the lone delivery of connector 2');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('does not spin while a receiver hangs', async () => {
    await h.control('PATCH', '/settings', { webhook_max_in_flight_per_connector: 2, webhook_timeout_ms: 5000 });
    receiver.answer(() => 'hang');
    await queueStatuses(1, 'ORD-SPIN', ['a', 'b', 'c', 'd', 'e'].map((x) => x));
    for (let i = 0; i < 4; i++) await queueStatuses(1, `ORD-SPIN-${i}`, ['x']);
    await receiver.waitFor(2);
    const before = process.cpuUsage();
    await sleep(1000);
    const used = process.cpuUsage(before);
    expect((used.user + used.system) / 1000).toBeLessThan(300);
  });
});

describe('the built-in inbox, slow on purpose', () => {
  it('answers after its delay', async () => {
    await h.control('PUT', '/inbox/it-slow/behaviour', { status: 202, delay_ms: 300 });
    const started = Date.now();
    const answer = await fetch(`${h.url}/_sandbox/inbox/it-slow`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(answer.status).toBe(202);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });

  it('reading an inbox nobody posted to creates none', async () => {
    await h.control('GET', '/inbox/never-posted');
    const names = (await h.control<{ name: string }[]>('GET', '/inbox')).body.data.map((i) => i.name);
    expect(names).not.toContain('never-posted');
  });
});
