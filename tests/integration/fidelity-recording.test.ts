import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/create-core.ts';
import { loadReplayIndex, parseHar } from '../../electron/core/domains/fidelity/index.ts';
import { startServer, type RunningServer } from '../../electron/server/create-server.ts';
import type { Recording } from '../../shared/domain/fidelity.ts';
import { FIDELITY_NOW } from '../support/stand-in.ts';
import { ADMIN_TOKEN, basicAuth } from './harness.ts';
import { sleep } from './receiver.ts';
import { recordings, REAL_AUTH, REAL_PASSWORD, REAL_USER, restRaw, setProxy, useFidelity, type RawAnswer } from './fidelity.ts';

// The HAR recording of proxy mode (issue 30, deliver 2): what the twin forwarded to the stand-in
// upstream, in HAR 1.2 under <data>/recordings, with no credential and no personal value sent or
// answered (searched for one by one), pseudonyms consistent within the recording.

const world = useFidelity();

/** A CNP with its check digit (weights 279146358279; a remainder of 10 is written 1). */
function cnp(first12: string): string {
  const weights = '279146358279';
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * Number(weights[i]), 0);
  const check = sum % 11 === 10 ? 1 : sum % 11;
  return `${first12}${check}`;
}

/** Secrets sent besides the Basic credentials: none may reach the recording. */
const API_KEY = 'xk-live-4b1d0a7c9e2f43a8b6d5';
const COOKIE_SECRET = 'sess-7f3e9a21c4b8d6e0';
const QUERY_TOKEN = 'qt-5c2e8b1f9a7d3046';

/** Personal data the caller sends (a connector order's client, a filter): none may reach the recording. */
const SENT = {
  name: 'Ștefănescu Ioana-Mădălina',
  email: 'ioana.stefanescu@exemplu-client.ro',
  phone: '0744512987',
  cnp: cnp('296052340001'),
  street: 'Strada Școlii nr. 14, bl. A2, ap. 7',
  shippingName: 'Mădălina Ștefănescu',
  shippingPhone: '0733198264',
};

const order = (id: string) => ({
  order_unique_id: id,
  order_reference: `#${id}`,
  order_date: '2026-11-26',
  order_status: 'pending',
  order_currency_code: 'RON',
  shipping_method: 'courier',
  cod_amount: 0,
  client: {
    name: SENT.name,
    representative: '',
    email: SENT.email,
    phone: SENT.phone,
    vat_id: SENT.cnp,
    invoice_address: { city: 'Cluj-Napoca', county: 'Cluj', country: 'Romania', street: SENT.street },
    delivery_address: {
      city: 'Cluj-Napoca',
      county: 'Cluj',
      country: 'Romania',
      street: SENT.street,
      shipping_contact_name: SENT.shippingName,
      shipping_contact_phone: SENT.shippingPhone,
    },
  },
  items: [
    { type: 'product', code: 'P000001', item_name: 'Ulei de măsline', item_quantity: 1, item_price: 53.14, item_vat_percent: 11, item_price_with_vat: 58.99, line_value_with_vat: 58.99 },
  ],
});

/** Keys of the demo answers that hold personal data: names, e-mails, phones, fiscal codes (CNP/CUI), street addresses. */
const PERSONAL_KEYS = new Set([
  'name',
  'client_name',
  'representative',
  'email',
  'client_email',
  'phone',
  'client_phone1',
  'client_phone2',
  'vat_id',
  'client_vat_id',
  'client_cui',
  'client_address',
  'client_shipping_adress',
]);

/** Every personal value in a JSON answer (strings of the keys above, 5 characters or more). */
function personalValues(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => personalValues(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (PERSONAL_KEYS.has(key) && typeof child === 'string' && child.length >= 5) into.add(child);
      else personalValues(child, into);
    }
  }
  return into;
}

interface HarEntry {
  startedDateTime: string;
  request: { method: string; url: string; headers: Array<{ name: string; value: string }>; queryString: Array<{ name: string; value: string }>; postData?: { mimeType: string; text?: string } };
  response: { status: number; headers: Array<{ name: string; value: string }>; content: { size: number; mimeType: string; text?: string; encoding?: string } };
}
interface Har {
  log: { version: string; creator: { name: string; version: string }; entries: HarEntry[] };
}

const bodyOf = (entry: HarEntry): Buffer =>
  Buffer.from(entry.response.content.text ?? '', entry.response.content.encoding === 'base64' ? 'base64' : 'utf8');

/** The GETs made through the proxy (paths below /app/rest/v1/1). */
let gets: string[];
/** What the caller got for each call, in order. */
const got: Array<{ method: string; path: string; answer: RawAnswer }> = [];
let recording: Recording;
let file: string;
let text: string;
let har: Har;
/** The demo's client whose records are fetched on three routes (for the consistency check). */
let clientId: number;

beforeAll(async () => {
  const { twin, standIn } = world;
  // A client with an invoice in 2025: its name is in the invoice list, the sales list and its contact record.
  const invoices = JSON.parse((await standIn.call('GET', '/app/rest/v1/1/invoices/list/year:2025/', REAL_AUTH)).body.toString('utf8')) as { data: Array<{ client_id: number }> };
  clientId = invoices.data[0]!.client_id;
  gets = [
    '/contacts/list/',
    '/invoices/list/year:2025/',
    `/contacts/${clientId}/`,
    '/sales/list/page:1/',
    '/awb/list/',
    '/inventory/list/',
    `/contacts/list/email:${SENT.email}/`,
    `/payments/types/?token=${QUERY_TOKEN}&lang=ro`,
  ];
  await setProxy(twin, { upstream_url: standIn.url, recording: 'day', read_only: false });
  for (const path of gets) {
    const answer = await fetch(`${twin.url}/app/rest/v1/1${path}`, { headers: { authorization: REAL_AUTH, 'x-api-key': API_KEY, cookie: `session=${COOKIE_SECRET}` } });
    got.push({ method: 'GET', path, answer: { status: answer.status, contentType: answer.headers.get('content-type') ?? '', body: Buffer.from(await answer.arrayBuffer()) } });
  }
  const body = JSON.stringify(order('REC-0001'));
  got.push({ method: 'POST', path: '/connector/1/order/REC-0001/', answer: await restRaw(twin, 'POST', '/1/connector/1/order/REC-0001/', REAL_AUTH, body) });
  await setProxy(twin, { read_only: true });

  // Recorded once the answer has gone out: wait for the last one (or fail on the count below).
  let listed = await recordings(twin);
  for (const deadline = Date.now() + 5000; listed[0]?.entries !== got.length && Date.now() < deadline; listed = await recordings(twin)) await sleep(50);
  expect(listed.length, JSON.stringify(listed)).toBe(1);
  recording = listed[0]!;
  file = join(twin.dataDir, 'recordings', recording.file_name);
  text = readFileSync(file, 'utf8');
  har = JSON.parse(text) as Har;
});

describe('the HAR recording of proxy mode', () => {
  it('is one file per day under <data>/recordings, listed with its size and entries, owner-only', () => {
    // The service's day (the fixed clock's, Europe/Bucharest).
    expect(recording).toMatchObject({ file_name: '1-2026-11-27.har', company_id: 1, entries: got.length, size_bytes: statSync(file).size });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(world.twin.dataDir, 'recordings')).mode & 0o777).toBe(0o700);
  });

  it('is HAR 1.2 holding every forwarded call, in order, with the answers the caller got', () => {
    // The HAR 1.2 schema (har.ts) takes it as it is.
    expect(() => parseHar(JSON.parse(text))).not.toThrow();
    expect(har.log.version).toBe('1.2');
    expect(typeof har.log.creator.name).toBe('string');
    expect(har.log.entries.map((e) => e.request.method), har.log.entries.map((e) => e.request.url).join('\n')).toEqual(got.map((call) => call.method));
    har.log.entries.forEach((entry, i) => {
      const call = got[i]!;
      expect(entry.request.method, call.path).toBe(call.method);
      expect(new URL(entry.request.url).origin, call.path).toBe(world.standIn.url);
      expect(new URL(entry.request.url).pathname.startsWith('/app/rest/v1/1/'), entry.request.url).toBe(true);
      expect(entry.response.status, call.path).toBe(call.answer.status);
      expect(entry.startedDateTime, call.path).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
      expect(entry.response.content.mimeType, call.path).toMatch(/^application\/json/);
    });
    // A call without personal data in it is recorded as it was answered.
    const plain = gets.indexOf('/inventory/list/');
    expect(bodyOf(har.log.entries[plain]!).equals(got[plain]!.answer.body)).toBe(true);
  });

  it('is served by recordings.get as the same bytes', async () => {
    const { twin } = world;
    const answer = await fetch(`${twin.url}/_sandbox/accounts/1/recordings/${recording.file_name}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, accept: 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).equals(readFileSync(file))).toBe(true);
    expect((await twin.control('GET', '/accounts/1/recordings/1-2001-01-01.har')).status).toBe(404);
    expect((await twin.control('GET', '/accounts/1/recordings/..%2Ferp-workbench.sqlite')).status).toBeGreaterThanOrEqual(400);
  });

  it('holds no credential: no Authorization, password, API key, cookie or token, in any form', () => {
    const base64 = REAL_AUTH.slice('Basic '.length);
    const texts = everyText(har);
    for (const secret of [REAL_AUTH, base64, REAL_PASSWORD, `${REAL_USER}:${REAL_PASSWORD}`, API_KEY, COOKIE_SECRET, QUERY_TOKEN]) {
      expect(text.includes(secret), secret).toBe(false);
      expect(texts.some((t) => t.includes(secret)), secret).toBe(false);
    }
    for (const entry of har.log.entries) {
      for (const header of entry.request.headers) {
        if (/^(authorization|proxy-authorization|cookie|x-api-key)$/i.test(header.name)) expect(header.value, header.name).toBe('[removed]');
      }
      for (const header of entry.response.headers) {
        if (/^set-cookie$/i.test(header.name)) expect(header.value).toBe('[removed]');
      }
    }
  });

  it('holds no personal value sent or answered: names with diacritics, e-mails, phones, CNP/CUI, addresses', async () => {
    const { standIn } = world;
    const personal = new Set(Object.values(SENT));
    // Answers about people and companies (a payment type's or an inventory's name is no one's).
    const aboutPeople = gets.filter((path) => !path.startsWith('/payments/types/') && !path.startsWith('/inventory/'));
    for (const path of aboutPeople) personalValues(JSON.parse((await standIn.call('GET', `/app/rest/v1/1${path}`, REAL_AUTH)).body.toString('utf8')), personal);
    // The demo has them all: this is a search for real values, not an empty one.
    const values = [...personal];
    expect(values.some((v) => /[ăâîșțĂÂÎȘȚ]/.test(v)), 'names with diacritics').toBe(true);
    expect(values.some((v) => /^[^@\s]+@[^@\s]+\.[a-z]+$/.test(v)), 'e-mails').toBe(true);
    expect(values.some((v) => /^07\d{8}$/.test(v)), 'phones').toBe(true);
    expect(values.some((v) => /^RO\d{2,10}$/.test(v)), 'CUIs').toBe(true);
    expect(values.some((v) => /^Strada /.test(v)), 'addresses').toBe(true);
    const texts = everyText(har);
    const leaked = values.filter((value) => text.includes(value) || texts.some((t) => t.includes(value)));
    expect(leaked).toEqual([]);
  });

  it('pseudonymises consistently within the recording and keeps formats (dates are not personal)', () => {
    const entry = (path: string) => har.log.entries[gets.indexOf(path)]!;
    const json = <T>(path: string) => JSON.parse(bodyOf(entry(path)).toString('utf8')) as T;
    type Row = { client_id: number; client_name: string; client_email: string; client_phone1: string; doc_date: string };
    const invoice = json<{ data: Row[] }>('/invoices/list/year:2025/').data.find((row) => row.client_id === clientId)!;
    const contact = json<{ data: { name: string; email: string } }>(`/contacts/${clientId}/`).data;
    const listed = json<{ data: Array<{ contact_id: number; name: string }> }>('/contacts/list/').data.find((row) => row.contact_id === clientId);
    const original = JSON.parse(got[gets.indexOf('/invoices/list/year:2025/')]!.answer.body.toString('utf8')) as { data: Row[] };
    const before = original.data.find((row) => row.client_id === clientId)!;
    // The same name, the same pseudonym, wherever it appears.
    expect(invoice.client_name).not.toBe(before.client_name);
    expect(contact.name).toBe(invoice.client_name);
    if (listed) expect(listed.name).toBe(invoice.client_name);
    if (before.client_email) {
      expect(invoice.client_email).not.toBe(before.client_email);
      expect(invoice.client_email).toMatch(/@example\.invalid$/);
      expect(contact.email).toBe(invoice.client_email);
    }
    // Digits keep their count; dates stay as they were.
    if (before.client_phone1) expect(invoice.client_phone1.replace(/\d/g, '9')).toBe(before.client_phone1.replace(/\d/g, '9'));
    expect(invoice.doc_date).toBe(before.doc_date);
  });

  it('keeps the pseudonyms key beside the recording (owner-only), never inside it', () => {
    const keyFile = join(world.twin.dataDir, 'recordings', '.keys', `${recording.file_name}.key`);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = readFileSync(keyFile);
    expect(key.length).toBeGreaterThanOrEqual(16);
    for (const form of [key.toString('utf8').trim(), key.toString('hex'), key.toString('base64')]) {
      if (form.length >= 16) expect(text.includes(form), form).toBe(false);
    }
  });
});

describe('recording modes', () => {
  it('off records nothing; session starts a file of its own beside the day\'s', async () => {
    const { twin } = world;
    await setProxy(twin, { recording: 'off' });
    await restRaw(twin, 'GET', '/1/payments/types/', REAL_AUTH);
    await sleep(200);
    expect(await recordings(twin)).toEqual([expect.objectContaining({ file_name: recording.file_name, entries: got.length })]);
    await setProxy(twin, { recording: 'session' });
    await restRaw(twin, 'GET', '/1/payments/types/', REAL_AUTH);
    let listed = await recordings(twin);
    for (const deadline = Date.now() + 5000; listed.length < 2 && Date.now() < deadline; listed = await recordings(twin)) await sleep(50);
    const session = listed.find((r) => r.file_name !== recording.file_name);
    expect(session, JSON.stringify(listed)).toMatchObject({ company_id: 1, entries: 1 });
    expect(session!.file_name).toMatch(/^1-session-\d{8}-\d{6}\.har$/);
    expect(listed.find((r) => r.file_name === recording.file_name)?.entries).toBe(got.length);
    await setProxy(twin, { recording: 'day' });
  });
});

describe('serve --replay <the recordings folder>', () => {
  let replay: RunningServer;
  let core: Core;
  const dataDir = mkdtempSync(join(tmpdir(), 'erpwb-replay-'));

  beforeAll(async () => {
    // What `serve --replay DIR --replay-fallback 404` starts: a service of its own over the folder (its .keys beside the files).
    core = createCore({ dataDir, seed: 'empty', clock: { now: () => new Date(FIDELITY_NOW) } });
    replay = await startServer({ core, host: '127.0.0.1', port: 0, adminToken: ADMIN_TOKEN, replay: loadReplayIndex(join(world.twin.dataDir, 'recordings')), replayFallback: '404' });
  });
  afterAll(async () => {
    await replay?.close();
    await core?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every recorded request with the recorded status and the recorded bytes', async () => {
    for (const entry of har.log.entries) {
      const recorded = new URL(entry.request.url);
      const label = `${entry.request.method} ${recorded.pathname}${recorded.search}`;
      // Whoever replays is the caller: any credentials.
      const answer = await fetch(`${replay.url}${recorded.pathname}${recorded.search}`, {
        method: entry.request.method,
        headers: { authorization: basicAuth('someone', 'anything'), ...(entry.request.postData && { 'content-type': entry.request.postData.mimeType }) },
        ...(entry.request.postData?.text !== undefined && { body: entry.request.postData.text }),
      });
      const body = Buffer.from(await answer.arrayBuffer());
      expect(answer.status, label).toBe(entry.response.status);
      expect(body.toString('utf8'), label).toBe(bodyOf(entry).toString('utf8'));
      expect(body.equals(bodyOf(entry)), label).toBe(true);
    }
  });

  it('answers what no recording holds with a 404 (the fallback chosen): another path, the recorded POST with another body', async () => {
    const auth = { authorization: basicAuth('someone', 'anything') };
    const other = await fetch(`${replay.url}/app/rest/v1/1/sales/list/page:9/`, { headers: auth });
    expect(other.status).toBe(404);
    expect(((await other.json()) as { is_error: boolean }).is_error).toBe(true);
    const post = har.log.entries.find((entry) => entry.request.method === 'POST');
    expect(post, 'the POST is recorded').toBeDefined();
    const changed = await fetch(`${replay.url}${new URL(post!.request.url).pathname}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...(JSON.parse(post!.request.postData!.text!) as object), order_status: 'another' }),
    });
    expect(changed.status).toBe(404);
  });
});

/** Every text of a HAR a value could hide in: URLs, header and query values, request and answer bodies (decoded). */
function everyText(document: Har): string[] {
  return document.log.entries.flatMap((entry) => [
    entry.request.url,
    decoded(entry.request.url),
    ...entry.request.headers.map((h) => h.value),
    ...entry.request.queryString.map((q) => q.value),
    entry.request.postData?.text ?? '',
    ...entry.response.headers.map((h) => h.value),
    bodyOf(entry).toString('utf8'),
  ]);
}

function decoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}
