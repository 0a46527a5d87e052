import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiLogEntry } from '../../shared/domain/api-log.ts';
import { createDocumentLinks, type DocumentFormat, type DocumentKind } from '../../electron/core/domains/documents/index.ts';
import { systemClock } from '../../electron/core/time.ts';
import { escapeHtml } from '../../electron/core/domains/documents/format.ts';
import { pdfText } from '../pdf-text.ts';
import type { Row } from './orders.ts';
import { useStaffDemo, type Prod } from './staff.ts';

// The documents behind the notification links, on a real listener over the demo account:
// invoice, proforma and AWB label by key, as HTML and as real PDFs (opened with PDF.js), without
// credentials; every wrong key, kind, format or document is the same 404; an AWB the service
// generates links its own label.

const staff = useStaffDemo();
const { one } = staff;
const h = () => staff.demo.h;

const link = (kind: DocumentKind, id: number, format: DocumentFormat) => h().core.rest.links.url(h().url, { kind, companyId: 1, id }, format);

interface Page {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
}
async function get(url: string, init: RequestInit = {}): Promise<Page> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

function expectPrivate(page: Page): void {
  expect(page.headers.get('cache-control')).toBe('private, no-store');
  expect(page.headers.get('x-robots-tag')).toContain('noindex');
  expect(page.headers.get('referrer-policy')).toBe('no-referrer');
}

function expectNotFound(page: Page): void {
  expect(page.status).toBe(404);
  expect(page.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(page.text) as { is_error: boolean; http_code: number; messages: string[] };
  expect(body).toMatchObject({ is_error: true, http_code: 404 });
}

let invoice: Row;
let eurInvoice: Row;
let cancelled: Row;
let proforma: Row;
let awb: Row;

beforeAll(() => {
  const plain = "client_name NOT GLOB '*[&<>\"'']*'";
  invoice = one(`SELECT * FROM invoices WHERE cancelled = 0 AND currency = 'RON' AND ${plain} ORDER BY id LIMIT 1`);
  eurInvoice = one(`SELECT * FROM invoices WHERE cancelled = 0 AND currency = 'EUR' ORDER BY id LIMIT 1`);
  cancelled = one('SELECT * FROM invoices WHERE cancelled = 1 ORDER BY id LIMIT 1');
  proforma = one(`SELECT * FROM proformas WHERE cancelled = 0 AND ${plain} ORDER BY id LIMIT 1`);
  awb = one(`SELECT * FROM awbs WHERE cancelled = 0 AND connector_order_id IS NOT NULL AND awb_subtype = '' ORDER BY id LIMIT 1`);
});

describe('invoice and proforma pages', () => {
  it('serves the HTML invoice by key, without credentials: number, parties, lines, diacritics as UTF-8', async () => {
    const page = await get(link('invoice', invoice.id, 'html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectPrivate(page);
    expect(page.text).toContain('<meta charset="utf-8">');
    expect(page.text).toContain('lang="ro"');
    expect(page.text).toContain(`Seria ${invoice.series} nr. ${invoice.number}`);
    expect(page.text).toContain(escapeHtml(invoice.client_name));
    expect(page.text).toContain(invoice.client_cui);
    expect(page.text).toContain('Demo Retail SRL');
    // Raw UTF-8 bytes, not character references.
    expect(page.bytes.includes(Buffer.from('FACTURĂ FISCALĂ', 'utf8'))).toBe(true);
    for (const label of ['Furnizor', 'Cumpărător', 'Data emiterii', 'Data scadenței', 'Nr. crt.', 'Cota TVA', 'Valoare TVA', 'Total de plată']) {
      expect(page.text).toContain(label);
    }
    const firstLine = one('SELECT name FROM invoice_items WHERE invoice_id = ? ORDER BY line_no LIMIT 1', invoice.id);
    expect(page.text).toContain(escapeHtml(firstLine.name));
    expect(page.text).not.toContain('ANULATĂ');
    // A trailing slash is optional; HEAD answers the same head without the page.
    expect((await get(link('invoice', invoice.id, 'html').replace(/\/$/, ''))).status).toBe(200);
    const head = await get(link('invoice', invoice.id, 'html'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(head.bytes.length).toBe(0);
  });

  it('shows the address of the connector order an invoice came from', async () => {
    const row = one(
      `SELECT i.id, a.street FROM invoices i JOIN sales s ON s.invoice_id = i.id JOIN connector_orders o ON o.id = s.connector_order_id
        JOIN contact_addresses a ON a.id = o.invoice_address_id ORDER BY i.id LIMIT 1`,
    );
    expect((await get(link('invoice', row.id, 'html'))).text).toContain(escapeHtml(row.street));
  });

  it('serves the invoice PDF: a real PDF whose text (diacritics included) a PDF reader extracts', async () => {
    const page = await get(link('invoice', invoice.id, 'pdf'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('application/pdf');
    expect(page.headers.get('content-disposition')).toBe(`inline; filename="FACTURA-${invoice.series}-${invoice.number}.pdf"`);
    expectPrivate(page);
    expect(page.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const pdf = await pdfText(page.bytes);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
    const text = pdf.text.join('\n');
    expect(text).toContain(`Seria ${invoice.series} nr. ${invoice.number}`);
    expect(text).toContain('FACTURĂ FISCALĂ');
    expect(text).toContain('Data scadenței');
    expect(text).toContain('CUMPĂRĂTOR');
    expect(text).toContain(invoice.client_name);
    expect(text).toContain(invoice.client_cui);
    const head = await get(link('invoice', invoice.id, 'pdf'), { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), head.bytes.length]).toEqual([200, 'application/pdf', 0]);
  });

  it('prints a foreign-currency invoice with its RON total and the rate used', async () => {
    const page = await get(link('invoice', eurInvoice.id, 'html'));
    expect(page.text).toContain('Total în RON');
    expect(page.text).toContain(`${String(eurInvoice.exchange_rate.toFixed(4)).replace('.', ',')} RON`);
    const pdf = (await pdfText((await get(link('invoice', eurInvoice.id, 'pdf'))).bytes)).text.join('\n');
    expect(pdf).toContain('Total în RON');
    expect(pdf).toContain('EUR');
  });

  it('marks a cancelled invoice ANULATĂ in the page and the PDF', async () => {
    expect((await get(link('invoice', cancelled.id, 'html'))).text).toContain('ANULATĂ');
    expect((await pdfText((await get(link('invoice', cancelled.id, 'pdf'))).bytes)).text[0]).toContain('ANULATĂ');
  });

  it('serves proformas the same way', async () => {
    const html = await get(link('proforma', proforma.id, 'html'));
    expect(html.status).toBe(200);
    expect(html.text).toContain('FACTURĂ PROFORMĂ');
    expect(html.text).toContain(`Seria ${proforma.series} nr. ${proforma.number}`);
    expect(html.text).toContain(escapeHtml(proforma.client_name));
    const pdf = await get(link('proforma', proforma.id, 'pdf'));
    expect(pdf.headers.get('content-disposition')).toBe(`inline; filename="PROFORMA-${proforma.series}-${proforma.number}.pdf"`);
    const text = (await pdfText(pdf.bytes)).text.join('\n');
    expect(text).toContain('FACTURĂ PROFORMĂ');
    expect(text).toContain(proforma.client_name);
  });
});

describe('AWB label', () => {
  it('serves the label PDF and HTML: courier, number, recipient, parcel facts', async () => {
    const page = await get(link('awb', awb.id, 'pdf'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('application/pdf');
    expect(page.headers.get('content-disposition')).toBe(`inline; filename="AWB-${awb.awb_nr}.pdf"`);
    const pdf = await pdfText(page.bytes);
    expect(pdf.pages).toBe(1);
    const courier = one('SELECT name FROM couriers WHERE code = ?', awb.awb_type).name as string;
    for (const t of [awb.awb_nr, courier, 'DESTINATAR', awb.client_name, 'Valoare declarată', 'Plata transportului', 'EXPEDITOR', 'Demo Retail SRL']) {
      expect(pdf.text[0]).toContain(t);
    }
    const html = await get(link('awb', awb.id, 'html'));
    expect(html.status).toBe(200);
    expect(html.text).toContain(awb.awb_nr);
    expect(html.text).toContain('<svg');
    expect(html.text).toContain(escapeHtml(awb.client_name));
  });

  it('the AWB the service generates links its own label, in the row and in the awb notification', async () => {
    const [prod] = staff.products(1) as [Prod];
    const uid = await staff.placeOrder(1, staff.orderBody(prod, 1));
    const after = staff.lastOutboxId();
    const answer = await staff.control('POST', staff.orderPath(1, uid, 'awb'), { awb_type: 'cargus' });
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
    const row = one('SELECT id, awb_nr, awb_url FROM awbs WHERE id = ?', answer.body.data.awb_id);
    expect(row.awb_url).toBe(link('awb', row.id, 'pdf'));
    const notification = staff.outboxAfter(after).find((r) => r.notification_type === 'awb');
    expect(notification?.body.awb_url_pdf).toBe(row.awb_url);
    const label = await get(row.awb_url);
    expect(label.status).toBe(200);
    expect((await pdfText(label.bytes)).text[0]).toContain(row.awb_nr);
  });
});

describe('wrong links', () => {
  it('answers 404 in the envelope to a tampered key, another kind\'s key, a wrong format or kind, a missing document', async () => {
    const good = link('invoice', invoice.id, 'pdf');
    const key = h().core.rest.links.key({ kind: 'invoice', companyId: 1, id: invoice.id });
    const mac = key.split('.')[2]!;
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const urls = [
      good.replace(mac, flipped),
      good.replace(`1.${invoice.id}.`, `1.${invoice.id + 1}.`),
      good.replace('/invoice/', '/proforma/'),
      good.replace('/invoice/', '/awb/'),
      good.replace('/pdf/', '/xml/'),
      good.replace('/pdf/', '/PDF/'),
      good.replace('/invoice/', '/receipt/'),
      good.replace(key, `${key}x`),
      good.replace(key, 'not-a-key'),
      link('invoice', 999_999_999, 'html'),
      h().core.rest.links.url(h().url, { kind: 'invoice', companyId: 2, id: invoice.id }, 'html'),
      `${h().url}/documents/invoice/${key}/`,
      `${h().url}/documents/`,
    ];
    for (const url of urls) {
      const page = await get(url);
      expect(page.status, url).toBe(404);
      expectNotFound(page);
    }
    expectNotFound(await get(good, { method: 'POST' }));
    // A path that does not decode is refused before routing, as everywhere in the service.
    const undecodable = await get(good.replace(key, '%E0%A4%A'));
    expect([undecodable.status, (JSON.parse(undecodable.text) as { is_error: boolean }).is_error]).toEqual([400, true]);
    expect((await get(good.replace(mac, flipped), { method: 'HEAD' })).status).toBe(404);
  });

  it('keeps keys stable for another connection to the store (a restart reads the same secret)', () => {
    const ref = { kind: 'awb' as const, companyId: 1, id: awb.id };
    expect(createDocumentLinks(staff.demo.db, systemClock).key(ref)).toBe(h().core.rest.links.key(ref));
  });

  it('needs no credentials and stays out of the REST API log', async () => {
    const page = await get(link('invoice', invoice.id, 'html'), { headers: { authorization: 'Basic d3Jvbmc6d3Jvbmc=' } });
    expect(page.status).toBe(200);
    const log = await h().control<ApiLogEntry[]>('GET', '/accounts/1/api-log?limit=100');
    expect(log.body.data.some((entry) => String(entry.route).includes('documents'))).toBe(false);
  });
});
