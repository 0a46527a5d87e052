import { fixturesJsonSchema } from '../../../shared/contract/fixtures.ts';
import type { fixtureOperations } from '../../../shared/contract/operations-fixtures.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { Fixtures } from '../domains/fixtures/index.ts';

/**
 * Declared data for a test run (shared/contract/operations-fixtures.ts): the same writes as the
 * operations and the order import, and the document's JSON Schema.
 */
export function createFixtureHandlers(deps: { fixtures: Pick<Fixtures, 'apply'> }): HandlersOf<keyof typeof fixtureOperations> {
  return {
    'fixtures.apply': (doc) => deps.fixtures.apply(doc),
    'fixtures.schema': () => fixturesJsonSchema(),
  };
}
