import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  documentHash,
  FILTER_TYPES_FILE,
  filterTypesModule,
  generatorInstalled,
  hashNamedIn,
  PATHS_FILE,
  pathsModule,
  servedDocument,
  type OpenApiDocument,
} from '../../scripts/rest-types.ts';

// The committed types of the typed REST client (npm run types:rest) are those of the document
// the service serves now. paths.ts names the document it was made from: comparing that is cheap
// and needs no generator; the full regeneration runs where the generator is installed.
let doc: OpenApiDocument;
beforeAll(async () => {
  doc = await servedDocument();
}, 60_000);

const STALE = 'stale: run npm run types:rest and commit shared/rest/';

describe('the typed REST client types', () => {
  it('paths.ts was made from the document served now', () => {
    expect(hashNamedIn(readFileSync(PATHS_FILE, 'utf8')), STALE).toBe(documentHash(doc));
  });

  it('path-filter-types.ts holds the filters of every route as the document declares them', () => {
    expect(readFileSync(FILTER_TYPES_FILE, 'utf8'), STALE).toBe(filterTypesModule(doc));
  });

  // Skipped where tools/openapi-types is not installed (npm run types:rest installs it); the hash above still checks.
  it.skipIf(!generatorInstalled())('paths.ts is what openapi-typescript makes of the document (needs tools/openapi-types installed)', () => {
    expect(readFileSync(PATHS_FILE, 'utf8') === pathsModule(doc), STALE).toBe(true);
  }, 60_000);
});
