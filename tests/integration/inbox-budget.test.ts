import { request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxMessage, InboxState } from '../../shared/domain/inbox.ts';
import { INBOX_BODY_KEPT } from '../../electron/core/webhooks/inbox.ts';
import { ownInboxName, postToOwnInbox } from '../../electron/core/webhooks/own-inbox.ts';
import { DEFAULT_BODY_LIMIT } from '../../electron/server/create-server.ts';
import { startHarness, type Harness } from './harness.ts';

/**
 * The built-in inbox holds a bounded amount of memory whatever is posted to it
 * (electron/core/webhooks/inbox.ts, electron/server/control/inbox-receiver.ts): a body's head
 * only, and one byte budget for all inboxes together (the inbox_budget_mb setting), the oldest
 * captures of any inbox going first.
 */

const MIB = 1024 * 1024;
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  expect((await h.control('PATCH', '/settings', { inbox_budget_mb: 1 })).status).toBe(200);
});
afterAll(async () => {
  await h.close();
});

const names = async () => (await h.control<InboxState[]>('GET', '/inbox')).body.data;
const listOf = async (name: string) => (await h.control<{ inbox: InboxState; messages: InboxMessage[] }>('GET', `/inbox/${name}`)).body.data;
const keptInAll = async () => (await names()).reduce((sum, inbox) => sum + inbox.kept_bytes, 0);

async function post(name: string, body: string, contentType = 'application/json'): Promise<number> {
  const answer = await fetch(`${h.url}/_sandbox/inbox/${name}`, { method: 'POST', headers: { 'content-type': contentType }, body });
  await answer.arrayBuffer();
  return answer.status;
}

/**
 * A post through node:http: `chunks` written one after another (no Content-Length unless given:
 * chunked transfer encoding), `end` false leaves the request open after them.
 */
function rawPost(name: string, chunks: Buffer[], options: { contentLength?: number; end?: boolean } = {}): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${h.url}/_sandbox/inbox/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...(options.contentLength !== undefined && { 'content-length': options.contentLength }) },
    });
    req.on('error', reject);
    req.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode!, headers: response.headers, text });
        req.destroy();
      });
    });
    if (options.contentLength !== undefined && chunks.length === 0) req.flushHeaders();
    for (const chunk of chunks) req.write(chunk);
    if (options.end !== false) req.end();
  });
}

/** A JSON body of about `size` bytes carrying its place in the test's sequence of posts. */
const numbered = (seq: number, size: number) => JSON.stringify({ seq, pad: 'p'.repeat(size) });

describe('the inbox keeps a body head only', () => {
  it('a 5 MB post (node:http, chunked) is answered as usual; the head and the length are kept', async () => {
    const chunk = Buffer.alloc(256 * 1024);
    const chunks = Array.from({ length: 20 }, (_, i) => Buffer.from(chunk.fill(97 + i)));
    const answer = await rawPost('it-big', chunks);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ inbox: 'it-big', id: 1, status: 200 });
    const { inbox, messages } = await listOf('it-big');
    const total = 20 * 256 * 1024;
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toBe(`${'a'.repeat(INBOX_BODY_KEPT)}… (${total} bytes in all)`);
    expect(messages[0]!.json).toBeNull();
    expect(inbox).toMatchObject({ received_count: 1, kept_count: 1, dropped_count: 0 });
    // The head and its record, not the body: the text counted at 2 bytes a character (the note's
    // '…' makes V8 store it so once it is flattened), headers and the record besides.
    expect(inbox.kept_bytes).toBeGreaterThan(2 * INBOX_BODY_KEPT);
    expect(inbox.kept_bytes).toBeLessThan(3 * INBOX_BODY_KEPT);
  });

  it('a 5 MB post with a Content-Length (fetch) likewise', async () => {
    const body = `{"big":"${'b'.repeat(5 * MIB)}"}`;
    expect(await post('it-big-fetch', body)).toBe(200);
    const [message] = (await listOf('it-big-fetch')).messages;
    expect(message!.body).toBe(`${body.slice(0, INBOX_BODY_KEPT)}… (${body.length} bytes in all)`);
  });

  it.each([
    { character: '€', before: 1 },
    { character: '😀', before: 2 },
    { character: '😀', before: 3 },
  ])('a $character that the cut falls into ($before byte(s) of it kept) is left out whole', async ({ character, before }) => {
    const name = `it-cut-${Buffer.byteLength(character)}-${before}`;
    const lead = 'x'.repeat(INBOX_BODY_KEPT - before);
    const body = `${lead}${character}${'y'.repeat(100)}`;
    expect(await post(name, body, 'text/plain; charset=utf-8')).toBe(200);
    const [message] = (await listOf(name)).messages;
    const total = Buffer.byteLength(body);
    expect(message!.body).toBe(`${lead}… (${total} bytes in all)`);
    expect(message!.body).not.toContain('\uFFFD');

    // Handed over in the process (own-inbox.ts), the same body is cut the same way.
    const target = new URL(`${h.url}/_sandbox/inbox/${name}-o`);
    await postToOwnInbox(h.core.inbox, h.core.events, ownInboxName(target, h.url)!, target, body, {}, 2000).result;
    expect((await listOf(`${name}-o`)).messages[0]!.body).toBe(message!.body);
  });

  it('a body that ends exactly at the head is kept whole, and parsed', async () => {
    const body = JSON.stringify({ pad: 'é'.repeat((INBOX_BODY_KEPT - 10) / 2) });
    expect(Buffer.byteLength(body)).toBe(INBOX_BODY_KEPT);
    expect(await post('it-exact', body)).toBe(200);
    const [message] = (await listOf('it-exact')).messages;
    expect(message!.body).toBe(body);
    expect(message!.json).toEqual(JSON.parse(body));
  });

  it('past the listener body limit the answer is 413 and nothing is kept, declared or streamed', async () => {
    const declared = await rawPost('it-limit', [], { contentLength: DEFAULT_BODY_LIMIT + 1, end: false });
    expect(declared.status).toBe(413);
    const streamed = await rawPost('it-limit', [Buffer.alloc(DEFAULT_BODY_LIMIT + 1, 122)], { end: false });
    expect(streamed.status).toBe(413);
    expect((await names()).find((inbox) => inbox.name === 'it-limit')).toBeUndefined();
  });
});

describe('one byte budget for all inboxes', () => {
  it('captured bytes never exceed inbox_budget_mb; the oldest go first, whichever inbox holds them', async () => {
    const inboxes = ['it-budget-a', 'it-budget-b', 'it-budget-c'];
    const posts = 40;
    for (let seq = 0; seq < posts; seq++) {
      expect(await post(inboxes[seq % inboxes.length]!, numbered(seq, 60_000))).toBe(200);
      expect(await keptInAll()).toBeLessThanOrEqual(MIB);
    }
    // What is kept, over the three inboxes, is the newest posts: a run up to the last one.
    const kept: number[] = [];
    for (const name of inboxes) {
      const { inbox, messages } = await listOf(name);
      expect(inbox.received_count).toBe(inbox.kept_count + inbox.dropped_count);
      expect(inbox.dropped_count).toBeGreaterThan(0);
      kept.push(...messages.map((m) => (m.json as { seq: number }).seq));
    }
    kept.sort((a, b) => a - b);
    expect(kept.length).toBeGreaterThan(3);
    expect(kept.length).toBeLessThan(posts);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => posts - kept.length + i));
    // The parse is counted with the text: two copies of about 60 KB each, at least.
    const { inbox } = await listOf('it-budget-a');
    expect(inbox.kept_bytes / inbox.kept_count).toBeGreaterThan(120_000);
    // The control API's figures are the store's own.
    expect(h.core.inbox.usage()).toEqual({ kept_bytes: await keptInAll(), budget_bytes: MIB });
  });

  it('posts to one inbox push out the older captures of another', async () => {
    expect(await post('it-old', numbered(0, 1000))).toBe(200);
    expect((await listOf('it-old')).inbox.kept_count).toBe(1);
    for (let seq = 1; seq <= 12; seq++) expect(await post('it-new', numbered(seq, 100_000), 'text/plain')).toBe(200);
    expect((await listOf('it-old')).inbox).toMatchObject({ received_count: 1, kept_count: 0, dropped_count: 1, kept_bytes: 0 });
    const { inbox, messages } = await listOf('it-new');
    expect(messages.at(-1)!.id).toBe(12);
    expect(inbox.kept_count).toBeGreaterThan(0);
    expect(await keptInAll()).toBeLessThanOrEqual(MIB);
  });

  it('a lower budget applies at once; clearing an inbox gives its bytes back', async () => {
    expect((await h.control('PATCH', '/settings', { inbox_budget_mb: 2 })).status).toBe(200);
    for (let seq = 0; seq < 14; seq++) expect(await post('it-lower', numbered(seq, 60_000))).toBe(200);
    expect(await keptInAll()).toBeGreaterThan(MIB);
    expect(await keptInAll()).toBeLessThanOrEqual(2 * MIB);
    expect((await h.control('PATCH', '/settings', { inbox_budget_mb: 1 })).status).toBe(200);
    expect(await keptInAll()).toBeLessThanOrEqual(MIB);
    const before = await keptInAll();
    const { inbox } = await listOf('it-lower');
    expect(inbox.kept_bytes).toBeGreaterThan(0);
    expect((await h.control<InboxState>('DELETE', '/inbox/it-lower')).body.data).toMatchObject({ kept_count: 0, kept_bytes: 0, dropped_count: 0 });
    expect(await keptInAll()).toBe(before - inbox.kept_bytes);
  });
});
