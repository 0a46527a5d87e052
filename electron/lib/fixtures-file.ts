import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { FixturesDocument } from '../../shared/contract/fixtures.ts';
import { checkFixtures, FixturesTextError, parseFixturesText } from '../core/domains/fixtures/text.ts';

/** A fixtures file that cannot be read, parsed or validated: every problem, each with its place. */
export class FixturesFileError extends Error {
  override name = 'FixturesFileError';
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join('; ')}`);
  }
}

/** Files bigger than this are refused before they are read (a fixtures file is hand-written). */
const MAX_BYTES = 50 * 1024 * 1024;

/**
 * Reads a fixtures file (docs/fixtures.md): JSON (.json) or YAML (.yaml, .yml; any other name is
 * tried as JSON, then as YAML), checked against the fixtures schema, defaults filled. Throws a
 * FixturesFileError naming the file and each problem's place: the line and column of a syntax
 * error, the path and line of a field (`accounts[0].products[3].price: must be number (line 14)`).
 * What the file names in the accounts (connectors, workpoints ...) is checked when it is applied.
 */
export async function readFixturesFile(file: string): Promise<FixturesDocument> {
  let text: string;
  try {
    const buffer = await readFile(file);
    if (buffer.length > MAX_BYTES) throw new FixturesFileError(file, [`larger than ${MAX_BYTES / 1024 / 1024} MiB`]);
    text = buffer.toString('utf8');
  } catch (error) {
    if (error instanceof FixturesFileError) throw error;
    throw new FixturesFileError(file, [`cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`]);
  }
  try {
    return checkFixtures(parseByName(file, text), text);
  } catch (error) {
    if (error instanceof FixturesTextError) throw new FixturesFileError(file, error.problems);
    throw error;
  }
}

function parseByName(file: string, text: string): unknown {
  const extension = extname(file).toLowerCase();
  if (extension === '.json') return parseFixturesText(text, 'json');
  if (extension === '.yaml' || extension === '.yml') return parseFixturesText(text, 'yaml');
  try {
    return parseFixturesText(text, 'json');
  } catch {
    return parseFixturesText(text, 'yaml');
  }
}
