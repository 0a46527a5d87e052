import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { FixturesDocument } from '../../shared/contract/fixtures.ts';
import { isOperationError } from '../../shared/contract/errors.ts';
import { validate } from '../core/validate.ts';

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
 * Reads a fixtures file: JSON (.json) or YAML (.yaml, .yml; anything else is tried as JSON, then
 * YAML), checked against the fixtures schema. Errors name the file and the place: the line and
 * column of a syntax error, the path of a field (`accounts[0].products[3].price: ...`).
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
  const data = parseText(file, text);
  try {
    return validate(FixturesDocument, data, 'fixtures');
  } catch (error) {
    if (isOperationError(error)) throw new FixturesFileError(file, error.messages);
    throw error;
  }
}

function parseText(file: string, text: string): unknown {
  const extension = extname(file).toLowerCase();
  const yaml = extension === '.yaml' || extension === '.yml';
  if (!yaml) {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      if (extension === '.json') throw new FixturesFileError(file, [`not valid JSON: ${(error as Error).message}`]);
    }
  }
  try {
    // One document; anchors and merge keys (<<: *address) are read, custom tags are not.
    return parseYaml(text, { prettyErrors: true, uniqueKeys: true, merge: true, maxAliasCount: 1000 }) as unknown;
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const where = error.linePos?.[0] ? `line ${error.linePos[0].line}, column ${error.linePos[0].col}: ` : '';
      throw new FixturesFileError(file, [`not valid YAML: ${where}${error.message.split('\n')[0]}`]);
    }
    throw error;
  }
}
