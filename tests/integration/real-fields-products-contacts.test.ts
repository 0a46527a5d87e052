import { describe, expect, it } from 'vitest';
import { basicAuth, useDemo } from './harness.ts';
import { restGet } from './lists.ts';

/** The lists read as public clients of the real service read them (../shared/docs/real-service.md). */
const demo = useDemo();
const get = restGet<Array<Record<string, unknown>>>(demo);

async function raw(path: string) {
  const response = await fetch(`${demo.h.url}/app/rest/v1/1${path}`, { headers: { authorization: basicAuth(...demo.user) } });
  expect(response.status).toBe(200);
  return response.text();
}

describe('products: the real service keys', () => {
  it('custom_barcode beside barcode, is_deleted / is_archived flags 0/1, cod_produs a string', async () => {
    const page = await get('/product/list/cont:all/show_deleted:1/page:1/');
    expect(page.data.length).toBeGreaterThan(0);
    for (const row of page.data) {
      expect(typeof row.cod_produs).toBe('string');
      expect(typeof row.barcode).toBe('string');
      expect(row.custom_barcode).toBe(row.barcode);
      for (const flag of ['is_deleted', 'is_archived', 'website_published', 'deleted', 'archived']) expect([0, 1]).toContain(row[flag]);
      expect(row.is_deleted).toBe(row.deleted);
      expect(row.is_archived).toBe(row.archived);
      for (const key of ['stoc_global', 'stock_reserved', 'stock_available', 'pret_vanzare', 'cota_tva_vanzare']) expect(typeof row[key]).toBe('number');
    }
    const id = page.data[0]!.product_id as number;
    const detail = (await demo.h.rest<Record<string, unknown>>('GET', `/1/product/${id}/`, demo.user)).body.data;
    expect(detail).toMatchObject({ custom_barcode: page.data[0]!.barcode, is_deleted: 0 });
  });

  it('GET, change, PUT back: the new read-only keys are accepted and ignored', async () => {
    const id = (await get('/product/list/page:1/')).data[0]!.product_id as number;
    const record = (await demo.h.rest<Record<string, unknown>>('GET', `/1/product/${id}/`, demo.user)).body.data;
    const answer = await demo.h.rest<Record<string, unknown>>('PUT', `/1/product/${id}/`, demo.user, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...record, barcode: '5940000000017' }),
    });
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
    expect(answer.body.data).toMatchObject({ barcode: '5940000000017', custom_barcode: '5940000000017' });
  });

  it('CSV and XML carry the same columns', async () => {
    const header = (await raw('/product/list/format:csv/page:1/')).split('\r\n')[0]!.split(',');
    expect(header).toEqual(expect.arrayContaining(['cod_produs', 'barcode', 'custom_barcode', 'is_deleted', 'is_archived']));
    expect(header.indexOf('custom_barcode')).toBeGreaterThan(header.indexOf('last_changed_ts'));
    const xml = await raw('/product/list/format:xml/page:1/');
    for (const tag of ['custom_barcode', 'is_deleted', 'is_archived']) expect(xml).toContain(`<${tag}>`);
  });
});

describe('contacts: the real service keys', () => {
  it('bocp_id, vat_id, registration_nr, pricelist_name and addresses[] with is_main, address, address2, city, county, postcode', async () => {
    const page = await get('/contacts/list/include:address,pricelist/page:1/');
    expect(page.data.length).toBeGreaterThan(0);
    let addresses = 0;
    for (const row of page.data) {
      expect(row.bocp_id).toBe(row.contact_id);
      expect(typeof row.name).toBe('string');
      expect(row.vat_id).toBe(row.cui);
      expect(row.registration_nr).toBe(row.reg_com);
      expect('pricelist_name' in row).toBe(true);
      for (const address of row.addresses as Array<Record<string, unknown>>) {
        addresses++;
        expect([0, 1]).toContain(address.is_main);
        expect(address.is_main).toBe(address.is_default);
        for (const key of ['address', 'address2', 'city', 'county', 'postcode']) expect(typeof address[key]).toBe('string');
        expect(address.postcode).toBe(address.zip);
      }
    }
    expect(addresses).toBeGreaterThan(0);
    const id = page.data[0]!.bocp_id as number;
    const detail = (await demo.h.rest<Record<string, unknown>>('GET', `/1/contacts/${id}/`, demo.user)).body.data;
    expect(detail).toMatchObject({ bocp_id: id, vat_id: page.data[0]!.vat_id });
  });
});
