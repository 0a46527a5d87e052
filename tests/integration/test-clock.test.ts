import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { basicAuth, queries, useDemo, withWritableDb } from './harness.ts';
import { orderSender, orderableProducts, r2, type Body, type Row } from './orders.ts';
import { eventually, sleep, startReceiver, type Receiver } from './receiver.ts';
import { restSend } from './requests.ts';
import type { ClockState } from '../../shared/contract/operations-clock.ts';
import type { WebhookDeliveryWithAttempts } from '../../shared/domain/webhooks.ts';

// The test clock through the control API on a real listener: what a frozen and an advanced
// clock do to the dates the service writes, to next-day scheduling, to a webhook retry and to a
// lock-out, and the 400s of bad bodies. The harness runs on the machine's clock: only the test
// clock moves time here.

const demo = useDemo({ writable: true });
const { one, all } = queries<Row>(demo);
const send = orderSender(demo);
const rest = restSend(demo);
let receiver: Receiver;
let product: { code: string; price: number; vat: number; pwv: number };
let seq = 0;
const SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;

beforeAll(async () => {
  receiver = await startReceiver(() => 500);
  product = orderableProducts<{ code: string; price: number; vat: number }>(all, { column: '1 AS one', where: '1 = 1', limit: 1 })[0]!;
  // Connector 1 makes the sales receipt at import, dated by next_day_hour and skipped weekdays.
  const settings: Record<string, unknown> = {
    'order_processing.confirmation_method': 'automatic',
    'order_processing.action_on_import': 'create_sale',
    'order_processing.next_day_hour': 16,
    'order_processing.skipped_weekdays': [6, 0],
    'order_processing.repeated_order_block_threshold': 0,
    'invoicing.auto_issue': 'off',
    'awb.auto_issue': 'off',
  };
  const upsert = demo.db.prepare(
    `INSERT INTO connector_settings (company_id, connector_id, grp, key, value) VALUES (1, 1, ?, ?, ?)
     ON CONFLICT DO UPDATE SET value = excluded.value`,
  );
  for (const [name, value] of Object.entries(settings)) upsert.run(...name.split('.'), JSON.stringify(value));
});
afterAll(async () => {
  await demo.h.control('PATCH', '/clock', { mode: 'system' });
  await receiver?.close();
});

async function setClock(body: unknown): Promise<ClockState> {
  const answer = await demo.h.control<ClockState>('PATCH', '/clock', body);
  expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
  return answer.body.data;
}

/** Imports a new paid order on connector 1; its row and its sales receipt. */
async function importOrder(): Promise<{ uid: string; order: Row; sale: Row }> {
  const uid = `CLK-${++seq}`;
  const address = { city: 'Iași', county: 'Iași', country: 'Romania', street: 'Strada Lăpușneanu', number: '10', zip: '700057' };
  const body: Body = {
    order_unique_id: uid,
    order_status: 'processing',
    order_currency_code: 'RON',
    shipping_method: 'courier',
    client: {
      name: 'Ana Popescu',
      email: 'ana@example.ro',
      client_unique_id: 900000 + seq,
      invoice_address: address,
      delivery_address: { ...address, shipping_contact_name: 'Ana Popescu', shipping_contact_phone: '0733000001' },
    },
    items: [
      {
        type: 'product', code: product.code, item_name: `Produs ${product.code}`, item_quantity: 1, item_price: product.price,
        item_vat_percent: product.vat, item_price_with_vat: product.pwv, line_value_with_vat: r2(product.pwv),
      },
    ],
  };
  const answer = await send('POST', uid, body);
  expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
  const order = one('SELECT * FROM connector_orders WHERE connector_id = 1 AND order_unique_id = ?', uid);
  const sale = one('SELECT * FROM sales WHERE connector_order_id = ?', order.id);
  return { uid, order, sale };
}

describe('the clock', () => {
  it('runs on the system clock by default', async () => {
    const answer = await demo.h.control<ClockState>('GET', '/clock');
    expect(answer.status).toBe(200);
    expect(answer.body.data.mode).toBe('system');
    expect(answer.body.data.offset_s).toBeUndefined();
    expect(answer.body.data.now).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('frozen: a REST-created order and its document get the frozen date; last_changed_ts, the API log and the payment default follow', async () => {
    expect(await setClock({ mode: 'frozen', now: '2026-12-01 09:00:00' })).toEqual({ mode: 'frozen', now: '2026-12-01 09:00:00' });
    await sleep(1100); // a frozen clock does not move by itself
    expect((await demo.h.control<ClockState>('GET', '/clock')).body.data.now).toBe('2026-12-01 09:00:00');

    const { order, sale } = await importOrder();
    expect(order.order_date).toMatch(/^2026-12-01/);
    expect(order.last_changed_ts).toBe('2026-12-01 09:00:00');
    expect(sale.date).toBe('2026-12-01');
    expect(sale.last_changed_ts).toBe('2026-12-01 09:00:00');

    const form = await rest<{ defaults: { date: string } }>('GET', `/sales/${sale.id}/payment/`);
    expect(form.status, JSON.stringify(form.body.messages)).toBe(200);
    expect(form.body.data.defaults.date).toBe('2026-12-01');
    const log = await demo.h.control<Array<{ ts: string; path?: string }>>('GET', '/accounts/1/api-log?limit=1');
    expect(log.body.data[0]!.ts).toBe('2026-12-01 09:00:00');
  });

  it('frozen on a past day: a payment without date or rate takes that day and its BNR rate', async () => {
    // The latest stored EUR rate that differs from the newest one, and its day.
    const newest = one<{ rate: number }>("SELECT rate FROM exchange_rates WHERE currency = 'EUR' ORDER BY date DESC LIMIT 1").rate;
    const past = one<{ date: string; rate: number }>(
      "SELECT date, rate FROM exchange_rates WHERE currency = 'EUR' AND rate <> ? ORDER BY date DESC LIMIT 1",
      newest,
    );
    await setClock({ mode: 'frozen', now: `${past.date} 12:00:00` });
    const sale = one<{ id: number }>("SELECT id FROM sales WHERE company_id = 1 AND cancelled = 0 AND currency = 'RON' ORDER BY id DESC LIMIT 1");
    const paid = await rest<{ incasare_id: number; date: string }>('POST', `/sales/${sale.id}/payment/`, { amount: 1, payment_type: 'card', currency: 'EUR' });
    expect(paid.status, JSON.stringify(paid.body.messages)).toBe(200);
    expect(paid.body.data.date).toBe(past.date);
    expect(one('SELECT exchange_rate FROM payments WHERE id = ?', paid.body.data.incasare_id).exchange_rate).toBe(past.rate);
  });

  it('advanced: next-day scheduling and skipped weekdays follow the clock', async () => {
    await setClock({ mode: 'frozen', now: '2026-12-01 09:00:00' });
    expect((await importOrder()).sale.date).toBe('2026-12-01');
    // Tuesday 09:00 + 8 h = 17:00, after next_day_hour 16: the receipt is Wednesday's.
    expect(await setClock({ advance_s: 8 * 3600 })).toEqual({ mode: 'frozen', now: '2026-12-01 17:00:00' });
    expect((await importOrder()).sale.date).toBe('2026-12-02');
    // A day later, Wednesday 17:00: Thursday's.
    await setClock({ advance_s: 86400 });
    expect((await importOrder()).sale.date).toBe('2026-12-03');
    // Friday 17:00: Saturday and Sunday are skipped, Monday's receipt.
    await setClock({ advance_s: 2 * 86400 });
    const friday = await importOrder();
    expect(friday.order.order_date).toMatch(/^2026-12-04/);
    expect(friday.sale.date).toBe('2026-12-07');
    // Saturday 10:00 (before the hour, on a skipped day): Monday too.
    await setClock({ advance_s: 17 * 3600 });
    expect((await importOrder()).sale.date).toBe('2026-12-07');
  });

  it('a webhook retry due within the hour waits on a frozen clock and runs at once after advance_s 3600', async () => {
    await setClock({ mode: 'frozen', now: '2026-12-08 10:00:00' });
    const patched = await demo.h.control('PATCH', '/settings', { webhook_retry_schedule_s: [3000, 3000] });
    expect(patched.status).toBe(200);
    expect((await demo.h.control('PATCH', '/accounts/1/connectors/1', { order_event_notification_url: receiver.url, webhook_secret: SECRET, active: true })).status).toBe(200);
    const { uid } = await importOrder();
    receiver.received.length = 0;
    const status = await demo.h.control<{ notification: { delivery_id: number } | null }>(
      'POST', `/accounts/1/connectors/1/orders/${uid}/status`, { status_text: 'packed-by-clock' },
    );
    expect(status.status, JSON.stringify(status.body.messages)).toBe(200);
    const deliveryId = status.body.data.notification!.delivery_id;
    const delivery = async () => (await demo.h.control<WebhookDeliveryWithAttempts>('GET', `/accounts/1/webhooks/${deliveryId}`)).body.data;

    // The first attempt goes out now and fails (500): the retry is due 2400-3600 s later on the clock.
    const failed = await eventually(async () => {
      const d = await delivery();
      return d.attempts.length === 1 && !d.in_flight ? d : undefined;
    }, 10_000, 'the first attempt');
    expect(failed.status).toBe('pending');
    expect(failed.next_attempt_ts! > '2026-12-08 10:40:00' && failed.next_attempt_ts! <= '2026-12-08 11:00:00').toBe(true);
    const ours = () => receiver.received.filter((r) => r.json.order_unique_id === uid);
    expect(ours()).toHaveLength(1);

    // Frozen: real time passing does not make it due.
    await sleep(500);
    expect((await delivery()).attempts).toHaveLength(1);

    receiver.answer(() => 200);
    expect(await setClock({ advance_s: 3600 })).toEqual({ mode: 'frozen', now: '2026-12-08 11:00:00' });
    const delivered = await eventually(async () => {
      const d = await delivery();
      return d.status === 'delivered' ? d : undefined;
    }, 10_000, 'the retry after the advance');
    expect(delivered.attempts).toHaveLength(2);
    expect(ours()).toHaveLength(2);
    // Signed with the machine's time: a receiver's library accepts it whatever the test clock says.
    for (const r of ours()) expect(new Webhook(SECRET).verify(r.body, r.headers)).toBeTruthy();
  });

  it('a lock-out window expires when the clock is advanced past it', async () => {
    await setClock({ mode: 'frozen', now: '2026-12-08 12:00:00' });
    await demo.h.control('PATCH', '/settings', { auth_lockout: { max_failures: 2, window_s: 300, lock_s: 900 } });
    const wrong = basicAuth(demo.user[0], 'not-the-password');
    for (let i = 0; i < 2; i++) expect((await demo.h.rest('GET', '/1/sales/list/', wrong)).status).toBe(401);
    const locked = await demo.h.rest('GET', '/1/sales/list/', demo.user);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('900');

    await setClock({ advance_s: 899 });
    expect((await demo.h.rest('GET', '/1/sales/list/', demo.user)).status).toBe(429);
    await setClock({ advance_s: 1 });
    expect((await demo.h.rest('GET', '/1/sales/list/', demo.user)).status).toBe(200);
  });

  it('a reset keeps the clock and seeds the demo for its day', async () => {
    await setClock({ mode: 'frozen', now: '2026-12-20 08:30:00' });
    const reset = await demo.h.control('POST', '/reset', { seed: 'demo', scale: 1 });
    expect(reset.status, JSON.stringify(reset.body.messages)).toBe(200);
    expect((await demo.h.control<ClockState>('GET', '/clock')).body.data).toEqual({ mode: 'frozen', now: '2026-12-20 08:30:00' });
    // The reset replaced the file (demo.db still reads the old one): a new connection.
    const seed = withWritableDb(demo.h, (db) => db.prepare("SELECT value FROM store_meta WHERE key = 'seed'").pluck().get() as string);
    expect(JSON.parse(seed)).toMatchObject({ kind: 'demo', ts: '2026-12-20 08:30:00' });
  });

  it('advancing a system clock makes an offset clock that keeps running; mode system goes back', async () => {
    await setClock({ mode: 'system' });
    const ahead = await setClock({ advance_s: 86400 });
    expect(ahead.mode).toBe('offset');
    expect(ahead.offset_s).toBe(86400);
    const later = await setClock({ advance_s: 3600 });
    expect(later.offset_s).toBe(90000);

    const back = await setClock({ mode: 'system' });
    expect(back.mode).toBe('system');
    expect(back.offset_s).toBeUndefined();
    const get = await demo.h.control<ClockState>('GET', '/clock');
    expect(get.body.data.mode).toBe('system');
  });
});

describe('bad bodies: 400 naming the field', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['unknown mode', { mode: 'paused' }, /^mode: /],
    ['malformed now', { mode: 'frozen', now: '01.12.2026 09:00' }, /^now: .*not a time/],
    ['now not a calendar date', { mode: 'frozen', now: '2026-02-30 09:00:00' }, /^now: .*calendar date/],
    ['now skipped by summer time', { mode: 'frozen', now: '2027-03-28 03:30:00' }, /^now: .*does not exist/],
    ['now outside the range', { mode: 'frozen', now: '1999-12-31 23:59:59' }, /^now: .*outside/],
    ['now without mode', { now: '2026-12-01 09:00:00' }, /^mode: /],
    ['now with mode system', { mode: 'system', now: '2026-12-01 09:00:00' }, /^now: /],
    ['negative advance_s', { advance_s: -1 }, /^advance_s: /],
    ['advance_s not a number', { advance_s: '3600' }, /^advance_s: /],
    ['both now and advance_s', { mode: 'frozen', now: '2026-12-01 09:00:00', advance_s: 60 }, /^advance_s: .*now/],
    ['advance_s past the latest time', { advance_s: 1e12 }, /^advance_s: /],
    ['offset without offset_s', { mode: 'offset' }, /^offset_s: /],
    ['an unknown field', { frozen: true }, /^frozen: unknown field/],
    ['an empty body', {}, /^body: /],
  ];
  it.each(cases)('%s', async (_, body, message) => {
    const before = (await demo.h.control<ClockState>('GET', '/clock')).body.data.mode;
    const answer = await demo.h.control('PATCH', '/clock', body);
    expect(answer.status).toBe(400);
    expect(answer.body.is_error).toBe(true);
    expect(answer.body.messages[0]).toMatch(message);
    expect((await demo.h.control<ClockState>('GET', '/clock')).body.data.mode).toBe(before);
  });
});
