import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkbench, withFilters, type RestClient, type Workbench } from '../../electron/lib/index.ts';
import { FILTERS_FILE, generateRestTypes, PATHS_FILE } from '../../scripts/rest-types.ts';

// The typed REST client of the package (openapi-fetch over openapi-typescript's types of the
// served OpenAPI document) against a real listener, filters in the path included.
let wb: Workbench;
let rest: RestClient;
beforeAll(async () => {
  wb = await startWorkbench({ seed: 'demo', webUi: false });
  rest = wb.client.rest(await wb.client.createApiUser(1));
}, 120_000);
afterAll(() => wb?.stop());

const company = { params: { path: { company_id: 1 } } } as const;

describe('the typed REST client', () => {
  it('lists with path-segment filters: the typed answer is what the server sends', async () => {
    const { data, response } = await rest.GET(withFilters('/app/rest/v1/{company_id}/sales/list/', { year: 2026, skipcancelled: 1, page: 1, include: ['items'] }), company);
    expect(response.status).toBe(200);
    expect(response.url).toMatch(/\/app\/rest\/v1\/1\/sales\/list\/year:2026\/skipcancelled:1\/page:1\/include:items\/$/);
    expect(data?.is_error).toBe(false);
    const rows = data?.data ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.doc_date.startsWith('2026') && row.document_cancelled === 0)).toBe(true);
  });

  it('a timestamp filter with its space and colons reaches the server as meant', async () => {
    const { data, response } = await rest.GET(withFilters('/app/rest/v1/{company_id}/invoices/list/', { modifiedafter: '2020-01-01 08:00:00' }), company);
    expect(response.status, JSON.stringify(data)).toBe(200);
    expect(response.url).toContain('/modifiedafter:2020-01-01%2008:00:00/');
    expect((data?.data ?? []).length).toBeGreaterThan(0);
  });

  it('posts a connector order with a typed body and reads the typed answer', async () => {
    const { data, response } = await rest.POST('/app/rest/v1/{company_id}/connector/{connector_id}/order/{order_id}/', {
      params: { path: { company_id: 1, connector_id: 1, order_id: 'TYPED-1' } },
      body: {
        order_unique_id: 'TYPED-1',
        order_reference: '#TYPED-1',
        order_date: '2026-11-20',
        order_status: 'processing',
        order_currency_code: 'RON',
        shipping_method: 'courier',
        client: {
          name: 'Ion Popescu',
          email: 'ion@example.ro',
          phone: '0722000000',
          client_unique_id: 99001,
          invoice_address: { country: 'Romania', county: 'Cluj', city: 'Cluj-Napoca', street: 'Strada Memorandumului', number: '28', zip: '' },
          delivery_address: { country: 'Romania', county: 'Cluj', city: 'Cluj-Napoca', street: 'Strada Memorandumului', number: '28', zip: '', shipping_contact_name: 'Ion Popescu', shipping_contact_phone: '0722000000' },
        },
        items: [{ type: 'service', code: 'SHIPPING', item_name: 'Transport curier', item_quantity: 1, item_price: 16.8, item_vat_percent: 19, item_price_with_vat: 19.99, line_value_with_vat: 19.99 }],
      },
    });
    expect(response.status, JSON.stringify(data)).toBe(200);
    expect(data?.data.SERVICE_order_id).toBeGreaterThan(0);
    expect(data?.data.errors).toEqual([]);
  });

  it('a refusal comes back as the typed error envelope', async () => {
    const wrong = wb.client.rest({ username: 'nobody', password: 'wrong-password-1' });
    const { error, response } = await wrong.GET('/app/rest/v1/{company_id}/sales/list/', company);
    expect(response.status).toBe(401);
    expect(error).toMatchObject({ is_error: true });
  });
});

describe('npm run types:rest', () => {
  it('the committed types are those of the document the service serves', async () => {
    const fresh = await generateRestTypes();
    expect(readFileSync(PATHS_FILE, 'utf8') === fresh.paths, 'shared/rest/paths.ts is stale: npm run types:rest').toBe(true);
    expect(readFileSync(FILTERS_FILE, 'utf8')).toBe(fresh.filters);
  }, 180_000);

  it('withFilters leaves out undefined filters and refuses a path without its trailing slash', () => {
    expect(withFilters('/app/rest/v1/{company_id}/sales/list/', { year: undefined, page: 2 })).toBe('/app/rest/v1/{company_id}/sales/list/page:2/');
    expect(() => withFilters('/app/rest/v1/{company_id}/sales/list' as '/app/rest/v1/{company_id}/sales/list/', {})).toThrow(/does not end with \//);
  });
});
