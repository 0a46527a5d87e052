import { describe, expect, it } from 'vitest';
import { CONTACTS_PAGE_SIZE, type Contact } from '../../shared/domain/contacts.ts';
import { useDemo } from './harness.ts';
import { listClient, restGet } from './lists.ts';

/** A client marked deleted for these tests (the demo has none at scale 1). */
let deletedClient: number;
const OTHER_ACCOUNT_CONTACT = 999911;

const demo = useDemo({
  prepare(writable) {
    deletedClient = (writable.prepare('SELECT max(id) AS id FROM contacts WHERE company_id = 1 AND is_client = 1 AND is_company = 0').get() as { id: number }).id;
    writable.exec(`
      UPDATE contacts SET deleted = 1 WHERE id = ${deletedClient};
      INSERT INTO accounts (company_id, name, rest_enabled, created_ts) VALUES (2, 'Other SRL', 1, '2026-01-01 00:00:00');
      INSERT INTO pricelists (id, company_id, name, last_changed_ts) VALUES (999912, 2, 'Other pricelist', '2026-01-01 00:00:00');
      INSERT INTO contacts (id, company_id, name, is_client, pricelist_id, created_ts, lastupdated)
        VALUES (${OTHER_ACCOUNT_CONTACT}, 2, 'Other Client SRL', 1, 999912, '2026-01-01 00:00:00', '2099-01-01 00:00:00');
      INSERT INTO contact_addresses (company_id, contact_id, county, city, street) VALUES (2, ${OTHER_ACCOUNT_CONTACT}, 'Cluj', 'Cluj-Napoca', 'x');
    `);
  },
});

const LIVE_CLIENTS = 'company_id = 1 AND is_client = 1 AND deleted = 0';

const ids = (sql: string, ...params: unknown[]) =>
  (demo.db.prepare(sql).all(...params) as Array<{ id: number }>).map((row) => row.id);

const get = restGet(demo);
const { walk } = listClient<Contact>(demo, '/contacts/list/', { echoesPage: true, pageSize: CONTACTS_PAGE_SIZE });
const contactIds = async (filters: string) => (await walk(filters)).map((c) => c.contact_id);

/** The first contact of the account matching a condition on c (contact) and g (its group). */
function contactWhere(condition: string): number {
  const row = demo.db
    .prepare(
      `SELECT c.id FROM contacts c LEFT JOIN contact_groups g ON g.id = c.group_id
        WHERE c.company_id = 1 AND c.is_client = 1 AND c.deleted = 0 AND ${condition} ORDER BY c.id LIMIT 1`,
    )
    .get() as { id: number } | undefined;
  expect(row, condition).toBeDefined();
  return row!.id;
}
const pricelistName = (id: number) => (demo.db.prepare('SELECT name FROM pricelists WHERE id = ?').get(id) as { name: string }).name;
const groupPricelist = (contactId: number) =>
  (demo.db.prepare('SELECT g.pricelist_id AS id FROM contacts c JOIN contact_groups g ON g.id = c.group_id WHERE c.id = ?').get(contactId) as { id: number }).id;
const ownPricelist = (contactId: number) => (demo.db.prepare('SELECT pricelist_id AS id FROM contacts WHERE id = ?').get(contactId) as { id: number }).id;

describe('GET /contacts/list/', () => {
  it('pages through every live client of the account once, in id order (suppliers only and deleted left out)', async () => {
    const all = await contactIds('');
    expect(all).toEqual(ids(`SELECT id FROM contacts WHERE ${LIVE_CLIENTS} ORDER BY id`));
    expect(all.length).toBeGreaterThan(CONTACTS_PAGE_SIZE);
    expect(all).not.toContain(deletedClient);
    expect(all).not.toContain(OTHER_ACCOUNT_CONTACT);
    const suppliersOnly = ids('SELECT id FROM contacts WHERE company_id = 1 AND is_client = 0');
    expect(suppliersOnly.length).toBeGreaterThan(0);
    expect(all.some((id) => suppliersOnly.includes(id))).toBe(false);
    const past = await get<Contact[]>('/contacts/list/page:50/');
    expect(past.data).toEqual([]);
    expect(past.has_more_pages).toBe(false);
  });

  it('answers the documented fields of a contact, without the include blocks', async () => {
    const [first] = (await get<Contact[]>('/contacts/list/')).data;
    const row = demo.db.prepare('SELECT c.*, g.name AS group_name FROM contacts c LEFT JOIN contact_groups g ON g.id = c.group_id WHERE c.id = ?').get(first!.contact_id) as Record<string, unknown>;
    expect(first).toEqual({
      bocp_id: row.id,
      contact_id: row.id,
      name: row.name,
      vat_id: row.cui,
      client_code: row.client_code,
      registration_nr: row.reg_com,
      is_company: row.is_company,
      is_client: 1,
      is_supplier: row.is_supplier,
      vat_payer: row.vat_payer,
      representative: row.representative,
      email: row.email,
      phone: row.phone,
      group_id: row.group_id,
      group_name: row.group_name,
      deleted: 0,
      created_ts: row.created_ts,
      lastupdated: row.lastupdated,
    });
    expect(first!.lastupdated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('modifiedafter (strict, %20) and modifiedthrough (inclusive) act on lastupdated', async () => {
    const { ts } = demo.db.prepare(`SELECT lastupdated AS ts FROM contacts WHERE ${LIVE_CLIENTS} ORDER BY lastupdated LIMIT 1 OFFSET 40`).get() as { ts: string };
    const encoded = ts.replace(' ', '%20');
    const after = await contactIds(`modifiedafter:${encoded}/`);
    expect(after).toEqual(ids(`SELECT id FROM contacts WHERE ${LIVE_CLIENTS} AND lastupdated > ? ORDER BY id`, ts));
    const through = await contactIds(`modifiedthrough:${encoded}/`);
    expect(through).toEqual(ids(`SELECT id FROM contacts WHERE ${LIVE_CLIENTS} AND lastupdated <= ? ORDER BY id`, ts));
    const atTs = ids(`SELECT id FROM contacts WHERE ${LIVE_CLIENTS} AND lastupdated = ?`, ts);
    expect(atTs.length).toBeGreaterThan(0);
    expect(through).toEqual(expect.arrayContaining(atTs));
    expect(after.some((id) => atTs.includes(id))).toBe(false);
    // a bare date means 00:00:00; both together
    const day = ts.slice(0, 10);
    expect(await contactIds(`modifiedafter:${day}/modifiedthrough:${encoded}/`)).toEqual(
      ids(`SELECT id FROM contacts WHERE ${LIVE_CLIENTS} AND lastupdated > ? AND lastupdated <= ? ORDER BY id`, `${day} 00:00:00`, ts),
    );
  });

  it('id and minid (inclusive); a supplier-only or deleted id lists nothing', async () => {
    const all = ids(`SELECT id FROM contacts WHERE ${LIVE_CLIENTS} ORDER BY id`);
    const middle = all[Math.floor(all.length / 2)]!;
    expect(await contactIds(`id:${middle}/`)).toEqual([middle]);
    expect(await contactIds(`minid:${middle}/`)).toEqual(all.filter((id) => id >= middle));
    const supplier = ids('SELECT id FROM contacts WHERE company_id = 1 AND is_client = 0 LIMIT 1')[0]!;
    expect(await contactIds(`id:${supplier}/`)).toEqual([]);
    expect(await contactIds(`id:${deletedClient}/`)).toEqual([]);
    expect(await contactIds(`id:${OTHER_ACCOUNT_CONTACT}/`)).toEqual([]);
  });

  it("include:pricelist: the contact's own pricelist, else its group's, else null (persons and companies)", async () => {
    const cases: Array<[string, string, (id: number) => number | null]> = [
      ['person, own pricelist, group without one', 'c.is_company = 0 AND c.pricelist_id IS NOT NULL AND g.pricelist_id IS NULL', ownPricelist],
      ['company, own pricelist, group without one', 'c.is_company = 1 AND c.pricelist_id IS NOT NULL AND g.pricelist_id IS NULL', ownPricelist],
      ['company, own pricelist over a different group one', 'c.is_company = 1 AND c.pricelist_id IS NOT NULL AND g.pricelist_id <> c.pricelist_id', ownPricelist],
      ['person, group pricelist only', 'c.is_company = 0 AND c.pricelist_id IS NULL AND g.pricelist_id IS NOT NULL', groupPricelist],
      ['company, group pricelist only', 'c.is_company = 1 AND c.pricelist_id IS NULL AND g.pricelist_id IS NOT NULL', groupPricelist],
      ['person, no pricelist at all', 'c.is_company = 0 AND c.pricelist_id IS NULL AND g.pricelist_id IS NULL', () => null],
      ['company, no group', 'c.is_company = 1 AND c.pricelist_id IS NULL AND c.group_id IS NULL', () => null],
    ];
    for (const [label, condition, expected] of cases) {
      const id = contactWhere(condition);
      const pricelistId = expected(id);
      const want = { pricelist_id: pricelistId, pricelist_name: pricelistId === null ? '' : pricelistName(pricelistId) };
      const [listed] = (await get<Contact[]>(`/contacts/list/id:${id}/include:pricelist/`)).data;
      expect(listed, label).toMatchObject({ contact_id: id, ...want });
      const detail = (await get<Contact>(`/contacts/${id}/include:pricelist/`)).data;
      expect(detail, label).toMatchObject({ contact_id: id, ...want });
    }
    // a whole page: every row carries both fields
    const page = (await get<Contact[]>('/contacts/list/include:pricelist/')).data;
    expect(page.every((c) => 'pricelist_id' in c && 'pricelist_name' in c)).toBe(true);
    expect(page.filter((c) => c.pricelist_id !== null).length).toBeGreaterThan(0);
  });

  it('include:address,contacts,banks add the addresses, contact persons and bank accounts of every row', async () => {
    const rows = await walk('include:address,contacts,banks/');
    expect(rows.map((r) => r.contact_id)).toEqual(ids(`SELECT id FROM contacts WHERE ${LIVE_CLIENTS} ORDER BY id`));
    const count = (table: string, id: number) => (demo.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE contact_id = ?`).get(id) as { n: number }).n;
    for (const row of rows) {
      expect(row.addresses, `addresses of ${row.contact_id}`).toHaveLength(count('contact_addresses', row.contact_id));
      expect(row.contacts, `persons of ${row.contact_id}`).toHaveLength(count('contact_persons', row.contact_id));
      expect(row.bank_accounts, `banks of ${row.contact_id}`).toHaveLength(count('contact_bank_accounts', row.contact_id));
      expect(row).not.toHaveProperty('pricelist_id');
    }
    const withAll = rows.find((r) => r.addresses!.length > 1 && r.contacts!.length > 0 && r.bank_accounts!.length > 0)!;
    expect(withAll).toBeDefined();
    const address = demo.db.prepare('SELECT * FROM contact_addresses WHERE contact_id = ? ORDER BY is_default DESC, id LIMIT 1').get(withAll.contact_id) as Record<string, unknown>;
    expect(withAll.addresses![0]).toEqual({
      address_id: address.id,
      is_main: 1,
      address: `${address.street} ${address.number}`.trim(),
      address2: expect.any(String),
      city: address.city,
      county: address.county,
      postcode: address.zip,
      country: address.country,
      kind: address.kind,
      street: address.street,
      number: address.number,
      building: address.building,
      stair: address.stair,
      floor: address.floor,
      apartment: address.apartment,
      zip: address.zip,
      gln: address.gln,
      shipping_contact_name: address.shipping_contact_name,
      shipping_contact_phone: address.shipping_contact_phone,
    });
    const person = demo.db.prepare('SELECT * FROM contact_persons WHERE contact_id = ? ORDER BY id LIMIT 1').get(withAll.contact_id) as Record<string, unknown>;
    expect(withAll.contacts![0]).toEqual({ person_id: person.id, name: person.name, role: person.role, email: person.email, phone: person.phone });
    const bank = demo.db.prepare('SELECT * FROM contact_bank_accounts WHERE contact_id = ? ORDER BY id LIMIT 1').get(withAll.contact_id) as Record<string, unknown>;
    expect(withAll.bank_accounts![0]).toEqual({ bank_account_id: bank.id, iban: bank.iban, bank_name: bank.bank_name, currency: bank.currency });
    // each include alone adds only its block
    const [onlyBanks] = (await get<Contact[]>(`/contacts/list/id:${withAll.contact_id}/include:banks/`)).data;
    expect(onlyBanks).toHaveProperty('bank_accounts');
    expect(onlyBanks).not.toHaveProperty('addresses');
    expect(onlyBanks).not.toHaveProperty('contacts');
  });

  it('400 for the filters and options it does not take', async () => {
    const cases: Array<[string, RegExp]> = [
      ['year:2025/', /unknown filter 'year'; this endpoint accepts: modifiedafter, modifiedthrough, id, minid, page, include/],
      ['datefrom:2025-01-01/', /unknown filter 'datefrom'/],
      ['skipcancelled:1/', /unknown filter 'skipcancelled'/],
      ['include:items/', /include: 'items' is not accepted here; accepted: pricelist, address, contacts, banks/],
      ['exclude:deleted/', /unknown filter 'exclude'/],
      ['id:abc/', /filter 'id' expects an integer/],
      ['modifiedafter:2025-13-01/', /modifiedafter/],
    ];
    for (const [filters, message] of cases) {
      const body = await get(`/contacts/list/${filters}`, 400);
      expect(body.is_error).toBe(true);
      expect(body.messages[0], filters).toMatch(message);
    }
  });
});

describe('GET /contacts/{contact_id}/', () => {
  it('answers the contact in the shape of a list row', async () => {
    const id = contactWhere('c.is_company = 1 AND c.group_id IS NOT NULL');
    const [listed] = (await get<Contact[]>(`/contacts/list/id:${id}/`)).data;
    const body = await get<Contact>(`/contacts/${id}/`);
    expect(body.data).toEqual(listed);
    expect(body).not.toHaveProperty('page');
    expect(body.data).not.toHaveProperty('pricelist_id');
  });

  it('answers a supplier-only or deleted contact too, flagged', async () => {
    const supplier = ids('SELECT id FROM contacts WHERE company_id = 1 AND is_client = 0 LIMIT 1')[0]!;
    expect((await get<Contact>(`/contacts/${supplier}/`)).data).toMatchObject({ contact_id: supplier, is_client: 0, is_supplier: 1 });
    expect((await get<Contact>(`/contacts/${deletedClient}/`)).data).toMatchObject({ contact_id: deletedClient, deleted: 1 });
  });

  it("404 when absent or another account's; 400 for a bad id or an option it does not take", async () => {
    expect((await get('/contacts/888888/', 404)).messages[0]).toMatch(/contact 888888 does not exist/);
    await get(`/contacts/${OTHER_ACCOUNT_CONTACT}/`, 404);
    await get(`/contacts/${OTHER_ACCOUNT_CONTACT}/include:pricelist/`, 404);
    await get('/contacts/abc/', 400);
    await get('/contacts/0/', 400);
    expect((await get('/contacts/3/include:address/', 400)).messages[0]).toMatch(/include: 'address' is not accepted here; accepted: pricelist/);
    expect((await get('/contacts/3/modifiedafter:2025-01-01/', 400)).messages[0]).toMatch(/unknown filter 'modifiedafter'/);
  });
});
