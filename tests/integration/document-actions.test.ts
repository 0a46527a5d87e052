import { describe, expect, it } from 'vitest';
import { Contact } from '../../shared/domain/contacts.ts';
import { InvoiceStornoDone, ProformaInvoiceDone } from '../../shared/domain/document-actions.ts';
import { OrderInvoiceDone } from '../../shared/domain/staff-actions.ts';
import { withFailingTrigger } from './harness.ts';
import { payment, r2, type Row } from './orders.ts';
import { expectRefused, restSend } from './requests.ts';
import { TODAY, expectDone, useStaffDemo } from './staff.ts';

// The everyday document actions of the back office through the control API (issue 29):
// invoices.storno, proformas.invoice, contacts.update and the previews of the first two. Each
// is judged by what a partner then reads (REST /invoices/list/, /proformas/list/,
// /contacts/list/), the webhook outbox and the stock; refusals and a fault write nothing.

const staff = useStaffDemo();
const { one, all, count, control, orderPath, demo } = staff;
const rest = restSend<Row>(demo);

const storno = (id: number | string, body: Row = {}, companyId = 1) => control('POST', `/accounts/${companyId}/invoices/${id}/storno`, body);
const stornoPreview = (id: number, body: Row = {}) => control('POST', `/accounts/1/invoices/${id}/storno/preview`, body);
const invoiceProforma = (id: number | string, body: Row = {}) => control('POST', `/accounts/1/proformas/${id}/invoice`, body);
const invoicePreview = (id: number, body: Row = {}) => control('POST', `/accounts/1/proformas/${id}/invoice/preview`, body);
const updateContact = (id: number | string, body: Row) => control('PATCH', `/accounts/1/contacts/${id}`, body);

/** One row of a REST list by id (`list`: 'invoices', 'proformas'). */
async function restOne(list: string, key: string, id: number): Promise<Row> {
  const answer = await rest('GET', `/${list}/list/id:${id}/`);
  expect(answer.status).toBe(200);
  const rows = answer.body.data as unknown as Row[];
  expect(rows.map((r) => r[key])).toEqual([id]);
  return rows[0]!;
}

/** What any of these actions may write. */
const TABLES = ['invoices', 'invoice_items', 'proformas', 'sales', 'payments', 'payment_allocations', 'webhook_outbox', 'contact_addresses'];
const state = () => ({
  counts: TABLES.map((t) => count(`SELECT count(*) FROM ${t}`)),
  series: all("SELECT series, next_number FROM document_series WHERE company_id = 1 AND doc_type = 'invoice' ORDER BY series"),
  stock: one('SELECT total(quantity) AS q FROM stock'),
  proformas: one('SELECT total(invoice_id) AS linked FROM proformas'),
  contacts: one('SELECT max(lastupdated) AS last FROM contacts'),
});

/** A live standalone invoice (no sales receipt) with product lines at a workpoint, neither a storno nor reversed. */
function standaloneInvoice(offset = 0): Row {
  return one(
    `SELECT i.* FROM invoices i
      WHERE i.company_id = 1 AND i.cancelled = 0 AND i.storno_of_id IS NULL AND i.workpoint_id IS NOT NULL AND i.date <= ?
        AND NOT EXISTS (SELECT 1 FROM invoices r WHERE r.storno_of_id = i.id)
        AND NOT EXISTS (SELECT 1 FROM sales s WHERE s.invoice_id = i.id)
        AND EXISTS (SELECT 1 FROM invoice_items l WHERE l.invoice_id = i.id AND l.product_id IS NOT NULL)
      ORDER BY i.id DESC LIMIT 1 OFFSET ?`,
    TODAY,
    offset,
  );
}

const stockAt = (productId: number, workpointId: number): number =>
  (one('SELECT quantity FROM stock WHERE product_id = ? AND workpoint_id = ?', productId, workpointId)?.quantity as number | undefined) ?? 0;

describe('invoices.storno', () => {
  it('issues the storno the preview announced: next number, negative lines, stock back, the original shown reversed with nothing left to pay', async () => {
    const inv = standaloneInvoice();
    const lines = all('SELECT product_id, quantity, value_with_vat FROM invoice_items WHERE invoice_id = ? ORDER BY line_no', inv.id);
    const product = lines.find((l) => l.product_id !== null)!;
    const stockBefore = stockAt(product.product_id as number, inv.workpoint_id as number);
    const quantity = lines.filter((l) => l.product_id === product.product_id).reduce((s, l) => s + (l.quantity as number), 0);
    const nextNumber = (one("SELECT max(number) AS n FROM invoices WHERE company_id = 1 AND series = ?", inv.series).n as number) + 1;

    const before = state();
    const preview = expectDone(await stornoPreview(inv.id as number), InvoiceStornoDone);
    expect(state()).toEqual(before);
    const done = expectDone(await storno(inv.id as number), InvoiceStornoDone);
    for (const key of ['doc_series', 'doc_nr', 'doc_date', 'document_value_with_vat', 'stock_returned', 'mentions'] as const) expect(done[key]).toBe(preview[key]);

    expect(done).toMatchObject({
      doc_series: inv.series,
      doc_nr: nextNumber,
      doc_date: TODAY,
      storno_of_id: inv.id,
      document_cancelled: 0,
      rest: 0,
      mentions: `Stornare factura ${inv.series} ${inv.number}`,
      reverses: { bocp_id: inv.id, doc_series: inv.series, doc_nr: inv.number },
      order_unique_id: null,
    });
    // Only the stock's product_update of the connectors publishing the products: no invoice notification without an order.
    expect(new Set((done.notifications as Row[]).map((n) => n.notification_type))).toEqual(new Set(['product_update']));
    expect(done.document_value_with_vat).toBe(-(inv.total_with_vat as number));
    expect((done.items as Row[]).map((l) => l.qty_mu1)).toEqual(lines.map((l) => -(l.quantity as number)));

    // A partner reads the storno in the list, and the original as it was, nothing left to pay.
    expect(await restOne('invoices', 'bocp_id', done.bocp_id as number)).toMatchObject({ storno_of_id: inv.id, rest: 0, doc_nr: nextNumber });
    const original = await restOne('invoices', 'bocp_id', inv.id as number);
    expect(original).toMatchObject({ document_cancelled: 0, rest: 0, document_value_with_vat: inv.total_with_vat, storno_of_id: null });
    expect(original.last_changed_ts > (inv.last_changed_ts as string)).toBe(true);
    // The screen's Paid filter: the reversed invoice is among the paid, not the unpaid.
    const listed = async (paid: boolean) =>
      ((await control('GET', `/accounts/1/lists/invoices?paid=${paid}&q=${encodeURIComponent(`${inv.series} ${inv.number}`)}`)).body.data as { rows: Row[] }).rows.map(
        (r) => r.bocp_id,
      );
    expect(await listed(true)).toContain(inv.id);
    expect(await listed(false)).not.toContain(inv.id);

    expect(stockAt(product.product_id as number, inv.workpoint_id as number)).toBeCloseTo(stockBefore + quantity, 3);
    // The storno's own page names the invoice it reverses.
    const detail = await control('GET', `/accounts/1/invoices/${done.bocp_id}`);
    const page = await (await fetch(detail.body.data.html_url as string)).text();
    expect(page).toContain(`stornare a facturii ${inv.series}`);

    // Reversed once only; a storno is not reversed; refusals write nothing.
    const after = state();
    expectRefused(await storno(inv.id as number), 409, new RegExp(`bocp_id: invoice ${inv.series} ${inv.number} is already reversed by storno ${inv.series} ${nextNumber}`));
    expectRefused(await storno(done.bocp_id as number), 409, /bocp_id: .* is itself a storno/);
    expect(state()).toEqual(after);
  });

  it('refuses a cancelled invoice (409), a date before the invoice or after today (400), an unknown invoice (404)', async () => {
    const cancelled = one("SELECT id FROM invoices WHERE company_id = 1 AND cancelled = 1 ORDER BY id LIMIT 1").id as number;
    const inv = standaloneInvoice();
    const before = state();
    expectRefused(await storno(cancelled), 409, /bocp_id: invoice .* is cancelled/);
    expectRefused(await storno(inv.id as number, { date: '2000-01-01' }), 400, new RegExp(`date: 2000-01-01 is before the date of invoice ${inv.series} ${inv.number}`));
    expectRefused(await storno(inv.id as number, { date: '2099-01-01' }), 400, /date: 2099-01-01 is after today/);
    expectRefused(await storno(inv.id as number, { date: 'yesterday' }), 400, /date/);
    expectRefused(await storno(999_999_999), 404, /bocp_id: invoice 999999999 does not exist/);
    expectRefused(await storno(inv.id as number, {}, 999), 404, /account/);
    expect(state()).toEqual(before);
  });

  it("sends the order's invoice notification of the storno for an invoice of a connector order", async () => {
    staff.setting(1, 'invoicing', 'auto_issue', 'off');
    const [prod] = staff.products(1);
    const uid = await staff.placeOrder(1, staff.orderBody(prod!, 2));
    const issued = expectDone(await control('POST', orderPath(1, uid, 'invoice'), {}), OrderInvoiceDone);
    const stockBefore = stockAt(prod!.id, 1);
    const status = one('SELECT order_status FROM connector_orders WHERE order_unique_id = ?', uid).order_status;
    const mark = staff.lastOutboxId();
    const done = expectDone(await storno(issued.bocp_id as number), InvoiceStornoDone);
    expect(done).toMatchObject({ order_unique_id: uid, storno_of_id: issued.bocp_id, stock_returned: 2 });
    const outbox = staff.outboxAfter(mark);
    const invoiceNotes = outbox.filter((o) => o.notification_type === 'invoice');
    expect(invoiceNotes).toHaveLength(1);
    expect(invoiceNotes[0]!.body).toMatchObject({
      notification_type: 'invoice',
      order_unique_id: uid,
      invoice_series: done.doc_series,
      invoice_number: String(done.doc_nr),
      invoice_total: -(issued.document_value_with_vat as number),
      invoice_date: TODAY,
    });
    expect((done.notifications as Row[]).map((n) => n.notification_type)).toEqual(outbox.map((o) => o.notification_type));
    expect(stockAt(prod!.id, 1)).toBeCloseTo(stockBefore + 2, 3);
    // The order keeps its status: the connector's settings say nothing about a storno.
    expect(one('SELECT order_status FROM connector_orders WHERE order_unique_id = ?', uid).order_status).toBe(status);
    expect(outbox.some((o) => o.notification_type === 'status')).toBe(false);
  });

  it('rolls back everything when a write fails half way (no storno, no stock move, no number taken)', async () => {
    const inv = standaloneInvoice();
    const before = state();
    await withFailingTrigger(demo.h, 'refuse_storno_line', 'BEFORE INSERT ON invoice_items', async () => {
      const answer = await storno(inv.id as number);
      expect(answer.status).toBe(500);
    });
    expect(state()).toEqual(before);
  });
});

/** A live proforma of no connector order, not invoiced, with product lines at a workpoint. */
function standaloneProforma(offset = 0): Row {
  return one(
    `SELECT p.* FROM proformas p
      WHERE p.company_id = 1 AND p.cancelled = 0 AND p.invoice_id IS NULL AND p.workpoint_id IS NOT NULL AND p.date <= ?
        AND NOT EXISTS (SELECT 1 FROM connector_orders o WHERE o.proforma_id = p.id)
        AND EXISTS (SELECT 1 FROM proforma_items l WHERE l.proforma_id = p.id AND l.product_id IS NOT NULL)
      ORDER BY p.id DESC LIMIT 1 OFFSET ?`,
    TODAY,
    offset,
  );
}

describe('proformas.invoice', () => {
  it('invoices a proforma with its client and lines in the chosen series; the proforma is linked; the stock leaves', async () => {
    const pf = standaloneProforma();
    const lines = all('SELECT product_id, quantity, value_with_vat FROM proforma_items WHERE proforma_id = ? ORDER BY line_no', pf.id);
    const product = lines.find((l) => l.product_id !== null)!;
    const quantity = lines.filter((l) => l.product_id === product.product_id).reduce((s, l) => s + (l.quantity as number), 0);
    const stockBefore = stockAt(product.product_id as number, pf.workpoint_id as number);

    const before = state();
    const preview = expectDone(await invoicePreview(pf.id as number, { series: 'WEB' }), ProformaInvoiceDone);
    expect(state()).toEqual(before);
    expect(preview.series_options).toEqual(['DMO', 'WEB']);
    const done = expectDone(await invoiceProforma(pf.id as number, { series: 'WEB' }), ProformaInvoiceDone);
    for (const key of ['doc_series', 'doc_nr', 'doc_date', 'document_value_with_vat'] as const) expect(done[key]).toBe(preview[key]);
    expect(done).toMatchObject({
      doc_series: 'WEB',
      doc_date: TODAY,
      proforma_id: pf.id,
      client_name: pf.client_name,
      bocp_contact_id: pf.client_id,
      document_value_with_vat: pf.total_with_vat,
      mentions: `Conform proforma ${pf.series} ${pf.number}`,
      storno_of_id: null,
      order_unique_id: null,
    });
    expect((done.notifications as Row[]).every((n) => n.notification_type === 'product_update')).toBe(true);
    expect((done.items as Row[]).map((l) => [l.qty_mu1, l.value_with_vat])).toEqual(lines.map((l) => [l.quantity, l.value_with_vat]));

    expect(await restOne('proformas', 'proforma_id', pf.id as number)).toMatchObject({ invoice_id: done.bocp_id, document_cancelled: 0 });
    expect(await restOne('invoices', 'bocp_id', done.bocp_id as number)).toMatchObject({ doc_series: 'WEB', doc_nr: done.doc_nr });
    expect(stockAt(product.product_id as number, pf.workpoint_id as number)).toBeCloseTo(stockBefore - quantity, 3);

    const after = state();
    expectRefused(await invoiceProforma(pf.id as number), 409, new RegExp(`proforma_id: proforma ${pf.series} ${pf.number} is already invoiced: invoice WEB ${done.doc_nr}`));
    expect(state()).toEqual(after);
  });

  it('defaults to the first invoice series and today; refuses a cancelled proforma, an unknown series, a date before the proforma', async () => {
    const pf = standaloneProforma();
    const preview = expectDone(await invoicePreview(pf.id as number), ProformaInvoiceDone);
    expect(preview).toMatchObject({ doc_series: 'DMO', doc_date: TODAY });
    const cancelled = one('SELECT id FROM proformas WHERE company_id = 1 AND cancelled = 1 AND invoice_id IS NULL ORDER BY id LIMIT 1').id as number;
    const before = state();
    expectRefused(await invoiceProforma(cancelled), 409, /proforma_id: proforma .* is cancelled/);
    expectRefused(await invoiceProforma(pf.id as number, { series: 'XYZ' }), 400, /series: 'XYZ' is not an invoice series of this account \(DMO, WEB\)/);
    expectRefused(await invoiceProforma(pf.id as number, { date: '2000-01-01' }), 400, /date: 2000-01-01 is before the date of proforma/);
    expectRefused(await invoiceProforma(999_999_999), 404, /proforma_id: proforma 999999999 does not exist/);
    expect(state()).toEqual(before);
  });

  it("invoices a connector order's proforma as the order's invoice: its receipt, the invoice notification, the proforma linked", async () => {
    staff.setting(1, 'invoicing', 'auto_issue', 'off');
    staff.setting(1, 'proforma', 'trigger_payment_methods', ['card']);
    staff.setting(1, 'proforma', 'trigger_status', '');
    const [prod] = staff.products(1);
    const body = staff.orderBody(prod!, 1);
    const total = r2((body.items as Row[]).reduce((s, i) => s + (i.line_value_with_vat as number), 0));
    const uid = await staff.placeOrder(1, { ...body, payments: [payment(`ref-${body.order_unique_id}`, total, { payment_status: 'pending' })] });
    const order = one('SELECT id, proforma_id FROM connector_orders WHERE connector_id = 1 AND order_unique_id = ?', uid);
    expect(order.proforma_id).not.toBeNull();
    const mark = staff.lastOutboxId();
    const done = expectDone(await invoiceProforma(order.proforma_id as number), ProformaInvoiceDone);
    expect(done).toMatchObject({ order_unique_id: uid, proforma_id: order.proforma_id, doc_series: 'WEB', document_value_with_vat: total });
    const notes = staff.outboxAfter(mark).filter((o) => o.notification_type === 'invoice');
    expect(notes.map((n) => n.body)).toEqual([
      expect.objectContaining({ order_unique_id: uid, invoice_series: 'WEB', invoice_number: String(done.doc_nr), invoice_total: total }),
    ]);
    expect(await restOne('proformas', 'proforma_id', order.proforma_id as number)).toMatchObject({ invoice_id: done.bocp_id });
    expect(one('SELECT invoice_id FROM sales WHERE connector_order_id = ? AND cancelled = 0', order.id).invoice_id).toBe(done.bocp_id);
  });

  it('rolls back everything when a write fails half way', async () => {
    const pf = standaloneProforma();
    const before = state();
    await withFailingTrigger(demo.h, 'refuse_proforma_link', 'BEFORE UPDATE OF invoice_id ON proformas', async () => {
      expect((await invoiceProforma(pf.id as number)).status).toBe(500);
    });
    expect(state()).toEqual(before);
  });
});

describe('contacts.update', () => {
  /** A live client company of the account with an address. */
  const client = (offset = 0): Row =>
    one(
      `SELECT c.* FROM contacts c WHERE c.company_id = 1 AND c.is_client = 1 AND c.is_company = 1 AND c.deleted = 0 AND c.cui <> ''
         AND EXISTS (SELECT 1 FROM contact_addresses a WHERE a.contact_id = c.id) ORDER BY c.id LIMIT 1 OFFSET ?`,
      offset,
    );

  it('saves the fields and an address; /contacts/list/ modifiedafter finds the contact; nothing is notified', async () => {
    const c = client();
    const address = one('SELECT id FROM contact_addresses WHERE contact_id = ? ORDER BY is_default DESC, id LIMIT 1', c.id);
    // The clock is fixed at 10:00 Bucharest: a moment before it that the contact's lastupdated was not after.
    const since = '2026-11-17 09:59:59';
    expect(c.lastupdated <= since).toBe(true);
    const mark = staff.lastOutboxId();
    const done = expectDone(
      await updateContact(c.id as number, {
        name: '  Editura Nouă SRL ',
        vat_id: 'ro 18547290',
        registration_nr: 'J40/1234/2020',
        vat_payer: 1,
        email: 'office@editura-noua.ro',
        phone: '+40 721 000 000',
        is_supplier: 1,
        addresses: [{ address_id: address.id, street: 'Strada Lungă', number: '12', city: 'Brașov', county: 'Brașov', zip: '500001', is_main: 1 }],
      }),
      Contact,
    );
    expect(done).toMatchObject({
      bocp_id: c.id,
      name: 'Editura Nouă SRL',
      vat_id: 'RO18547290',
      registration_nr: 'J40/1234/2020',
      vat_payer: 1,
      is_supplier: 1,
      is_client: 1,
      email: 'office@editura-noua.ro',
    });
    expect((done.addresses as Row[])[0]).toMatchObject({ address_id: address.id, is_main: 1, address: 'Strada Lungă 12', city: 'Brașov', postcode: '500001' });
    expect(done.lastupdated).toBe('2026-11-17 10:00:00');

    const listed = await rest('GET', `/contacts/list/modifiedafter:${since.replace(' ', '%20')}/include:address/`);
    expect(listed.status).toBe(200);
    const rows = listed.body.data as unknown as Row[];
    expect(rows.map((r) => r.bocp_id)).toContain(c.id);
    expect(rows.find((r) => r.bocp_id === c.id)).toMatchObject({ name: 'Editura Nouă SRL', vat_id: 'RO18547290' });
    expect(staff.outboxAfter(mark)).toEqual([]);
  });

  it('adds a new address; refuses a wrong control digit, a code of another contact, a bad e-mail, a blank name, a foreign address', async () => {
    const c = client(1);
    const other = client(2);
    const added = expectDone(
      await updateContact(c.id as number, { addresses: [{ street: 'Calea Victoriei', number: '1', city: 'București Sector 1', county: 'București', kind: 'delivery' }] }),
      Contact,
    );
    expect((added.addresses as Row[]).some((a) => a.street === 'Calea Victoriei' && a.kind === 'delivery' && a.country === 'Romania')).toBe(true);

    const foreign = one('SELECT id FROM contact_addresses WHERE contact_id = ? LIMIT 1', other.id).id as number;
    const before = state();
    expectRefused(await updateContact(c.id as number, { vat_id: '18547291' }), 400, /vat_id: '18547291' does not pass its control digit/);
    expectRefused(await updateContact(c.id as number, { vat_id: 'ABC' }), 400, /vat_id: 'ABC' is not a fiscal code/);
    expectRefused(await updateContact(c.id as number, { vat_id: String(other.cui).replace(/^RO/, '') }), 409, new RegExp(`vat_id: fiscal code .* is already the code of contact ${other.id}`));
    expectRefused(await updateContact(c.id as number, { email: 'not-an-email' }), 400, /email/);
    expectRefused(await updateContact(c.id as number, { name: '   ' }), 400, /name: it may not be blank/);
    expectRefused(await updateContact(c.id as number, { addresses: [{ address_id: foreign, street: 'X', city: 'Y', county: 'Z' }] }), 400, /addresses\[0\]\.address_id/);
    expectRefused(await updateContact(c.id as number, { color: 'red' }), 400, /color/);
    expectRefused(await updateContact(999_999_999, { name: 'X' }), 404, /contact_id: contact 999999999 does not exist/);
    expect(state()).toEqual(before);
  });

  it('rolls back the whole edit when a write fails half way (the fields stay, no address is added)', async () => {
    const c = client(4);
    const before = state();
    await withFailingTrigger(demo.h, 'refuse_contact_address', 'BEFORE INSERT ON contact_addresses', async () => {
      const answer = await updateContact(c.id as number, { name: 'Nume Nou SRL', addresses: [{ street: 'Strada Nouă', city: 'Iași', county: 'Iași' }] });
      expect(answer.status).toBe(500);
    });
    expect(state()).toEqual(before);
    expect(one('SELECT name, lastupdated FROM contacts WHERE id = ?', c.id)).toEqual({ name: c.name, lastupdated: c.lastupdated });
  });
});
