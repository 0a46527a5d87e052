import Type from 'typebox';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { describe, expect, it } from 'vitest';
import { lazySerializers, nullableAsTypeLists } from '../../electron/server/lazy-serializers.ts';

const Row = Type.Object({
  id: Type.Integer(),
  client_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the client' }),
  name: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  invoiced: Type.Union([Type.Object({ doc_nr: Type.Integer(), series: Type.String() }), Type.Null()]),
  status: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
  tags: Type.Array(Type.Union([Type.String(), Type.Null()])),
});
const Page = Type.Object({ data: Type.Array(Row) });

const rows = [
  { id: 1, client_id: 7, name: 'Ana', invoiced: { doc_nr: 3, series: 'F' }, status: 'open', tags: ['a', null] },
  { id: 2, client_id: null, name: null, invoiced: null, status: 'closed', tags: [] },
];

const route = { schema: Page, method: 'GET', url: '/x/', httpStatus: '200' };

describe('answer serializers compiled on first use', () => {
  it('reads "X or null" as a type list, keeps what goes with it, leaves other unions alone', () => {
    const read = nullableAsTypeLists(JSON.parse(JSON.stringify(Row))) as { properties: Record<string, unknown> };
    expect(read.properties.client_id).toEqual({ type: ['integer', 'null'], description: 'the client' });
    expect(read.properties.name).toEqual({ type: ['string', 'null'], minLength: 1 });
    expect(read.properties.invoiced).toMatchObject({ type: ['object', 'null'], required: ['doc_nr', 'series'] });
    expect(read.properties.status).toHaveProperty('anyOf');
    expect(read.properties.tags).toEqual({ type: 'array', items: { type: ['string', 'null'] } });
  });

  it('leaves the schema it is given as it was', () => {
    const before = JSON.stringify(Page);
    nullableAsTypeLists(Page);
    expect(JSON.stringify(Page)).toBe(before);
  });

  it('writes the same JSON as fastify’s own serializer compiled up front', () => {
    const eager = SerializerSelector()(undefined, undefined)(route);
    const lazy = lazySerializers(undefined, undefined)(route);
    const page = { data: rows };
    expect(lazy(page)).toBe(eager(page));
    expect(JSON.parse(lazy(page))).toEqual(page);
  });
});
