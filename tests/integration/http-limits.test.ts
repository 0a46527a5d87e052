import { request, type Agent, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_MEMBERS } from '../../electron/server/json-body.ts';
import { MAX_MESSAGES } from '../../electron/server/envelope.ts';
import { ADMIN_TOKEN, basicAuth, queries, startHarness, useDemo, type Envelope, type Harness } from './harness.ts';

// Issue 26 items 4 and 5 with Node's own http client and raw sockets (not only fetch): refused
// bodies are read so the answer arrives, the drain is bounded, slow clients are cut, the
// connection cap, the JSON member limit, capped error lists, and an empty JSON body as no body.

const KIB = 1024;
const MIB = 1024 * KIB;
const BODY_LIMIT = 1 * MIB;
const DRAIN = 24 * MIB;
/** Past what loopback's socket buffers take in without a reader: a closed connection shows. */
const BIG = 12 * MIB;

interface Sent {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** What the client saw go wrong (EPIPE, ECONNRESET ...); undefined when nothing did. */
  error?: NodeJS.ErrnoException;
}

/**
 * One request with node:http: `body` written whole (one buffer: Content-Length) or piece by piece
 * (several: chunked) before anything is read, as Node's client and most libraries do. Settles once
 * the request is over, so an error after the answer (EPIPE under the rest of the body) is seen.
 */
function send(url: string, method: string, headers: OutgoingHttpHeaders = {}, body: Buffer | Buffer[] = [], agent: Agent | false = false): Promise<Sent> {
  return new Promise((resolve) => {
    let answer: Omit<Sent, 'error'> | undefined;
    let error: NodeJS.ErrnoException | undefined;
    let closed = false;
    const settle = () => {
      if (closed) resolve({ ...(answer ?? { status: 0, headers: {}, text: '' }), ...(error && { error }) });
    };
    const req = request(url, { method, headers, agent });
    req.on('error', (failure: NodeJS.ErrnoException) => (error ??= failure));
    req.on('close', () => {
      closed = true;
      settle();
    });
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        answer = { status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') };
      });
    });
    if (Buffer.isBuffer(body)) req.end(body);
    else {
      for (const chunk of body) req.write(chunk);
      req.end();
    }
  });
}

const envelopeOf = (sent: Sent): Envelope => JSON.parse(sent.text) as Envelope;

/** A raw connection to the listener, everything it received, and whether (and how) it closed. */
interface Raw {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

function open(url: string): Promise<Raw> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => undefined); // a reset is one way of being closed
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `chunk` to `socket` until it closes or `total` bytes went out (waiting on backpressure). */
async function pour(socket: Socket, chunk: Buffer, total: number): Promise<number> {
  let written = 0;
  while (written < total && !socket.destroyed) {
    const more = socket.write(chunk);
    written += chunk.length;
    if (!more) await new Promise<void>((done) => { socket.once('drain', done); socket.once('close', done); });
  }
  return written;
}

describe('a refused body is read to its end, so the client gets the answer', () => {
  const demo = useDemo({ bodyLimit: BODY_LIMIT, httpLimits: { refusedBodyDrainBytes: DRAIN } });
  const { value } = queries(demo);
  const auth = () => basicAuth(...demo.user);
  const rest = (path: string) => `${demo.h.url}/app/rest/v1/1${path}`;
  const json = (size: number) => Buffer.from(JSON.stringify({ receipts: [], pad: 'x'.repeat(size) }));

  it('a JSON body over the limit written whole by node:http gets its 413 envelope, not EPIPE', async () => {
    const sent = await send(rest('/payments/fiscalreceipt/'), 'POST', { authorization: auth(), 'content-type': 'application/json' }, json(BIG));
    expect(sent.error).toBeUndefined();
    expect(sent.status).toBe(413);
    expect(envelopeOf(sent)).toMatchObject({ is_error: true, http_code: 413, messages: [`request body is larger than the limit of ${BODY_LIMIT} bytes`] });
  });

  it('chunked, written piece by piece, likewise; the connection then serves the next request', async () => {
    const { Agent: HttpAgent } = await import('node:http');
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
    try {
      const pieces = Array.from({ length: BIG / (64 * KIB) }, () => Buffer.alloc(64 * KIB, 0x20));
      const sent = await send(rest('/payments/fiscalreceipt/'), 'POST', { authorization: auth(), 'content-type': 'application/json' }, pieces, agent);
      expect(sent.error).toBeUndefined();
      expect(sent.status).toBe(413);
      const next = await send(rest('/sales/list/'), 'GET', { authorization: auth() }, [], agent);
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('a refusal before the body is read (415) answers a client writing megabytes', async () => {
    const sent = await send(rest('/payments/fiscalreceipt/'), 'POST', { authorization: auth(), 'content-type': 'text/plain' }, Buffer.alloc(BIG, 0x61));
    expect(sent.error).toBeUndefined();
    expect(sent.status).toBe(415);
    expect(envelopeOf(sent).is_error).toBe(true);
  });

  it('a multipart upload whose file is over the limit gets its 413, the parts after it read and dropped', async () => {
    const productId = value('SELECT id FROM products WHERE company_id = 1 AND deleted = 0 ORDER BY id LIMIT 1');
    const boundary = 'limits-test-boundary';
    const part = (name: string, filename: string, content: Buffer) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
        content,
        Buffer.from('\r\n'),
      ]);
    const body = Buffer.concat([
      part('file', 'big.png', Buffer.alloc(2 * MIB, 1)),
      part('other', 'more.png', Buffer.alloc(BIG, 2)),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const sent = await send(rest(`/product/${productId}/image/`), 'POST', { authorization: auth(), 'content-type': `multipart/form-data; boundary=${boundary}` }, body);
    expect(sent.error).toBeUndefined();
    expect(sent.status).toBe(413);
    expect(envelopeOf(sent).messages[0]).toMatch(/larger than the limit/);
  });

  it('the drain holds the connection open while the body comes, and closes it past the bound', async () => {
    const raw = await open(demo.h.url);
    let closed = false;
    void raw.closed.then(() => (closed = true));
    raw.socket.write(
      `POST /app/rest/v1/1/payments/fiscalreceipt/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth()}\r\n` +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    // Chunks of 64 KiB, never the last chunk: only the bound can end this request.
    const chunk = Buffer.concat([Buffer.from(`${(64 * KIB).toString(16)}\r\n`), Buffer.alloc(64 * KIB, 0x20), Buffer.from('\r\n')]);
    await pour(raw.socket, chunk, DRAIN / 2);
    while (!raw.received().includes('\r\n\r\n')) await sleep(10);
    expect(raw.received()).toMatch(/^HTTP\/1\.1 413 /);
    await sleep(200);
    expect(closed).toBe(false);
    await pour(raw.socket, chunk, 4 * DRAIN);
    await raw.closed;
  });

  it('a Content-Length past the drain bound: 413 with Connection: close, and closed', async () => {
    const raw = await open(demo.h.url);
    raw.socket.write(
      `POST /app/rest/v1/1/payments/fiscalreceipt/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth()}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${DRAIN + 1}\r\n\r\n`,
    );
    raw.socket.write(Buffer.alloc(64 * KIB, 0x20));
    await raw.closed;
    expect(raw.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(raw.received()).toMatch(/\r\nconnection: close\r\n/i);
  });
});

describe('JSON bodies', () => {
  const demo = useDemo({ bodyLimit: BODY_LIMIT });
  const { one } = queries(demo);
  const auth = () => basicAuth(...demo.user);
  const rest = (path: string) => `${demo.h.url}/app/rest/v1/1${path}`;
  const post = (path: string, body: string | Buffer, method = 'POST') =>
    send(rest(path), method, { authorization: auth(), 'content-type': 'application/json' }, Buffer.from(body));
  const MEMBERS_MESSAGE = `body: JSON with more than ${MAX_JSON_MEMBERS} object members and array items in all (the limit is ${MAX_JSON_MEMBERS})`;

  it(`an object of more than ${MAX_JSON_MEMBERS} keys is a 400 naming the limit`, async () => {
    const keys = Array.from({ length: MAX_JSON_MEMBERS + 1 }, (_, i) => `"k${i}":0`).join(',');
    const sent = await post('/payments/fiscalreceipt/', `{${keys}}`);
    expect(sent.status).toBe(400);
    expect(envelopeOf(sent).messages).toEqual([MEMBERS_MESSAGE]);
  });

  it('array items count as well, over the whole body; at the limit the body reaches the route', async () => {
    const items = (n: number) => `{"receipts":[${Array.from({ length: n }, () => '0').join(',')}]}`;
    const over = await post('/payments/fiscalreceipt/', items(MAX_JSON_MEMBERS));
    expect(envelopeOf(over).messages).toEqual([MEMBERS_MESSAGE]);
    // receipts (1) and its items: exactly the limit; the route's own checks answer.
    const at = await post('/payments/fiscalreceipt/', items(MAX_JSON_MEMBERS - 1));
    expect(at.status).toBe(400);
    expect(envelopeOf(at).messages.join(' ')).not.toMatch(/object members/);
  });

  it('a body with thousands of faults lists the first ones and how many more', async () => {
    const bad = { type: 'product', code: ' ', item_name: ' ', item_quantity: 1, item_price: -1, item_vat_percent: 19, item_price_with_vat: -5, line_value_with_vat: 7 };
    const address = { city: 'Cluj-Napoca', county: 'Cluj', country: 'Romania', street: 'Strada Mare 1' };
    const order = {
      order_unique_id: 'LIMITS-1',
      order_status: 'processing',
      order_currency_code: 'RON',
      shipping_method: 'personal_pickup',
      client: { name: 'Client', invoice_address: address, delivery_address: address },
      items: Array.from({ length: 500 }, () => bad),
    };
    const sent = await post('/connector/1/order/LIMITS-1/', JSON.stringify(order));
    expect(sent.status).toBe(400);
    const { messages, data } = envelopeOf(sent) as Envelope<{ errors: string[] }>;
    expect(data.errors.length).toBeGreaterThan(1000);
    expect(messages).toHaveLength(MAX_MESSAGES + 1);
    expect(messages.slice(0, MAX_MESSAGES)).toEqual(data.errors.slice(0, MAX_MESSAGES));
    expect(messages[MAX_MESSAGES]).toBe(`... and ${data.errors.length - MAX_MESSAGES} more`);
  });

  it('Content-Type: application/json with an empty body is no body: DELETE answers as without one', async () => {
    const missing = (one<{ id: number }>('SELECT coalesce(max(id), 0) + 1000 AS id FROM attachments')).id;
    const bare = await send(rest(`/attachments/${missing}/`), 'DELETE', { authorization: auth() });
    const typed = await send(rest(`/attachments/${missing}/`), 'DELETE', { authorization: auth(), 'content-type': 'application/json', 'content-length': '0' });
    expect(bare.status).toBe(404);
    expect(typed.status).toBe(bare.status);
    expect(envelopeOf(typed).messages).toEqual(envelopeOf(bare).messages);
  });

  it('a POST that needs a body answers its body-required message to an empty one', async () => {
    const empty = await post('/payments/fiscalreceipt/', '');
    expect(empty.status).toBe(400);
    expect(envelopeOf(empty).messages).toEqual(['body: must be a JSON object']);
    // The same words as for a body that is not an object.
    expect(envelopeOf(await post('/payments/fiscalreceipt/', '[]')).messages).toEqual(envelopeOf(empty).messages);
  });

  it('the API log keeps the head of the body as it came, not the parsed body written again', async () => {
    const text = `{ "receipts" :[ ] , "note": "\\u0219 ${'ț'.repeat(1500)}" }`;
    await post('/payments/fiscalreceipt/', text);
    const [entry] = await demo.h.core.invoke('apiLog.list', { company_id: 1, limit: 1 });
    const head = entry!.request_head;
    expect(text.startsWith(head)).toBe(true);
    expect(head.startsWith('{ "receipts" :[ ] , "note": "\\u0219 ț')).toBe(true);
    // 2,048 bytes at most, cut between characters (ț is two bytes).
    expect(Buffer.byteLength(head)).toBeLessThanOrEqual(2048);
    expect(Buffer.byteLength(head)).toBeGreaterThan(2040);
  });
});

describe('slow clients are cut', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ httpLimits: { headersTimeoutMs: 300, requestTimeoutMs: 1_000, idleTimeoutMs: 400 } });
  });
  afterAll(() => h?.close());

  it('headers sent a byte at a time are cut by the headers timeout with a 408', async () => {
    const raw = await open(h.url);
    raw.socket.write('GET /app/rest/v1/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const slow = setInterval(() => raw.socket.write('x'), 100);
    await raw.closed;
    clearInterval(slow);
    expect(raw.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(raw.received()).toMatch(/the request did not arrive in time/);
  });

  it('a body trickled under the idle timeout is cut by the request timeout with a 408', async () => {
    const raw = await open(h.url);
    raw.socket.write('POST /_sandbox/inbox/trickle HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
    const slow = setInterval(() => raw.socket.write(' '), 100);
    await raw.closed;
    clearInterval(slow);
    expect(raw.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a body that stops coming is cut by the idle timeout', async () => {
    const raw = await open(h.url);
    raw.socket.write('POST /_sandbox/inbox/stalled HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":');
    await raw.closed;
    expect(raw.received()).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('an answer the service delays on purpose (inbox delay_ms) is not cut by the idle timeout', async () => {
    expect((await h.control('PUT', '/inbox/late/behaviour', { status: 200, delay_ms: 1_500 })).status).toBe(200);
    const sent = await send(`${h.url}/_sandbox/inbox/late`, 'POST', { 'content-type': 'application/json' }, Buffer.from('{"a":1}'));
    expect(sent.error).toBeUndefined();
    expect(sent.status).toBe(200);
  });

  it('the event stream stays open through silences longer than the idle timeout', async () => {
    const events: string[] = [];
    const req = request(`${h.url}/_sandbox/events`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, agent: false });
    const opened = new Promise<void>((resolve, reject) => {
      req.on('error', reject);
      req.on('response', (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => events.push(chunk));
        resolve();
      });
    });
    req.end();
    try {
      await opened;
      await sleep(1_200);
      expect((await h.control('PUT', '/inbox/quiet/behaviour', { status: 200, delay_ms: 0 })).status).toBe(200);
      expect((await send(`${h.url}/_sandbox/inbox/quiet`, 'POST', { 'content-type': 'application/json' }, Buffer.from('{}'))).status).toBe(200);
      for (let i = 0; i < 50 && !events.join('').includes('event: inbox.received'); i++) await sleep(20);
      expect(events.join('')).toContain('event: inbox.received');
      expect(req.destroyed).toBe(false);
    } finally {
      req.destroy();
    }
  });
});

describe('max_connections', () => {
  let h: Harness;
  const MAX = 16;
  beforeAll(async () => {
    h = await startHarness();
    await h.core.invoke('settings.update', { max_connections: MAX });
  });
  afterAll(() => h?.close());

  /** One request on a raw connection; resolves with the status line. */
  async function ask(raw: Raw): Promise<string> {
    const before = raw.received().length;
    raw.socket.write('GET /nothing-here HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    for (;;) {
      const text = raw.received().slice(before);
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      if (end >= 0 && length !== undefined && text.length >= end + 4 + Number(length)) return text.slice(0, text.indexOf('\r\n'));
      if (raw.socket.destroyed) throw new Error('the connection closed');
      await sleep(5);
    }
  }

  it('past the setting a new connection is closed at once; the others are served, and a freed place is taken again', async () => {
    const kept: Raw[] = [];
    for (let i = 0; i < MAX; i++) {
      const raw = await open(h.url);
      expect(await ask(raw)).toBe('HTTP/1.1 404 Not Found');
      kept.push(raw);
    }
    const extra = await open(h.url);
    await extra.closed;
    expect(extra.received()).toBe('');

    // One of the kept connections goes; once the listener has seen it go, a new one is served.
    kept.shift()!.socket.destroy();
    const connections = () => new Promise<number>((resolve) => h.server.app.server.getConnections((_, count) => resolve(count)));
    while ((await connections()) >= MAX) await sleep(10);
    const again = await open(h.url);
    expect(await ask(again)).toBe('HTTP/1.1 404 Not Found');
    for (const raw of kept) expect(await ask(raw)).toBe('HTTP/1.1 404 Not Found');
    for (const raw of [...kept, again]) raw.socket.destroy();
  });
});
