import { describe, expect, it } from 'vitest';
import { REST_PREFIX } from '../../electron/server/public/index.ts';
import { REFERENCE_PAGE_SIZE, type Pricelist, type WebCategory, type Workpoint } from '../../shared/domain/reference.ts';
import { useDemo } from './harness.ts';
import { listClient, restGet } from './lists.ts';

const demo = useDemo({
  prepare(writable) {
    // The demo has a handful of each: extra rows make every list span pages; account 2's rows must not show.
    writable.exec(`
      INSERT INTO accounts (company_id, name, rest_enabled, created_ts) VALUES (2, 'Other SRL', 1, '2026-01-01 00:00:00');
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150)
        INSERT INTO pricelists (company_id, name, currency, active, last_changed_ts)
        SELECT 1, 'Lista ' || i, CASE WHEN i % 3 = 0 THEN 'EUR' ELSE 'RON' END, i % 2, '2025-01-01 10:00:00' FROM n;
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150)
        INSERT INTO web_categories (company_id, name, parent_id, deleted, last_changed_ts)
        SELECT 1, 'Categorie ' || i, 1, i % 5 = 0, '2025-01-01 10:00:00' FROM n;
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 120)
        INSERT INTO workpoints (company_id, name, kind, deleted) SELECT 1, 'Punct ' || i, CASE WHEN i % 2 = 0 THEN 'retail' ELSE 'wholesale' END, i % 7 = 0 FROM n;
      INSERT INTO pricelists (id, company_id, name, last_changed_ts) VALUES (999921, 2, 'Other', '2026-01-01 00:00:00');
      INSERT INTO web_categories (id, company_id, name, last_changed_ts) VALUES (999922, 2, 'Other', '2026-01-01 00:00:00');
      INSERT INTO workpoints (id, company_id, name, kind) VALUES (999923, 2, 'Other', 'retail');
    `);
  },
});

const get = restGet(demo);
const { walk } = listClient(demo, '', { echoesPage: true, pageSize: REFERENCE_PAGE_SIZE });

describe('GET /pricelists/list/', () => {
  it('walks every pricelist of the account once, ascending id, inactive ones flagged', async () => {
    const rows = await walk<Pricelist>('/pricelists/list/');
    const expected = demo.db.prepare('SELECT id, name, currency, active, last_changed_ts FROM pricelists WHERE company_id = 1 ORDER BY id').all();
    expect(rows).toEqual(expected);
    expect(rows.length).toBeGreaterThan(REFERENCE_PAGE_SIZE);
    expect(rows.slice(0, 3).map((r) => r.name)).toEqual(['Distribuitori', 'Clienti fideli', 'Angro']);
    expect(rows.some((r) => r.active === 0)).toBe(true);
  });
});

describe('GET /productwebcategories/list/', () => {
  it('walks every web category once with parent, image url and deleted flag', async () => {
    const rows = await walk<WebCategory>('/productwebcategories/list/');
    const expected = demo.db.prepare('SELECT id, name, parent_id, image_url, deleted, last_changed_ts FROM web_categories WHERE company_id = 1 ORDER BY id').all();
    expect(rows).toEqual(expected);
    expect(rows.length).toBeGreaterThan(REFERENCE_PAGE_SIZE);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(1)).toMatchObject({ parent_id: null, image_url: expect.stringMatching(/^https:\/\//), deleted: 0 });
    expect(byId.get(6)).toMatchObject({ parent_id: 1, image_url: null });
    expect(byId.get(8)).toMatchObject({ deleted: 1 });
  });
});

describe('GET /workpoints/list/', () => {
  it('walks every workpoint once: id (magazia_id / pl_id), name, kind, deleted', async () => {
    const rows = await walk<Workpoint>('/workpoints/list/');
    const expected = demo.db.prepare('SELECT id, name, kind, deleted FROM workpoints WHERE company_id = 1 ORDER BY id').all();
    expect(rows).toEqual(expected);
    expect(rows.length).toBeGreaterThan(REFERENCE_PAGE_SIZE);
    expect(rows.slice(0, 2)).toEqual([
      { id: 1, name: 'Depozit central', kind: 'wholesale', deleted: 0 },
      { id: 2, name: 'Magazin București', kind: 'retail', deleted: 0 },
    ]);
  });
});

describe('reference lists: pages and options', () => {
  it('a page past the end is empty; 400 for any filter other than page', async () => {
    for (const list of ['/pricelists/list/', '/productwebcategories/list/', '/workpoints/list/']) {
      const past = await get<unknown[]>(`${list}page:40/`);
      expect(past.data).toEqual([]);
      expect(past.has_more_pages).toBe(false);
      for (const filters of ['id:1/', 'modifiedafter:2025-01-01/', 'include:rules/', 'page:0/']) {
        const body = await get(`${list}${filters}`, 400);
        expect(body.is_error).toBe(true);
        expect(body.messages[0], `${list}${filters}`).toMatch(filters === 'page:0/' ? /filter 'page' expects an integer >= 1/ : /unknown filter .*; this endpoint accepts: page$/);
      }
    }
  });

  it('are marked in the OpenAPI document as extensions whose shape is ours', async () => {
    const doc = (await (await fetch(`${demo.h.url}${REST_PREFIX}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { 'x-erp-extension'?: boolean; 'x-path-filters'?: Array<{ key: string }> }>>;
    };
    for (const path of ['/pricelists/list/', '/productwebcategories/list/', '/workpoints/list/', '/postcodes/lookup/']) {
      expect(doc.paths[`${REST_PREFIX}/{company_id}${path}`]?.get?.['x-erp-extension'], path).toBe(true);
    }
    expect(doc.paths[`${REST_PREFIX}/{company_id}/postcodes/lookup/`]!.get!['x-path-filters']!.map((f) => f.key)).toEqual(['city', 'county', 'street']);
  });
});

describe('GET /postcodes/lookup/city:.../county:.../', () => {
  const lookup = (filters: string, status = 200) => get<{ postcode: string }>(`/postcodes/lookup/${filters}`, status);
  const stored = (county: string, city: string, street = '') =>
    (demo.db.prepare('SELECT postcode FROM postcodes WHERE county = ? AND city = ? AND street = ?').get(county, city, street) as { postcode: string }).postcode;

  it('answers the postcode of a city of a county, whatever the case and diacritics', async () => {
    const cluj = stored('Cluj', 'Cluj-Napoca');
    expect((await lookup('city:Cluj-Napoca/county:Cluj/')).data).toEqual({ postcode: cluj });
    expect((await lookup('county:CLUJ/city:cluj-napoca/')).data).toEqual({ postcode: cluj });
    const brasov = stored('Brasov', 'Brasov');
    expect((await lookup(`city:${encodeURIComponent('Brașov')}/county:${encodeURIComponent('BRAȘOV')}/`)).data).toEqual({ postcode: brasov });
    // the cedilla forms (ş ţ) fold too
    const targuMures = stored('Mures', 'Targu Mures');
    expect((await lookup(`city:${encodeURIComponent('Târgu Mureş')}/county:${encodeURIComponent('Mureş')}/`)).data).toEqual({ postcode: targuMures });
    expect((await lookup(`city:${encodeURIComponent('  Targu   Mures ')}/county:Mures/`)).data).toEqual({ postcode: targuMures });
  });

  it('a Bucharest sector is the city "Bucuresti Sector N"', async () => {
    const sector3 = stored('Bucuresti', 'Bucuresti Sector 3');
    expect(sector3).toBe('030011');
    for (const city of ['Bucuresti Sector 3', 'București Sector 3', 'bucuresti sector 3', 'Sector 3', 'Sectorul 3', 'București, Sectorul 3']) {
      expect((await lookup(`city:${encodeURIComponent(city)}/county:${encodeURIComponent('București')}/`)).data, city).toEqual({ postcode: sector3 });
    }
    expect((await lookup('city:Bucuresti%20Sector%206/county:Bucuresti/')).data).toEqual({ postcode: stored('Bucuresti', 'Bucuresti Sector 6') });
    // without its sector Bucharest is not one postcode
    await lookup('city:Bucuresti/county:Bucuresti/', 404);
  });

  it("street: the street's own postcode when known (its kind optional), else the city's", async () => {
    const victoriei = stored('Bucuresti', 'Bucuresti Sector 1', 'Calea Victoriei');
    expect(victoriei).toBe('010082');
    expect((await lookup('city:Bucuresti%20Sector%201/county:Bucuresti/street:Calea%20Victoriei/')).data).toEqual({ postcode: victoriei });
    const buzesti = stored('Bucuresti', 'Bucuresti Sector 1', 'Strada Buzesti');
    expect((await lookup('city:Sector%201/county:Bucuresti/street:str.%20buze%C8%99ti/')).data).toEqual({ postcode: buzesti });
    expect((await lookup('city:Sector%201/county:Bucuresti/street:Buzesti/')).data).toEqual({ postcode: buzesti });
    expect((await lookup('city:Sector%201/county:Bucuresti/street:Strada%20Necunoscuta/')).data).toEqual({ postcode: stored('Bucuresti', 'Bucuresti Sector 1') });
    expect((await lookup('city:Cluj-Napoca/county:Cluj/street:Strada%20Memorandumului/')).data).toEqual({ postcode: stored('Cluj', 'Cluj-Napoca') });
  });

  it('404 when nothing matches', async () => {
    for (const filters of ['city:Atlantida/county:Cluj/', 'city:Cluj-Napoca/county:Timis/', 'city:Sector%207/county:Bucuresti/']) {
      const body = await lookup(filters, 404);
      expect(body.is_error).toBe(true);
      expect(body.messages[0], filters).toMatch(/no postcode for city/);
    }
  });

  it('400 when city or county is missing, or for a filter it does not take', async () => {
    expect((await lookup('city:Cluj-Napoca/', 400)).messages[0]).toMatch(/needs county/);
    expect((await lookup('county:Cluj/', 400)).messages[0]).toMatch(/needs city/);
    expect((await lookup('', 400)).messages[0]).toMatch(/needs city and county/);
    expect((await lookup('city:/county:Cluj/', 400)).messages[0]).toMatch(/filter 'city' expects a non-empty value/);
    expect((await lookup('city:Cluj-Napoca/county:Cluj/page:2/', 400)).messages[0]).toMatch(/unknown filter 'page'/);
    expect((await lookup('city:Cluj-Napoca/county:Cluj/zip:400001/', 400)).messages[0]).toMatch(/unknown filter 'zip'/);
  });
});
