import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveryWithAttempts } from '../../shared/domain/webhooks.ts';
import { startHarness, withWritableDb, type Harness } from './harness.ts';

/**
 * The data version (electron/core/store/data-version.ts) leaves out the dispatcher's own
 * bookkeeping: recording a delivery attempt changes rows (the delivery, the attempt, the next
 * head of its chain) but no data a REST answer is made of, so cached answers stay valid while
 * notifications go out. A data write still changes the version.
 */

let h: Harness;
let user: [string, string];

beforeAll(async () => {
  h = await startHarness();
  user = await h.apiUser();
  const connector = await h.control('PATCH', '/accounts/1/connectors/1', { order_event_notification_url: `${h.url}/_sandbox/inbox/it-cache`, tracked_fields: ['product_website_title'] });
  expect(connector.status).toBe(200);
  // Answered late on purpose: the attempt is recorded well after the write's answer.
  expect((await h.control('PUT', '/inbox/it-cache/behaviour', { status: 200, delay_ms: 200 })).status).toBe(200);
});
afterAll(async () => {
  await h.close();
});

const latestDelivery = async () =>
  (await h.control<WebhookDeliveryWithAttempts[]>('GET', '/accounts/1/webhooks?connector_id=1&notification_type=product_update&limit=1')).body.data[0]!;

async function closedDelivery(id: number): Promise<WebhookDeliveryWithAttempts> {
  for (let i = 0; i < 200; i++) {
    const [d] = (await h.control<WebhookDeliveryWithAttempts[]>('GET', `/accounts/1/webhooks?connector_id=1&limit=5`)).body.data.filter((x) => x.id === id);
    if (d && d.status !== 'pending' && !d.in_flight) return d;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`delivery ${id} did not close`);
}

describe('the data version while webhook deliveries run', () => {
  it('a recorded delivery attempt keeps it; a data write changes it', async () => {
    const version = () => h.core.rest.dataVersion();
    const product = withWritableDb(h, (db) => db.prepare('SELECT product_id FROM connector_products WHERE connector_id = 1 ORDER BY product_id LIMIT 1').pluck().get()) as number;
    const before = version();
    const patched = await h.rest('PATCH', `/1/product/${product}/`, user, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product_website_title: `Titlu ${Date.now()}` }),
    });
    expect(patched.status).toBe(200);
    const afterWrite = version();
    expect(afterWrite).not.toBe(before);

    const queued = await latestDelivery();
    expect(queued.status).toBe('pending');
    const delivered = await closedDelivery(queued.id);
    expect(delivered.status).toBe('delivered');
    expect(delivered.attempts).toHaveLength(1);
    // The attempt and the delivery's new state are in the table, and the version is the write's.
    expect(version()).toBe(afterWrite);

    const again = await h.rest('PATCH', `/1/product/${product}/`, user, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product_website_title: `Titlu ${Date.now()} bis` }),
    });
    expect(again.status).toBe(200);
    expect(version()).not.toBe(afterWrite);
  });

  it('a cached answer repeated across a delivery is still the current data', async () => {
    const path = '/1/product/list/';
    const first = await h.rest<Array<Record<string, unknown>>>('GET', path, user);
    await closedDelivery((await latestDelivery()).id);
    const repeated = await h.rest<Array<Record<string, unknown>>>('GET', path, user);
    expect(repeated.body.data).toEqual(first.body.data);
  });
});
