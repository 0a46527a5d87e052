import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTMAN_FILE, requestKey, requestsOf, type Collection } from '../../scripts/postman.ts';
import { startHarness, type Harness } from './harness.ts';

// docs/erp-workbench.postman_collection.json (npm run docs:postman) is current: a request for every
// operation of the served OpenAPI document and none other, each with the operation's example as
// its saved answer, and the variables a user fills in. (A cheap check: the conversion itself
// takes seconds, so the test compares what matters instead of converting again.)
interface Operation {
  'x-example-path': string;
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}
interface SavedResponse {
  code: number;
  body?: string;
  originalRequest: { url: { path: string[] } };
}

let h: Harness;
let doc: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  h = await startHarness({ seed: 'empty' });
  doc = (await (await fetch(`${h.url}/app/rest/v1/openapi.json`)).json()) as typeof doc;
});
afterAll(() => h.close());

const collection = JSON.parse(readFileSync(POSTMAN_FILE, 'utf8')) as Collection;
const STALE = 'stale: npm run docs:postman';

describe('the Postman collection', () => {
  it('is a v2.1 collection with the base URL, the account and basic auth as variables', () => {
    expect(collection.info.schema).toMatch(/v2\.1\.0\/collection\.json$/);
    expect(collection.variable?.map((v) => v.key)).toEqual(['baseUrl', 'company_id', 'username', 'password']);
    expect(collection.auth).toMatchObject({ type: 'basic', basic: expect.arrayContaining([expect.objectContaining({ value: '{{password}}' })]) });
    for (const request of requestsOf(collection.item)) {
      const url = request.request!.url as { host?: string[]; variable?: Array<{ key: string; value: string }> };
      expect(url.host).toEqual(['{{baseUrl}}']);
      expect(url.variable?.find((v) => v.key === 'company_id')?.value).toBe('{{company_id}}');
    }
  });

  it('holds a request for every operation of the document and no other', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const listed = requestsOf(collection.item).map((r) => requestKey(r.request!.method, r.request!.url.path ?? []));
    expect(listed.sort(), STALE).toEqual(operations.sort());
  });

  it('saves each operation\'s example as its answer, sent to the example\'s own path', () => {
    const examples = new Map<string, { status: number; example: unknown; path: string }>(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => {
          const [status, answer] = Object.entries(op.responses).find(([, r]) => Object.values(r.content ?? {}).some((m) => m.example !== undefined))!;
          const example = Object.values(answer.content!).find((m) => m.example !== undefined)!.example;
          return [`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, { status: Number(status), example, path: op['x-example-path'] }] as const;
        }),
      ),
    );
    const stale: string[] = [];
    for (const request of requestsOf(collection.item)) {
      const key = requestKey(request.request!.method, request.request!.url.path ?? []);
      const expected = examples.get(key)!;
      const saved = (request.response ?? []) as SavedResponse[];
      if (saved.length !== 1 || saved[0]!.code !== expected.status) {
        stale.push(`${key}: saved answers ${saved.map((r) => r.code).join(', ')}, the example's status ${expected.status}`);
        continue;
      }
      const body = saved[0]!.body ?? '';
      const same = typeof expected.example === 'string' ? body === expected.example : body !== '' && JSON.stringify(JSON.parse(body)) === JSON.stringify(expected.example);
      if (!same) stale.push(`${key}: the saved answer is not the document's example`);
      const sentTo = `/${saved[0]!.originalRequest.url.path.join('/').replace('{{company_id}}', '1')}`;
      if (sentTo !== expected.path) stale.push(`${key}: saved as sent to ${sentTo}, the example's path is ${expected.path}`);
    }
    expect(stale, STALE).toEqual([]);
  });
});
