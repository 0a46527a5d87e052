import { describe, expect, it } from 'vitest';
import type { Fault } from '../../shared/domain/faults.ts';
import type { ApiLogEntry } from '../../shared/domain/api-log.ts';
import type { AttachmentUploadResult } from '../../shared/domain/attachments.ts';
import { basicAuth, useDemo, type Answer } from './harness.ts';
import { expectRefused, multipart, restSend } from './requests.ts';

/**
 * Fault switches (POST/GET/DELETE /_sandbox/accounts/{id}/faults) on a real listener: each kind
 * with probability 1 and a count of 2 (the third call is normal), probability 0, a GET the answer
 * cache would answer, storage_down on the attachment upload, removal; and the heavy-list limit
 * (429). Nothing here measures a duration: a latency is checked by its log mark, or by ordering
 * against another call while a long one is held (removing the fault lets it go).
 */

const demo = useDemo();
const send = restSend(demo);
const addFault = (body: Record<string, unknown>) => demo.h.control<Fault>('POST', '/accounts/1/faults', body);
const listFaults = async () => (await demo.h.control<Fault[]>('GET', '/accounts/1/faults')).body.data;
const removeFault = (id: number) => demo.h.control<{ deleted_id: number }>('DELETE', `/accounts/1/faults/${id}`);

async function added(body: Record<string, unknown>): Promise<Fault> {
  const answer = await addFault(body);
  expect(answer.status, JSON.stringify(answer.body.messages)).toBe(201);
  return answer.body.data;
}

/** The newest API log lines of route `route`, oldest first. */
async function logOf(route: string, count: number): Promise<ApiLogEntry[]> {
  const answer = await demo.h.control<{ rows: ApiLogEntry[] }>('GET', `/accounts/1/lists/api-log?route=${encodeURIComponent(route)}&limit=${count}`);
  return answer.body.data.rows.filter((row) => row.route === route).reverse();
}

/** Polls the fault list until `fired` of fault `id` reaches `times` (calls arrived and were acted on). */
async function firedAtLeast(id: number, times: number): Promise<void> {
  for (;;) {
    const fault = (await listFaults()).find((f) => f.fault_id === id);
    if ((fault?.fired ?? 0) >= times) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A GET on its own connection, so one dropped call does not take others with it. */
function rawGet(path: string): Promise<Response> {
  return fetch(`${demo.h.url}/app/rest/v1/1${path}`, { headers: { authorization: basicAuth(...demo.user), connection: 'close' } });
}

describe('adding a fault', () => {
  it('refuses bad input with a 400 naming the field', async () => {
    expectRefused(await addFault({ method: 'FETCH', path: '/sales/list/*', status: 503 }), 400, /^method/);
    expectRefused(await addFault({ path: 'sales/list', status: 503 }), 400, /^path: must start with '\/'/);
    expectRefused(await addFault({ path: '/app/rest/v1/1/sales/list/', status: 503 }), 400, /^path: .*leave out/);
    expectRefused(await addFault({ path: '/sales/list/*', status: 302 }), 400, /^status/);
    expectRefused(await addFault({ path: '/sales/list/*', status: 600 }), 400, /^status/);
    expectRefused(await addFault({ path: '/sales/list/*', status: 503, probability: 1.5 }), 400, /^probability/);
    expectRefused(await addFault({ path: '/sales/list/*', status: 503, probability: -0.1 }), 400, /^probability/);
    expectRefused(await addFault({ path: '/sales/list/*', status: 503, count: 0 }), 400, /^count/);
    expectRefused(await addFault({ path: '/sales/list/*' }), 400, /^status, latency_ms, drop or storage_down/);
    expectRefused(await addFault({ path: '/sales/list/*', drop: false }), 400, /^status, latency_ms, drop or storage_down/);
    expectRefused(await addFault({ path: '/sales/list/*', latency_ms: { min: 500, max: 100 } }), 400, /^latency_ms\.min/);
    expectRefused(await addFault({ path: '/sales/list/*', latency_ms: -1 }), 400, /^latency_ms/);
    expectRefused(await addFault({ storage_down: true, status: 503 }), 400, /^storage_down/);
    expectRefused(await addFault({ storage_down: true, path: '/attachments/*' }), 400, /^path/);
    expectRefused(await addFault({ path: '/sales/list/*', status: 503, colour: 'red' }), 400, /colour: unknown field/);
    expect((await demo.h.control('POST', '/accounts/99/faults', { status: 503 })).status).toBe(404);
    expect(await listFaults()).toEqual([]);
  });
});

describe('a forced status', () => {
  it('answers the envelope with that status twice (count 2), then the call is normal; the log marks the two', async () => {
    const fault = await added({ method: 'GET', path: '/sales/list/*', status: 503, probability: 1, count: 2 });
    expect(fault).toMatchObject({ method: 'GET', path: '/sales/list/*', status: 503, probability: 1, count: 2, remaining: 2, fired: 0, drop: false, latency_ms: null });
    const route = '/sales/list/page:2/';
    const answers = [await send('GET', route), await send('GET', route), await send('GET', route)];
    expect(answers.map((a) => a.status)).toEqual([503, 503, 200]);
    expect(answers[0]!.body).toMatchObject({ is_error: true, http_code: 503, data: null, request_route: route, your_user: demo.user[0] });
    expect(answers[0]!.body.messages[0]).toMatch(new RegExp(`sandbox fault #${fault.fault_id}: forced 503`));
    expect((await listFaults()).find((f) => f.fault_id === fault.fault_id)).toMatchObject({ remaining: 0, fired: 2 });
    const log = await logOf(route, 3);
    expect(log.map((line) => [line.status, line.fault])).toEqual([
      [503, `#${fault.fault_id} status 503`],
      [503, `#${fault.fault_id} status 503`],
      [200, null],
    ]);
    // A method or path the fault does not name is never touched.
    await added({ method: 'POST', path: '/sales/list/*', status: 500 });
    expect((await send('GET', '/sales/list/')).status).toBe(200);
    await added({ method: '*', path: '/sales/*/year:*', status: 418, count: 1 });
    expect((await send('GET', '/sales/list/')).status).toBe(200);
    expect((await send('GET', '/sales/list/year:2026/')).status).toBe(418);
    for (const f of await listFaults()) expect((await removeFault(f.fault_id)).status).toBe(200);
  });

  it('applies to a GET the answer cache would answer before Fastify', async () => {
    const route = '/product/list/page:1/';
    // Seen twice: kept; the third is answered from the cache.
    for (let i = 0; i < 3; i++) expect((await send('GET', route)).status).toBe(200);
    const fault = await added({ method: 'GET', path: '/product/list/*', status: 500, count: 1 });
    const faulted = await send('GET', route);
    expect(faulted.status).toBe(500);
    expect(faulted.body.messages[0]).toMatch(/sandbox fault/);
    expect((await send('GET', route)).status).toBe(200);
    expect((await logOf(route, 2)).map((line) => line.fault)).toEqual([`#${fault.fault_id} status 500`, null]);
    await removeFault(fault.fault_id);
  });
});

describe('a latency', () => {
  it('answers normally after the wait, twice, and the log marks both', async () => {
    const fault = await added({ method: 'GET', path: '/payments/list/*', latency_ms: { min: 5, max: 20 }, count: 2 });
    const route = '/payments/list/';
    const statuses = [(await send('GET', route)).status, (await send('GET', route)).status, (await send('GET', route)).status];
    expect(statuses).toEqual([200, 200, 200]);
    const marks = (await logOf(route, 3)).map((line) => line.fault);
    expect(marks[0]).toMatch(new RegExp(`^#${fault.fault_id} latency (\\d+) ms$`));
    expect(marks[1]).toMatch(/latency/);
    expect(marks[2]).toBeNull();
    const drawn = marks.slice(0, 2).map((mark) => Number(/latency (\d+) ms/.exec(mark!)![1]));
    for (const ms of drawn) expect(ms).toBeGreaterThanOrEqual(5), expect(ms).toBeLessThanOrEqual(20);
    await removeFault(fault.fault_id);
  });

  it('holds the call while a later one is answered; removing the fault lets it go', async () => {
    const fault = await added({ method: 'GET', path: '/awb/list/*', latency_ms: 600_000, count: 1 });
    let held: Answer | undefined;
    const first = send('GET', '/awb/list/').then((answer) => (held = answer));
    await firedAtLeast(fault.fault_id, 1);
    // The fault is used up: the second call is not held, and is answered while the first waits.
    expect((await send('GET', '/awb/list/')).status).toBe(200);
    expect(held).toBeUndefined();
    await removeFault(fault.fault_id);
    expect((await first).status).toBe(200);
    expect((await logOf('/awb/list/', 2)).map((line) => line.fault)).toEqual([null, `#${fault.fault_id} latency 600000 ms`]);
  });
});

describe('a dropped connection', () => {
  it('closes the connection without an answer twice, then answers; the log marks the drops with status 0', async () => {
    const fault = await added({ method: 'GET', path: '/contacts/list/*', drop: true, count: 2 });
    await expect(rawGet('/contacts/list/')).rejects.toThrow();
    await expect(rawGet('/contacts/list/')).rejects.toThrow();
    expect((await rawGet('/contacts/list/')).status).toBe(200);
    const log = await logOf('/contacts/list/', 3);
    expect(log.map((line) => [line.status, line.fault])).toEqual([
      [0, `#${fault.fault_id} drop`],
      [0, `#${fault.fault_id} drop`],
      [200, null],
    ]);
    await removeFault(fault.fault_id);
  });
});

describe('probability 0', () => {
  it('never fires', async () => {
    const fault = await added({ method: '*', path: '*', status: 503, probability: 0 });
    for (let i = 0; i < 5; i++) expect((await send('GET', '/inventory/list/')).status).toBe(200);
    expect((await listFaults()).find((f) => f.fault_id === fault.fault_id)).toMatchObject({ fired: 0, remaining: null });
    await removeFault(fault.fault_id);
  });
});

describe('storage down', () => {
  it('makes the attachment upload answer its 503 (count 1), then the storage works again', async () => {
    expect((await demo.h.control('PATCH', '/accounts/1/storage', { embedded: true })).status).toBe(200);
    const fault = await added({ storage_down: true, count: 1 });
    expect(fault).toMatchObject({ method: '*', path: '/*', storage_down: true, remaining: 1 });
    const upload = () => send<AttachmentUploadResult>('POST', '/attachments/upload/', multipart([['doctype', 'contact'], ['doc_id', '1'], ['file', Buffer.from('hello'), 'a.txt']]));
    const refused = await upload();
    expect(refused.status).toBe(503);
    expect(refused.body.messages[0]).toMatch(/FTP storage .* unreachable or refused: sandbox fault/);
    const stored = await upload();
    expect(stored.status, JSON.stringify(stored.body.messages)).toBe(200);
    expect((await logOf('/attachments/upload/', 2)).map((line) => [line.status, line.fault])).toEqual([
      [503, `#${fault.fault_id} storage_down`],
      [200, null],
    ]);
    await removeFault(fault.fault_id);
    await demo.h.control('PATCH', '/accounts/1/storage', { embedded: false });
  });
});

describe('removing a fault', () => {
  it('stops it at once; an unknown id is a 404', async () => {
    const fault = await added({ method: 'GET', path: '/workpoints/list/*', status: 503 });
    expect((await send('GET', '/workpoints/list/')).status).toBe(503);
    const removed = await removeFault(fault.fault_id);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ deleted_id: fault.fault_id });
    expect((await send('GET', '/workpoints/list/')).status).toBe(200);
    expect(await listFaults()).toEqual([]);
    expectRefused(await removeFault(fault.fault_id), 404, /fault .* does not exist/);
  });
});

describe("the real service's heavy-list limit", () => {
  /**
   * Six invoice-list calls of one user at once. A latency fault holds every call that gets past
   * the limit (in flight until the fault is removed), so which calls are in flight does not
   * depend on timing; removing the fault lets the held ones finish.
   */
  async function sixAtOnce(expectedHeld: number): Promise<number[]> {
    const hold = await added({ method: 'GET', path: '/invoices/list/*', latency_ms: 600_000 });
    const settled: number[] = [];
    const calls = Array.from({ length: 6 }, () => send('GET', '/invoices/list/').then((answer) => (settled.push(answer.status), answer)));
    await firedAtLeast(hold.fault_id, expectedHeld);
    // Every call that is not held has its answer before the held ones are let go.
    while (settled.length < 6 - expectedHeld) await new Promise((resolve) => setTimeout(resolve, 10));
    await removeFault(hold.fault_id);
    const answers = await Promise.all(calls);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(answer.body).toMatchObject({ is_error: true, http_code: 429, data: null });
      expect(answer.body.messages[0]).toMatch(/heavy list requests .* in flight/);
    }
    return answers.map((a) => a.status).sort();
  }

  it('is off by default: six at once all pass', async () => {
    expect((await demo.h.control<{ heavy_list_limit: unknown }>('GET', '/settings')).body.data.heavy_list_limit).toEqual({ enabled: false, max_concurrent: 2 });
    expect(await sixAtOnce(6)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('when on, answers 429 to calls beyond max_concurrent in flight, and the log marks them', async () => {
    const on = await demo.h.control('PATCH', '/settings', { heavy_list_limit: { enabled: true } });
    expect(on.body.data).toMatchObject({ heavy_list_limit: { enabled: true, max_concurrent: 2 } });
    expect(await sixAtOnce(2)).toEqual([200, 200, 429, 429, 429, 429]);
    const log = await logOf('/invoices/list/', 6);
    expect(log.filter((line) => line.status === 429).map((line) => line.fault)).toEqual(Array(4).fill('heavy_list_limit'));
    // One at a time (the client's habit) always passes, the answer cache's repeats included.
    for (let i = 0; i < 4; i++) expect((await send('GET', '/invoices/list/')).status).toBe(200);
    expectRefused(await demo.h.control('PATCH', '/settings', { heavy_list_limit: { max_concurrent: 0 } }), 400, /heavy_list_limit\.max_concurrent/);
    await demo.h.control('PATCH', '/settings', { heavy_list_limit: { enabled: false } });
  });
});
