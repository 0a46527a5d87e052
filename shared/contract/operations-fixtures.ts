import Type from 'typebox';
import { op, Empty } from './operation-def.ts';
import { FixturesDocument, FixturesResult } from './fixtures.ts';

/** Declared data for a test run (docs/fixtures.md): the same file `serve --fixtures` applies. */
export const fixtureOperations = {
  'fixtures.apply': op({
    summary:
      'Apply a fixtures document: API users, connector settings, products, contacts and connector orders per account, idempotently ' +
      '(what exists is left and reported), all or nothing; a refusal names its place in the document',
    input: FixturesDocument,
    output: FixturesResult,
    http: { method: 'POST', path: '/fixtures' },
  }),
  'fixtures.schema': op({
    summary: 'The JSON Schema of a fixtures document (also docs/fixtures.schema.json)',
    input: Empty,
    output: Type.Unknown(),
    http: { method: 'GET', path: '/fixtures/schema' },
    // Fixed at build time: no table is read.
    reads: [],
  }),
};
