/**
 * npm run docs:fixtures-schema: writes docs/fixtures.schema.json, the JSON Schema of a fixtures
 * file, from the one TypeBox definition that also validates it (shared/contract/fixtures.ts).
 * tests/unit/fixtures-file.test.ts checks the committed file is current.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixturesJsonSchema } from '../shared/contract/fixtures.ts';

export const FIXTURES_SCHEMA_FILE = join(import.meta.dirname, '../docs/fixtures.schema.json');

if (import.meta.filename === process.argv[1]) {
  writeFileSync(FIXTURES_SCHEMA_FILE, `${JSON.stringify(fixturesJsonSchema(), null, 2)}\n`);
  console.log(`written ${FIXTURES_SCHEMA_FILE}`);
}
