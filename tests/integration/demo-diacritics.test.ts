import { create } from 'xmlbuilder2';
import { describe, expect, it } from 'vitest';
import type { Contact } from '../../shared/domain/contacts.ts';
import { pdfText } from '../pdf-text.ts';
import { basicAuth, queries, useDemo } from './harness.ts';
import { restGet } from './lists.ts';

// The demo data is written the way Romanian data is: names, companies, streets, cities, products
// and services with ă â î ș ț (comma below, never the cedilla ş ţ). Everything that carries them
// out (the REST JSON, the product feeds, the invoice PDF) carries them unchanged.

const demo = useDemo();
const { all, one } = queries(demo);
const get = restGet(demo);

const DIACRITIC = /[ăâîșțĂÂÎȘȚ]/;
const CEDILLA = /[şţŞŢ]/;

async function raw(path: string) {
  const response = await fetch(`${demo.h.url}/app/rest/v1/1${path}`, { headers: { authorization: basicAuth(...demo.user) } });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

describe('demo data with Romanian diacritics', () => {
  it('a third of the first 100 contacts and of the products carry diacritics; none carries a cedilla', () => {
    const contacts = all<{ name: string; places: string }>(
      `SELECT c.name, group_concat(a.city || ' ' || a.county || ' ' || a.street, ' | ') AS places
         FROM contacts c JOIN contact_addresses a ON a.contact_id = c.id
        WHERE c.company_id = 1 AND c.id <= 100 GROUP BY c.id ORDER BY c.id`,
    );
    expect(contacts).toHaveLength(100);
    const named = contacts.filter((c) => DIACRITIC.test(c.name)).length;
    expect(named, 'contact names with diacritics').toBeGreaterThanOrEqual(25);
    expect(contacts.filter((c) => DIACRITIC.test(c.name + c.places)).length, 'contacts with diacritics').toBeGreaterThanOrEqual(34);
    const products = all<{ product_name: string }>('SELECT product_name FROM products WHERE company_id = 1');
    expect(products.filter((p) => DIACRITIC.test(p.product_name)).length / products.length).toBeGreaterThanOrEqual(1 / 3);
    const cities = all<{ city: string }>('SELECT DISTINCT city FROM contact_addresses WHERE company_id = 1').map((r) => r.city);
    expect(['București Sector 1', 'Iași', 'Timișoara', 'Constanța'].filter((city) => !cities.includes(city))).toEqual([]);
    for (const text of [...contacts.map((c) => c.name + c.places), ...products.map((p) => p.product_name)]) expect(text).not.toMatch(CEDILLA);
  });

  it('a contact with diacritics round-trips through /contacts/list/ as UTF-8 JSON', async () => {
    const contact = one<{ id: number; name: string }>(
      "SELECT id, name FROM contacts WHERE company_id = 1 AND deleted = 0 AND (name LIKE '%ș%' OR name LIKE '%ț%' OR name LIKE '%ă%') ORDER BY id LIMIT 1",
    );
    const answer = await raw(`/contacts/list/id:${contact.id}/`);
    expect(answer.type).toMatch(/^application\/json; charset=utf-8/i);
    const rows = (JSON.parse(answer.text) as { data: Contact[] }).data;
    expect(rows.map((row) => row.name)).toEqual([contact.name]);
    expect((await get<Contact[]>(`/contacts/list/id:${contact.id}/`)).data[0]!.name).toBe(contact.name);
  });

  it('a product with diacritics is the same text in the CSV and the XML feeds', async () => {
    const product = one<{ id: number; product_name: string }>(
      "SELECT id, product_name FROM products WHERE company_id = 1 AND deleted = 0 AND product_name LIKE '%ș%' ORDER BY id LIMIT 1",
    );
    const csv = await raw(`/product/list/format:csv/id:${product.id}/`);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    expect(csv.text).toContain(product.product_name);
    const xml = await raw(`/product/list/format:xml/id:${product.id}/`);
    expect(xml.type).toBe('application/xml; charset=utf-8');
    const names = create(xml.text).root().filter((node) => node.node.nodeName === 'product_name', true, true);
    expect(names.map((node) => node.node.textContent)).toEqual([product.product_name]);
  });

  it("an invoice PDF's text carries its client's and lines' diacritics", async () => {
    const invoice = one<{ id: number; client_name: string; line: string }>(
      `SELECT i.id, i.client_name, l.name AS line FROM invoices i JOIN invoice_items l ON l.invoice_id = i.id
        WHERE i.company_id = 1 AND i.cancelled = 0 AND i.client_name GLOB '*[șțăîâ]*' AND l.name GLOB '*[șțăîâ]*'
        ORDER BY i.id LIMIT 1`,
    );
    const url = demo.h.core.rest.links.url(demo.h.url, { kind: 'invoice', companyId: 1, id: invoice.id }, 'pdf');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const text = (await pdfText(new Uint8Array(await response.arrayBuffer()))).text.join('\n');
    expect(text).toContain(invoice.client_name);
    expect(text).toContain(invoice.line.slice(0, 20));
  });

  it('the command palette finds a contact with diacritics typed in capitals, and a product by the start of its name in capitals', async () => {
    const contact = one<{ id: number; name: string }>(
      "SELECT id, name FROM contacts WHERE company_id = 1 AND deleted = 0 AND name GLOB '*[șțăâî]*' AND name NOT LIKE '% S_' ORDER BY id LIMIT 1",
    );
    const search = (q: string) => demo.h.core.invoke('search.global', { company_id: 1, q }) as Promise<Array<{ kind: string; id: number; title: string }>>;
    expect((await search(contact.name.toLocaleUpperCase('ro')))[0]).toMatchObject({ kind: 'contact', id: contact.id });
    const products = (await search('CANĂ CERAMICĂ')).filter((hit) => hit.kind === 'product');
    expect(products.length).toBeGreaterThan(0);
    for (const hit of products) expect(hit.title).toContain('Cană ceramică');
  });

  it('the connector configuration speaks Romanian with diacritics: no English, no words missing their ă î ș ț', async () => {
    type Field = { label?: string; options?: Record<string, string> };
    const { data } = await get<Record<string, Record<string, Field | string>>>('/connector/1/config/');
    const texts = Object.entries(data)
      .filter(([group]) => group !== 'connector')
      .flatMap(([, fields]) => Object.values(fields).flatMap((field) => (typeof field === 'object' ? [field.label ?? '', ...Object.values(field.options ?? {}).filter((o) => !/^[a-z_]+$/.test(o))] : [])));
    expect(texts.length).toBeGreaterThan(40);
    const labels = texts.join(' | ');
    expect(labels).toContain('Actualizează prețurile în magazin');
    expect(labels).toContain('Creează bon de vânzare');
    // words the ERP writes with diacritics, and English that crept in
    for (const bad of /** as written before */ ['Actualizeaza', 'Creeaza', 'preturile', ' in ', 'Sambata', 'Marti', 'automata', 'platite', 'daca', 'actiune', ' the ', ' of ', 'list of', 'fields', 'GET /', 'Sunday']) {
      expect(labels, bad).not.toContain(bad);
    }
    expect(labels).not.toMatch(CEDILLA);
  });
});

