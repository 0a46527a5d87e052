import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTMAN_FILE } from '../../scripts/postman.ts';
import { startHarness, type Harness } from './harness.ts';

// docs/erp-workbench.postman_collection.json (npm run docs:postman) holds a request for every
// operation of the served OpenAPI document, with the variables a user fills in.
interface Item {
  name?: string;
  item?: Item[];
  request?: { method: string; url: { raw?: string; path?: string[] } };
  response?: unknown[];
}
const requests = (items: Item[]): Item[] => items.flatMap((item) => (item.item ? requests(item.item) : item.request ? [item] : []));

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('the Postman collection', () => {
  it('is a v2.1 collection with a request (and its saved examples) for every operation of the document', async () => {
    const collection = JSON.parse(readFileSync(POSTMAN_FILE, 'utf8')) as { info: { schema: string }; item: Item[]; variable: Array<{ key: string }> };
    expect(collection.info.schema).toMatch(/v2\.1\.0\/collection\.json$/);
    expect(collection.variable.map((v) => v.key)).toEqual(expect.arrayContaining(['baseUrl', 'company_id', 'username', 'password']));
    const doc = (await (await fetch(`${h.url}/app/rest/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    const listed = requests(collection.item).map((r) => `${r.request!.method} /${(r.request!.url.path ?? []).join('/')}`);
    const missing = operations.filter((op) => !listed.includes(op));
    expect(missing, 'stale: npm run docs:postman').toEqual([]);
    expect(listed.length).toBe(operations.length);
    expect(requests(collection.item).filter((r) => (r.response ?? []).length > 0).length).toBeGreaterThanOrEqual(operations.length - 2);
  });
});
