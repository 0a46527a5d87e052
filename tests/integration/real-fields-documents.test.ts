import { beforeAll, describe, expect, it } from 'vitest';
import { expectOk, orderableProducts, r2, useOrderDemo, type Body, type Row } from './orders.ts';
import { restSend } from './requests.ts';

// Issue 9: the marketplace order rows as clients of the real service read them (rec_id, the
// connector's platform as `type`, invoices[] as {seria, nr}, deleted, status VOIDED...), and the
// "inferred" key family of the document lists no public client reads (docs/data-model.md).

const TODAY = '2026-11-17';
const clock = { t: new Date('2026-11-17T08:00:00Z'), now() { return this.t; } };

interface Prod { id: number; code: string; price: number; vat: number; pwv: number }
let prods: Prod[];
let seq = 0;

const { demo, all, send } = useOrderDemo(clock);
const rest = restSend<Row>(demo);
const get = async (path: string) => {
  const answer = await rest<any>('GET', path);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body.messages)}`).toBe(200);
  return answer.body as Row;
};

beforeAll(() => {
  prods = orderableProducts<Omit<Prod, 'pwv'>>(all, { column: 'p.is_sellable', where: 's.reserved = 0 AND p.is_sellable = 1', limit: 1 });
});

const address = { city: 'Cluj-Napoca', county: 'Cluj', country: 'Romania', street: 'Strada Memorandumului', number: '28', zip: '' };
function order(over: Body = {}): Body {
  const uid = `RF-${++seq}`;
  const p = prods[0]!;
  return {
    order_unique_id: uid,
    order_date: TODAY,
    order_status: 'processing',
    order_currency_code: 'RON',
    shipping_method: 'courier',
    client: { name: `Client ${uid}`, invoice_address: address, delivery_address: address },
    items: [{ type: 'product', code: p.code, item_name: 'Produs', item_quantity: 1, item_price: p.price, item_vat_percent: p.vat, item_price_with_vat: p.pwv, line_value_with_vat: r2(p.pwv) }],
    payments: [],
    ...over,
  };
}

const DOCUMENT_KEYS = ['doc_series', 'doc_nr', 'doc_date', 'document_cancelled'];
const OLD_NAMES = ['series', 'number', 'date', 'cancelled', 'total_with_vat'];
const LINE_KEYS = ['product_variant_id', 'service_id', 'item_code', 'item_name', 'item_name_plain', 'product_current_name', 'barcode', 'qty_mu1', 'value_with_vat'];
const OLD_LINE_NAMES = ['product_id', 'code', 'name', 'quantity'];

function expectFamily(row: Row, where: string, keys = DOCUMENT_KEYS): void {
  for (const key of keys) expect(row, `${where}: ${key}`).toHaveProperty(key);
  for (const key of OLD_NAMES) expect(row, `${where}: no ${key}`).not.toHaveProperty(key);
  if ('doc_date' in row) expect(row.doc_date, where).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  if ('document_cancelled' in row) expect([0, 1], where).toContain(row.document_cancelled);
}
function expectLines(lines: Row[], where: string): void {
  expect(lines.length, where).toBeGreaterThan(0);
  for (const line of lines) {
    for (const key of LINE_KEYS) expect(line, `${where}: ${key}`).toHaveProperty(key);
    for (const key of OLD_LINE_NAMES) expect(line, `${where}: no ${key}`).not.toHaveProperty(key);
  }
}

describe('/marketplace/orders/list/ as real clients read it', () => {
  it('rec_id is the order answer\'s BOCP_order_id; the connector block names the platform as type; no SERVICE_order_id', async () => {
    const body = order();
    const answer = expectOk(await send('POST', body.order_unique_id, body));
    const [row] = (await get(`/marketplace/orders/list/id:${answer.BOCP_order_id}/`)).data as Row[];
    expect(row!.rec_id).toBe(answer.BOCP_order_id);
    expect(row).not.toHaveProperty('SERVICE_order_id');
    expect(row!.connector).toMatchObject({ connector_id: 1, type: 'ShopifyV2', connector_type: 'ecommerce' });
    expect(row).toMatchObject({ deleted: 0, status: 'processing', order_cancelled: 0 });
  });

  it('each connector of the demo has a realistic platform, in both marketplace lists', async () => {
    const connectors = (await get('/marketplace/connectors/list/')).data as Row[];
    expect(connectors.map((c) => [c.id, c.type, c.connector_type])).toEqual([
      [1, 'ShopifyV2', 'ecommerce'],
      [2, 'WooCommerce', 'dropship'],
      [3, 'PrestaShop', 'ecommerce'],
      [4, 'Custom', 'ecommerce'],
    ]);
    const orders = (await get('/marketplace/orders/list/connector_id:2/')).data as Row[];
    expect(orders.every((o) => o.connector.type === 'WooCommerce')).toBe(true);
  });

  it('invoices[] carry {seria, nr} equal to the invoice\'s doc_series and doc_nr, and its bocp_id', async () => {
    const orders = (await get('/marketplace/orders/list/')).data as Row[];
    const invoiced = orders.filter((o) => o.invoices.length > 0);
    expect(invoiced.length).toBeGreaterThan(0);
    for (const o of invoiced.slice(0, 5)) {
      for (const link of o.invoices as Row[]) {
        expect(Object.keys(link)).toEqual(['bocp_id', 'seria', 'nr', 'doc_date', 'document_value_with_vat', 'currency', 'document_cancelled']);
        expect(typeof link.seria).toBe('string');
        expect(Number.isInteger(link.nr)).toBe(true);
        const [invoice] = (await get(`/invoices/list/id:${link.bocp_id}/`)).data as Row[];
        expect([invoice!.doc_series, invoice!.doc_nr]).toEqual([link.seria, link.nr]);
      }
      for (const sale of o.sales_receipts as Row[]) expectFamily(sale, 'sales_receipts[]');
      for (const awb of o.awbs as Row[]) expectFamily(awb, 'awbs[]', ['doc_date', 'document_cancelled']);
    }
  });

  it('a cancelled order is deleted 1 with a status beginning VOIDED; a live one is neither (counter-case)', async () => {
    const body = order();
    const answer = expectOk(await send('POST', body.order_unique_id, body));
    const live = (await get(`/marketplace/orders/list/id:${answer.BOCP_order_id}/`)).data[0] as Row;
    expect([live.deleted, live.status]).toEqual([0, 'processing']);
    expectOk(await send('PUT', body.order_unique_id, { order_unique_id: body.order_unique_id, order_status: 'cancelled', order_cancelled: 1 }));
    const voided = (await get(`/marketplace/orders/list/id:${answer.BOCP_order_id}/`)).data[0] as Row;
    expect(voided.deleted).toBe(1);
    expect(voided.status).toMatch(/^VOIDED/);
    // The connector order list keeps the shop's own status.
    const own = (await get(`/connector/1/order/list/id:${answer.BOCP_order_id}/`)).data[0] as Row;
    expect([own.order_status, own.order_cancelled]).toEqual(['cancelled', 1]);
  });

  it('the platform is a staff setting of the connector (control API); an unknown one is a 400 naming the field', async () => {
    const changed = await demo.h.control('PATCH', '/accounts/1/connectors/3', { platform: 'WooCommerce' });
    expect(changed.status, JSON.stringify(changed.body.messages)).toBe(200);
    expect(((await get('/marketplace/connectors/list/id:3/')).data as Row[])[0]!.type).toBe('WooCommerce');
    const refused = await demo.h.control('PATCH', '/accounts/1/connectors/3', { platform: 'Shopify' });
    expect(refused.status).toBe(400);
    expect(refused.body.messages.join(' ')).toMatch(/platform/);
    expect(((await get('/marketplace/connectors/list/id:3/')).data as Row[])[0]!.type).toBe('WooCommerce');
    await demo.h.control('PATCH', '/accounts/1/connectors/3', { platform: 'PrestaShop' });
  });
});

describe('the inferred key family of the other document lists', () => {
  it('sales receipts: the document keys and the real line keys, none of the old names', async () => {
    const rows = (await get('/sales/list/include:items,transactions,invoiced/')).data as Row[];
    for (const row of rows) expectFamily(row, `sale ${row.bv_id}`);
    expectLines(rows.flatMap((r) => r.items as Row[]), 'sale items');
    expect(rows.every((r) => typeof r.document_value_with_vat === 'number')).toBe(true);
    const invoiced = rows.find((r) => r.invoiced)!;
    expect(Object.keys(invoiced.invoiced)).toEqual(['bocp_id', 'doc_series', 'doc_nr', 'doc_date', 'document_value_with_vat', 'currency', 'document_cancelled']);
    const paid = rows.find((r) => (r.transactions as Row[]).length > 0)!;
    expect(paid.transactions[0]).toHaveProperty('doc_date');
  });

  it('fiscal receipts keep the spec\'s bv_id and carry the family', async () => {
    const rows = (await get('/fiscalreceipts/list/include:items/')).data as Row[];
    for (const row of rows) {
      expectFamily(row, `receipt ${row.fiscal_receipt_id}`, ['doc_date', 'document_cancelled', 'document_value_with_vat', 'bv_id']);
      expect(row).not.toHaveProperty('sale_id');
    }
    expectLines(rows.flatMap((r) => r.items as Row[]), 'receipt items');
  });

  it('payments keep incasare_id and bv_id; their allocations name documents by doc_series / doc_nr', async () => {
    const rows = (await get('/payments/list/include:allocations/')).data as Row[];
    for (const row of rows) expectFamily(row, `payment ${row.incasare_id}`, [...DOCUMENT_KEYS, 'incasare_id', 'bv_id', 'amount']);
    const allocation = rows.flatMap((r) => r.allocations as Row[])[0]!;
    expect(Object.keys(allocation)).toEqual(['doc_type', 'doc_id', 'doc_series', 'doc_nr', 'amount']);
  });

  it('AWBs keep awb_id, awb_nr and sale_id (the spec\'s names)', async () => {
    const rows = (await get('/awb/list/')).data as Row[];
    for (const row of rows) expectFamily(row, `awb ${row.awb_id}`, ['doc_date', 'document_cancelled', 'awb_id', 'awb_nr', 'sale_id']);
  });

  it('inventories and their rows', async () => {
    const rows = (await get('/inventory/list/')).data as Row[];
    for (const row of rows) expectFamily(row, `inventory ${row.inventory_id}`, [...DOCUMENT_KEYS, 'inventory_id']);
    const view = (await get(`/inventory/view/${rows[0]!.inventory_id}/`)).data as Row;
    expectFamily(view, 'inventory view');
    for (const line of view.rows as Row[]) {
      for (const key of ['product_variant_id', 'item_code', 'item_name']) expect(line).toHaveProperty(key);
      for (const key of OLD_LINE_NAMES) expect(line).not.toHaveProperty(key);
    }
  });

  it('service files keep fisa_id; their associated documents carry the family', async () => {
    const rows = (await get('/workmanager/servicefiles/')).data as Row[];
    for (const row of rows) expectFamily(row, `service file ${row.fisa_id}`, [...DOCUMENT_KEYS, 'fisa_id']);
    const file = (await get(`/workmanager/servicefile/${rows[0]!.fisa_id}/`)).data as Row;
    for (const doc of file.documents as Row[]) expectFamily(doc, `document of file ${file.fisa_id}`);
  });

  it('connector orders: the order total as document_value_with_vat, linked documents in the family', async () => {
    const rows = (await get('/connector/1/order/list/')).data as Row[];
    for (const row of rows) {
      expect(row).toHaveProperty('document_value_with_vat');
      expect(row).not.toHaveProperty('total_with_vat');
      expect(row).toHaveProperty('SERVICE_order_id');
      for (const sale of row.sales_receipts as Row[]) expectFamily(sale, 'sales_receipts[]');
      for (const invoice of row.invoices as Row[]) expect(Object.keys(invoice)).toContain('seria');
    }
  });
});
