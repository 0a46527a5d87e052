import { describe, expect, it } from 'vitest';
import type { OperationInput, OperationName, OperationOutput } from '../../shared/contract/operations.ts';
import { queries, useDemo } from './harness.ts';
import { restGet } from './lists.ts';

/**
 * The detail reads of the document screens (shared/contract/operations-documents.ts) on the demo
 * account: each answers the record its REST list answers for `id:<id>` (same keys, same values),
 * plus what the detail adds (lines, links between records, document pages that open), through
 * the core in-process (as IPC calls it) and the control API; 404 for an unknown record or account.
 */

const demo = useDemo();
const get = restGet(demo);
const sql = queries(demo);

const invoke = <K extends OperationName>(op: K, input: Omit<OperationInput<K>, 'company_id'>) =>
  demo.h.core.invoke(op, { company_id: 1, ...input } as OperationInput<K>) as Promise<OperationOutput<K>>;

/** GET on a credential-free document link: status, content type and the first bytes. */
async function open(url: string): Promise<{ status: number; type: string | null; head: string }> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type'), head: body.subarray(0, 5).toString('latin1') };
}

describe('invoices.get', () => {
  it('answers the REST row of the invoice, its HTML page beside the PDF, and the sales receipts it invoiced', async () => {
    // An invoice issued for a sales receipt (the demo invoices its orders' receipts).
    const id = sql.value('SELECT invoice_id FROM sales WHERE company_id = 1 AND invoice_id IS NOT NULL ORDER BY id DESC LIMIT 1');
    const invoice = await invoke('invoices.get', { bocp_id: id });
    // reversed_by is the control API's own (the storno that reverses it; the REST row has no such field).
    const { html_url, sales, payment_bv_id, reversed_by, ...row } = invoice;
    expect(reversed_by).toBeNull();
    expect(payment_bv_id === null || sales.some((sale) => sale.bv_id === payment_bv_id)).toBe(true);
    const [rest] = (await get<Record<string, unknown>[]>(`/invoices/list/id:${id}/`)).data;
    expect(row).toEqual(rest);
    expect(row.items.length).toBeGreaterThan(0);

    const expected = sql.all('SELECT id AS bv_id, series AS doc_series, number AS doc_nr FROM sales WHERE company_id = 1 AND invoice_id = ? ORDER BY id', id);
    expect(expected.length).toBeGreaterThan(0);
    expect(sales).toEqual(expected);

    // The HTML twin of pdf_invoice_url: the same expiring key, the other format.
    expect(html_url).toBe(row.pdf_invoice_url.replace(/\/pdf\/$/, '/html/'));
    const html = await open(html_url);
    expect(html).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    const pdf = await open(row.pdf_invoice_url);
    expect(pdf).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });
  });

  it('is served by the control API under its path, and answers 404 for an unknown invoice or account', async () => {
    const id = sql.value('SELECT max(id) FROM invoices WHERE company_id = 1');
    const answer = await demo.h.control<{ bocp_id: number; sales: unknown[] }>('GET', `/accounts/1/invoices/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.bocp_id).toBe(id);
    expect((await demo.h.control('GET', '/accounts/1/invoices/999999')).status).toBe(404);
    expect((await demo.h.control('GET', '/accounts/99/invoices/1')).status).toBe(404);
    expect((await demo.h.control('GET', '/accounts/1/invoices/0')).status).toBe(400);
  });
});

describe('proformas.get', () => {
  it('answers the REST row with include:payment_link, its lines and a PDF link that opens', async () => {
    const id = sql.value('SELECT id FROM proformas WHERE company_id = 1 AND invoice_id IS NOT NULL ORDER BY id LIMIT 1');
    const { pdf_url, items, ...row } = await invoke('proformas.get', { proforma_id: id });
    const [rest] = (await get<Record<string, unknown>[]>(`/proformas/list/id:${id}/include:payment_link/`)).data;
    expect(row).toEqual(rest);
    expect(row.invoice_id).toEqual(expect.any(Number));

    const lines = sql.all<{ name: string; quantity: number; value_with_vat: number }>(
      'SELECT name, quantity, value_with_vat FROM proforma_items WHERE company_id = 1 AND proforma_id = ? ORDER BY line_no',
      id,
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(items.map((l) => ({ name: l.item_name, quantity: l.qty_mu1, value_with_vat: l.value_with_vat }))).toEqual(lines);

    expect(pdf_url).toBe(row.view_link.replace(/\/html\/$/, '/pdf/'));
    expect(await open(pdf_url)).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });
    expect(await open(row.view_link)).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    await expect(invoke('proformas.get', { proforma_id: 999999 })).rejects.toMatchObject({ status: 404 });
  });
});

describe('fiscalReceipts.get', () => {
  it("answers the REST row with include:items (its sale's lines)", async () => {
    const id = sql.value('SELECT max(id) FROM fiscal_receipts WHERE company_id = 1');
    const receipt = await invoke('fiscalReceipts.get', { fiscal_receipt_id: id });
    const [rest] = (await get<Record<string, unknown>[]>(`/fiscalreceipts/list/id:${id}/include:items/`)).data;
    expect(receipt).toEqual(rest);
    expect(receipt.items?.length).toBe(sql.value('SELECT count(*) FROM sale_items WHERE company_id = 1 AND sale_id = ?', receipt.bv_id));
    await expect(invoke('fiscalReceipts.get', { fiscal_receipt_id: 999999 })).rejects.toMatchObject({ status: 404 });
  });
});

describe('awbs.get and awbs.couriers', () => {
  it('answers the REST row of the AWB with its A6 label as PDF and HTML', async () => {
    const id = sql.value('SELECT max(id) FROM awbs WHERE company_id = 1');
    const { label_pdf_url, label_html_url, ...row } = await invoke('awbs.get', { awb_id: id });
    const [rest] = (await get<Record<string, unknown>[]>(`/awb/list/id:${id}/`)).data;
    expect(row).toEqual(rest);
    expect(label_pdf_url).toMatch(new RegExp(`^${demo.h.url}/documents/awb/1\\.${id}\\.[\\w-]{32}/pdf/$`));
    expect(await open(label_pdf_url)).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });
    expect(await open(label_html_url)).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    await expect(invoke('awbs.get', { awb_id: 999999 })).rejects.toMatchObject({ status: 404 });
  });

  it('lists the courier codes of the couriers table, in its order', async () => {
    const couriers = await demo.h.core.invoke('awbs.couriers', {});
    expect(couriers).toEqual(sql.all('SELECT code, name, is_broker, parent_code FROM couriers ORDER BY rowid'));
    expect(couriers.map((c) => c.code)).toContain('fan');
  });
});

describe('contacts.get', () => {
  it('answers the REST row with every include: pricelist, addresses, contact persons and bank accounts', async () => {
    // A client with a contact person and a bank account, when the demo has one.
    const id = sql.value(
      `SELECT c.id FROM contacts c WHERE c.company_id = 1 AND c.is_client = 1 AND c.deleted = 0
        ORDER BY (SELECT count(*) FROM contact_persons p WHERE p.contact_id = c.id) > 0 DESC,
                 (SELECT count(*) FROM contact_bank_accounts b WHERE b.contact_id = c.id) > 0 DESC, c.id LIMIT 1`,
    );
    const contact = await invoke('contacts.get', { contact_id: id });
    const [rest] = (await get<Record<string, unknown>[]>(`/contacts/list/id:${id}/include:pricelist,address,contacts,banks/`)).data;
    expect(contact).toEqual(rest);
    expect(contact.addresses?.length).toBe(sql.value('SELECT count(*) FROM contact_addresses WHERE company_id = 1 AND contact_id = ?', id));
    expect(contact.pricelist_name).toEqual(expect.any(String));
    await expect(invoke('contacts.get', { contact_id: 999999 })).rejects.toMatchObject({ status: 404 });
  });

  it('answers a supplier too (the REST list has clients only)', async () => {
    const id = sql.value('SELECT id FROM contacts WHERE company_id = 1 AND is_client = 0 AND is_supplier = 1 AND deleted = 0 LIMIT 1');
    expect(id).toEqual(expect.any(Number));
    const contact = await invoke('contacts.get', { contact_id: id });
    expect(contact).toMatchObject({ bocp_id: id, is_supplier: 1, is_client: 0 });
    expect(contact.bank_accounts).toEqual(expect.any(Array));
  });
});
