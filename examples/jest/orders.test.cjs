// Plain CommonJS Jest tests: they talk to the workbench over HTTP with fetch, with an account of
// their own (one per test file) made through the control API.
const url = process.env.ERP_WORKBENCH_URL;
const control = (method, path, body) =>
  fetch(`${url}/_sandbox${path}`, {
    method,
    headers: { authorization: `Bearer ${process.env.ERP_WORKBENCH_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((answer) => answer.json());

let rest;
let connectorId;
beforeAll(async () => {
  const account = (await control('POST', '/accounts', { seed: 'demo' })).data;
  // The copy of the demo's eCommerce connector 1 in the new account.
  connectorId = account.connector_ids[0];
  // A user with every route and method (a user bound to a connector reaches only its /connector/ routes).
  const user = (await control('POST', `/accounts/${account.company_id}/api-users`, { username: `jest-${account.company_id}` })).data;
  const authorization = `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;
  rest = (method, path, body) =>
    fetch(`${url}/app/rest/v1/${account.company_id}${path}`, {
      method,
      headers: { authorization, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
});

test('reads the connector configuration', async () => {
  const answer = await rest('GET', `/connector/${connectorId}/config/`);
  expect(answer.status).toBe(200);
  expect((await answer.json()).is_error).toBe(false);
});

test('posts a webshop order and finds it in the order list', async () => {
  const address = { city: 'Iași', county: 'Iași', country: 'Romania', street: 'Strada Lăpușneanu', number: '14', zip: '700057' };
  const order = {
    order_unique_id: 'JEST-1001',
    order_reference: '#1001',
    order_date: '2026-11-20',
    order_status: 'processing',
    order_currency_code: 'RON',
    shipping_method: 'courier',
    client: {
      name: 'Ana Ștefănescu',
      email: 'ana@example.ro',
      phone: '0722000001',
      client_unique_id: 51001,
      invoice_address: address,
      delivery_address: { ...address, shipping_contact_name: 'Ana Ștefănescu', shipping_contact_phone: '0722000001' },
    },
    items: [{ type: 'service', code: 'SHIPPING', item_name: 'Transport curier', item_quantity: 1, item_price: 16.8, item_vat_percent: 19, item_price_with_vat: 19.99, line_value_with_vat: 19.99 }],
  };
  const posted = await rest('POST', `/connector/${connectorId}/order/${order.order_unique_id}/`, order);
  const body = await posted.json();
  expect(posted.status).toBe(200);
  expect(body.data.errors).toEqual([]);
  const list = await (await rest('GET', `/connector/${connectorId}/order/list/`)).json();
  expect(JSON.stringify(list.data)).toContain('JEST-1001');
});

test('lists the invoices of its own account', async () => {
  const answer = await rest('GET', '/invoices/list/');
  expect(answer.status).toBe(200);
  expect((await answer.json()).data.length).toBeGreaterThan(0);
});
