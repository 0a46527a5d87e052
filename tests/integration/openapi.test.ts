import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRestRoutes, REST_PREFIX } from '../../electron/server/public/index.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let doc: { openapi: string; paths: Record<string, Record<string, { parameters: unknown[]; responses: Record<string, unknown> }>> };
beforeAll(async () => {
  h = await startHarness({ seed: 'empty' });
  const response = await fetch(`${h.url}${REST_PREFIX}/openapi.json`);
  expect(response.status).toBe(200);
  doc = (await response.json()) as typeof doc;
});
afterAll(() => h.close());

/** 'GET /app/rest/v1/:company_id/sales/list/*' -> 'GET /app/rest/v1/{company_id}/sales/list/' */
function normalise(method: string, url: string): string {
  const path = url.replace(/\/\*$/, '').replace(/:(\w+)/g, '{$1}').replace(/\/?$/, '/');
  return `${method} ${path}`;
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1, public (no credentials needed)', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('lists every route the server registers, and nothing it does not', () => {
    const registered = registeredRestRoutes.get(h.server.app.server)!;
    const served = new Set(
      registered
        .filter((r) => r.method !== 'HEAD' && r.url.includes('{') === false && r.url.startsWith(`${REST_PREFIX}/:company_id/`))
        .map((r) => normalise(r.method, r.url)),
    );
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    expect(served.size).toBeGreaterThan(0);
    expect([...served].sort()).toEqual([...documented].sort());
  });

  it('describes the path-segment filters and the envelope of each list', () => {
    const list = doc.paths[`${REST_PREFIX}/{company_id}/sales/list/`]!.get as unknown as {
      description: string;
      'x-path-filters': Array<{ key: string; expects: string }>;
      responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }>;
    };
    expect(list['x-path-filters'].map((f) => f.key)).toEqual(expect.arrayContaining(['year', 'modifiedafter', 'include', 'exclude', 'page']));
    expect(list.description).toMatch(/\| `modifiedafter` \| a timestamp YYYY-MM-DD HH:MM:SS/);
    const ok = list.responses['200']!.content['application/json']!.schema;
    expect(Object.keys(ok.properties)).toEqual(
      expect.arrayContaining(['is_error', 'data', 'page', 'has_more_pages', 'data_count', 'data_next_page_exists', 'data_next_page']),
    );
    expect(list.responses['401']).toBeDefined();
    expect(list.responses['400']).toBeDefined();
  });

  it('shows the paging keys of every list, BOCP_order_id in the connector order answers and the marketplace answer as served', () => {
    type Op = { 'x-page-size'?: number; responses: Record<string, { content: Record<string, { schema: { properties: Record<string, any>; required?: string[] } }> }> };
    const okOf = (path: string, method = 'get') =>
      (doc.paths[`${REST_PREFIX}/{company_id}${path}`]![method] as unknown as Op).responses['200']!.content['application/json']!.schema;
    const lists = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.values(ops).filter((op) => (op as unknown as Op)['x-page-size'] !== undefined).map((op) => [path, op as unknown as Op] as const),
    );
    expect(lists.length).toBeGreaterThan(10);
    for (const [path, op] of lists) {
      const schema = op.responses['200']!.content['application/json']!.schema;
      expect(Object.keys(schema.properties), path).toEqual(expect.arrayContaining(['page', 'data_count', 'data_next_page_exists', 'data_next_page']));
      expect(schema.required ?? [], path).not.toContain('data_next_page');
    }
    expect(Object.keys(okOf('/marketplace/orders/list/').properties)).toEqual(
      expect.arrayContaining(['data_next_page_exists', 'data_next_page_url', 'data_count', 'data_next_page']),
    );
    for (const method of ['post', 'put']) {
      const data = okOf('/connector/{connector_id}/order/{order_id}/', method).properties.data;
      expect(Object.keys(data.properties), method).toEqual(expect.arrayContaining(['SERVICE_order_id', 'BOCP_order_id']));
    }
  });
});

describe('OpenAPI document, formats', () => {
  it('documents the CSV and XML answers of the product list next to JSON', () => {
    const list = doc.paths[`${REST_PREFIX}/{company_id}/product/list/`]!.get as unknown as {
      responses: Record<string, { content: Record<string, unknown> }>;
    };
    expect(Object.keys(list.responses['200']!.content)).toEqual(['application/json', 'text/csv', 'application/xml']);
  });
});
