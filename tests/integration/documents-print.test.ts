import { describe, expect, it } from 'vitest';
import { PRINT_MAX_DOCUMENTS } from '../../shared/contract/operations-print.ts';
import { pdfText } from '../pdf-text.ts';
import { ADMIN_TOKEN, queries, useDemo } from './harness.ts';

// documents.printPdf: a selection of invoices, proformas or AWB labels as one PDF, each document
// drawn by its own PDF's renderer on pages of its own, in the order asked; bounded; the file
// itself over HTTP with Accept: application/pdf.

const demo = useDemo();
const { all } = queries(demo);

interface Printed {
  file_name: string;
  content_type: string;
  content_base64: string;
  pages: number;
  documents: number;
}

const print = (body: unknown) => demo.h.control<Printed>('POST', '/accounts/1/documents/print', body);

/** The single PDF of a document, through its link, and its page count. */
async function singlePages(kind: 'invoice' | 'awb', id: number): Promise<number> {
  const url = demo.h.core.rest.links.url(demo.h.url, { kind, companyId: 1, id }, 'pdf');
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return (await pdfText(new Uint8Array(await response.arrayBuffer()))).pages;
}

describe('documents.printPdf', () => {
  it('prints invoices in the order asked, each with its own pages and numbering', async () => {
    // One invoice with many lines (several pages) among short ones.
    const long = all<{ id: number; series: string; number: number }>(
      `SELECT i.id, i.series, i.number FROM invoices i WHERE i.company_id = 1 AND i.cancelled = 0
         AND (SELECT count(*) FROM invoice_items x WHERE x.invoice_id = i.id) >= 25 ORDER BY i.id LIMIT 1`,
    );
    const short = all<{ id: number; series: string; number: number }>(
      'SELECT id, series, number FROM invoices WHERE company_id = 1 AND cancelled = 0 ORDER BY id DESC LIMIT 2',
    );
    const chosen = [short[0]!, ...long, short[1]!];
    const answer = await print({ kind: 'invoice', ids: chosen.map((i) => i.id) });
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data).toMatchObject({ file_name: 'FACTURI-' + chosen.length + '.pdf', content_type: 'application/pdf', documents: chosen.length });

    const pdf = await pdfText(Buffer.from(data.content_base64, 'base64'));
    const expected = (await Promise.all(chosen.map((i) => singlePages('invoice', i.id)))).reduce((a, b) => a + b, 0);
    expect(pdf.pages).toBe(expected);
    expect(data.pages).toBe(expected);
    // Each document's pages carry its number, in the order asked, and count only its own pages.
    let page = 0;
    for (const invoice of chosen) {
      const own = await singlePages('invoice', invoice.id);
      for (let n = 1; n <= own; n++, page++) {
        expect(pdf.text[page]).toContain(`${invoice.series}-${invoice.number}`);
        expect(pdf.text[page]).toContain(`Pagina ${n} din ${own}`);
      }
    }
    expect(pdf.title).toBe(`Facturi (${chosen.length})`);
  });

  it('prints AWB labels one per A6 page, and answers the file itself to Accept: application/pdf', async () => {
    const awbs = all<{ id: number; awb_nr: string }>('SELECT id, awb_nr FROM awbs WHERE company_id = 1 ORDER BY id LIMIT 3');
    const ids = awbs.map((a) => a.id).reverse();
    const response = await fetch(`${demo.h.url}/_sandbox/accounts/1/documents/print`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, accept: 'application/pdf', 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'awb', ids }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain('AWB-3.pdf');
    const pdf = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.pages).toBe(3);
    [...awbs].reverse().forEach((awb, i) => expect(pdf.text[i]).toContain(awb.awb_nr));
  });

  it('prints proformas', async () => {
    const proformas = all<{ id: number; series: string; number: number }>('SELECT id, series, number FROM proformas WHERE company_id = 1 ORDER BY id LIMIT 2');
    const answer = await print({ kind: 'proforma', ids: proformas.map((p) => p.id) });
    expect(answer.status).toBe(200);
    const pdf = await pdfText(Buffer.from(answer.body.data.content_base64, 'base64'));
    expect(pdf.pages).toBeGreaterThanOrEqual(2);
    for (const p of proformas) expect(pdf.text.join('\n')).toContain(`${p.series}-${p.number}`);
  });

  it('refuses what it cannot print with the field named', async () => {
    const tooMany = Array.from({ length: PRINT_MAX_DOCUMENTS + 1 }, (_, i) => i + 1);
    const cases: Array<[unknown, number, RegExp]> = [
      [{ kind: 'invoice', ids: tooMany }, 400, /ids/],
      [{ kind: 'invoice', ids: [] }, 400, /ids/],
      [{ kind: 'invoice', ids: [1, 1] }, 400, /ids/],
      [{ kind: 'receipt', ids: [1] }, 400, /kind/],
      [{ kind: 'invoice', ids: [1, 999_999_999] }, 404, /ids: no invoice 999999999/],
      [{ kind: 'awb', ids: [999_999_998] }, 404, /ids: no AWB 999999998/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await print(body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(answer.body.messages.join(' ')).toMatch(message);
    }
  });
});
