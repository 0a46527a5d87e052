/**
 * npm run docs:fixtures-schema: writes docs/fixtures.schema.json, the JSON Schema of a fixtures
 * file, from the one TypeBox definition that also validates it (shared/contract/fixtures.ts).
 * tests/integration/fixtures.test.ts checks the committed file is current.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FixturesDocument } from '../shared/contract/fixtures.ts';

/** The document as published: the draft it follows first, then the schema itself. */
export function fixturesJsonSchema(): Record<string, unknown> {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...(JSON.parse(JSON.stringify(FixturesDocument)) as Record<string, unknown>) };
}

export const FIXTURES_SCHEMA_FILE = join(import.meta.dirname, '../docs/fixtures.schema.json');

if (import.meta.filename === process.argv[1]) {
  writeFileSync(FIXTURES_SCHEMA_FILE, `${JSON.stringify(fixturesJsonSchema(), null, 2)}\n`);
  console.log(`written ${FIXTURES_SCHEMA_FILE}`);
}
