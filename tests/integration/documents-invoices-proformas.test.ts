import { describe, expect, it } from 'vitest';
import { Invoice } from '../../shared/domain/invoices.ts';
import { Proforma } from '../../shared/domain/proformas.ts';
import { useDemo, writeSql } from './harness.ts';
import { listClient } from './lists.ts';

const demo = useDemo();

type Row = Record<string, unknown>;

const ids = (sql: string, ...params: unknown[]) => demo.db.prepare(sql).pluck().all(...params) as number[];

/** The list, walk and refusal helpers of one endpoint. */
function endpoint(base: string) {
  async function refused(filters: string, message: RegExp) {
    const answer = await demo.h.rest('GET', `/1${base}${filters}`, demo.user);
    expect(answer.status, filters).toBe(400);
    expect(answer.body.is_error).toBe(true);
    expect(answer.body.messages[0], filters).toMatch(message);
  }
  return { ...listClient<Row>(demo, base), refused };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TS = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** List key -> stored column, where the list uses the real service's name. */
const INVOICE_COLUMNS: Record<string, string> = {
  bocp_id: 'id',
  doc_series: 'series',
  doc_nr: 'number',
  doc_date: 'date',
  doc_due_date: 'due_date',
  document_value_with_vat: 'total_with_vat',
  document_cancelled: 'cancelled',
  record_ts: 'created_ts',
  bocp_contact_id: 'client_id',
  client_vat_id: 'client_cui',
};
const PROFORMA_COLUMNS: Record<string, string> = {
  proforma_id: 'id',
  doc_series: 'series',
  doc_nr: 'number',
  doc_date: 'date',
  doc_due_date: 'due_date',
  total: 'total_with_vat',
  document_cancelled: 'cancelled',
  record_ts: 'created_ts',
  bocp_contact_id: 'client_id',
  client_vat_id: 'client_cui',
};

describe('GET /invoices/list/', () => {
  const { list, walk, refused } = endpoint('/invoices/list/');

  it('answers the documented invoice record, field for field as stored', async () => {
    const rows = await walk('');
    const keys = Object.keys(Invoice.properties);
    for (const row of rows) expect(Object.keys(row)).toEqual(keys);
    // every record carries the stored values under the real service's names (the computed ones
    // are checked in real-fields-invoices-proformas.test.ts)
    const stored = new Map((demo.db.prepare('SELECT * FROM invoices WHERE company_id = 1').all() as Row[]).map((r) => [r.id, r]));
    const column = (k: string) => INVOICE_COLUMNS[k] ?? k;
    const storedKeys = keys.filter((k) => column(k) in stored.values().next().value!);
    expect(storedKeys.length).toBeGreaterThan(20);
    for (const row of rows) {
      const record = stored.get(row.bocp_id)!;
      expect(Object.fromEntries(storedKeys.map((k) => [k, row[k]]))).toEqual(Object.fromEntries(storedKeys.map((k) => [k, record[column(k)]])));
    }
    expect(rows[0]).toMatchObject({
      doc_date: expect.stringMatching(DATE),
      doc_due_date: expect.stringMatching(DATE),
      last_changed_ts: expect.stringMatching(TS),
      document_cancelled: expect.any(Number),
      efactura_status: expect.stringMatching(/^(not_sent|sent|validated|rejected)$/),
    });
    expect(new Set(rows.map((row) => row.document_cancelled))).toEqual(new Set([0, 1]));
  });

  it('a walk sees every row once, in a stable order, while invoices are being added', async () => {
    const before = ids('SELECT id FROM invoices WHERE company_id = 1 ORDER BY id');
    expect(before.length).toBeGreaterThan(100);
    const seen: number[] = [];
    const first = await list('page:1/');
    seen.push(...first.data.map((row) => row.bocp_id as number));
    // Issued meanwhile: a new invoice takes the next id and shows at the end of the walk.
    const added = Number(
      writeSql(
        demo.h,
        `INSERT INTO invoices (company_id, series, number, date, due_date, created_ts, last_changed_ts)
         VALUES (1, 'DMO', 999001, '2026-01-05', '2026-02-04', '2026-01-05 10:00:00', '2026-01-05 10:00:00')`,
      ).lastInsertRowid,
    );
    for (let page = 2; ; page++) {
      const body = await list(`page:${page}/`);
      seen.push(...body.data.map((row) => row.bocp_id as number));
      if (!body.has_more_pages) break;
    }
    expect(seen).toEqual([...before, added]);
    expect((await list(`documentnr:999001/`)).data.map((row) => row.bocp_id)).toEqual([added]);
  });

  it('documentnr is the invoice number, in any series', async () => {
    const [number] = ids("SELECT number FROM invoices WHERE company_id = 1 AND series = 'DMO' ORDER BY id LIMIT 1 OFFSET 40");
    const found = (await walk(`documentnr:${number}/`)).map((row) => row.bocp_id);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(ids('SELECT id FROM invoices WHERE company_id = 1 AND number = ? ORDER BY id', number));
    const max = ids('SELECT max(number) FROM invoices WHERE company_id = 1')[0]!;
    expect((await list(`documentnr:${max + 1000}/`)).data).toEqual([]);
    // with the other filters: their intersection
    const cancelled = ids('SELECT number FROM invoices WHERE company_id = 1 AND cancelled = 1 LIMIT 1')[0]!;
    expect((await list(`documentnr:${cancelled}/`)).data.length).toBeGreaterThan(0);
    expect((await walk(`documentnr:${cancelled}/skipcancelled:1/`)).map((row) => row.bocp_id)).toEqual(
      ids('SELECT id FROM invoices WHERE company_id = 1 AND number = ? AND cancelled = 0 ORDER BY id', cancelled),
    );
  });

  it('400 for the options the spec does not list on invoices', async () => {
    await refused('include:items/', /unknown filter 'include'; this endpoint accepts: .*documentnr/);
    await refused('exclude:cancelled/', /unknown filter 'exclude'/);
    await refused('for_abon_tpl_id:1/', /unknown filter 'for_abon_tpl_id'/);
    await refused('documentnr:/', /filter 'documentnr' expects a non-empty value/);
  });

  it('documentnr takes the number as a partner types it: series and number, any case, with or without a separator', async () => {
    const [stored] = demo.db
      .prepare("SELECT id, series, number FROM invoices WHERE company_id = 1 AND series = 'DMO' ORDER BY id LIMIT 1 OFFSET 40")
      .all() as Array<{ id: number; series: string; number: number }>;
    const { series, number } = stored!;
    // another series with the same number, so the series is seen to narrow
    const twin = Number(
      writeSql(
        demo.h,
        `INSERT INTO invoices (company_id, series, number, date, due_date, created_ts, last_changed_ts)
         VALUES (1, 'B2BREB', ?, '2026-01-05', '2026-02-04', '2026-01-05 10:00:00', '2026-01-05 10:00:00')`,
        number,
      ).lastInsertRowid,
    );
    const anySeries = ids('SELECT id FROM invoices WHERE company_id = 1 AND number = ? ORDER BY id', number);
    expect(anySeries).toContain(twin);
    expect((await walk(`documentnr:${number}/`)).map((row) => row.bocp_id)).toEqual(anySeries);
    for (const typed of [`${series}-${number}`, `${series} ${number}`, `${series.toLowerCase()}${number}`, `${series}/${number}`, ` ${series}_${number} `]) {
      expect((await walk(`documentnr:${encodeURIComponent(typed)}/`)).map((row) => row.bocp_id), typed).toEqual(
        ids('SELECT id FROM invoices WHERE company_id = 1 AND series = ? AND number = ? ORDER BY id', series, number),
      );
    }
    for (const typed of [`B2BREB-${number}`, `B2BREB ${number}`, `b2breb${number}`]) {
      expect((await walk(`documentnr:${encodeURIComponent(typed)}/`)).map((row) => row.bocp_id), typed).toEqual([twin]);
    }
    // counter-case: before, anything but digits was a 400; now a value that matches nothing is an empty page
    for (const typed of ['abc', '0', 'NOSERIES-1', `B2BREB-${number + 1_000_000}`, '99999999999999999999']) {
      const answer = await list(`documentnr:${encodeURIComponent(typed)}/`);
      expect(answer.is_error, typed).toBe(false);
      expect(answer.data, typed).toEqual([]);
    }
  });
});

describe('GET /proformas/list/', () => {
  const { list, walk, refused } = endpoint('/proformas/list/');

  it('answers the documented proforma record; payment_link only with include:payment_link', async () => {
    const rows = await walk('');
    const keys = Object.keys(Proforma.properties).filter((key) => key !== 'payment_link');
    for (const row of rows) expect(Object.keys(row)).toEqual(keys);
    const stored = new Map((demo.db.prepare('SELECT * FROM proformas WHERE company_id = 1').all() as Row[]).map((r) => [r.id, r]));
    for (const row of rows) {
      const { proforma_id, ...fields } = row;
      // stored values under the real service's names; view_link is computed (real-fields test)
      const column = (k: string) => PROFORMA_COLUMNS[k] ?? k;
      const { view_link, ...rest } = fields;
      expect(view_link).toMatch(/^http:\/\/.+\/documents\/proforma\/[^/]+\/html\/$/);
      const storedKeys = keys.filter((k) => k !== 'proforma_id' && k !== 'view_link');
      expect(rest).toEqual(Object.fromEntries(storedKeys.map((k) => [k, stored.get(proforma_id)![column(k)]])));
    }

    const linked = await walk('include:payment_link/');
    expect(linked.map((row) => row.proforma_id)).toEqual(rows.map((row) => row.proforma_id));
    const links = new Map(
      (demo.db.prepare('SELECT id, payment_link FROM proformas WHERE company_id = 1').all() as Array<{ id: number; payment_link: string }>).map(
        (row) => [row.id, row.payment_link],
      ),
    );
    for (const row of linked) {
      expect(Object.keys(row)).toEqual([...keys, 'payment_link']);
      expect(row.payment_link).toBe(links.get(row.proforma_id as number));
    }
    expect(linked.some((row) => String(row.payment_link).startsWith('https://'))).toBe(true);
    expect(linked.some((row) => row.payment_link === '')).toBe(true);
  });

  it('for_abon_tpl_id keeps the proformas of that subscription template', async () => {
    const [template] = ids('SELECT subscription_template_id FROM proformas WHERE company_id = 1 AND subscription_template_id IS NOT NULL LIMIT 1');
    const found = await walk(`for_abon_tpl_id:${template}/`);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((row) => row.subscription_template_id === template)).toBe(true);
    expect(found.map((row) => row.proforma_id)).toEqual(
      ids('SELECT id FROM proformas WHERE company_id = 1 AND subscription_template_id = ? ORDER BY id', template),
    );
    expect((await list('for_abon_tpl_id:999999/')).data).toEqual([]);
  });

  it('exclude:cancelled hides cancelled proformas, alone or with the other options', async () => {
    const all = ids('SELECT id FROM proformas WHERE company_id = 1 ORDER BY id');
    const kept = ids('SELECT id FROM proformas WHERE company_id = 1 AND cancelled = 0 ORDER BY id');
    expect(kept.length).toBeLessThan(all.length);
    expect((await walk('exclude:cancelled/')).map((row) => row.proforma_id)).toEqual(kept);
    const both = await walk('exclude:cancelled/include:payment_link/');
    expect(both.map((row) => row.proforma_id)).toEqual(kept);
    expect(both.every((row) => row.document_cancelled === 0 && typeof row.payment_link === 'string')).toBe(true);
  });

  it('400 for skipcancelled and the options the spec does not list on proformas', async () => {
    await refused('skipcancelled:1/', /unknown filter 'skipcancelled'; this endpoint accepts: .*for_abon_tpl_id, include, exclude/);
    await refused('skipcancelled:0/', /unknown filter 'skipcancelled'/);
    await refused('include:items/', /include: 'items' is not accepted here; accepted: payment_link/);
    await refused('include:payment_link,items/', /include: 'items' is not accepted here/);
    await refused('exclude:added-by-api/', /exclude: 'added-by-api' is not accepted here; accepted: cancelled/);
    await refused('documentnr:1/', /unknown filter 'documentnr'/);
    await refused('for_abon_tpl_id:x/', /filter 'for_abon_tpl_id' expects an integer >= 1/);
  });
});
