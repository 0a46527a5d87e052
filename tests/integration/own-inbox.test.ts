import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveryWithAttempts } from '../../shared/domain/webhooks.ts';
import type { InboxMessage } from '../../shared/domain/inbox.ts';
import { postJson, type PostResult } from '../../electron/core/webhooks/http-post.ts';
import { ownInboxName, postToOwnInbox } from '../../electron/core/webhooks/own-inbox.ts';
import { INBOX_BODY_KEPT } from '../../electron/core/webhooks/inbox.ts';
import { USER_AGENT } from '../../electron/core/webhooks/dispatcher.ts';
import { startHarness, withWritableDb, type Harness } from './harness.ts';

/**
 * Notifications to this service's own inbox are handed over in the process
 * (electron/core/webhooks/own-inbox.ts): the same exchange as a POST through the listener, for the
 * inbox (the message and its headers) and for the delivery log (status, answer headers and body).
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const messages = async (name: string) => (await h.control<{ messages: InboxMessage[] }>('GET', `/inbox/${name}`)).body.data.messages;
const headers = { 'content-type': 'application/json', 'user-agent': USER_AGENT, 'webhook-id': 'msg_test' };
const defaultBody = JSON.stringify({ notification_type: 'status', order_unique_id: 'ORD-OWN', status_text: 'packed' });

/** The same post through the listener and in the process, to two inboxes with the same behaviour. */
async function both(behaviour: { status: number | number[]; delay_ms?: number }, timeoutMs = 2000, body = defaultBody): Promise<[PostResult, PostResult]> {
  const tag = `it-own-${Math.random().toString(36).slice(2, 8)}`;
  for (const name of [`${tag}-h`, `${tag}-o`]) expect((await h.control('PUT', `/inbox/${name}/behaviour`, behaviour)).status).toBe(200);
  const viaHttp = await postJson(new URL(`${h.url}/_sandbox/inbox/${tag}-h`), body, headers, timeoutMs).result;
  const ownTarget = new URL(`${h.url}/_sandbox/inbox/${tag}-o`);
  const own = await postToOwnInbox(h.core.inbox, h.core.events, ownInboxName(ownTarget, h.url)!, ownTarget, body, headers, timeoutMs).result;
  const [httpMessage] = await messages(`${tag}-h`);
  const [ownMessage] = await messages(`${tag}-o`);
  const comparable = (m: InboxMessage) => ({ ...m, ts: undefined, received_at_ms: undefined });
  expect(comparable(ownMessage!)).toEqual(comparable(httpMessage!));
  return [viaHttp, own];
}

const withoutDate = (r: PostResult) => ({
  ...r,
  durationMs: undefined,
  responseHeaders: r.responseHeaders && { ...r.responseHeaders, date: undefined },
  responseBodyHead: r.responseBodyHead.replace(/-(h|o)"/, '"'),
});

describe('a post to the own inbox, handed over in the process', () => {
  it('is recognised by origin and path only', () => {
    expect(ownInboxName(new URL(`${h.url}/_sandbox/inbox/demo-shop`), h.url)).toBe('demo-shop');
    expect(ownInboxName(new URL('/_sandbox/inbox/demo-shop', h.url), h.url)).toBe('demo-shop');
    expect(ownInboxName(new URL(`${h.url}/_sandbox/inbox/demo-shop?x=1`), h.url)).toBeUndefined();
    expect(ownInboxName(new URL(`${h.url}/_sandbox/inbox/bad%20name`), h.url)).toBeUndefined();
    expect(ownInboxName(new URL('http://127.0.0.2:9/_sandbox/inbox/demo-shop'), h.url)).toBeUndefined();
  });

  it.each([200, 500, 404, 204])('answers %i as the listener does, and the inbox records the same message', async (status) => {
    const [viaHttp, own] = await both({ status });
    expect(withoutDate(own)).toEqual(withoutDate(viaHttp));
    expect(own.responseHeaders?.['date']).toEqual(expect.any(String));
  });

  it('a delay within the timeout is waited for; one beyond it is a timeout', async () => {
    const [viaHttp, own] = await both({ status: 200, delay_ms: 100 });
    expect(withoutDate(own)).toEqual(withoutDate(viaHttp));
    expect(own.durationMs).toBeGreaterThanOrEqual(90);
    const [lateHttp, lateOwn] = await both({ status: 200, delay_ms: 400 }, 150);
    expect(lateOwn).toMatchObject({ httpStatus: null, error: lateHttp.error });
    expect(lateOwn.error).toMatch(/^timeout: /);
  });

  it('a body longer than the inbox keeps is cut alike, at a whole character', async () => {
    const lead = '{"notification_type":"status","note":"';
    const long = `${lead}${'x'.repeat(INBOX_BODY_KEPT - lead.length - 1)}${'€'.repeat(100)}"}`;
    // The head's last byte is the first of a '€'.
    expect(Buffer.from(long)[INBOX_BODY_KEPT - 1]).toBe(0xe2);
    const [viaHttp, own] = await both({ status: 200 }, 2000, long);
    expect(withoutDate(own)).toEqual(withoutDate(viaHttp));
  });

  it('the dispatcher delivers to the own inbox by a path or by the listener address', async () => {
    const user = await h.apiUser();
    const product = withWritableDb(h, (db) => db.prepare('SELECT product_id FROM connector_products WHERE connector_id = 1 ORDER BY product_id LIMIT 1').pluck().get()) as number;
    for (const url of ['/_sandbox/inbox/it-own-path', `${h.url}/_sandbox/inbox/it-own-abs`]) {
      expect((await h.control('PATCH', '/accounts/1/connectors/1', { order_event_notification_url: url, tracked_fields: ['product_website_title'] })).status).toBe(200);
      const patched = await h.rest('PATCH', `/1/product/${product}/`, [user[0], user[1]], {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ product_website_title: `Titlu ${url}` }),
      });
      expect(patched.status).toBe(200);
      let delivered: WebhookDeliveryWithAttempts | undefined;
      for (let i = 0; i < 200 && !delivered; i++) {
        const [latest] = (await h.control<WebhookDeliveryWithAttempts[]>('GET', '/accounts/1/webhooks?connector_id=1&limit=1')).body.data;
        if (latest?.status === 'delivered' && !latest.in_flight) delivered = latest;
        else await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(delivered!.attempts[0]).toMatchObject({ http_status: 200, url: new URL(url, h.url).href, outcome: 'delivered' });
      expect(delivered!.attempts[0]!.response_headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', connection: 'keep-alive' });
      const name = url.split('/').pop()!;
      const [message] = await messages(name);
      expect(message!.json).toEqual(delivered!.payload);
      expect(message!.headers['host']).toBe(new URL(h.url).host);
    }
  });
});
