/**
 * What a refactoring must leave byte-identical (issue 38): the REST OpenAPI document, the names of
 * the operations, and the answers of every GET control operation, a fixed sequence of writes
 * (REST orders, staff actions, storno, proforma invoice, payment, product edit, ...; refusals are
 * answers too) and REST reads after them, on the demo seed with a fixed clock.
 *
 *   npx tsx scripts/answers-snapshot.ts OUT.json            (run in each checkout to compare)
 *   npx tsx scripts/answers-snapshot.ts --compare A.json B.json
 *
 * Per-run randomness is masked: the listener's port, document link signatures (a secret per data
 * folder), webhook ids, generated AWB numbers, HTTP dates, delivery durations. Deliveries race the
 * dispatcher (pending or delivered), so the delivery log is not part of the snapshot.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../electron/core/create-core.ts';
import { startServer } from '../electron/server/create-server.ts';
import { OPERATION_NAMES, operations } from '../shared/contract/operations.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Answer { status: number; text: string }

const TOKEN = 'snapshot-admin-token-0123456789';
const CLOCK = { now: () => new Date('2026-11-17T08:00:00Z') };

function httpOf(name: string): { method: string; path: string } | undefined {
  return (operations as Record<string, { http?: { method: string; path: string } }>)[name]?.http;
}

async function snapshot(out: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'erpwb-snapshot-'));
  const core = createCore({ dataDir, seed: 'demo', scale: 1, clock: CLOCK });
  const server = await startServer({ core, host: '127.0.0.1', port: 0, adminToken: TOKEN });
  const url = core.publicUrl();
  const port = new URL(url).port;
  const mask = (text: string) =>
    text.split(url).join('http://HOST').split(`:${port}`).join(':PORT')
      .replace(/(\/documents\/[a-z]+\/[0-9.]+\.)[A-Za-z0-9_-]{32}/g, '$1SIG')
      .replace(/msg_[A-Za-z0-9_-]{16}/g, 'msg_ID')
      .replace(/1ONB\d{10}/g, '1ONB-AWB')
      .replace(/"date":"[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} [0-9:]{8} GMT"/g, '"date":"HTTP-DATE"')
      .replace(/"duration_ms":[0-9.]+/g, '"duration_ms":0');

  async function call(method: string, path: string, body?: unknown, auth = `Bearer ${TOKEN}`, base = '/_sandbox'): Promise<Answer> {
    const r = await fetch(`${url}${base}${path}`, {
      method,
      headers: { authorization: auth, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const type = r.headers.get('content-type') ?? '';
    const text = type.includes('json') || type.includes('text') ? await r.text() : `<${type} ${(await r.arrayBuffer()).byteLength} bytes>`;
    return { status: r.status, text: mask(text) };
  }
  const dataOf = (a: Answer) => (JSON.parse(a.text) as { data: Json }).data;

  try {
    const record: Record<string, unknown> = { names: OPERATION_NAMES };
    record.openapi = (await call('GET', '/app/rest/v1/openapi.json', undefined, '', '')).text;

    // Ids for the path parameters: the first row of each list.
    const ids: Record<string, string> = { company_id: '1', connector_id: '1' };
    for (const [op, key] of [
      ['lists.invoices', 'bocp_id'], ['lists.proformas', 'proforma_id'], ['lists.sales', 'bv_id'], ['lists.payments', 'incasare_id'],
      ['lists.awbs', 'awb_id'], ['lists.contacts', 'contact_id'], ['lists.products', 'product_id'], ['lists.connectorOrders', 'order_unique_id'],
    ] as const) {
      const data = dataOf(await call('GET', httpOf(op)!.path.replace(':company_id', '1'))) as { rows?: Array<Record<string, Json>> };
      const value = data.rows?.[0]?.[key];
      if (value !== undefined && value !== null) ids[key] = String(value);
    }
    record.ids = { ...ids };

    const gets: Record<string, Answer | string> = {};
    for (const name of OPERATION_NAMES) {
      const http = httpOf(name);
      if (http?.method !== 'GET') continue;
      let missing = '';
      const path = http.path.replace(/:([a-z_]+)/g, (_, p: string) => ids[p] ?? (missing = p));
      gets[name] = missing ? `skipped: no ${missing}` : await call('GET', path);
    }
    record.gets = gets;

    await call('POST', '/accounts/1/api-users', { username: 'snapshot', password: 'Snapshot-password-1' });
    const basic = `Basic ${Buffer.from('snapshot:Snapshot-password-1').toString('base64')}`;
    const published = dataOf(await call('GET', '/1/connector/1/products/', undefined, basic, '/app/rest/v1'));
    const first = (Array.isArray(published) ? published : Object.values(published ?? {}))[0] as { product_id: number };
    const product = dataOf(await call('GET', `/accounts/1/products/${first.product_id}`)) as Record<string, Json>;
    const address = { city: 'Cluj-Napoca', county: 'Cluj', country: 'Romania', street: 'Strada Memorandumului', number: '28', zip: '400001' };
    const order = (uid: string) => ({
      order_unique_id: uid, order_status: 'processing', order_currency_code: 'RON', shipping_method: 'courier',
      client: { name: 'Ana Ștefănescu', email: 'ana@example.ro', client_unique_id: 700001, invoice_address: address, delivery_address: address },
      items: [{
        type: 'product', code: product.cod_produs, item_name: 'Produs', item_quantity: 1, item_price: product.pret_vanzare,
        item_vat_percent: product.cota_tva_vanzare, item_price_with_vat: product.pret_vanzare_cu_tva, line_value_with_vat: product.pret_vanzare_cu_tva,
      }],
    });
    const rest = (m: string, p: string, b: unknown) => call(m, p, b, basic, '/app/rest/v1');
    const ORDER = '/accounts/1/connectors/1/orders';
    const writes: Array<[string, () => Promise<Answer>]> = [
      ['REST POST order SNAP-1', () => rest('POST', '/1/connector/1/order/SNAP-1/', order('SNAP-1'))],
      ['REST PUT order SNAP-1', () => rest('PUT', '/1/connector/1/order/SNAP-1/', order('SNAP-1'))],
      ['REST POST order SNAP-2', () => rest('POST', '/1/connector/1/order/SNAP-2/', order('SNAP-2'))],
      ['storno preview', () => call('POST', `/accounts/1/invoices/${ids.bocp_id}/storno/preview`, {})],
      ['storno', () => call('POST', `/accounts/1/invoices/${ids.bocp_id}/storno`, {})],
      ['proforma invoice preview', () => call('POST', `/accounts/1/proformas/${ids.proforma_id}/invoice/preview`, {})],
      ['proforma invoice', () => call('POST', `/accounts/1/proformas/${ids.proforma_id}/invoice`, {})],
      ['contact edit', () => call('PATCH', `/accounts/1/contacts/${ids.contact_id}`, { name: 'Ștefănescu Test SRL' })],
      ['payment', () => call('POST', `/accounts/1/sales/${ids.bv_id}/payments`, { amount: 10, date: '2026-11-17', payment_type: 'bank_transfer' })],
      ['product edit', () => call('PATCH', `/accounts/1/products/${ids.product_id}`, { pret_vanzare: 123.45, selling_currency_txt: 'RON' })],
      ['unpublish', () => call('POST', `/accounts/1/connectors/1/products/${ids.product_id}/unpublish`, {})],
      ['publish', () => call('POST', `/accounts/1/connectors/1/products/${ids.product_id}/publish`, {})],
      ['order status', () => call('POST', `${ORDER}/SNAP-1/status`, { status_text: 'processing' })],
      ['order invoice preview', () => call('POST', `${ORDER}/SNAP-1/invoice/preview`, {})],
      ['order invoice', () => call('POST', `${ORDER}/SNAP-1/invoice`, {})],
      ['order awb (refused: the invoice made one)', () => call('POST', `${ORDER}/SNAP-1/awb`, { awb_type: 'cargus' })],
      ['order cancel', () => call('POST', `${ORDER}/SNAP-2/cancel`, {})],
      ['demo order cancel', () => call('POST', `${ORDER}/${ids.order_unique_id}/cancel`, {})],
      ['awb cancel', () => call('POST', `/accounts/1/awbs/${ids.awb_id}/cancel`, {})],
      ['payment cancel', () => call('POST', `/accounts/1/payments/${ids.incasare_id}/cancel`, {})],
      ['connector edit', () => call('PATCH', '/accounts/1/connectors/1', { type: 'ecommerce' })],
      ['fault', () => call('POST', '/accounts/1/faults', { path: '/invoices/list/', status: 503, count: 1 })],
    ];
    const written: Array<{ call: string } & Answer> = [];
    for (const [name, run] of writes) written.push({ call: name, ...(await run()) });
    record.writes = written;

    const after: Record<string, Answer> = {};
    for (const name of OPERATION_NAMES) {
      if (!name.startsWith('lists.') || name === 'lists.apiLog' || name === 'lists.webhooks') continue;
      after[name] = await call('GET', httpOf(name)!.path.replace(':company_id', '1'));
    }
    record.listsAfter = after;
    const reads: Record<string, Answer> = {};
    for (const p of ['/invoices/list/', '/proformas/list/', '/sales/list/', '/payments/list/', '/products/list/', '/contacts/list/', '/awb/list/', '/stocks/list/', '/connector/1/order/list/', `/invoices/list/id:${ids.bocp_id}/`]) {
      reads[`GET ${p}`] = await call('GET', `/1${p}`, undefined, basic, '/app/rest/v1');
    }
    record.rest = reads;
    writeFileSync(out, JSON.stringify(record, null, 1));
    console.log(`written ${out}: ${Object.keys(gets).length} reads, ${written.length} writes`);
  } finally {
    await server.close();
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every place two snapshots differ, with the text around the first differing character. */
function differences(a: unknown, b: unknown, path = ''): string[] {
  if (typeof a === 'string' && typeof b === 'string') {
    if (a === b) return [];
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    return [`${path}\n  before: ${a.slice(Math.max(0, i - 120), i + 80)}\n  after:  ${b.slice(Math.max(0, i - 120), i + 80)}`];
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}/${k}`));
  }
  return a === b ? [] : [`${path}: ${JSON.stringify(a)} -> ${JSON.stringify(b)}`];
}

const args = process.argv.slice(2);
if (args[0] === '--compare' && args.length === 3) {
  const [before, after] = [args[1]!, args[2]!].map((f) => JSON.parse(readFileSync(f, 'utf8')) as unknown);
  const found = differences(before, after);
  console.log(found.length === 0 ? 'identical' : found.join('\n'));
  process.exitCode = found.length === 0 ? 0 : 1;
} else if (args.length === 1) {
  await snapshot(args[0]!);
} else {
  console.error('usage: answers-snapshot.ts OUT.json | --compare BEFORE.json AFTER.json');
  process.exitCode = 2;
}
