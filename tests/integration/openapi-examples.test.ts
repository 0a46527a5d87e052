import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

// Every operation of the served OpenAPI document carries a request example (when it takes a body)
// and an answer example, recorded on the demo data (npm run docs:openapi-examples), and each one
// is valid against the schema next to it.
interface MediaType {
  schema?: TSchema;
  example?: unknown;
}
interface Operation {
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}

let h: Harness;
let operations: Array<[string, Operation]>;
beforeAll(async () => {
  h = await startHarness();
  const doc = (await (await fetch(`${h.url}/app/rest/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]));
});
afterAll(() => h.close());

/** Problems of `value` against a JSON Schema, as 'path: message' lines. */
function problems(schema: TSchema, value: unknown): string[] {
  const validator = Compile(schema);
  return validator.Check(value) ? [] : [...validator.Errors(value)].slice(0, 5).map((e) => `${e.instancePath || '/'}: ${e.message}`);
}

describe('OpenAPI examples', () => {
  it('covers every operation: a request example where a body is taken, an answer example always', () => {
    expect(operations.length).toBeGreaterThanOrEqual(50);
    const missing: string[] = [];
    for (const [name, op] of operations) {
      if (op.requestBody && !Object.values(op.requestBody.content).some((m) => m.example !== undefined)) missing.push(`${name}: request`);
      const answered = Object.values(op.responses).some((r) => Object.values(r.content ?? {}).some((m) => m.example !== undefined));
      if (!answered) missing.push(`${name}: answer`);
    }
    expect(missing).toEqual([]);
  });

  it('every JSON example is valid against its schema (a full connector order among them)', () => {
    const invalid: string[] = [];
    let checked = 0;
    for (const [name, op] of operations) {
      const media = [
        ...Object.entries(op.requestBody?.content ?? {}).map(([type, m]) => [`${name} request (${type})`, type, m] as const),
        ...Object.entries(op.responses).flatMap(([status, r]) => Object.entries(r.content ?? {}).map(([type, m]) => [`${name} ${status}`, type, m] as const)),
      ];
      for (const [label, type, m] of media) {
        if (m.example === undefined || !m.schema || type !== 'application/json') continue;
        checked++;
        const found = problems(m.schema, m.example);
        if (found.length) invalid.push(`${label}: ${found.join('; ')}`);
      }
    }
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(55);
    const order = operations.find(([name]) => name === 'POST /app/rest/v1/{company_id}/connector/{connector_id}/order/{order_id}/')![1];
    expect(order.requestBody!.content['application/json']!.example).toMatchObject({
      order_unique_id: expect.any(String),
      client: { invoice_address: expect.any(Object), delivery_address: expect.any(Object) },
      items: expect.arrayContaining([expect.objectContaining({ type: 'product' }), expect.objectContaining({ type: 'service', code: 'SHIPPING' })]),
      payments: [expect.objectContaining({ payment_status: 'confirmed' })],
    });
  });
});
