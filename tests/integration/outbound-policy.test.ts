import { createServer as createHttpServer, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, Socket, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoredProductImage } from '../../shared/domain/images.ts';
import type { Account } from '../../shared/domain/accounts.ts';
import type { StorageTestResult } from '../../shared/domain/attachments.ts';
import type { WebhookDeliveryWithAttempts } from '../../shared/domain/webhooks.ts';
import { PNG } from './fixtures.ts';
import { startTestFtp, type TestFtp } from './ftp-server.ts';
import { startHarness, withWritableDb, type Answer, type Harness } from './harness.ts';
import { eventually, startReceiver, type Receiver } from './receiver.ts';

// The outbound policy (electron/core/outbound) seen from outside: image downloads by URL under a
// REST listener bound to loopback and one bound to 0.0.0.0 (called on 127.0.0.1), webhook
// deliveries and the FTP storage. Every server here listens on loopback (Linux routes all of
// 127/8 to lo); a refused target is refused before anything connects, which the tests check by
// the servers' hit counts and by recording every socket the process opens meanwhile.

/** An image server on one loopback address; it records what it was asked. */
interface ImageServer {
  address: string;
  port: number;
  url: string;
  hits: string[];
  close(): Promise<void>;
}

const servers: ImageServer[] = [];
let one: ImageServer; // 127.0.0.1
let two: ImageServer; // 127.0.0.2
let closedPort: number;

function route(self: () => ImageServer, path: string, response: ServerResponse): void {
  const redirect = (location: string): void => void response.writeHead(302, { location }).end();
  switch (path) {
    case '/img.png':
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);
      return;
    case '/missing.png':
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    case '/page.png':
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      return;
    case '/to-two':
      return redirect(`${two.url}/img.png`);
    case '/to-zero':
      return redirect(`http://0.0.0.0:${self().port}/img.png`);
    case '/to-metadata':
      return redirect('http://169.254.169.254/latest/meta-data/');
    case '/to-decimal':
      return redirect(`http://2130706433:${self().port}/img.png`);
    case '/to-mapped':
      return redirect(`http://[::ffff:127.0.0.1]:${self().port}/img.png`);
    case '/to-localhost':
      return redirect(`http://localhost:${one.port}/img.png`);
    default:
      response.writeHead(404).end();
  }
}

async function startImageServer(address: string): Promise<ImageServer> {
  const hits: string[] = [];
  let me!: ImageServer;
  const server: Server = createHttpServer((request, response) => {
    hits.push(request.url!);
    route(() => me, request.url!, response);
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const port = (server.address() as AddressInfo).port;
  me = {
    address,
    port,
    url: `http://${address}:${port}`,
    hits,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  servers.push(me);
  return me;
}

const allHits = () => servers.reduce((sum, server) => sum + server.hits.length, 0);

/**
 * What `call` connected to: every socket the process opened meanwhile (its host or address and
 * port), except those to the REST listeners (the test's own calls).
 */
async function connectsDuring<T>(call: () => Promise<T>): Promise<[T, string[]]> {
  const listeners = new Set([local, wide].filter(Boolean).map((h) => Number(new URL(h.url).port)));
  const spy = vi.spyOn(Socket.prototype, 'connect');
  try {
    const result = await call();
    const targets = spy.mock.calls
      .map((args) => {
        // net.connect hands the socket its arguments normalised: [[options, callback]].
        let first = args[0] as unknown;
        if (Array.isArray(first)) first = first[0];
        const options = (typeof first === 'object' && first !== null ? first : { port: first, host: args[1] }) as { host?: string; port?: unknown; path?: string | null };
        // A path is a local (IPC) socket; http sets it to null for TCP.
        return typeof options.path === 'string' ? undefined : `${options.host ?? 'localhost'}:${String(options.port)}`;
      })
      .filter((target): target is string => target !== undefined && !listeners.has(Number(target.split(':').pop())));
    return [result, targets];
  } finally {
    spy.mockRestore();
  }
}

let local: Harness; // REST listener bound to 127.0.0.1
let wide: Harness; // REST listener bound to 0.0.0.0, called on 127.0.0.1
const users = new Map<Harness, [string, string]>();
const products = new Map<Harness, number>();

async function setCatalogueDownload(h: Harness, on: boolean): Promise<void> {
  const answer = await h.control<Account>('PATCH', '/accounts/1', { catalogue_download_images: on });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.data.catalogue_download_images).toBe(on);
}

async function setAllowPrivate(h: Harness, on: boolean): Promise<void> {
  const answer = await h.control('PATCH', '/settings', { outbound_allow_private: on });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const put = (h: Harness, url: string): Promise<Answer<StoredProductImage>> =>
  h.rest<StoredProductImage>('PUT', `/1/product/${products.get(h)!}/image/`, users.get(h)!, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });

const imageCount = (h: Harness) =>
  withWritableDb(h, (db) => db.prepare('SELECT count(*) FROM product_images WHERE company_id = 1').pluck().get() as number);

/** PUTs `url` and expects the policy's refusal: 400, "url: address not allowed", nothing stored, nothing connected. */
async function expectNotAllowed(h: Harness, url: string): Promise<Answer> {
  const images = imageCount(h);
  const hits = allHits();
  const [answer, connects] = await connectsDuring(() => put(h, url));
  expect([answer.status, answer.body.messages], `${url}: ${JSON.stringify(answer.body)}`).toEqual([400, ['url: address not allowed']]);
  expect(answer.body.is_error).toBe(true);
  expect(connects, url).toEqual([]);
  expect(allHits(), url).toBe(hits);
  expect(imageCount(h)).toBe(images);
  return answer;
}

async function expectDownloaded(h: Harness, url: string): Promise<void> {
  const answer = await put(h, url);
  expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
  expect(answer.body.data).toMatchObject({ storage: 'local', mime_type: 'image/png', size_bytes: PNG.length });
}

/** What a REST caller sees of an answer: status and envelope without the echo of its own request. */
const seen = (answer: Answer) => ({ status: answer.status, is_error: answer.body.is_error, messages: answer.body.messages, data: answer.body.data });

/** Targets refused whatever the listener and the settings (the ports are one's, which listens on loopback). */
const ALWAYS_REFUSED = () => [
  `http://0.0.0.0:${one.port}/img.png`,
  `http://0:${one.port}/img.png`,
  `http://[::]:${one.port}/img.png`,
  'http://169.254.169.254/latest/meta-data/',
  'http://169.254.10.20/img.png',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://[fe80::1]/img.png',
  `http://2130706433:${one.port}/img.png`,
  `http://0x7f.1:${one.port}/img.png`,
  `http://127.1:${one.port}/img.png`,
  `http://[::ffff:127.0.0.1]:${one.port}/img.png`,
  'http://224.0.0.1/img.png',
  'http://239.255.255.250:1900/img.png',
  'http://[ff02::1]/img.png',
  'http://255.255.255.255/img.png',
  'http://240.0.0.1/img.png',
  'http://192.0.2.10/img.png',
];

beforeAll(async () => {
  // The admin's lines (reportOutbound) of the many refusals below: not this test's output.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  one = await startImageServer('127.0.0.1');
  two = await startImageServer('127.0.0.2');
  // A port nobody listens on: bound, read, closed again.
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));

  local = await startHarness();
  wide = await startHarness({ host: '0.0.0.0' });
  for (const h of [local, wide]) {
    users.set(h, await h.apiUser());
    products.set(h, withWritableDb(h, (db) => db.prepare('SELECT id FROM products WHERE company_id = 1 AND deleted = 0 ORDER BY id LIMIT 1').pluck().get() as number));
    await setCatalogueDownload(h, true);
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.map((server) => server.close()));
  await local?.close();
  await wide?.close();
});

describe('the catalogue setting over the control API', () => {
  it('is answered with the account (GET and PATCH), switches, and refuses what is not a boolean', async () => {
    await setCatalogueDownload(local, false);
    const listed = await local.control<Account[]>('GET', '/accounts');
    expect(listed.body.data.find((a) => a.company_id === 1)).toMatchObject({ catalogue_download_images: false, rest_enabled: true });
    // Off: the URL is stored as is and never contacted, wherever it points.
    const hits = allHits();
    const [stored, connects] = await connectsDuring(() => put(local, 'http://169.254.169.254/latest/meta-data/x.png'));
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.data).toMatchObject({ storage: 'url', url: 'http://169.254.169.254/latest/meta-data/x.png' });
    expect([connects, allHits()]).toEqual([[], hits]);
    // A field left out keeps its value.
    await setCatalogueDownload(local, true);
    expect((await local.control<Account>('PATCH', '/accounts/1', { rest_enabled: true })).body.data).toMatchObject({ catalogue_download_images: true, rest_enabled: true });
    expect((await local.control<Account[]>('GET', '/accounts')).body.data.find((a) => a.company_id === 1)?.catalogue_download_images).toBe(true);
    expect((await local.control('PATCH', '/accounts/1', { catalogue_download_images: 'yes' })).status).toBe(400);
    expect((await local.control('PATCH', '/accounts/1', { catalogue_download: true })).status).toBe(400);
    expect((await local.control('PATCH', '/accounts/42', { catalogue_download_images: true })).status).toBe(404);
  });
});

describe('image URLs, REST listener bound to loopback', () => {
  it('downloads from 127.0.0.1 and 127.0.0.2, across a redirect between them, and from a name resolving to loopback', async () => {
    const before = [one.hits.length, two.hits.length];
    await expectDownloaded(local, `${one.url}/img.png`);
    await expectDownloaded(local, `${two.url}/img.png`);
    await expectDownloaded(local, `${one.url}/to-two`);
    await expectDownloaded(local, `http://localhost:${one.port}/img.png`);
    await expectDownloaded(local, `${two.url}/to-localhost`);
    expect(one.hits.slice(before[0])).toEqual(['/img.png', '/to-two', '/img.png', '/img.png']);
    expect(two.hits.slice(before[1])).toEqual(['/img.png', '/img.png', '/to-localhost']);
  });

  it('refuses unspecified, link-local, metadata, multicast, broadcast and reserved addresses and odd spellings, before connecting', async () => {
    for (const url of ALWAYS_REFUSED()) await expectNotAllowed(local, url);
  });

  it('refuses a redirect from an allowed to a refused address; the first server is asked once, the target never', async () => {
    for (const path of ['/to-zero', '/to-metadata', '/to-decimal', '/to-mapped']) {
      const before = one.hits.length;
      const [answer, connects] = await connectsDuring(() => put(local, `${one.url}${path}`));
      expect([answer.status, answer.body.messages], path).toEqual([400, ['url: address not allowed']]);
      expect(one.hits.slice(before), path).toEqual([path]);
      // Only the first hop connected.
      expect(connects, path).toEqual([`127.0.0.1:${one.port}`]);
    }
  });

  it('says "download failed" and nothing else for a closed port, a 404, a non-image: no oracle', async () => {
    const answers = [];
    for (const url of [`http://127.0.0.1:${closedPort}/img.png`, `${one.url}/missing.png`, `${one.url}/page.png`, `${two.url}/nothing-here`]) {
      answers.push(seen(await put(local, url)));
    }
    expect(answers[0]).toEqual({ status: 400, is_error: true, messages: ['url: download failed'], data: null });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });
});

describe('image URLs, REST listener bound to 0.0.0.0', () => {
  it('refuses loopback addresses and names resolving to them, before connecting', async () => {
    for (const url of [`${one.url}/img.png`, `${two.url}/img.png`, `http://localhost:${one.port}/img.png`, `http://127.0.0.1:${closedPort}/img.png`]) {
      await expectNotAllowed(wide, url);
    }
  });

  it('answers a refused open port and a refused closed port alike', async () => {
    const open = seen(await put(wide, `http://127.0.0.1:${one.port}/img.png`));
    const closed = seen(await put(wide, `http://127.0.0.1:${closedPort}/img.png`));
    expect(open).toEqual({ status: 400, is_error: true, messages: ['url: address not allowed'], data: null });
    expect(closed).toEqual(open);
  });

  it('refuses what is refused on loopback too', async () => {
    for (const url of ALWAYS_REFUSED()) await expectNotAllowed(wide, url);
  });

  it('with outbound_allow_private on, downloads from loopback (redirects included) and still refuses the rest', async () => {
    await setAllowPrivate(wide, true);
    try {
      await expectDownloaded(wide, `${one.url}/img.png`);
      await expectDownloaded(wide, `${one.url}/to-two`);
      await expectDownloaded(wide, `${two.url}/to-localhost`);
      for (const url of ALWAYS_REFUSED()) await expectNotAllowed(wide, url);
      for (const path of ['/to-zero', '/to-metadata', '/to-mapped']) {
        expect((await put(wide, `${one.url}${path}`)).body.messages, path).toEqual(['url: address not allowed']);
      }
    } finally {
      await setAllowPrivate(wide, false);
    }
    await expectNotAllowed(wide, `${one.url}/img.png`);
  });

  it('refuses a redirect from loopback to loopback once the setting is off again: every hop is checked', async () => {
    await setAllowPrivate(wide, true);
    await setAllowPrivate(wide, false);
    await expectNotAllowed(wide, `${one.url}/to-two`);
  });
});

describe('webhook deliveries (targets the admin configures)', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    await local.control('PATCH', '/settings', { webhook_retry_schedule_s: [3600], webhook_timeout_ms: 2000 });
  });
  afterAll(() => receiver.close());

  /**
   * One delivery to `url`. `saved: 'row'` writes the URL into the connector's row instead of
   * saving it (the save refuses what it can judge: a row from before that check, or a name
   * that resolves elsewhere at delivery, is still refused at each use).
   */
  async function deliverTo(url: string, saved: 'patch' | 'row' = 'patch'): Promise<WebhookDeliveryWithAttempts> {
    if (saved === 'row') {
      withWritableDb(local, (db) => db.prepare('UPDATE connectors SET order_event_notification_url = ?, webhook_secret = NULL WHERE company_id = 1 AND id = 1').run(url));
    } else {
      const answer = await local.control('PATCH', '/accounts/1/connectors/1', { order_event_notification_url: url, webhook_secret: null });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const order = `ORD-OUT-${Math.random().toString(36).slice(2)}`;
    const id = withWritableDb(local, (db) =>
      Number(
        db
          .prepare(
            `INSERT INTO webhook_outbox (company_id, connector_id, notification_type, payload, webhook_id, ordering_key, order_unique_id, url, status, next_attempt_at, created_ts)
             SELECT 1, id, 'status', ?, ?, ?, ?, order_event_notification_url, 'pending', ?, '2026-11-23 10:00:00' FROM connectors WHERE id = 1`,
          )
          .run(JSON.stringify({ order_unique_id: order, notification_type: 'status', status_text: 'packed' }), `msg_${order}`, `order:${order}`, order, Date.now())
          .lastInsertRowid,
      ),
    );
    await local.control('PATCH', '/accounts/1/connectors/1', { active: true }); // wakes the dispatcher
    return eventually(async () => {
      const d = (await local.control<WebhookDeliveryWithAttempts>('GET', `/accounts/1/webhooks/${id}`)).body.data;
      return d.attempt_count >= 1 && !d.in_flight ? d : undefined;
    }, 10_000, `the first attempt of delivery ${id}`);
  }

  const REFUSED_RECEIVERS = (): Array<[string, RegExp]> => [
      ['http://169.254.10.20/hook', /^address not allowed: 169\.254\.10\.20 is a link-local address$/],
      ['http://169.254.169.254/latest/meta-data/', /^address not allowed: 169\.254\.169\.254 is a cloud metadata address$/],
      [`http://0.0.0.0:${receiver.port}/hook`, /^address not allowed: 0\.0\.0\.0 is an unspecified address/],
      [`http://[fe80::1]:${receiver.port}/hook`, /^address not allowed: fe80::1 is a link-local address$/],
      [`http://224.0.0.1:${receiver.port}/hook`, /^address not allowed: 224\.0\.0\.1 is a multicast address$/],
  ];

  it('refuses link-local, metadata, unspecified and multicast receivers when saved: a 400 naming the field, nothing written', async () => {
    const row = () => withWritableDb(local, (db) => db.prepare('SELECT * FROM connectors WHERE company_id = 1 AND id = 1').get());
    const before = row();
    for (const [url, error] of REFUSED_RECEIVERS()) {
      const answer = await local.control('PATCH', '/accounts/1/connectors/1', { order_event_notification_url: url, active: false });
      expect(answer.status, url).toBe(400);
      expect(answer.body.messages, url).toEqual([expect.stringMatching(new RegExp(`^order_event_notification_url: ${error.source.slice(1)}`))]);
      expect(row(), url).toEqual(before);
    }
    // The fixtures door writes through the same checks.
    const [url] = REFUSED_RECEIVERS()[0]!;
    const fixtures = await local.control('POST', '/fixtures', { accounts: [{ company_id: 1, connectors: [{ connector_id: 1, order_event_notification_url: url }] }] });
    expect(fixtures.status).toBe(400);
    expect(fixtures.body.messages).toEqual([expect.stringMatching(/connectors\[0\].*order_event_notification_url: address not allowed: 169\.254\.10\.20 is a link-local address/)]);
    expect(row()).toEqual(before);
  });

  it('refuses such a receiver again at delivery, with a clear delivery error, before connecting', async () => {
    for (const [url, error] of REFUSED_RECEIVERS()) {
      const received = receiver.received.length;
      const d = await deliverTo(url, 'row');
      expect(d.status, url).toBe('pending');
      expect(d.attempts[0]!.http_status, url).toBeNull();
      expect(d.attempts[0]!.error, url).toMatch(error);
      expect(receiver.received.length, url).toBe(received);
    }
  });

  it('delivers to a receiver on 127.0.0.1 and one named localhost as before', async () => {
    for (const url of [receiver.url, receiver.url.replace('127.0.0.1', 'localhost')]) {
      const received = receiver.received.length;
      const d = await deliverTo(url);
      expect([d.status, d.attempts[0]!.http_status, d.attempts[0]!.error], url).toEqual(['delivered', 200, null]);
      expect(receiver.received.length).toBe(received + 1);
    }
  });
});

describe('the FTP storage (a target the admin configures)', () => {
  let ftp: TestFtp;
  let counter: TcpServer;
  let connections = 0;
  beforeAll(async () => {
    ftp = await startTestFtp();
    // Where 0.0.0.0 would lead on Linux: this machine. A connection here would be counted.
    counter = createTcpServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    ftp?.close();
    await new Promise((resolve) => counter?.close(resolve));
  });

  const save = (host: string, port: number) =>
    local.control('PATCH', '/accounts/1/storage', { ftp: { host, port, user: ftp.user, password: ftp.password, root: '/docs' } });
  const configure = async (host: string, port: number) => {
    const answer = await save(host, port);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (await local.control<StorageTestResult>('POST', '/accounts/1/storage/test', {})).body.data;
  };
  const REFUSED_HOSTS: Array<[string, RegExp]> = [
    ['0.0.0.0', /address not allowed: 0\.0\.0\.0 is an unspecified address/],
    ['[::]', /address not allowed: :: is an unspecified address/],
    ['169.254.169.254', /address not allowed: 169\.254\.169\.254 is a cloud metadata address/],
    ['169.254.1.1', /address not allowed: 169\.254\.1\.1 is a link-local address/],
  ];

  it('refuses 0.0.0.0, [::], link-local and metadata hosts when saved: a 400 naming ftp.host, nothing written', async () => {
    const port = (counter.address() as AddressInfo).port;
    await configure('127.0.0.1', ftp.port);
    const stored = () => withWritableDb(local, (db) => db.prepare('SELECT * FROM account_storage WHERE company_id = 1').get());
    const before = stored();
    for (const [host, message] of REFUSED_HOSTS) {
      const answer = await save(host, port);
      expect(answer.status, host).toBe(400);
      expect(answer.body.messages, host).toEqual([expect.stringMatching(new RegExp(`^ftp\\.host: ${message.source}`))]);
      expect(stored(), host).toEqual(before);
    }
    expect(connections).toBe(0);
  });

  it('refuses them again at use (a row saved before that check), before connecting', async () => {
    const port = (counter.address() as AddressInfo).port;
    await configure('127.0.0.1', ftp.port);
    for (const [host, message] of REFUSED_HOSTS) {
      withWritableDb(local, (db) => db.prepare('UPDATE account_storage SET ftp_host = ?, ftp_port = ? WHERE company_id = 1').run(host, port));
      const test = () => local.control<StorageTestResult>('POST', '/accounts/1/storage/test', {}).then((answer) => answer.body.data);
      const [result, connects] = await connectsDuring(test);
      expect(result, host).toMatchObject({ ok: false, message: expect.stringMatching(message) });
      expect(connects, host).toEqual([]);
    }
    expect(connections).toBe(0);
  });

  it('connects to a loopback server by address and by name (localhost: every resolved address tried)', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      expect(await configure(host, ftp.port), host).toMatchObject({ ok: true });
    }
  });
});
