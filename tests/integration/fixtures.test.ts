import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturesFile } from '../../electron/lib/fixtures-file.ts';
import type { FixturesResult } from '../../shared/contract/fixtures.ts';
import { ADMIN_TOKEN, startHarness, withWritableDb, type Answer, type Envelope, type Harness } from './harness.ts';

// Fixtures as a CI job declares them, over the real listener: the example of docs/fixtures.md
// sent as YAML text, a second account's JSON file, both seen through the REST API as a partner
// sees the data; applied again (nothing new), with other values (nothing changes, the
// differences are said) and broken (a 400 naming the place, nothing written).
const ROOT = join(import.meta.dirname, '../..');
const EXAMPLE = join(ROOT, 'examples/fixtures.yaml');
const SECOND = join(ROOT, 'tests/fixtures/second-account.json');
const CHANGED = join(ROOT, 'tests/fixtures/changed-values.yaml');
const BAD = join(ROOT, 'tests/fixtures/bad.yaml');

type Row = Record<string, unknown>;
const SHOP: [string, string] = ['shop-ci', 'ci-password-0123456789'];
const SHOP_ORDERS: [string, string] = ['shop-orders', 'orders-password-0123456789'];
const SECOND_READER: [string, string] = ['second-reader', 'second-password-0123456789'];

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // The JSON file declares account 2: the first account made after the demo.
  const made = await h.control<{ company_id: number }>('POST', '/accounts', { seed: 'empty', name: 'CI Second SRL' });
  expect(made.body.data.company_id).toBe(2);
});
afterAll(async () => {
  await h.close();
});

/** POST /_sandbox/fixtures with a file's text as it is, YAML. */
async function postYaml(file: string): Promise<Answer<FixturesResult>> {
  const response = await fetch(`${h.url}/_sandbox/fixtures`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/yaml' },
    body: readFileSync(file, 'utf8'),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Envelope<FixturesResult> };
}

/** POST /_sandbox/fixtures with a file read by the loader serve --fixtures uses, as JSON. */
async function postFile(file: string): Promise<Answer<FixturesResult>> {
  return h.control<FixturesResult>('POST', '/fixtures', await readFixturesFile(file));
}

/** Every row of a REST list, page after page. */
async function restAll(path: string, auth: [string, string]): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; page < 100; page++) {
    const answer = await h.rest<Row[]>('GET', `${path}page:${page}/`, auth);
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
    rows.push(...answer.body.data);
    if (!answer.body.has_more_pages) break;
  }
  return rows;
}

/** What a bad or repeated file must not change: row counts, and the connectors' rows as they are. */
const state = () =>
  withWritableDb(h, (db) => ({
    counts: Object.fromEntries(
      ['api_users', 'products', 'stock', 'connector_products', 'contacts', 'contact_addresses', 'connector_orders', 'sales', 'proformas', 'invoices', 'webhook_outbox'].map(
        (t) => [t, db.prepare(`SELECT count(*) FROM ${t}`).pluck().get()],
      ),
    ),
    connectors: db.prepare('SELECT * FROM connectors ORDER BY id').all(),
    products: db.prepare("SELECT cod_produs, product_name, pret_vanzare, last_changed_ts FROM products WHERE cod_produs LIKE 'CI-%' ORDER BY id").all(),
  }));

describe('fixtures', () => {
  it('applies the example as YAML text and the second account as a JSON file', async () => {
    const yaml = await postYaml(EXAMPLE);
    expect(yaml.status, JSON.stringify(yaml.body.messages)).toBe(200);
    const [first] = yaml.body.data.accounts;
    expect(first).toEqual({
      company_id: 1,
      api_users: { created: [{ username: 'shop-ci' }, { username: 'shop-orders' }], existed: [] },
      connectors: { updated: [1, 3], unchanged: [] },
      products: { created: ['CI-CAFEA-500', 'CI-CANA-TURTIT'], existed: [] },
      contacts: { created: ['Ștefănescu Distribuție SRL', 'Moara Veche Import SRL'], existed: [] },
      orders: {
        created: [
          { connector_id: 1, order_unique_id: 'CI-1001', SERVICE_order_id: expect.any(Number) },
          { connector_id: 3, order_unique_id: 'CI-1002', SERVICE_order_id: expect.any(Number) },
        ],
        existed: [],
      },
      differences: [],
    });
    const json = await postFile(SECOND);
    expect(json.status, JSON.stringify(json.body.messages)).toBe(200);
    expect(json.body.data.accounts[0]).toMatchObject({
      company_id: 2,
      api_users: { created: [{ username: 'second-reader' }] },
      products: { created: ['S2-CEAI-TEI', 'S2-TERMOS'] },
      contacts: { created: ['Ionescu Maria', 'Ceainăria Veche SRL'] },
    });
  });

  it('the declared users log in and list the declared products and contacts', async () => {
    const [coffee] = (await h.rest<Row[]>('GET', '/1/product/list/code:CI-CAFEA-500/', SHOP)).body.data;
    expect(coffee).toMatchObject({ cod_produs: 'CI-CAFEA-500', product_name: 'Cafea boabe Brâncuși 500 g', pret_vanzare: 42.5, cota_tva_vanzare: 11, barcode: '5940000000017' });
    // Published to connector 1: in its feed, which its bound user reads.
    const feed = await h.rest<Row[]>('GET', '/1/connector/1/products/code:CI-CAFEA-500/', SHOP_ORDERS);
    expect(feed.body.data.map((p) => p['cod_produs'])).toEqual(['CI-CAFEA-500']);

    const contacts = await restAll('/1/contacts/list/include:address/', SHOP);
    const client = contacts.find((c) => c['name'] === 'Ștefănescu Distribuție SRL');
    expect(client).toMatchObject({ vat_id: 'RO40123456', registration_nr: 'J40/1234/2019', is_company: 1, vat_payer: 1, client_code: expect.stringMatching(/^CL\d+$/) });
    const addresses = client!['addresses'] as Row[];
    // The invoice address is 'both' now: order CI-1002 delivers there too.
    expect(addresses.map((a) => [a['kind'], a['city'], a['is_main']])).toEqual([
      ['both', 'București', 1],
      ['delivery', 'Otopeni', 0],
    ]);
    // A supplier only is not a client: /contacts/list/ lists clients.
    expect(contacts.some((c) => c['name'] === 'Moara Veche Import SRL')).toBe(false);

    // The second account: its reader may GET only, and sees its own data.
    const products = await restAll('/2/product/list/', SECOND_READER);
    expect(products.map((p) => [p['cod_produs'], p['selling_currency_txt'] ?? p['selling_currency']])).toEqual([
      ['S2-CEAI-TEI', 'RON'],
      ['S2-TERMOS', 'EUR'],
    ]);
    expect(products.find((p) => p['cod_produs'] === 'S2-CEAI-TEI')).toMatchObject({ stoc_global: 40 });
    const second = await restAll('/2/contacts/list/include:address/', SECOND_READER);
    expect(second.map((c) => c['name'])).toEqual(['Ionescu Maria', 'Ceainăria Veche SRL']);
    expect((second[1]!['addresses'] as Row[]).map((a) => [a['kind'], a['city'], a['is_main']])).toEqual([
      ['invoice', 'Brașov', 1],
      ['delivery', 'Codlea', 0],
    ]);
    expect((await h.rest('GET', '/1/product/list/', SECOND_READER)).status).toBe(401);
  });

  it('the declared orders are in their connectors\' lists with what the import made of them', async () => {
    // Connector 1 reserves stock and gives a bank_transfer order its proforma.
    const one = (await restAll('/1/connector/1/order/list/', SHOP_ORDERS)).find((o) => o['order_unique_id'] === 'CI-1001');
    expect(one).toMatchObject({ order_status: 'processing', payment_method: 'bank_transfer', client_name: 'Ana Ștefănescu', sales_receipts: [] });
    const proformas = await restAll('/1/proformas/list/', SHOP);
    expect(proformas.some((p) => p['total'] === one!['document_value_with_vat'] && JSON.stringify(p).includes('Ana Ștefănescu'))).toBe(true);
    // Connector 3, switched on by the file, makes the sales receipt and the invoice of a paid order;
    // its client is the contact the file declared, found by its fiscal code.
    const three = (await restAll('/1/connector/3/order/list/', SHOP)).find((o) => o['order_unique_id'] === 'CI-1002');
    expect(three).toMatchObject({ paid_amount: 24.08, client_cui: 'RO40123456', client_name: 'Ștefănescu Distribuție SRL' });
    expect(three!['sales_receipts']).toEqual([expect.objectContaining({ doc_series: 'BVW', document_value_with_vat: 24.08, document_cancelled: 0 })]);
    expect(three!['invoices']).toEqual([expect.objectContaining({ seria: 'WEB', document_value_with_vat: 24.08 })]);
    const declared = withWritableDb(h, (db) => db.prepare("SELECT id FROM contacts WHERE company_id = 1 AND cui IN ('RO40123456', '40123456')").pluck().all());
    expect(declared).toEqual([three!['client_id']]);
    // The connector settings the file gave.
    const connector = await h.control<{ connector: Row }>('GET', '/accounts/1/connectors/3');
    expect(connector.body.data.connector).toMatchObject({ active: 1, order_event_notification_url: `${h.url}/_sandbox/inbox/ci-store` });
  });

  it('applied again: nothing new, every item existed, nothing changed', async () => {
    const before = state();
    const yaml = await postYaml(EXAMPLE);
    expect(yaml.status).toBe(200);
    expect(yaml.body.data.accounts[0]).toEqual({
      company_id: 1,
      api_users: { created: [], existed: ['shop-ci', 'shop-orders'] },
      connectors: { updated: [], unchanged: [1, 3] },
      products: { created: [], existed: ['CI-CAFEA-500', 'CI-CANA-TURTIT'] },
      contacts: { created: [], existed: ['Ștefănescu Distribuție SRL', 'Moara Veche Import SRL'] },
      orders: { created: [], existed: [{ connector_id: 1, order_unique_id: 'CI-1001' }, { connector_id: 3, order_unique_id: 'CI-1002' }] },
      differences: [],
    });
    const json = await postFile(SECOND);
    expect(json.body.data.accounts[0]).toMatchObject({ api_users: { created: [], existed: ['second-reader'] }, products: { created: [] }, contacts: { created: [] }, differences: [] });
    expect(state()).toEqual(before);
  });

  it('an item that exists with other values is left as it is, and the difference is said', async () => {
    const before = state();
    const changed = await postYaml(CHANGED);
    expect(changed.status, JSON.stringify(changed.body.messages)).toBe(200);
    const [account] = changed.body.data.accounts;
    expect(account!.products).toEqual({ created: [], existed: ['CI-CAFEA-500', 'CI-CANA-TURTIT'] });
    expect(account!.orders).toEqual({ created: [], existed: [{ connector_id: 1, order_unique_id: 'CI-1001' }] });
    expect(account!.differences).toEqual([
      'accounts[0].products[0] (CI-CAFEA-500) exists with other values, left as it is: price is 42.5, the file says 39.9',
      "accounts[0].products[1] (CI-CANA-TURTIT) exists with other values, left as it is: name is 'Cană ceramică „Țară”', the file says 'Cană ceramică „Țară” 300 ml'; it is not published to connector 1",
      "accounts[0].contacts[0] (Ștefănescu Distribuție SA) exists with other values, left as it is: name is 'Ștefănescu Distribuție SRL', the file says 'Ștefănescu Distribuție SA'",
      'accounts[0].api_users[0] (shop-ci) exists with other values, left as it is: its password is another',
      'accounts[0].api_users[1] (shop-orders) exists with other values, left as it is: connector_id is 1, the file says 3',
    ]);
    expect(state()).toEqual(before);
    // The old password still works; the price is the first file's.
    const [coffee] = (await h.rest<Row[]>('GET', '/1/product/list/code:CI-CAFEA-500/', SHOP)).body.data;
    expect(coffee).toMatchObject({ pret_vanzare: 42.5 });
  });

  it('a bad file is refused with the place of each problem, and nothing of it is written', async () => {
    const before = state();
    // YAML text: the schema's refusals with their lines.
    const yaml = await postYaml(BAD);
    expect(yaml.status).toBe(400);
    expect(yaml.body.messages).toEqual([
      'accounts[0].products[1].price: must be number (line 11)',
      'accounts[0].contacts[0].colour: unknown field (line 15)',
    ]);
    const syntax = await postYaml(join(ROOT, 'tests/fixtures/broken-syntax.yaml'));
    expect(syntax.status).toBe(400);
    expect(syntax.body.messages).toEqual(['not valid YAML: line 6, column 1: Flow map in block collection must be sufficiently indented and end with a }']);
    // Refusals the data finds before writing, all at once.
    const unknown = await h.control('POST', '/fixtures', {
      accounts: [
        {
          company_id: 1,
          api_users: [{ username: 'dup-user' }, { username: 'dup-user' }, { username: 'bad-ip', ip_whitelist: ['300.1.1.1'] }],
          products: [{ code: 'X-1', name: 'Old rate', price: 1, vat: 19 }, { code: 'X-2', name: 'Cents', price: 1.999, vat: 21, currency: 'GBP' }],
          contacts: [{ name: 'Nobody', client: false }],
          orders: [{ connector_id: 99, order: { order_unique_id: 'Z' } }],
        },
        { company_id: 42 },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.messages).toEqual([
      expect.stringMatching(/^accounts\[0\]\.products\[0\]\.vat: must be one of the Romanian VAT rates in force today \(.*\): 0, 11, 21 \(got 19\)$/),
      'accounts[0].products[1].price: at most 2 decimals',
      "accounts[0].products[1].currency: 'GBP' is not a currency of this account (EUR, RON, USD)",
      'accounts[0].contacts[0]: neither a client nor a supplier (client: false needs supplier: true)',
      'accounts[0].orders[0].connector_id: connector 99 does not exist in account 1',
      'accounts[1].company_id: account 42 does not exist (accounts.create makes one)',
      "accounts[0].api_users[1].username: 'dup-user' is declared twice (also api_users[0])",
      expect.stringMatching(/^accounts\[0\]\.api_users\[2\]\.ip_whitelist\[0\]: /),
    ]);
    // An order the import refuses (a date that is not one), written after a user, a product and a
    // connector's setting that are fine: all of it rolled back.
    const paid = (await readFixturesFile(EXAMPLE)).accounts[0]!.orders![1]!.order;
    const refused = await h.control('POST', '/fixtures', {
      accounts: [
        {
          company_id: 1,
          api_users: [{ username: 'rolled-back', password: 'rolled-back-0123456789' }],
          products: [{ code: 'CI-ROLLED-BACK', name: 'Rolled back', price: 1, vat: 21 }],
          connectors: [{ connector_id: 2, active: false }],
          orders: [{ connector_id: 3, order: { ...paid, order_unique_id: 'CI-BAD-1', order_date: '2026-02-30' } }],
        },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.messages).toEqual(["accounts[0].orders[0].order.order_date: '2026-02-30' is not a calendar date"]);
    expect(state()).toEqual(before);
    expect((await h.rest('GET', '/1/sales/list/', ['rolled-back', 'rolled-back-0123456789'])).status).toBe(401);
  });

  it('a generated password is answered once; lists read before show what a later file adds; YAML goes to the fixtures route only', async () => {
    const late = '/1/product/list/code:CI-LATE/';
    expect((await h.rest<Row[]>('GET', late, SHOP)).body.data).toEqual([]);
    const made = await h.control<FixturesResult>('POST', '/fixtures', {
      accounts: [{ company_id: 1, api_users: [{ username: 'generated-user', methods: ['GET'] }], products: [{ code: 'CI-LATE', name: 'Added later', price: 5, vat: 21 }] }],
    });
    expect((await h.rest<Row[]>('GET', late, SHOP)).body.data).toEqual([expect.objectContaining({ cod_produs: 'CI-LATE', stoc_global: 0 })]);
    const password = made.body.data.accounts[0]!.api_users.created[0]!.password!;
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect((await h.rest('GET', '/1/sales/list/', ['generated-user', password])).status).toBe(200);
    const elsewhere = await fetch(`${h.url}/_sandbox/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/yaml' },
      body: 'seed: empty\n',
    });
    expect(elsewhere.status).toBe(415);
    expect(((await elsewhere.json()) as Envelope).messages[0]).toMatch(/only POST \/_sandbox\/fixtures takes YAML/);
  });

  it('the JSON Schema is served, the same as docs/fixtures.schema.json', async () => {
    const schema = await h.control('GET', '/fixtures/schema');
    expect(schema.body.data).toEqual(JSON.parse(readFileSync(join(ROOT, 'docs/fixtures.schema.json'), 'utf8')));
  });
});
