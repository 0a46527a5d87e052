import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FixturesFileError, readFixturesFile } from '../../electron/lib/fixtures-file.ts';
import { fixturesJsonSchema } from '../../shared/contract/fixtures.ts';
import { FIXTURES_SCHEMA_FILE } from '../../scripts/fixtures-schema.ts';

// The loader serve --fixtures and startWorkbench({ fixtures }) use: every way a file can be
// wrong, each answered with the file's name and the place in it.
const ROOT = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'erpwb-fixtures-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

/** The problems of a file the loader refuses. */
async function problems(file: string): Promise<string[]> {
  const error = await readFixturesFile(file).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(FixturesFileError);
  expect((error as FixturesFileError).file).toBe(file);
  expect((error as FixturesFileError).message.startsWith(`${file}: `)).toBe(true);
  return (error as FixturesFileError).problems;
}

const PRODUCTS_YAML = (price: string) => `accounts:\n  - company_id: 1\n    products:\n      - code: A\n        name: B\n        price: ${price}\n        vat: 21\n`;

describe('readFixturesFile', () => {
  it('reads the example (anchors and merge keys) and the test files; JSON and YAML of one document are one', async () => {
    const example = await readFixturesFile(join(ROOT, 'examples/fixtures.yaml'));
    expect(example.accounts[0]!.orders![0]!.order).toMatchObject({ client: { delivery_address: { city: 'Iași', shipping_contact_name: 'Ana Ștefănescu' } } });
    expect(await readFixturesFile(write('same.json', JSON.stringify(example)))).toEqual(example);
    // No extension: JSON first, then YAML.
    expect(await readFixturesFile(write('fixtures', readFileSync(join(ROOT, 'examples/fixtures.yaml'), 'utf8')))).toEqual(example);
    await expect(readFixturesFile(join(ROOT, 'tests/fixtures/second-account.json'))).resolves.toMatchObject({ accounts: [{ company_id: 2 }] });
    // Nothing the file leaves out is filled in: an existing item is compared with what it says.
    expect(example.accounts[0]!.products![0]).not.toHaveProperty('currency');
  });

  it('a syntax error: its line and column', async () => {
    expect(await problems(write('open.yaml', 'accounts:\n  - company_id: 1\n    products: [\n'))).toEqual([expect.stringMatching(/^not valid YAML: line \d+, column \d+: /)]);
    expect(await problems(write('tab.yaml', 'accounts:\n\t- company_id: 1\n'))).toEqual([expect.stringMatching(/^not valid YAML: line 2, column 1: /)]);
    expect(await problems(write('twice.yaml', 'accounts: []\naccounts: []\n'))).toEqual(['not valid YAML: line 2, column 1: Map keys must be unique']);
    expect(await problems(write('two.yaml', 'accounts: []\n---\naccounts: []\n'))).toEqual(['not valid YAML: line 2, column 1: holds more than one document (---); a fixtures file is one']);
    // Nested past the limit, in flow or block style: refused before the recursive parts see it.
    expect(await problems(write('deep.yaml', `accounts: ${'['.repeat(5000)}${']'.repeat(5000)}\n`))).toEqual(['not valid YAML: line 1, column 74: nested deeper than 64 levels (the limit)']);
    expect(await problems(write('deep-block.yaml', `accounts:\n${'- '.repeat(5000)}x\n`))).toEqual([expect.stringMatching(/^not valid YAML: line 2, column \d+: nested deeper than 64 levels/)]);
    expect(await problems(write('deep.json', `{"accounts": ${'['.repeat(5000)}${']'.repeat(5000)}}`))).toEqual(['fixtures: nested too deeply']);
    expect(await problems(write('alias.yaml', 'accounts: *nowhere\n'))).toEqual([expect.stringMatching(/^not valid YAML: /)]);
    expect(await problems(write('bad.json', '{"accounts": [}'))).toEqual([expect.stringMatching(/^not valid JSON: /)]);
    // A .json file is JSON only, even when YAML could read it.
    expect(await problems(write('yaml-in.json', 'accounts: []\n'))).toEqual([expect.stringMatching(/^not valid JSON: /)]);
  });

  it('fields the schema refuses: each by its path and line, all at once', async () => {
    expect(await problems(write('price.yaml', PRODUCTS_YAML('ten')))).toEqual(['accounts[0].products[0].price: must be number (line 6)']);
    expect(await problems(write('several.yaml', `${PRODUCTS_YAML('-1')}        colour: red\n  - company_id: 0\n`))).toEqual([
      'accounts[0].products[0].colour: unknown field (line 8)',
      'accounts[0].products[0].price: must be >= 0 (line 6)',
      'accounts[1].company_id: must be >= 1 (line 9)',
    ]);
    // A missing field is placed at its object's line.
    expect(await problems(write('missing.yaml', 'accounts:\n  - company_id: 1\n    contacts:\n      - email: a@b.ro\n'))).toEqual([
      'accounts[0].contacts[0].name: required field is missing (line 4)',
    ]);
    // JSON too: the lines of the file as it is written.
    const json = JSON.stringify({ accounts: [{ company_id: 1, api_users: [{ username: 'x' }] }] }, null, 2);
    expect(await problems(write('user.json', json))).toEqual([expect.stringMatching(/^accounts\[0\]\.api_users\[0\]\.username: .* \(line 7\)$/)]);
    expect(await problems(write('empty.yaml', ''))).toEqual(['accounts: required field is missing']);
    expect(await problems(write('list.yaml', '- company_id: 1\n'))).toEqual([expect.stringMatching(/^fixtures: must be object/)]);
    expect(await problems(write('none.json', '{"accounts": []}'))).toEqual(['accounts: must not have fewer than 1 items (line 1)']);
  });

  it('a file that cannot be read: why', async () => {
    expect(await problems(join(dir, 'absent.yaml'))).toEqual(['cannot read it (ENOENT)']);
    expect(await problems(dir)).toEqual(['cannot read it (EISDIR)']);
  });
});

describe('the fixtures docs', () => {
  it('docs/fixtures.schema.json is the schema that validates (npm run docs:fixtures-schema writes it)', () => {
    expect(JSON.parse(readFileSync(FIXTURES_SCHEMA_FILE, 'utf8'))).toEqual(fixturesJsonSchema());
  });

  it('docs/fixtures.md shows examples/fixtures.yaml as it is', () => {
    const example = readFileSync(join(ROOT, 'examples/fixtures.yaml'), 'utf8');
    expect(readFileSync(join(ROOT, 'docs/fixtures.md'), 'utf8')).toContain(`\`\`\`yaml\n${example}\`\`\``);
  });
});
