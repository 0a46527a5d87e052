import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../shared/rest/paths.ts';
import { withFilters } from '../../shared/rest/path-filters.ts';
import { basicAuth, startHarness, type Harness } from './harness.ts';

// openapi-fetch over the committed types (shared/rest/paths.ts) and withFilters, against a real
// listener on the demo data, as an API user made through the control API.
let h: Harness;
let rest: Client<paths>;
beforeAll(async () => {
  h = await startHarness({ clock: { now: () => new Date('2026-11-27T08:00:00Z') } });
  const [username, password] = await h.apiUser();
  rest = createClient<paths>({ baseUrl: h.url, headers: { authorization: basicAuth(username, password) } });
}, 120_000);
afterAll(() => h?.close());

const account = { params: { path: { company_id: 1 } } } as const;

describe('the typed REST client', () => {
  it('lists sales with path-segment filters: the typed answer is what the server sent', async () => {
    const { data, response } = await rest.GET(
      withFilters('/app/rest/v1/{company_id}/sales/list/', { datefrom: '2026-11-01', skipcancelled: 1, include: ['items'], page: 1 }),
      account,
    );
    expect(response.status).toBe(200);
    expect(new URL(response.url).pathname).toBe('/app/rest/v1/1/sales/list/datefrom:2026-11-01/skipcancelled:1/include:items/page:1/');
    const rows = data?.data ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((sale) => sale.doc_date >= '2026-11-01' && sale.document_cancelled === 0)).toBe(true);
    expect(rows.every((sale) => (sale.items ?? []).length > 0)).toBe(true);
    expect(data?.data_count).toBe(rows.length);
  });

  it('a timestamp filter with its space and colons, and text with spaces, reach the server as meant', async () => {
    const invoices = await rest.GET(withFilters('/app/rest/v1/{company_id}/invoices/list/', { modifiedafter: '2026-11-20 08:00:00' }), account);
    expect(invoices.response.status, JSON.stringify(invoices.error)).toBe(200);
    expect(invoices.response.url).toContain('/modifiedafter:2026-11-20%2008:00:00/');
    expect((invoices.data?.data ?? []).every((invoice) => invoice.last_changed_ts > '2026-11-20 08:00:00')).toBe(true);

    const postcode = await rest.GET(
      withFilters('/app/rest/v1/{company_id}/postcodes/lookup/', { city: 'Cluj-Napoca', county: 'Cluj', street: 'Strada Memorandumului' }),
      account,
    );
    expect(postcode.response.status, JSON.stringify(postcode.error)).toBe(200);
    expect(postcode.data?.data.postcode).toMatch(/^\d{6}$/);
  });

  it('posts a connector order with a typed body and reads the typed answer; the order is then listed', async () => {
    const address = { country: 'Romania', county: 'Cluj', city: 'Cluj-Napoca', street: 'Strada Memorandumului', number: '28', zip: '' };
    const { data, error, response } = await rest.POST('/app/rest/v1/{company_id}/connector/{connector_id}/order/{order_id}/', {
      params: { path: { company_id: 1, connector_id: 1, order_id: 'TYPED-1' } },
      body: {
        order_unique_id: 'TYPED-1',
        order_reference: '#TYPED-1',
        order_date: '2026-11-26',
        order_status: 'processing',
        order_currency_code: 'RON',
        shipping_method: 'courier',
        client: {
          name: 'Ion Popescu',
          email: 'ion.popescu@example.ro',
          phone: '0722000000',
          client_unique_id: 99001,
          invoice_address: address,
          delivery_address: { ...address, shipping_contact_name: 'Ion Popescu', shipping_contact_phone: '0722000000' },
        },
        items: [
          { type: 'product', code: 'P000002', item_name: 'Bluza dama UrbanWear Smart M Gri', item_quantity: 1, item_price: 114.04, item_vat_percent: 21, item_price_with_vat: 137.99, line_value_with_vat: 137.99 },
          { type: 'service', code: 'SHIPPING', item_name: 'Transport curier', item_quantity: 1, item_price: 16.52, item_vat_percent: 21, item_price_with_vat: 19.99, line_value_with_vat: 19.99 },
        ],
      },
    });
    expect(response.status, JSON.stringify(error)).toBe(200);
    const orderId = data?.data.SERVICE_order_id;
    expect(orderId).toBeGreaterThan(0);
    expect(data?.data.BOCP_order_id).toBe(orderId);
    expect(data?.data.import_summary?.items_imported).toBe(2);

    const listed = await rest.GET(withFilters('/app/rest/v1/{company_id}/connector/{connector_id}/order/list/', { id: orderId }), {
      params: { path: { company_id: 1, connector_id: 1 } },
    });
    expect(listed.data?.data.map((order) => order.order_unique_id)).toEqual(['TYPED-1']);
  });

  it('a refusal comes back as the typed error envelope', async () => {
    const { error, response } = await rest.GET(withFilters('/app/rest/v1/{company_id}/sales/list/', { datefrom: '2026-13-01' }), account);
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ is_error: true, http_code: 400 });
    expect(error?.messages.join(' ')).toMatch(/datefrom/);
  });
});
