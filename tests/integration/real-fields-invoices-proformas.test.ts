import { describe, expect, it } from 'vitest';
import { useDemo } from './harness.ts';

// /invoices/list/ and /proformas/list/ read as a client of the real service reads them
// (/work/shared/docs/real-service.md): the row keys and their JSON types, id: by bocp_id,
// datefrom: inclusive, and the credential-free document links of the rows.

// A clock the expiry test moves forward (and back): the links' expiry reads the core's clock.
const clock = { offsetMs: 0, now() { return new Date(Date.now() + this.offsetMs); } };
const demo = useDemo({ clock });

type Row = Record<string, unknown>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TS = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

async function list(path: string): Promise<Row[]> {
  const answer = await demo.h.rest<Row[]>('GET', `/1${path}`, demo.user, { redirect: 'error' });
  expect(answer.status, path).toBe(200);
  expect(answer.body.is_error).toBe(false);
  expect(Array.isArray(answer.body.data)).toBe(true);
  return answer.body.data;
}

/** A document link fetched as clients fetch it: no credentials at all. */
async function open(url: string) {
  const response = await fetch(url, { redirect: 'error' });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type') ?? '', bytes, text: bytes.toString('utf8') };
}

const isFlag = (value: unknown) => value === 0 || value === 1;
const isOptionalDate = (value: unknown) => typeof value === 'string' && (value === '' || DATE.test(value));

const INVOICE_KEYS = [
  'bocp_id', 'doc_series', 'doc_nr', 'doc_date', 'doc_due_date', 'last_payment_date', 'document_value_with_vat', 'rest',
  'currency', 'document_cancelled', 'pdf_invoice_url', 'record_ts', 'client_name', 'client_email', 'client_phone1',
  'client_phone2', 'client_vat_id', 'bocp_contact_id', 'client_address', 'client_city', 'client_county', 'client_postcode',
  'client_country', 'client_shipping_adress', 'client_shipping_city', 'client_shipping_county', 'client_shipping_postcode',
  'client_shipping_country', 'items',
];
const LINE_KEYS = [
  'product_variant_id', 'service_id', 'item_code', 'item_name', 'item_name_plain', 'product_current_name', 'barcode', 'qty_mu1',
  'value_with_vat',
];
const OUR_OLD_NAMES = ['invoice_id', 'series', 'number', 'date', 'due_date', 'total_with_vat', 'cancelled', 'created_ts'];

describe('/invoices/list/ as real clients read it', () => {
  it('rows carry the real service keys with the types clients accept, and none of our old names', async () => {
    const rows = await list('/invoices/list/');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      for (const key of INVOICE_KEYS) expect(row, key).toHaveProperty(key);
      for (const key of OUR_OLD_NAMES) expect(row, key).not.toHaveProperty(key);
      // The spec's client block beside the real service's names of the same values.
      expect(row.client_id).toBe(row.bocp_contact_id);
      expect(row.client_cui).toBe(row.client_vat_id);
      expect(Number.isInteger(row.bocp_id)).toBe(true);
      expect(typeof row.doc_series).toBe('string');
      expect(String(row.doc_nr)).toMatch(/^\d+$/);
      expect(row.doc_date).toMatch(DATE);
      expect(isOptionalDate(row.doc_due_date)).toBe(true);
      expect(isOptionalDate(row.last_payment_date)).toBe(true);
      expect(typeof row.document_value_with_vat).toBe('number');
      expect(typeof row.rest).toBe('number');
      expect(row.rest as number).toBeGreaterThanOrEqual(0);
      expect(typeof row.currency).toBe('string');
      expect(isFlag(row.document_cancelled)).toBe(true);
      expect(row.pdf_invoice_url).toMatch(/^https?:\/\/[^/]+\/documents\/invoice\/[^/]+\/pdf\/$/);
      expect(row.record_ts).toMatch(TS);
      expect(row.bocp_contact_id === null || Number.isInteger(row.bocp_contact_id)).toBe(true);
      for (const key of INVOICE_KEYS.filter((k) => k.startsWith('client_'))) expect(typeof row[key], key).toBe('string');
      expect(Array.isArray(row.items)).toBe(true);
      for (const line of row.items as Row[]) {
        for (const key of LINE_KEYS) expect(line, key).toHaveProperty(key);
        expect(Number.isInteger(line.product_variant_id)).toBe(true);
        expect(Number.isInteger(line.service_id)).toBe(true);
        // a product line has its variant and no service; any other line is an uncatalogued (negative) service
        expect((line.product_variant_id as number) > 0 ? line.service_id === 0 : (line.service_id as number) < 0).toBe(true);
        for (const key of ['item_code', 'item_name', 'item_name_plain', 'product_current_name', 'barcode']) expect(typeof line[key], key).toBe('string');
        expect(typeof line.qty_mu1).toBe('number');
        expect(typeof line.value_with_vat).toBe('number');
      }
    }
    expect(rows.some((row) => (row.items as Row[]).length > 0)).toBe(true);
    expect(new Set(rows.map((row) => row.document_cancelled))).toEqual(new Set([0, 1]));
    // the rest of a paid invoice is 0, of an open one what is left
    for (const row of rows) {
      const stored = demo.db.prepare('SELECT total_with_vat, paid_amount FROM invoices WHERE id = ?').get(row.bocp_id) as Row;
      expect(row.rest).toBe(Math.max(0, Math.round(((stored.total_with_vat as number) - (stored.paid_amount as number)) * 100) / 100));
    }
    // clients show SERIES-NR and find a client's address
    const named = rows.find((row) => row.client_city !== '' && row.client_address !== '');
    expect(named, 'an invoice with a billing address').toBeDefined();
  });

  it('id: re-reads one invoice by its bocp_id', async () => {
    const rows = await list('/invoices/list/');
    const wanted = rows[Math.floor(rows.length / 2)]!;
    const again = await list(`/invoices/list/id:${wanted.bocp_id}/`);
    expect(again).toEqual([wanted]);
  });

  it('datefrom: includes the day itself', async () => {
    const rows = await list('/invoices/list/');
    const day = rows[rows.length - 1]!.doc_date as string;
    const from = await list(`/invoices/list/datefrom:${day}/`);
    expect(from.length).toBeGreaterThan(0);
    expect(from.some((row) => row.doc_date === day)).toBe(true);
    expect(from.every((row) => (row.doc_date as string) >= day)).toBe(true);
  });

  it('pdf_invoice_url opens the invoice PDF without credentials', async () => {
    const [row] = await list('/invoices/list/');
    const page = await open(row!.pdf_invoice_url as string);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^application\/pdf/);
    expect(page.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('pdf_invoice_url expires after one to two days (410); the permanent view_link does not; a forged expiry is a 404', async () => {
    const [invoice] = await list('/invoices/list/');
    const [proforma] = await list('/proformas/list/');
    const url = invoice!.pdf_invoice_url as string;
    const expires = Number(/\/\d+\.\d+\.(\d+)\.[A-Za-z0-9_-]{32}\/pdf\/$/.exec(url)![1]);
    const hoursLeft = (expires * 1000 - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(24);
    expect(hoursLeft).toBeLessThanOrEqual(48);
    try {
      clock.offsetMs = 49 * 3_600_000;
      const expired = await open(url);
      expect(expired.status).toBe(410);
      expect(JSON.parse(expired.text).messages[0]).toMatch(/expired/);
      expect((await open(proforma!.view_link as string)).status).toBe(200);
      // A fresh read gives a fresh link that opens.
      const [again] = await list(`/invoices/list/id:${invoice!.bocp_id}/`);
      expect(again!.pdf_invoice_url).not.toBe(url);
      expect((await open(again!.pdf_invoice_url as string)).status).toBe(200);
    } finally {
      clock.offsetMs = 0;
    }
    // Pushing the expiry back breaks the key.
    const forged = url.replace(`.${expires}.`, `.${expires + 86_400}.`);
    expect((await open(forged)).status).toBe(404);
    expect((await open(url)).status).toBe(200);
  });
});

describe('/proformas/list/ as real clients read it', () => {
  it('rows carry proforma_id, doc_series, doc_nr, doc_date, total, document_cancelled and view_link', async () => {
    const rows = await list('/proformas/list/');
    expect(rows.length).toBeGreaterThan(0);
    let previous = 0;
    for (const row of rows) {
      for (const key of ['series', 'number', 'date', 'cancelled', 'total_with_vat']) expect(row, key).not.toHaveProperty(key);
      expect(Number.isInteger(row.proforma_id)).toBe(true);
      expect(row.proforma_id as number).toBeGreaterThan(previous);
      previous = row.proforma_id as number;
      expect(typeof row.doc_series).toBe('string');
      expect(String(row.doc_nr)).toMatch(/^\d+$/);
      expect(row.doc_date).toMatch(DATE);
      expect(typeof row.total).toBe('number');
      expect(isFlag(row.document_cancelled)).toBe(true);
      expect(row.view_link).toMatch(/^https?:\/\/[^/]+\/documents\/proforma\/[^/]+\/html\/$/);
    }
  });

  it('id: re-reads one proforma; datefrom: includes the day itself', async () => {
    const rows = await list('/proformas/list/');
    const wanted = rows[rows.length - 1]!;
    expect(await list(`/proformas/list/id:${wanted.proforma_id}/`)).toEqual([wanted]);
    const from = await list(`/proformas/list/datefrom:${wanted.doc_date}/`);
    expect(from.map((row) => row.proforma_id)).toContain(wanted.proforma_id);
    expect(from.every((row) => (row.doc_date as string) >= (wanted.doc_date as string))).toBe(true);
  });

  it('view_link is an HTML page naming the client, without credentials; its /pdf/ twin is the PDF', async () => {
    const rows = await list('/proformas/list/');
    const plain = rows.find((row) => {
      const name = demo.db.prepare('SELECT client_name FROM proformas WHERE id = ?').pluck().get(row.proforma_id) as string;
      return name !== '' && !/[&<>"']/.test(name);
    })!;
    expect(plain).toBeDefined();
    const name = demo.db.prepare('SELECT client_name FROM proformas WHERE id = ?').pluck().get(plain.proforma_id) as string;
    const html = await open(plain.view_link as string);
    expect(html.status).toBe(200);
    expect(html.type).toMatch(/^text\/html/);
    // raw UTF-8 or decimal character references both count, as clients read it
    const decoded = html.text.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));
    expect(decoded).toContain(name);
    const pdf = await open((plain.view_link as string).replace(/\/html\/$/, '/pdf/'));
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });
});
