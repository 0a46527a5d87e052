import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriftDifference, DriftReport } from '../../shared/domain/fidelity.ts';
import { DIFFERENCES } from '../support/stand-in.ts';
import { driftReport, recordings, REAL_AUTH, restRaw, setProxy, useFidelity } from './fidelity.ts';
import { basicAuth } from './harness.ts';
import { sleep } from './receiver.ts';

// The shadow comparison and the drift report (issue 30, deliver 3 and 4): GETs forwarded to the
// stand-in upstream, which differs from the twin in exactly five known ways, are answered by the
// twin too; the report must list those five and nothing else, whether it is made from the shadow
// comparisons or offline from the recording the proxy made.

const world = useFidelity();

/** Paths below the account, the route template each belongs to. */
const CALLS: Array<[string, string]> = [
  // (a) renamed row key, on two pages
  ['/sales/list/page:1/', 'GET /sales/list/page:{}/'],
  ['/sales/list/page:2/', 'GET /sales/list/page:{}/'],
  // (b) a number sent as a string
  ['/payments/list/', 'GET /payments/list/'],
  // (c) an extra key
  ['/awb/list/', 'GET /awb/list/'],
  // (d) another status for one filter, twice
  ['/invoices/list/documentnr:DMO1/', 'GET /invoices/list/documentnr:{}/'],
  ['/invoices/list/documentnr:WEB1/', 'GET /invoices/list/documentnr:{}/'],
  // (e) an empty page shaped differently, beside a full page of the same route (arrays on both sides)
  ['/contacts/list/id:5/', 'GET /contacts/list/id:{}/'],
  ['/contacts/list/id:99999999/', 'GET /contacts/list/id:{}/'],
  // the same on both sides: lists with filters, records by id, an empty page, a 404 on both sides
  ['/invoices/list/year:2025/', 'GET /invoices/list/year:{}/'],
  ['/contacts/list/', 'GET /contacts/list/'],
  ['/contacts/5/', 'GET /contacts/{id}/'],
  ['/contacts/6/', 'GET /contacts/{id}/'],
  ['/product/1/', 'GET /product/{id}/'],
  ['/sales/list/year:2019/', 'GET /sales/list/year:{}/'],
  ['/proformas/list/include:payment_link/', 'GET /proformas/list/include:payment_link/'],
  ['/marketplace/orders/list/year:2001/', 'GET /marketplace/orders/list/year:{}/'],
  ['/payments/types/', 'GET /payments/types/'],
];

/** The differences the five ways must show (a renamed key is a key on each side only), nothing else. */
const EXPECTED: Array<{ template: string; kind: DriftDifference['kind']; path: string; upstream: RegExp; twin: RegExp; calls: number }> = [
  { template: 'GET /sales/list/page:{}/', kind: 'only_upstream', path: `data[].${DIFFERENCES.renamedKey.to}`, upstream: /number/, twin: /^$/, calls: 2 },
  { template: 'GET /sales/list/page:{}/', kind: 'only_twin', path: `data[].${DIFFERENCES.renamedKey.from}`, upstream: /^$/, twin: /number/, calls: 2 },
  { template: 'GET /payments/list/', kind: 'type', path: `data[].${DIFFERENCES.numberAsString.key}`, upstream: /string/, twin: /^number$/, calls: 1 },
  { template: 'GET /awb/list/', kind: 'only_upstream', path: `data[].${DIFFERENCES.extraKey.key}`, upstream: /string/, twin: /^$/, calls: 1 },
  { template: 'GET /invoices/list/documentnr:{}/', kind: 'status', path: '', upstream: /^400$/, twin: /^200$/, calls: 2 },
  // Shown by the empty page only: the full page of the route is an array on both sides.
  { template: 'GET /contacts/list/id:{}/', kind: 'type', path: 'data', upstream: /object/, twin: /array/, calls: 1 },
];

const templates = [...new Set(CALLS.map(([, template]) => template))];
const callsOf = (template: string) => CALLS.filter(([, t]) => t === template).length;
const pathsOf = (template: string) => CALLS.filter(([, t]) => t === template).map(([path]) => path);

/** The report's differences as comparable rows: template, kind and path. */
const found = (report: DriftReport) =>
  report.routes
    .flatMap((route) => route.differences.map((d) => `${route.template} ${d.kind} ${d.path}`))
    .sort();
const expectedRows = EXPECTED.map((e) => `${e.template} ${e.kind} ${e.path}`).sort();

/** A redacted example: letters as x/X, digits as 9, other characters kept; never a value. */
const REDACTED = /^[^0-8a-wyzA-WYZ]*$/;

/** Asserts `report` lists exactly the expected differences, with their types, counts and examples. */
function expectTheFive(report: DriftReport, source: 'shadow' | 'har'): void {
  expect(report).toMatchObject({ company_id: 1, source });
  expect(report.generated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(found(report)).toEqual(expectedRows);
  expect(report.differences).toBe(EXPECTED.length);
  for (const e of EXPECTED) {
    const route = report.routes.find((r) => r.template === e.template)!;
    const difference = route.differences.find((d) => d.kind === e.kind && d.path === e.path)!;
    const label = `${e.template} ${e.kind} ${e.path}`;
    expect(difference.upstream, label).toMatch(e.upstream);
    expect(difference.twin, label).toMatch(e.twin);
    expect(difference.calls, label).toBe(e.calls);
    expect(pathsOf(e.template), label).toContain(difference.example_request);
    if (e.calls === 1 && e.kind === 'type' && e.path === 'data') expect(difference.example_request, label).toBe('/contacts/list/id:99999999/');
    for (const example of [difference.upstream_example, difference.twin_example]) {
      if (example !== null) expect(example, label).toMatch(REDACTED);
      if (example !== null) expect(example.length, label).toBeLessThanOrEqual(40);
    }
  }
  // Every template of the calls is there, counted; nothing else.
  expect(report.routes.map((r) => r.template).sort()).toEqual([...templates].sort());
  for (const route of report.routes) {
    expect([route.template, route.calls, route.compared]).toEqual([route.template, callsOf(route.template), callsOf(route.template)]);
  }
  expect([report.calls, report.compared]).toEqual([CALLS.length, CALLS.length]);
}

describe('the setup: twin and stand-in seeded alike', () => {
  it('answer the same on every route but the five (links aside: each names its own host, with its own key)', async () => {
    const { twin, standIn } = world;
    const differing = new Set(EXPECTED.map((e) => e.template));
    // Links carry a key of each data folder's own: the same shape, another value.
    const normalised = (body: Buffer, host: string) => {
      const text = body.toString('utf8').replace(new RegExp(`${host.replaceAll('.', '\\.')}/[^"]*`, 'g'), 'LINK');
      const envelope = JSON.parse(text) as Record<string, unknown>;
      delete envelope['your_user'];
      return envelope;
    };
    for (const [path, template] of CALLS) {
      const own = await restRaw(twin, 'GET', `/1${path}`, basicAuth(...world.twinUser));
      const upstream = await standIn.call('GET', `/app/rest/v1/1${path}`, REAL_AUTH);
      const same = own.status === upstream.status && isDeepStrictEqual(normalised(own.body, twin.url), normalised(upstream.body, standIn.url));
      // The full contact page shares its route with the empty one but is answered alike.
      const differs = differing.has(template) && path !== '/contacts/list/id:5/';
      expect(same, `${path}: ${own.body.toString('utf8').slice(0, 300)}\n${upstream.body.toString('utf8').slice(0, 300)}`).toBe(!differs);
    }
    await standIn.forget();
  });
});

let shadow: DriftReport;

describe('the drift report of the shadow comparisons (drift.report)', () => {
  beforeAll(async () => {
    const { twin, standIn } = world;
    await setProxy(twin, { upstream_url: standIn.url, shadow: true, recording: 'day' });
    for (const [path] of CALLS) {
      const answer = await restRaw(twin, 'GET', `/1${path}`, REAL_AUTH);
      // What the caller gets is the upstream's answer, whatever the twin would have said.
      expect(answer.status, path).toBe(path.startsWith('/invoices/list/documentnr:') ? 400 : path.startsWith('/marketplace/') ? 404 : 200);
    }
    // The shadow comparison may run after the answer went back: wait until every call is counted.
    const deadline = Date.now() + 20_000;
    do {
      shadow = await driftReport(twin);
      if (shadow.calls >= CALLS.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } while (Date.now() < deadline);
  });

  it('lists exactly the five known differences by route template, and nothing else', () => {
    expectTheFive(shadow, 'shadow');
    expect(shadow.skipped).toEqual([]);
  });

  it('the stand-in is not the only side: the twin itself answered the five routes its own way', async () => {
    // Sanity of the setup: a difference the report shows is the stand-in's, not the data's.
    const { standIn } = world;
    const upstream = JSON.parse((await standIn.call('GET', '/app/rest/v1/1/sales/list/page:1/', REAL_AUTH)).body.toString('utf8')) as { data: Array<Record<string, unknown>> };
    expect(upstream.data[0]).toHaveProperty(DIFFERENCES.renamedKey.to);
    expect(upstream.data[0]).not.toHaveProperty(DIFFERENCES.renamedKey.from);
  });
});

describe('offline drift from the recording the proxy made (drift.compareHar)', () => {
  let har: { log: { entries: Array<{ request: { method: string; url: string } }> } };

  beforeAll(async () => {
    const { twin } = world;
    // Recorded once each answer has gone out: wait for the last one (or fail on the count below).
    let [recording] = await recordings(twin);
    for (const deadline = Date.now() + 5000; recording?.entries !== CALLS.length && Date.now() < deadline; [recording] = await recordings(twin)) await sleep(50);
    expect(recording, 'the proxy recorded its calls').toBeDefined();
    har = JSON.parse(readFileSync(join(twin.dataDir, 'recordings', recording!.file_name), 'utf8')) as typeof har;
  });

  it('gives the same five differences, without any upstream, and stores nothing', async () => {
    const { twin } = world;
    expect(har.log.entries.length).toBe(CALLS.length);
    const answer = await twin.control<DriftReport>('POST', '/accounts/1/drift/compare', { har });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expectTheFive(answer.body.data, 'har');
    expect(answer.body.data.skipped).toEqual([]);
    // The shadow report is as it was.
    expect(found(await driftReport(twin))).toEqual(found(shadow));
    expect((await driftReport(twin)).calls).toBe(shadow.calls);
  });

  it("keys on the path below the account: the real service's host and company id give the same report", async () => {
    const { twin } = world;
    const elsewhere = structuredClone(har);
    for (const entry of elsewhere.log.entries) {
      entry.request.url = entry.request.url.replace(/^https?:\/\/[^/]+\/app\/rest\/v1\/1\//, 'https://erp.example.ro/app/rest/v1/4242/');
    }
    const answer = await twin.control<DriftReport>('POST', '/accounts/1/drift/compare', { har: elsewhere });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expectTheFive(answer.body.data, 'har');
  });

  it('skips, counted with why, what it cannot compare: a write, a URL outside the REST API', async () => {
    const { twin } = world;
    const mixed = structuredClone(har);
    const first = mixed.log.entries[0]!;
    const post = structuredClone(first);
    post.request.method = 'POST';
    const page = structuredClone(first);
    page.request.url = 'https://erp.example.ro/favicon.ico';
    mixed.log.entries.push(post, page);
    const answer = await twin.control<DriftReport>('POST', '/accounts/1/drift/compare', { har: mixed });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(found(answer.body.data)).toEqual(expectedRows);
    const skipped = answer.body.data.skipped;
    expect(skipped.reduce((sum, s) => sum + s.calls, 0)).toBe(2);
    expect(skipped.map((s) => s.reason).join(' | ')).toMatch(/GET/);
    expect(skipped.map((s) => s.reason).join(' | ')).toMatch(/REST/);
  });

  it('refuses what is not a HAR with a 400 naming the field', async () => {
    const { twin } = world;
    for (const har of [{}, { log: {} }, { log: { entries: [{}] } }, { log: { entries: 'x' } }]) {
      const answer = await twin.control('POST', '/accounts/1/drift/compare', { har });
      expect(answer.status, JSON.stringify(har)).toBe(400);
      expect(answer.body.messages.join(' '), JSON.stringify(har)).toMatch(/log|entries|har/);
    }
  });
});

describe('drift.clear', () => {
  it('forgets the comparisons: the report starts again from nothing', async () => {
    const { twin } = world;
    const cleared = await twin.control<{ cleared_routes: number }>('DELETE', '/accounts/1/drift');
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data.cleared_routes).toBe(templates.length);
    const empty = await driftReport(twin);
    expect(empty).toMatchObject({ company_id: 1, source: 'shadow', calls: 0, compared: 0, differences: 0, routes: [], skipped: [] });
    expect((await twin.control<{ cleared_routes: number }>('DELETE', '/accounts/1/drift')).body.data.cleared_routes).toBe(0);
  });

  it('shadow off: forwarded calls are not compared', async () => {
    const { twin } = world;
    expect((await setProxy(twin, { shadow: false })).shadow).toBe(false);
    expect((await restRaw(twin, 'GET', '/1/payments/list/', REAL_AUTH)).status).toBe(200);
    await sleep(300);
    expect(await driftReport(twin)).toMatchObject({ calls: 0, routes: [] });
  });
});
