import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { DriftReport } from '../../shared/domain/fidelity.ts';
import { compareHar, parseHar, type Answer, type TwinRequest } from '../../electron/core/domains/fidelity/index.ts';

// Offline drift (compare-har.ts): a small HAR, the twin as a function of the request (the
// boundary the control API's handler fills with the service's own answers).

interface Recorded {
  method?: string;
  url: string;
  status?: number;
  mimeType?: string;
  text?: string;
  base64?: boolean;
}

function entry({ method = 'GET', url, status = 200, mimeType = 'application/json', text, base64 }: Recorded) {
  return {
    startedDateTime: '2024-05-01T10:00:00.000Z',
    time: 12,
    request: { method, url, httpVersion: 'HTTP/1.1', headers: [], queryString: [], cookies: [], headersSize: -1, bodySize: 0 },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: [],
      cookies: [],
      content: {
        size: text?.length ?? 0,
        mimeType,
        ...(text === undefined ? {} : base64 ? { text: Buffer.from(text).toString('base64'), encoding: 'base64' } : { text }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 10, receive: 2 },
  };
}

const har = (entries: Recorded[]) => parseHar({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries: entries.map(entry) } });
const json = (value: unknown, status = 200): Answer => ({ status, contentType: 'application/json', body: Buffer.from(JSON.stringify(value)) });
const base = 'https://erp.example.ro/app/rest/v1/4242';
const NOW = '2024-05-01 13:00:00';

describe('compareHar', () => {
  it('compares the GETs by route, counts the rest as skipped, and the report validates', async () => {
    const asked: TwinRequest[] = [];
    const twin = async (request: TwinRequest): Promise<Answer> => {
      asked.push(request);
      if (request.pathBelowAccount.startsWith('/sales/list/')) return json({ status: 'success', data: [{ id: 1, total: '12.50', client: 'Ana' }] });
      if (request.pathBelowAccount === '/contacts/77/') return json({ status: 'error' }, 404);
      if (request.pathBelowAccount === '/invoices/list/year:2024/') return json({ status: 'error' }, 400);
      return { status: 200, contentType: 'text/csv', body: Buffer.from('id;name\n1;Ana\n') };
    };
    const report = await compareHar(
      7,
      har([
        { url: `${base}/sales/list/year:2024/page:1/`, text: JSON.stringify({ status: 'success', data: [{ id: 5, total: 12.5, client_name: 'Ion' }] }) },
        { url: `${base}/sales/list/page:2/year:2024/?debug=1`, text: JSON.stringify({ status: 'success', data: [] }), base64: true },
        { url: `${base}/contacts/77/`, text: JSON.stringify({ status: 'success', data: { id: 77 } }) },
        { url: `${base}/invoices/list/year:2024/`, text: JSON.stringify({ status: 'success', data: [] }) },
        { url: `${base}/product/list/format:csv/`, mimeType: 'text/csv', text: 'id;name\n9;Pix\n' },
        { url: `${base}/sales/list/year:2023/`, status: 304 },
        { url: `${base}/sales/list/year:2022/`, status: 0 },
        { method: 'POST', url: `${base}/awb/add/`, text: '{}' },
        { url: 'https://erp.example.ro/static/app.js', mimeType: 'text/javascript', text: 'x()' },
      ]),
      twin,
      NOW,
    );
    expect(Value.Check(DriftReport, report), JSON.stringify([...Value.Errors(DriftReport, report)])).toBe(true);
    expect(asked).toContainEqual({ method: 'GET', pathBelowAccount: '/sales/list/page:2/year:2024/', query: '?debug=1' });
    expect(asked).toHaveLength(5);
    expect(report).toMatchObject({ company_id: 7, source: 'har', generated_at: NOW, calls: 9, compared: 3 });
    expect(report.skipped).toEqual([
      { reason: 'not a GET', calls: 1 },
      { reason: 'not a REST API call', calls: 1 },
      { reason: 'the answer is not JSON', calls: 1 },
      { reason: 'the record exists only upstream', calls: 1 },
      { reason: 'the recorded answer has no body', calls: 1 },
      { reason: 'the request got no answer', calls: 1 },
    ]);
    expect(report.routes.map((r) => [r.template, r.calls, r.compared])).toEqual([
      ['GET /contacts/{id}/', 1, 0],
      ['GET /invoices/list/year:{}/', 1, 1],
      ['GET /product/list/format:csv/', 1, 0],
      ['GET /sales/list/page:{}/year:{}/', 2, 2],
      ['GET /sales/list/year:{}/', 2, 0],
    ]);
    const sales = report.routes.find((r) => r.template === 'GET /sales/list/page:{}/year:{}/')!;
    expect(sales.differences).toEqual([
      {
        kind: 'only_twin', path: 'data[].client', upstream: '', twin: 'string (text)', calls: 1,
        example_request: '/sales/list/year:2024/page:1/', upstream_example: null, twin_example: 'Xxx',
      },
      {
        kind: 'only_upstream', path: 'data[].client_name', upstream: 'string (text)', twin: '', calls: 1,
        example_request: '/sales/list/year:2024/page:1/', upstream_example: 'Xxx', twin_example: null,
      },
      {
        kind: 'type', path: 'data[].total', upstream: 'number', twin: 'string (numeric 9.99)', calls: 1,
        example_request: '/sales/list/year:2024/page:1/', upstream_example: '99.9', twin_example: '99.99',
      },
    ]);
    const invoices = report.routes.find((r) => r.template === 'GET /invoices/list/year:{}/')!;
    expect(invoices.differences).toEqual([
      { kind: 'status', path: '', upstream: '200', twin: '400', calls: 1, example_request: '/invoices/list/year:2024/', upstream_example: null, twin_example: null },
    ]);
    expect(report.differences).toBe(4);
    // Redacted: no recorded or twin value appears in the report.
    for (const value of ['Ion', 'Ana', '12.5', 'Pix']) expect(JSON.stringify(report)).not.toContain(value);
  });

  it('skips a record only one side has (an id path answered 404 on one side), reports a list\'s status', async () => {
    const twin = async ({ pathBelowAccount }: TwinRequest) =>
      pathBelowAccount.startsWith('/product/') ? json({ status: 'success', data: { id: 5 } }) : json({ status: 'success', data: [] });
    const report = await compareHar(
      1,
      har([
        { url: `${base}/product/5/`, status: 404, text: JSON.stringify({ status: 'error' }) },
        { url: `${base}/marketplace/orders/list/page:9/`, status: 404, text: JSON.stringify({ status: 'error' }) },
      ]),
      twin,
      NOW,
    );
    expect(report.skipped).toEqual([{ reason: 'the record exists only in the twin', calls: 1 }]);
    expect(report.routes.flatMap((route) => route.differences.map((d) => [route.template, d.kind, d.upstream, d.twin]))).toEqual([
      ['GET /marketplace/orders/list/page:{}/', 'status', '404', '200'],
    ]);
  });

  it('reports what one call showed even when the other calls of the route hide it in the merged shapes', async () => {
    const full = { status: 'success', data: [{ id: 1, name: 'Ana' }] };
    const twin = async ({ pathBelowAccount }: TwinRequest) => json(pathBelowAccount.includes('page:1') ? full : { status: 'success', data: [] });
    const report = await compareHar(
      1,
      har([
        { url: `${base}/contacts/list/page:1/`, text: JSON.stringify(full) },
        { url: `${base}/contacts/list/page:2/`, text: JSON.stringify({ status: 'success', data: {} }) },
      ]),
      twin,
      NOW,
    );
    expect(report.routes[0]!.differences).toEqual([
      { kind: 'type', path: 'data', upstream: 'object', twin: 'array', calls: 1, example_request: '/contacts/list/page:2/', upstream_example: null, twin_example: null },
    ]);
  });

  it('keeps at most 500 routes (the calls of any further route are counted, the twin is not asked)', async () => {
    let asked = 0;
    const entries = Array.from({ length: 502 }, (_, i) => ({ url: `${base}/area${i}/list/`, text: '{"ok":1}' }));
    const twin = async () => {
      asked += 1;
      return json({ ok: 2 });
    };
    const report = await compareHar(1, har(entries), twin, NOW);
    expect(report.routes).toHaveLength(500);
    expect(asked).toBe(500);
    expect(report).toMatchObject({ calls: 502, compared: 500, skipped: [{ reason: 'too many routes', calls: 2 }], differences: 0 });
  });

  it('answers an empty report for a HAR without entries', async () => {
    const report = await compareHar(1, har([]), async () => json({}), NOW);
    expect(report).toEqual({ company_id: 1, source: 'har', generated_at: NOW, calls: 0, compared: 0, skipped: [], differences: 0, routes: [] });
  });
});
