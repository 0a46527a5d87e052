import { describe, expect, it } from 'vitest';
import {
  WORKMANAGER_PAGE_SIZE,
  type ServiceFile,
  type ServiceFileDetail,
  type ServiceRequest,
} from '../../shared/domain/workmanager.ts';
import { useDemo, writeSql } from './harness.ts';
import { listClient, restGet } from './lists.ts';

const FILE_COLUMNS = `company_id, series, number, date, client_id, client_name, client_cui, client_reg_com, workpoint_id,
  item_code, item_name, item_series, equipment_model_id, defect_description, diagnosis, status, technician,
  estimated_cost, currency, warranty, service_request_id, cancelled, closed_ts, created_ts, last_changed_ts`;
const REQUEST_COLUMNS = `company_id, date, item_code, item_name, item_series, client_id, client_name, client_cui,
  client_reg_com, client_address_id, invoice_address_id, defect_description, acquisition_invoice_nr,
  acquisition_invoice_date, supplier_name, equipment_manufacturer_id, equipment_series_id, equipment_model_id,
  equipment_type_id, mentions, requested_pickup_date, from_b2b, pickup_awb_id, status, service_file_id, added_by_api,
  created_ts, last_changed_ts`;

/** File ids of the links added below: every document type, a dangling link, another account's document. */
let linkedFile: number;
let proformaId: number;
let otherAccountFile: number;

const demo = useDemo({
  prepare(writable) {
    // The demo has 40 service files and 20 requests: copies make both lists span pages.
    writable.exec(`
      INSERT INTO service_files (${FILE_COLUMNS}) SELECT ${FILE_COLUMNS.replace('series,', "'FX' || series,")} FROM service_files;
      INSERT INTO service_files (${FILE_COLUMNS}) SELECT ${FILE_COLUMNS.replace('series,', "'FY' || series,")} FROM service_files WHERE series = 'FS';
      INSERT INTO service_requests (${REQUEST_COLUMNS}) SELECT ${REQUEST_COLUMNS} FROM service_requests;
      INSERT INTO service_requests (${REQUEST_COLUMNS}) SELECT ${REQUEST_COLUMNS} FROM service_requests;
      INSERT INTO service_requests (${REQUEST_COLUMNS}) SELECT ${REQUEST_COLUMNS} FROM service_requests;
      INSERT INTO accounts (company_id, name, rest_enabled, workmanager_enabled, created_ts) VALUES (2, 'Other SRL', 1, 1, '2026-01-01 00:00:00');
      INSERT INTO sales (id, company_id, series, number, date, created_ts, last_changed_ts)
        VALUES (999901, 2, 'X', 1, '2026-01-01', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
      INSERT INTO service_files (id, company_id, series, number, date, item_name, created_ts, last_changed_ts)
        VALUES (999902, 2, 'FO', 1, '2026-01-01', 'Other account item', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
      INSERT INTO service_requests (id, company_id, date, item_code, item_name, client_id, client_address_id, defect_description, created_ts, last_changed_ts)
        SELECT 999903, 2, '2026-01-01', 'X', 'Other account item', client_id, client_address_id, 'x', '2026-01-01 00:00:00', '2026-01-01 00:00:00'
          FROM service_requests LIMIT 1;
      INSERT INTO client_recommendations (company_id, service_file_id, text, created_ts)
        VALUES (2, 999902, 'other account', '2026-01-01 00:00:00');
    `);
    // A file linked to a sale, its invoice and a payment; a proforma and an AWB are added to it.
    linkedFile = (
      writable
        .prepare(
          `SELECT service_file_id AS id FROM service_file_documents GROUP BY service_file_id
            HAVING sum(doc_type = 'sale') > 0 AND sum(doc_type = 'invoice') > 0 AND sum(doc_type = 'payment') > 0
            ORDER BY service_file_id LIMIT 1`,
        )
        .get() as { id: number }
    ).id;
    proformaId = (writable.prepare('SELECT min(id) AS id FROM proformas WHERE company_id = 1').get() as { id: number }).id;
    const awbId = (writable.prepare('SELECT min(id) AS id FROM awbs WHERE company_id = 1').get() as { id: number }).id;
    const link = writable.prepare('INSERT OR IGNORE INTO service_file_documents (service_file_id, doc_type, doc_id) VALUES (?, ?, ?)');
    link.run(linkedFile, 'proforma', proformaId);
    link.run(linkedFile, 'awb', awbId);
    link.run(linkedFile, 'invoice', 888888); // no such invoice: left out
    link.run(linkedFile, 'sale', 999901); // another account's sale: left out
    otherAccountFile = 999902;
  },
});

const ids = (sql: string, ...params: unknown[]) =>
  (demo.db.prepare(sql).all(...params) as Array<{ id: number }>).map((row) => row.id);

const get = restGet(demo);
const { walk } = listClient(demo, '', { echoesPage: true, pageSize: WORKMANAGER_PAGE_SIZE });

const fileIds = async (filters: string) => (await walk<ServiceFile>(`/workmanager/servicefiles/${filters}`)).map((r) => r.fisa_id);
const requestIds = async (filters: string) =>
  (await walk<ServiceRequest>(`/workmanager/servicerequests/${filters}`)).map((r) => r.service_request_id);

async function setModule(enabled: 0 | 1): Promise<void> {
  writeSql(demo.h, 'UPDATE accounts SET workmanager_enabled = ? WHERE company_id = 1', enabled);
}

describe('GET /workmanager/servicefiles/', () => {
  it('pages through every service file of the account once, in id order', async () => {
    const all = await fileIds('');
    expect(all).toEqual(ids('SELECT id FROM service_files WHERE company_id = 1 ORDER BY id'));
    expect(all.length).toBeGreaterThan(WORKMANAGER_PAGE_SIZE);
    expect(all).not.toContain(otherAccountFile);
    const past = await get<ServiceFile[]>('/workmanager/servicefiles/page:99/');
    expect(past.data).toEqual([]);
    expect(past.has_more_pages).toBe(false);
  });

  it('answers the documented fields of a service file', async () => {
    const [file] = (await get<ServiceFile[]>('/workmanager/servicefiles/')).data;
    const row = demo.db.prepare('SELECT * FROM service_files WHERE id = ?').get(file!.fisa_id) as Record<string, unknown>;
    expect(file).toEqual({
      fisa_id: row.id,
      doc_series: row.series,
      doc_nr: row.number,
      doc_date: row.date,
      client_id: row.client_id,
      client_name: row.client_name,
      client_cui: row.client_cui,
      client_reg_com: row.client_reg_com,
      workpoint_id: row.workpoint_id,
      item_code: row.item_code,
      item_name: row.item_name,
      item_series: row.item_series,
      equipment_model_id: row.equipment_model_id,
      equipment_model: expect.any(String),
      defect_description: row.defect_description,
      diagnosis: row.diagnosis,
      status: row.status,
      technician: row.technician,
      estimated_cost: row.estimated_cost,
      currency: row.currency,
      warranty: row.warranty,
      service_request_id: row.service_request_id,
      document_cancelled: row.cancelled,
      closed_ts: row.closed_ts,
      created_ts: row.created_ts,
      last_changed_ts: row.last_changed_ts,
    });
    const model = demo.db
      .prepare('SELECT em.name || \' \' || m.name AS name FROM equipment_models m JOIN equipment_manufacturers em ON em.id = m.manufacturer_id WHERE m.id = ?')
      .get(row.equipment_model_id) as { name: string };
    expect(file!.equipment_model).toBe(model.name);
    expect(file!.doc_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(file!.last_changed_ts).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('year, yearmonth, yearmonthday, date and the inclusive datefrom/datethrough act on the date', async () => {
    const { date: day } = demo.db.prepare("SELECT date FROM service_files WHERE company_id = 1 AND series = 'FS' ORDER BY date LIMIT 1 OFFSET 10").get() as { date: string };
    const year = day.slice(0, 4);
    expect(await fileIds(`year:${year}/`)).toEqual(ids('SELECT id FROM service_files WHERE company_id = 1 AND substr(date, 1, 4) = ? ORDER BY id', year));
    expect(await fileIds(`yearmonth:${year}${day.slice(5, 7)}/`)).toEqual(
      ids('SELECT id FROM service_files WHERE company_id = 1 AND substr(date, 1, 7) = ? ORDER BY id', day.slice(0, 7)),
    );
    const onDay = await fileIds(`date:${day}/`);
    expect(onDay.length).toBeGreaterThan(0);
    expect(onDay).toEqual(ids('SELECT id FROM service_files WHERE company_id = 1 AND date = ? ORDER BY id', day));
    expect(await fileIds(`yearmonthday:${day.replace(/-/g, '')}/`)).toEqual(onDay);
    expect(await fileIds(`datefrom:${day}/datethrough:${day}/`)).toEqual(onDay);
    const { date: later } = demo.db.prepare("SELECT date FROM service_files WHERE company_id = 1 AND series = 'FS' ORDER BY date LIMIT 1 OFFSET 25").get() as { date: string };
    expect(await fileIds(`datefrom:${day}/datethrough:${later}/`)).toEqual(
      ids('SELECT id FROM service_files WHERE company_id = 1 AND date BETWEEN ? AND ? ORDER BY id', day, later),
    );
  });

  it('modifiedafter is strict and takes %20; modifiedthrough is inclusive', async () => {
    const { ts } = demo.db.prepare('SELECT last_changed_ts AS ts FROM service_files WHERE company_id = 1 ORDER BY last_changed_ts LIMIT 1 OFFSET 30').get() as { ts: string };
    const encoded = ts.replace(' ', '%20');
    const after = await fileIds(`modifiedafter:${encoded}/`);
    expect(after).toEqual(ids('SELECT id FROM service_files WHERE company_id = 1 AND last_changed_ts > ? ORDER BY id', ts));
    const through = await fileIds(`modifiedthrough:${encoded}/`);
    expect(through).toEqual(ids('SELECT id FROM service_files WHERE company_id = 1 AND last_changed_ts <= ? ORDER BY id', ts));
    // the boundary row is in modifiedthrough and not in modifiedafter: together they are every row once
    const atTs = ids('SELECT id FROM service_files WHERE company_id = 1 AND last_changed_ts = ? ORDER BY id', ts);
    expect(atTs.length).toBeGreaterThan(0);
    expect(through).toEqual(expect.arrayContaining(atTs));
    expect(after.some((id) => atTs.includes(id))).toBe(false);
    expect(after.length + through.length).toBe(ids('SELECT id FROM service_files WHERE company_id = 1').length);
  });

  it('id and minid (inclusive)', async () => {
    const all = ids('SELECT id FROM service_files WHERE company_id = 1 ORDER BY id');
    const middle = all[Math.floor(all.length / 2)]!;
    expect(await fileIds(`id:${middle}/`)).toEqual([middle]);
    expect(await fileIds(`minid:${middle}/`)).toEqual(all.filter((id) => id >= middle));
    expect(await fileIds(`id:${otherAccountFile}/`)).toEqual([]);
  });

  it('include:clientrecommendations adds each file\'s recommendations (an empty list when none)', async () => {
    const rows = await walk<ServiceFile>('/workmanager/servicefiles/include:clientrecommendations/');
    const expected = demo.db
      .prepare('SELECT service_file_id AS file, id, text, created_ts FROM client_recommendations WHERE company_id = 1 ORDER BY service_file_id, id')
      .all() as Array<{ file: number; id: number; text: string; created_ts: string }>;
    for (const row of rows) {
      expect(row.client_recommendations).toEqual(
        expected.filter((r) => r.file === row.fisa_id).map((r) => ({ recommendation_id: r.id, text: r.text, created_ts: r.created_ts })),
      );
    }
    expect(rows.filter((r) => r.client_recommendations!.length > 0).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.client_recommendations!.length === 0).length).toBeGreaterThan(0);
    const [plain] = (await get<ServiceFile[]>('/workmanager/servicefiles/')).data;
    expect(plain).not.toHaveProperty('client_recommendations');
  });

  it('400 for skipcancelled and for options it does not take', async () => {
    const cases: Array<[string, RegExp]> = [
      ['skipcancelled:1/', /unknown filter 'skipcancelled'/],
      ['include:items/', /include: 'items' is not accepted here; accepted: clientrecommendations/],
      ['exclude:cancelled/', /unknown filter 'exclude'/],
      ['documentnr:5/', /unknown filter 'documentnr'/],
      ['modifiedafter:2025-01-01%2025:00:00/', /modifiedafter/],
    ];
    for (const [filters, message] of cases) {
      const body = await get(`/workmanager/servicefiles/${filters}`, 400);
      expect(body.is_error).toBe(true);
      expect(body.messages[0], filters).toMatch(message);
    }
  });
});

describe('GET /workmanager/servicefile/{fisa_id}/', () => {
  it('answers the full record with its recommendations and associated documents of every kind', async () => {
    const file = (await get<ServiceFileDetail>(`/workmanager/servicefile/${linkedFile}/`)).data;
    const [listed] = (await get<ServiceFile[]>(`/workmanager/servicefiles/id:${linkedFile}/include:clientrecommendations/`)).data;
    const { documents, ...rest } = file;
    expect(rest).toEqual(listed);

    const links = demo.db.prepare('SELECT doc_type, doc_id FROM service_file_documents WHERE service_file_id = ?').all(linkedFile) as Array<{
      doc_type: string;
      doc_id: number;
    }>;
    const expected = links.flatMap(({ doc_type, doc_id }) => {
      const table = { sale: 'sales', invoice: 'invoices', proforma: 'proformas', awb: 'awbs', payment: 'payments' }[doc_type]!;
      const row = demo.db.prepare(`SELECT * FROM ${table} WHERE id = ? AND company_id = 1`).get(doc_id) as Record<string, unknown> | undefined;
      if (!row) return [];
      return [
        {
          doc_type,
          doc_id,
          doc_series: doc_type === 'awb' ? '' : row.series,
          doc_nr: doc_type === 'awb' ? row.awb_nr : row.number === null ? '' : String(row.number),
          doc_date: row.date,
          total: doc_type === 'awb' ? row.cod_amount : doc_type === 'payment' ? row.amount : row.total_with_vat,
          currency: doc_type === 'awb' ? row.cod_currency : row.currency,
          document_cancelled: row.cancelled,
        },
      ];
    });
    expect(new Set(documents.map((d) => d.doc_type))).toEqual(new Set(['sale', 'invoice', 'proforma', 'awb', 'payment']));
    expect([...documents].sort((a, b) => a.doc_id - b.doc_id || a.doc_type.localeCompare(b.doc_type))).toEqual(
      expected.sort((a, b) => a.doc_id - b.doc_id || a.doc_type.localeCompare(b.doc_type)),
    );
    // by date
    expect(documents.map((d) => d.doc_date)).toEqual([...documents.map((d) => d.doc_date)].sort());
    expect(documents.find((d) => d.doc_type === 'proforma')!.doc_id).toBe(proformaId);
    expect(documents.some((d) => d.doc_id === 888888 || d.doc_id === 999901)).toBe(false);
  });

  it('a file without links answers empty documents', async () => {
    const bare = ids('SELECT id FROM service_files WHERE company_id = 1 AND id NOT IN (SELECT service_file_id FROM service_file_documents) ORDER BY id LIMIT 1')[0]!;
    const file = (await get<ServiceFileDetail>(`/workmanager/servicefile/${bare}/`)).data;
    expect(file.documents).toEqual([]);
    expect(Array.isArray(file.client_recommendations)).toBe(true);
  });

  it('404 when absent or another account\'s; 400 for an id that is not one', async () => {
    expect((await get(`/workmanager/servicefile/777777/`, 404)).messages[0]).toMatch(/service file 777777 does not exist/);
    await get(`/workmanager/servicefile/${otherAccountFile}/`, 404);
    await get('/workmanager/servicefile/abc/', 400);
    // the detail takes no filters: a segment after it is no route at all
    await get('/workmanager/servicefile/1/include:documents/', 404);
  });
});

describe('GET /workmanager/servicerequests/', () => {
  it('pages through every request of the account once, in id order, with the documented fields', async () => {
    const rows = await walk<ServiceRequest>('/workmanager/servicerequests/');
    expect(rows.map((r) => r.service_request_id)).toEqual(ids('SELECT id FROM service_requests WHERE company_id = 1 ORDER BY id'));
    expect(rows.length).toBeGreaterThan(WORKMANAGER_PAGE_SIZE);
    const first = rows[0]!;
    const row = demo.db.prepare('SELECT * FROM service_requests WHERE id = ?').get(first.service_request_id) as Record<string, unknown>;
    expect(first).toEqual({
      service_request_id: row.id,
      date: row.date,
      client_id: row.client_id,
      client_name: row.client_name,
      client_cui: row.client_cui,
      client_reg_com: row.client_reg_com,
      client_addres_id: row.client_address_id,
      invoice_address_id: row.invoice_address_id,
      item_code: row.item_code,
      item_name: row.item_name,
      item_series: row.item_series,
      defect_description: row.defect_description,
      acquisition_invoice_nr: row.acquisition_invoice_nr,
      acquisition_invoice_date: row.acquisition_invoice_date,
      supplier_name: row.supplier_name,
      aparat_producator_id: row.equipment_manufacturer_id,
      aparat_serie_id: row.equipment_series_id,
      aparat_model_id: row.equipment_model_id,
      equipment_type_id: row.equipment_type_id,
      mentions: row.mentions,
      requested_pickup_date: row.requested_pickup_date,
      from_b2b: row.from_b2b,
      status: row.status,
      pickup_awb_id: row.pickup_awb_id,
      service_file_id: row.service_file_id,
      added_by_api: row.added_by_api,
      created_ts: row.created_ts,
      last_changed_ts: row.last_changed_ts,
    });
  });

  it('date, modifiedafter (strict, %20), modifiedthrough (inclusive), id, minid', async () => {
    const { date: day } = demo.db.prepare('SELECT date FROM service_requests WHERE company_id = 1 ORDER BY date LIMIT 1 OFFSET 7').get() as { date: string };
    const onDay = await requestIds(`date:${day}/`);
    expect(onDay.length).toBeGreaterThan(0);
    expect(onDay).toEqual(ids('SELECT id FROM service_requests WHERE company_id = 1 AND date = ? ORDER BY id', day));

    const { ts } = demo.db.prepare('SELECT last_changed_ts AS ts FROM service_requests WHERE company_id = 1 ORDER BY last_changed_ts LIMIT 1 OFFSET 40').get() as { ts: string };
    const encoded = ts.replace(' ', '%20');
    expect(await requestIds(`modifiedafter:${encoded}/`)).toEqual(
      ids('SELECT id FROM service_requests WHERE company_id = 1 AND last_changed_ts > ? ORDER BY id', ts),
    );
    const through = await requestIds(`modifiedthrough:${encoded}/`);
    expect(through).toEqual(ids('SELECT id FROM service_requests WHERE company_id = 1 AND last_changed_ts <= ? ORDER BY id', ts));
    expect(through).toEqual(expect.arrayContaining(ids('SELECT id FROM service_requests WHERE company_id = 1 AND last_changed_ts = ?', ts)));

    const all = ids('SELECT id FROM service_requests WHERE company_id = 1 ORDER BY id');
    const middle = all[Math.floor(all.length / 2)]!;
    expect(await requestIds(`id:${middle}/`)).toEqual([middle]);
    expect(await requestIds(`minid:${middle}/`)).toEqual(all.filter((id) => id >= middle));
    expect(await requestIds('id:999903/')).toEqual([]);
  });

  it('400 for the filters it does not take', async () => {
    for (const filters of ['year:2025/', 'datefrom:2025-01-01/', 'skipcancelled:1/', 'include:items/', 'status:new/']) {
      const body = await get(`/workmanager/servicerequests/${filters}`, 400);
      expect(body.messages[0], filters).toMatch(/unknown filter/);
      expect(body.messages[0]).toMatch(/accepts: date, modifiedafter, modifiedthrough, id, minid, page/);
    }
  });
});

describe('workmanager module off', () => {
  it('answers 401 in the envelope on every workmanager endpoint, and answers again once on', async () => {
    await setModule(0);
    try {
      for (const path of ['/workmanager/servicefiles/', '/workmanager/servicefiles/include:clientrecommendations/', `/workmanager/servicefile/${linkedFile}/`, '/workmanager/servicerequests/']) {
        const body = await get(path, 401);
        expect(body).toMatchObject({ is_error: true, http_code: 401, data: null });
        expect(body.messages[0]).toMatch(/workmanager module is not active/);
      }
      // other modules are not concerned
      await get('/contacts/list/');
    } finally {
      await setModule(1);
    }
    await get('/workmanager/servicefiles/');
    await get(`/workmanager/servicefile/${linkedFile}/`);
  });
});
