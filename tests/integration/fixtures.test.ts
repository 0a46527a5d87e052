import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fixturesJsonSchema, FIXTURES_SCHEMA_FILE } from '../../scripts/fixtures-schema.ts';
import { FixturesFileError, readFixturesFile } from '../../electron/lib/fixtures-file.ts';
import type { FixturesResult } from '../../shared/contract/fixtures.ts';
import { startHarness, withWritableDb, type Harness } from './harness.ts';

// Fixtures as a CI job declares them: the example file of docs/fixtures.md, applied through the
// control API and then seen through the REST API as a partner sees the data.
const ROOT = join(import.meta.dirname, '../..');
const EXAMPLE = join(ROOT, 'examples/fixtures.yaml');
const dir = mkdtempSync(join(tmpdir(), 'erpwb-fixtures-'));
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const example = () => parse(readFileSync(EXAMPLE, 'utf8'), { merge: true }) as Record<string, unknown>;
const counts = () =>
  withWritableDb(h, (db) =>
    Object.fromEntries(['api_users', 'products', 'stock', 'contacts', 'contact_addresses', 'connector_orders', 'sales', 'proformas'].map((t) => [t, db.prepare(`SELECT count(*) FROM ${t}`).pluck().get()])),
  );

describe('fixtures', () => {
  it('the published JSON Schema is the one that validates (npm run docs:fixtures-schema)', () => {
    expect(JSON.parse(readFileSync(FIXTURES_SCHEMA_FILE, 'utf8'))).toEqual(fixturesJsonSchema());
  });

  it('applies the example: users log in, products, the contact and the order appear in the REST API', async () => {
    const applied = await h.control<FixturesResult>('POST', '/fixtures', example());
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const [account] = applied.body.data.accounts;
    expect(account).toMatchObject({
      company_id: 1,
      api_users: { created: [{ username: 'shop-ci' }, { username: 'shop-orders' }], existed: [] },
      connectors: { updated: [1] },
      products: { created: ['CI-CAFEA-500', 'CI-CANA-TURTIT'], existed: [] },
      contacts: { created: ['Ștefănescu Distribuție SRL'], existed: [] },
      orders: { created: [{ connector_id: 1, order_unique_id: 'CI-1001', SERVICE_order_id: expect.any(Number) }], existed: [] },
    });
    // Declared passwords are not echoed.
    expect(JSON.stringify(account!.api_users)).not.toMatch(/password/);
    const shop: [string, string] = ['shop-ci', 'ci-password-0123456789'];
    const products = await h.rest<Array<{ cod_produs: string; product_name: string; stoc_global: number }>>('GET', '/1/product/list/', shop);
    expect(products.status).toBe(200);
    const all = [];
    for (let page = 1; page < 50; page++) {
      const answer = await h.rest<Array<{ cod_produs: string; product_name: string; stoc_global: number }>>('GET', `/1/product/list/page:${page}/`, shop);
      all.push(...answer.body.data);
      if (!(answer.body as unknown as { has_more_pages: boolean }).has_more_pages) break;
    }
    expect(all.find((p) => p.cod_produs === 'CI-CAFEA-500')).toMatchObject({ product_name: 'Cafea boabe Brâncuși 500 g' });
    const contacts = await h.rest<Array<{ name: string; vat_id: string; client_code: string }>>('GET', '/1/contacts/list/', shop);
    expect(contacts.status).toBe(200);
    // The connector user sees the order on its connector's list, with the proforma bank_transfer gets.
    const orders = await h.rest<Array<Record<string, unknown>>>('GET', '/1/connector/1/order/list/', ['shop-orders', 'orders-password-0123456789']);
    expect(orders.status).toBe(200);
    expect(JSON.stringify(orders.body.data)).toContain('CI-1001');
    // The product is in connector 1's feed.
    const feed = await h.rest<Array<{ cod_produs: string }>>('GET', '/1/connector/1/products/', ['shop-orders', 'orders-password-0123456789']);
    expect(JSON.stringify(feed.body.data)).toContain('CI-CAFEA-500');
  });

  it('applied again changes nothing and says what existed', async () => {
    const before = counts();
    const again = await h.control<FixturesResult>('POST', '/fixtures', example());
    expect(again.status).toBe(200);
    expect(again.body.data.accounts[0]).toMatchObject({
      api_users: { created: [], existed: ['shop-ci', 'shop-orders'] },
      connectors: { updated: [], unchanged: [1] },
      products: { created: [], existed: ['CI-CAFEA-500', 'CI-CANA-TURTIT'] },
      contacts: { created: [], existed: ['Ștefănescu Distribuție SRL'] },
      orders: { created: [], existed: [{ connector_id: 1, order_unique_id: 'CI-1001' }] },
    });
    expect(counts()).toEqual(before);
  });

  it('a bad document is refused with the place of each problem, and nothing of it is written', async () => {
    const before = counts();
    const schemaError = await h.control('POST', '/fixtures', { accounts: [{ company_id: 1, products: [{ code: 'X-1', name: 'Ok', price: 1, vat: 21 }, { code: 'X-2', name: 'Bad', price: 'ten', vat: 21 }] }] });
    expect(schemaError.status).toBe(400);
    expect(schemaError.body.messages.join('\n')).toMatch(/accounts\[0\]\.products\[1\]\.price/);
    const unknownConnector = await h.control('POST', '/fixtures', { accounts: [{ company_id: 1, products: [{ code: 'X-3', name: 'Fine', price: 1, vat: 21 }], orders: [{ connector_id: 99, order: { order_unique_id: 'Z' } }] }] });
    expect(unknownConnector.status).toBe(400);
    expect(unknownConnector.body.messages[0]).toMatch(/accounts\[0\]\.orders\[0\]\.connector_id: connector 99 does not exist in account 1/);
    // An order the import refuses rolls back the products declared before it.
    const refusedOrder = await h.control('POST', '/fixtures', { accounts: [{ company_id: 1, products: [{ code: 'X-4', name: 'Rolled back', price: 1, vat: 21 }], orders: [{ connector_id: 1, order: { order_unique_id: 'BAD-1', items: [] } }] }] });
    expect(refusedOrder.status).toBe(400);
    expect(refusedOrder.body.messages.join('\n')).toMatch(/accounts\[0\]\.orders\[0\]\.order: /);
    const noAccount = await h.control('POST', '/fixtures', { accounts: [{ company_id: 42 }] });
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.messages[0]).toMatch(/accounts\[0\]\.company_id: account 42 does not exist/);
    const twice = await h.control('POST', '/fixtures', { accounts: [{ company_id: 1, api_users: [{ username: 'dup-user' }, { username: 'dup-user' }] }] });
    expect(twice.status).toBe(400);
    expect(twice.body.messages[0]).toMatch(/api_users\[1\]\.username: 'dup-user' is declared twice/);
    expect(counts()).toEqual(before);
  });

  it('a generated password is answered once; the schema is served', async () => {
    const made = await h.control<FixturesResult>('POST', '/fixtures', { accounts: [{ company_id: 1, api_users: [{ username: 'generated-user', methods: ['GET'] }] }] });
    const password = made.body.data.accounts[0]!.api_users.created[0]!.password!;
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect((await h.rest('GET', '/1/sales/list/', ['generated-user', password])).status).toBe(200);
    const schema = await h.control<{ properties: { accounts: unknown } }>('GET', '/fixtures/schema');
    expect(schema.body.data.properties.accounts).toBeDefined();
  });
});

describe('readFixturesFile', () => {
  const write = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const problems = async (file: string) => {
    const error = await readFixturesFile(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FixturesFileError);
    return (error as FixturesFileError).problems.join('\n');
  };

  it('reads the example YAML (anchors and merge keys) and the same as JSON', async () => {
    const fromYaml = await readFixturesFile(EXAMPLE);
    const fromJson = await readFixturesFile(write('same.json', JSON.stringify(example())));
    expect(fromJson).toEqual(fromYaml);
    expect(fromYaml.accounts[0]!.orders![0]!.order).toMatchObject({ client: { delivery_address: { city: 'Iași', shipping_contact_name: 'Ana Ștefănescu' } } });
  });

  it('names the place of every problem: syntax by line, fields by path, the file by name', async () => {
    expect(await problems(write('bad.yaml', 'accounts:\n  - company_id: 1\n    products: [\n'))).toMatch(/not valid YAML: line \d+, column \d+/);
    expect(await problems(write('bad.json', '{"accounts": [}'))).toMatch(/not valid JSON/);
    expect(await problems(write('fields.yaml', 'accounts:\n  - company_id: 1\n    products:\n      - code: A\n        name: B\n        price: -1\n        vat: 21\n        colour: red\n'))).toMatch(
      /accounts\[0\]\.products\[0\]\.price[\s\S]*accounts\[0\]\.products\[0\]\.colour: unknown field|accounts\[0\]\.products\[0\]\.colour: unknown field[\s\S]*price/,
    );
    expect(await problems(write('twice.yaml', 'accounts: []\naccounts: []\n'))).toMatch(/not valid YAML/);
    expect(await problems(join(dir, 'missing.yaml'))).toMatch(/cannot read it \(ENOENT\)/);
  });
});
