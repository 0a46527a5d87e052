/**
 * npm run docs:openapi-examples: records a request and an answer for every operation of the REST
 * API, as the service gives them on the demo data, into electron/server/public/openapi-examples.json;
 * the OpenAPI document carries them as each operation's examples (openapi.ts). Lists keep their
 * first row. tests/integration/openapi-examples.test.ts checks every operation has its examples and
 * that each one is valid against its schema. Run it again after a route or schema changes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startService } from '../electron/lib/start-service.ts';

export const EXAMPLES_FILE = join(import.meta.dirname, '../electron/server/public/openapi-examples.json');

type Json = Record<string, unknown>;
interface Example {
  request?: unknown;
  response: unknown;
  status: number;
}

/** A list's answer with its first row only (and the same for nested lists of rows). */
function trimmed(answer: unknown): unknown {
  if (Array.isArray(answer)) return answer.slice(0, 1).map(trimmed);
  if (answer && typeof answer === 'object') return Object.fromEntries(Object.entries(answer).map(([k, v]) => [k, trimmed(v)]));
  return answer;
}

async function record(): Promise<Record<string, Example>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'erpwb-examples-'));
  const service = await startService({ dataDir, host: '127.0.0.1', port: 0, seed: 'demo', scale: 1, adminToken: 'examples-admin-token' });
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3b5bdb' } }).png().toBuffer();
  const images = createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(png));
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  const imageUrl = `http://127.0.0.1:${(images.address() as { port: number }).port}/cafea.png`;
  try {
    const { core } = service;
    await core.useEmbeddedFtpForAll();
    await core.invoke('settings.update', { outbound_allow_private: true });
    const user = await core.invoke('apiUsers.create', { company_id: 1, username: 'docs-examples', ip_whitelist: ['*'], routes: null, methods: null });
    const auth = `Basic ${Buffer.from(`docs-examples:${user.password}`).toString('base64')}`;
    const base = `${service.url}/app/rest/v1/1`;
    const examples: Record<string, Example> = {};
    const call = async (method: string, template: string, path: string, request?: unknown, form?: FormData): Promise<Json> => {
      const headers: Record<string, string> = { authorization: auth };
      let body: string | FormData | undefined;
      if (form) body = form;
      else if (request !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request);
      }
      const answer = await fetch(`${base}${path}`, { method, headers, ...(body !== undefined && { body }) });
      const text = await answer.text();
      // A few answers are not JSON (a text description of an upload form): kept as text.
      const json = (answer.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as Json) : undefined;
      examples[`${method} ${template}`] = { ...(request !== undefined && { request }), response: json ? trimmed(json) : text, status: answer.status };
      return json ?? {};
    };
    const first = async (path: string) => ((await call('GET', path, path)).data as Json[])[0]!;

    const sale = await first('/sales/list/');
    await first('/invoices/list/');
    await first('/proformas/list/');
    await first('/fiscalreceipts/list/');
    await first('/payments/list/');
    await call('GET', '/payments/types/', '/payments/types/');
    await call('GET', '/payments/fiscalreceipt/', '/payments/fiscalreceipt/');
    await first('/awb/list/');
    await call('GET', '/awb/add/', '/awb/add/');
    await call('GET', '/awb/issue/', '/awb/issue/');
    const inventory = await first('/inventory/list/');
    await call('GET', '/inventory/view/{inventory_id}/', `/inventory/view/${String(inventory.inventory_id)}/`);
    const file = await first('/workmanager/servicefiles/');
    await call('GET', '/workmanager/servicefile/{fisa_id}/', `/workmanager/servicefile/${String(file.fisa_id)}/`);
    await first('/workmanager/servicerequests/');
    const contact = await first('/contacts/list/include:address/');
    examples['GET /contacts/list/'] = examples['GET /contacts/list/include:address/']!;
    delete examples['GET /contacts/list/include:address/'];
    await call('GET', '/contacts/{contact_id}/', `/contacts/${String(contact.contact_id)}/`);
    await first('/pricelists/list/');
    const category = await first('/productwebcategories/list/');
    await first('/workpoints/list/');
    await call('GET', '/postcodes/lookup/', `/postcodes/lookup/city:${encodeURIComponent('Cluj-Napoca')}/county:Cluj/`);
    examples['GET /postcodes/lookup/'] = examples['GET /postcodes/lookup/']!;
    const product = await first('/product/list/');
    await first('/product/stocks/');
    const productId = String(product.product_id);
    await call('GET', '/product/{product_id}/', `/product/${productId}/`);
    await call('GET', '/sales/{bv_id}/payment/', `/sales/${String(sale.bv_id)}/payment/`);
    await call('GET', '/connector/{connector_id}/config/', '/connector/1/config/');
    await first('/connector/1/order/list/');
    examples['GET /connector/{connector_id}/order/list/'] = examples['GET /connector/1/order/list/']!;
    delete examples['GET /connector/1/order/list/'];
    await first('/connector/1/products/');
    examples['GET /connector/{connector_id}/products/'] = examples['GET /connector/1/products/']!;
    delete examples['GET /connector/1/products/'];
    await first('/marketplace/connectors/list/');
    await first('/marketplace/orders/list/');
    await call('GET', '/attachments/upload/', '/attachments/upload/');

    // Writes, with realistic requests.
    const address = { country: 'Romania', county: 'Iași', city: 'Iași', street: 'Strada Lăpușneanu', number: '14', zip: '700057' };
    const order = {
      order_unique_id: 'WEB-10045',
      order_reference: '#10045',
      order_date: '2026-11-27',
      order_updated_at: '2026-11-27 10:42:00',
      order_status: 'processing',
      order_cancelled: 0,
      order_mentions: 'Livrare după ora 17 — sunați înainte',
      order_currency_code: 'RON',
      shipping_method: 'courier',
      cod_amount: 0,
      cod_currency: 'RON',
      payment_method: 'card',
      client: {
        name: 'Ana Ștefănescu',
        representative: '',
        email: 'ana.stefanescu@example.ro',
        phone: '0722000001',
        vat_id: '',
        registration_number: '',
        client_unique_id: 51001,
        invoice_address: address,
        delivery_address: { ...address, shipping_contact_name: 'Ana Ștefănescu', shipping_contact_phone: '0722000001' },
      },
      items: [
        {
          type: 'product',
          code: String(product.cod_produs),
          ean: '',
          item_name: String(product.product_name),
          item_quantity: 2,
          item_price: 100,
          item_vat_percent: 21,
          item_price_with_vat: 121,
          line_value_with_vat: 242,
        },
        { type: 'service', code: 'SHIPPING', item_name: 'Transport curier', item_quantity: 1, item_price: 16.53, item_vat_percent: 21, item_price_with_vat: 20, line_value_with_vat: 20 },
        { type: 'discount', code: 'DISCOUNT', item_name: 'Voucher BLACKFRIDAY', item_quantity: 1, item_price: -16.53, item_vat_percent: 21, item_price_with_vat: -20, line_value_with_vat: -20 },
      ],
      payments: [
        {
          payment_method: 'card',
          payment_status: 'confirmed',
          payment_date: '2026-11-27 10:41:12',
          payment_amount: 242,
          payment_currency: 'RON',
          payment_reference: 'NETOPIA-8841-2291',
          payment_comments: '3-D Secure',
        },
      ],
    };
    const created = await call('POST', '/connector/{connector_id}/order/{order_id}/', '/connector/1/order/WEB-10045/', order);
    await call('PUT', '/connector/{connector_id}/order/{order_id}/', '/connector/1/order/WEB-10045/', { ...order, order_status: 'shipped', order_updated_at: '2026-11-28 09:15:00' });
    const orderSale = ((await call('GET', 'x', `/connector/1/order/list/`)).data as Json[]).find((o) => o.SERVICE_order_id === (created.data as Json).SERVICE_order_id);
    delete examples['GET x'];
    const saleId = Number((orderSale?.sales as Json[] | undefined)?.[0]?.bv_id ?? sale.bv_id);
    await call('POST', '/sales/{bv_id}/payment/', `/sales/${String(sale.bv_id)}/payment/`, { amount: 50, payment_type: 'cash', date: '2026-11-27', currency: 'RON', mentions: 'încasat la livrare', external_ref: 'POS-77' });
    await call('POST', '/payments/fiscalreceipt/', '/payments/fiscalreceipt/', {
      receipts: [
        { pos_receipt_id: 880001, bv_id: saleId, status_id: 3, bf_date: '2026-11-27', print_confirmed_ts: '2026-11-27 11:02:33', bon_nr: 145, z_nr: 312, paid_card: 242, reimport_existing_bf: 0 },
      ],
    });
    const awb = await call('POST', '/awb/add/', '/awb/add/', { awbs: [{ sale_id: saleId, awb_nr: '2BT1000012345', awb_type: 'fan', awb_url: 'https://www.fancourier.ro/awb-tracking/?awb=2BT1000012345' }] });
    const awbId = ((awb.data as Json[] | undefined)?.[0] as Json | undefined)?.awb_id ?? ((awb.data as Json | undefined)?.awbs as Json[] | undefined)?.[0]?.awb_id;
    await call('DELETE', '/awb/{awb_id}/', `/awb/${String(awbId)}/`);
    const addressId = ((contact.addresses as Json[] | undefined)?.[0]?.address_id ?? (contact.addresses as Json[] | undefined)?.[0]?.id) as number | undefined;
    await call('POST', '/workmanager/sendinrequest/', '/workmanager/sendinrequest/', {
      item_code: 'LAPTOP-ASUS-X515',
      item_name: 'Laptop ASUS X515',
      client_rec_id: Number(contact.contact_id),
      client_addres_id: Number(addressId ?? -1),
      defect_description: 'Nu pornește după actualizarea BIOS',
      item_series: 'SN-9Z81KX',
      acquisition_invoice_nr: 'FCT-2025-0412',
      acquisition_invoice_date: '2025-03-14',
      requested_pickup_date: '2026-12-01',
      from_b2b: 0,
    });
    await call('PATCH', '/product/{product_id}/', `/product/${productId}/`, { pret_vanzare: 109.9, selling_currency_txt: 'RON', product_website_title: 'Ulei de măsline extravirgin 750 ml — presat la rece' });
    const detail = (await call('GET', 'y', `/product/${productId}/`)).data as Json;
    delete examples['GET y'];
    // PUT replaces every writable field: the detail's values, with a new price and description.
    const writable = ['cod_produs', 'cod_varianta', 'barcode', 'cod_intern', 'product_name', 'product_website_title', 'product_description', 'unitate_masura', 'pret_vanzare', 'selling_currency_txt', 'cota_tva_vanzare', 'category_id', 'manufacturer_id', 'website_published', 'partner_visible', 'sellable', 'is_archived', 'delistat', 'weight'];
    await call('PUT', '/product/{product_id}/', `/product/${productId}/`, {
      ...Object.fromEntries(writable.map((key) => [key, detail[key]])),
      pret_vanzare: 112.5,
      product_description: 'Ulei de măsline extravirgin, presat la rece, sticlă de 750 ml.',
    });
    await call('PUT', '/product/{product_id}/image/', `/product/${productId}/image/`, { url: imageUrl });
    const imageForm = new FormData();
    imageForm.set('file', new Blob([png], { type: 'image/png' }), 'cafea.png');
    await call('POST', '/product/{product_id}/image/', `/product/${productId}/image/`, { file: '(binary: cafea.png, image/png)' }, imageForm);
    await call('GET', '/product/{product_id}/images/', `/product/${productId}/images/`);
    await call('DELETE', '/product/{product_id}/images/', `/product/${productId}/images/`);
    const categoryForm = new FormData();
    categoryForm.set('file', new Blob([png], { type: 'image/png' }), 'categorie.png');
    const categoryId = String(category.category_id ?? category.id);
    await call('POST', '/productwebcategories/{category_id}/image/', `/productwebcategories/${categoryId}/image/`, { file: '(binary: categorie.png, image/png)' }, categoryForm);
    await call('DELETE', '/productwebcategories/{category_id}/', `/productwebcategories/${categoryId}/`);
    const attachmentForm = new FormData();
    attachmentForm.set('doctype', 'sale');
    attachmentForm.set('doc_id', String(sale.bv_id));
    attachmentForm.set('title', 'Proces-verbal de livrare');
    attachmentForm.set('file', new Blob(['%PDF-1.4\n% proces-verbal\n'], { type: 'application/pdf' }), 'pv-livrare.pdf');
    const attached = await call('POST', '/attachments/upload/', '/attachments/upload/', { doctype: 'sale', doc_id: Number(sale.bv_id), title: 'Proces-verbal de livrare', file: '(binary: pv-livrare.pdf, application/pdf)' }, attachmentForm);
    const attachmentId = String(((attached.data as Json).attached_file_rec_ids as number[])[0]);
    await call('GET', '/attachments/{attachment_id}/', `/attachments/${attachmentId}/`);
    await call('DELETE', '/attachments/{attachment_id}/', `/attachments/${attachmentId}/`);
    await call('DELETE', '/product/{product_id}/', `/product/${productId}/`);
    await call('POST', '/product/add/', '/product/add/', { product_name: 'Cafea boabe 1 kg', pret_vanzare: 189.9 });
    return examples;
  } finally {
    images.close();
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  const examples = await record();
  const sorted = Object.fromEntries(Object.entries(examples).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(EXAMPLES_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  const failed = Object.entries(examples).filter(([, e]) => e.status >= 400);
  console.log(`written ${EXAMPLES_FILE}: ${Object.keys(examples).length} operations`);
  for (const [name, e] of failed) console.log(`  ${name}: HTTP ${e.status} ${JSON.stringify((e.response as Json).messages)}`);
}
