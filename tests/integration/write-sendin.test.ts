import { beforeAll, describe, expect, it } from 'vitest';
import { Awb } from '../../shared/domain/awb.ts';
import { ServiceRequest } from '../../shared/domain/workmanager.ts';
import { awbState, otherAccount, today } from './fixtures.ts';
import { queries, useDemo, writeSql } from './harness.ts';
import { refusalsOf, restPost, restSend } from './requests.ts';

type Row = Record<string, unknown>;

/** A client with an invoice address and a delivery address, and an address of another contact. */
let client: Row;
let pickupAddress: number;
let invoiceAddress: number;
let foreignAddress: number;
/** A serial number record with its model and the model's manufacturer; a model of another manufacturer. */
let equipment: { series: number; model: number; manufacturer: number; type: number; otherModel: number; otherSeries: number };
// Rows of account 2 and a deleted contact of account 1, added in beforeAll.
const OTHER = { contact: 990001, address: 990002, manufacturer: 990003, model: 990004, series: 990005, type: 990006 };
const DELETED = { contact: 990011, address: 990012 };

const demo = useDemo({
  prepare(writable) {
    writable.exec(`
      ${otherAccount({ workmanager: true })}
      INSERT INTO contacts (id, company_id, name, created_ts, lastupdated) VALUES (${OTHER.contact}, 2, 'Other client', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
      INSERT INTO contact_addresses (id, company_id, contact_id, county, city, street) VALUES (${OTHER.address}, 2, ${OTHER.contact}, 'Cluj', 'Cluj-Napoca', 'Str. A');
      INSERT INTO equipment_manufacturers (id, company_id, name) VALUES (${OTHER.manufacturer}, 2, 'Other maker');
      INSERT INTO equipment_models (id, company_id, manufacturer_id, name) VALUES (${OTHER.model}, 2, ${OTHER.manufacturer}, 'Other model');
      INSERT INTO equipment_series (id, company_id, model_id, serial) VALUES (${OTHER.series}, 2, ${OTHER.model}, 'OTHER-SN');
      INSERT INTO equipment_types (id, company_id, name) VALUES (${OTHER.type}, 2, 'Other type');
      INSERT INTO contacts (id, company_id, name, deleted, created_ts, lastupdated) VALUES (${DELETED.contact}, 1, 'Deleted client', 1, '2026-01-01 00:00:00', '2026-01-01 00:00:00');
      INSERT INTO contact_addresses (id, company_id, contact_id, county, city, street) VALUES (${DELETED.address}, 1, ${DELETED.contact}, 'Iasi', 'Iasi', 'Str. B');
    `);
  },
});
const { one, value } = queries(demo);
const send = restSend(demo);
const write = (sql: string, ...params: unknown[]) => writeSql(demo.h, sql, ...params);

beforeAll(() => {
  client = one(
    `SELECT c.* FROM contacts c WHERE c.company_id = 1 AND c.deleted = 0
        AND EXISTS (SELECT 1 FROM contact_addresses a WHERE a.contact_id = c.id AND a.kind = 'invoice')
        AND EXISTS (SELECT 1 FROM contact_addresses a WHERE a.contact_id = c.id AND a.kind = 'delivery')
      ORDER BY c.id LIMIT 1`,
  );
  const address = (kind: string) =>
    value('SELECT id FROM contact_addresses WHERE contact_id = ? AND kind = ? ORDER BY id LIMIT 1', client.id, kind);
  pickupAddress = address('delivery');
  invoiceAddress = address('invoice');
  foreignAddress = value('SELECT id FROM contact_addresses WHERE company_id = 1 AND contact_id <> ? ORDER BY id LIMIT 1', client.id);
  const series = one<{ series: number; model: number; manufacturer: number }>(
    `SELECT s.id AS series, m.id AS model, m.manufacturer_id AS manufacturer
       FROM equipment_series s JOIN equipment_models m ON m.id = s.model_id WHERE s.company_id = 1 ORDER BY s.id LIMIT 1`,
  );
  const otherModel = value('SELECT id FROM equipment_models WHERE company_id = 1 AND manufacturer_id <> ? ORDER BY id LIMIT 1', series.manufacturer);
  const otherSeries = value(
    'SELECT id FROM equipment_series WHERE company_id = 1 AND model_id IS NOT NULL AND model_id <> ? ORDER BY id LIMIT 1',
    series.model,
  );
  const type = value('SELECT min(id) FROM equipment_types WHERE company_id = 1');
  equipment = { ...series, type, otherModel, otherSeries };
});

/** The Bucharest date `days` from today. */
function day(days: number): string {
  const t = new Date(`${today()}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

const minimal = () => ({
  item_code: 'WAN28262BY',
  item_name: 'Masina de spalat Bosch Serie 4',
  client_rec_id: client.id as number,
  client_addres_id: pickupAddress,
  defect_description: 'Nu porneste',
});

interface Created {
  service_request_id: number;
  status: string;
  pickup_awb_id: number | null;
  pickup_awb: Row | null;
}

const post = restPost<Created>(demo, '/workmanager/sendinrequest/');

/** What a refused request must leave as it was: the requests and the AWBs (counts, ids, last changes). */
function state() {
  return {
    requests: one('SELECT count(*) AS n, max(id) AS max FROM service_requests'),
    requestRows: value<string>("SELECT group_concat(id || ':' || status || ':' || last_changed_ts) FROM service_requests"),
    ...awbState(demo),
  };
}

const refused = refusalsOf(post, state);

const requestRow = (id: number) => one('SELECT * FROM service_requests WHERE id = ?', id);

async function listed(id: number): Promise<Row> {
  const answer = await send<Row[]>('GET', `/workmanager/servicerequests/id:${id}/`);
  expect(answer.status).toBe(200);
  expect(answer.body.data).toHaveLength(1);
  return answer.body.data[0]!;
}

describe('POST /workmanager/sendinrequest/', () => {
  it('creates a request from the required fields (-1 for the optional ids): status new, listed by /servicerequests/', async () => {
    const before = state();
    const body = { ...minimal(), invoice_address_id: -1, aparat_producator_id: -1, aparat_serie_id: -1, aparat_model_id: -1, equipment_type_id: -1 };
    const answer = await post(body, 200);
    const { service_request_id: id } = answer.data;
    expect(answer.data).toEqual({ service_request_id: id, status: 'new', pickup_awb_id: null, pickup_awb: null });
    expect(id).toBeGreaterThan((before.requests as { max: number }).max);
    const row = requestRow(id);
    expect(row).toMatchObject({
      company_id: 1,
      date: day(0),
      item_code: body.item_code,
      item_name: body.item_name,
      item_series: '',
      client_id: client.id,
      client_name: client.name,
      client_cui: client.cui,
      client_reg_com: client.reg_com,
      client_address_id: pickupAddress,
      invoice_address_id: null,
      defect_description: body.defect_description,
      acquisition_invoice_nr: '',
      acquisition_invoice_date: null,
      supplier_name: '',
      equipment_manufacturer_id: null,
      equipment_series_id: null,
      equipment_model_id: null,
      equipment_type_id: null,
      mentions: '',
      requested_pickup_date: null,
      from_b2b: 0,
      pickup_awb_id: null,
      status: 'new',
      service_file_id: null,
      added_by_api: 1,
    });
    expect(row.created_ts).toBe(row.last_changed_ts);
    expect(String(row.created_ts).slice(0, 10)).toBe(day(0));
    expect(state().awbs).toEqual(before.awbs);

    const item = await listed(id);
    expect(Object.keys(item)).toEqual(Object.keys(ServiceRequest.properties));
    expect(item).toMatchObject({ service_request_id: id, client_addres_id: pickupAddress, status: 'new', from_b2b: 0, added_by_api: 1 });
  });

  it('stores every optional field of the spec; the listed request shows them under the spec\'s names', async () => {
    const optional = {
      item_series: 'SN-123',
      acquisition_invoice_nr: 'DMO 77',
      acquisition_invoice_date: day(-40),
      supplier_name: 'Demo Retail SRL',
      invoice_address_id: invoiceAddress,
      aparat_producator_id: equipment.manufacturer,
      aparat_serie_id: equipment.series,
      aparat_model_id: equipment.model,
      equipment_type_id: equipment.type,
      mentions: 'Deviz inainte de reparatie',
      requested_pickup_date: day(3),
      from_b2b: 0,
    };
    const { data } = await post({ ...minimal(), ...optional }, 200);
    expect(data.status).toBe('new');
    expect(await listed(data.service_request_id)).toMatchObject({ ...optional, client_addres_id: pickupAddress, pickup_awb_id: null });
    // Dates at the bounds: an acquisition today, a pickup today.
    await post({ ...minimal(), acquisition_invoice_date: day(0), requested_pickup_date: day(0) }, 200);
  });

  it('from_b2b 1: a pickup AWB through the B2B path (default courier, generated number, the requested date), pickup_scheduled', async () => {
    const before = state();
    const { data } = await post({ ...minimal(), from_b2b: 1, requested_pickup_date: day(2) }, 200);
    expect(data.status).toBe('pickup_scheduled');
    const awb = one('SELECT * FROM awbs WHERE id = ?', data.pickup_awb_id);
    expect(state().awbs).toMatchObject({ n: (before.awbs as { n: number }).n + 1, max: data.pickup_awb_id });
    expect(awb).toMatchObject({
      company_id: 1,
      sale_id: null,
      connector_order_id: null,
      awb_type: 'fan', // the account's default courier (connector settings, awb.default_courier)
      awb_subtype: '',
      date: day(2),
      packet_count: 1,
      shipping_payer: 'recipient',
      cod_amount: 0,
      declared_value: 0,
      client_id: client.id,
      client_name: client.name,
      client_cui: client.cui,
      client_reg_com: client.reg_com,
      source: 'b2b',
      cancelled: 0,
    });
    expect(awb.awb_nr).toMatch(/^2\d{12}$/);
    expect(awb.awb_url).toBe(`https://www.fancourier.ro/awb-tracking/?tracking=${String(awb.awb_nr)}`);
    expect(requestRow(data.service_request_id)).toMatchObject({ from_b2b: 1, pickup_awb_id: awb.id, status: 'pickup_scheduled', requested_pickup_date: day(2) });
    expect(Object.keys(data.pickup_awb!)).toEqual(Object.keys(Awb.properties));
    expect(data.pickup_awb).toMatchObject({ awb_id: awb.id, awb_nr: awb.awb_nr, source: 'b2b' });
    // The AWB is an AWB like any other: /awb/list/ has it.
    const list = await send<Row[]>('GET', `/awb/list/documentnr:${String(awb.awb_nr)}/`);
    expect(list.body.data).toEqual([data.pickup_awb]);
    expect(await listed(data.service_request_id)).toMatchObject({ status: 'pickup_scheduled', pickup_awb_id: awb.id, from_b2b: 1 });

    // Without a requested date the AWB is dated today.
    const today = await post({ ...minimal(), from_b2b: 1 }, 200);
    expect(today.data.pickup_awb).toMatchObject({ doc_date: day(0), awb_type: 'fan' });
  });

  it('the pickup courier follows the account setting: a courier, a broker or a sub-courier; an unknown one falls back to fan', async () => {
    const setCourier = (code: string) =>
      write(
        "UPDATE connector_settings SET value = ? WHERE company_id = 1 AND connector_id = 0 AND grp = 'awb' AND key = 'default_courier'",
        JSON.stringify(code),
      );
    const pickup = async () => (await post({ ...minimal(), from_b2b: 1 }, 200)).data.pickup_awb!;
    try {
      setCourier('sameday');
      expect(await pickup()).toMatchObject({ awb_type: 'sameday', awb_subtype: '', awb_nr: expect.stringMatching(/^1ONB\d{10}$/) });
      setCourier('innoship_cargus');
      expect(await pickup()).toMatchObject({ awb_type: 'innoship', awb_subtype: 'innoship_cargus', awb_nr: expect.stringMatching(/^1\d{9}$/) });
      setCourier('europarcel');
      expect(await pickup()).toMatchObject({ awb_type: 'europarcel', awb_subtype: 'europarcel_cargus' });
      setCourier('no_such_courier');
      expect(await pickup()).toMatchObject({ awb_type: 'fan', awb_subtype: '' });
    } finally {
      setCourier('fan');
    }
  });

  it('400 for missing or blank required fields, -1 or 0 in a required id, and unknown fields', async () => {
    const { item_name: _n, client_rec_id: _c, ...withoutTwo } = minimal();
    await refused(withoutTwo, /item_name: required field is missing/, /client_rec_id: required field is missing/);
    await refused({ ...minimal(), item_name: '' }, /^item_name: must not have fewer than 1 characters/);
    await refused({ ...minimal(), item_code: '  ', defect_description: '\t' }, 'item_code: must not be blank', 'defect_description: must not be blank');
    await refused({ ...minimal(), client_rec_id: -1 }, 'client_rec_id: required (-1 means no value)');
    await refused({ ...minimal(), client_addres_id: -1 }, 'client_addres_id: required (-1 means no value)');
    await refused({ ...minimal(), client_rec_id: 0 }, 'client_rec_id: must be a positive id, or -1 for no value');
    await refused({ ...minimal(), client_rec_id: -2 }, 'client_rec_id: must be >= -1');
    await refused({ ...minimal(), client_rec_id: String(client.id) }, 'client_rec_id: must be integer');
    await refused({ ...minimal(), client_address_id: pickupAddress }, 'client_address_id: unknown field');
    await refused({ ...minimal(), from_b2b: 2 }, 'from_b2b: must be <= 1');
    await refused({ ...minimal(), from_b2b: true }, 'from_b2b: must be integer');
    const before = state();
    const answer = await send('POST', '/workmanager/sendinrequest/', 'x', 'text/plain');
    expect(answer.status).toBe(415);
    expect(state()).toEqual(before);
  });

  it('client and addresses are checked against the account', async () => {
    await refused({ ...minimal(), client_rec_id: 888888 }, 'client_rec_id: contact 888888 does not exist in the account');
    await refused({ ...minimal(), client_rec_id: OTHER.contact, client_addres_id: OTHER.address },
      `client_rec_id: contact ${OTHER.contact} does not exist in the account`,
      `client_addres_id: address ${OTHER.address} does not exist in the account`);
    await refused({ ...minimal(), client_rec_id: DELETED.contact, client_addres_id: DELETED.address }, `client_rec_id: contact ${DELETED.contact} is deleted`);
    await refused({ ...minimal(), client_addres_id: foreignAddress },
      `client_addres_id: address ${foreignAddress} is not an address of contact ${String(client.id)} (client_rec_id)`);
    await refused({ ...minimal(), client_addres_id: 888888 }, 'client_addres_id: address 888888 does not exist in the account');
    await refused({ ...minimal(), invoice_address_id: foreignAddress },
      `invoice_address_id: address ${foreignAddress} is not an address of contact ${String(client.id)} (client_rec_id)`);
    await refused({ ...minimal(), invoice_address_id: 0 }, 'invoice_address_id: must be a positive id, or -1 for no value');
    // Accepted: the invoice address as pickup address too (any address of the contact).
    await post({ ...minimal(), client_addres_id: invoiceAddress, invoice_address_id: invoiceAddress }, 200);
  });

  it('equipment references: manufacturer, model (of that manufacturer), series (of that model), type, all of the account', async () => {
    const e = equipment;
    await refused({ ...minimal(), aparat_producator_id: 888888 }, 'aparat_producator_id: equipment manufacturer 888888 does not exist in the account');
    await refused({ ...minimal(), aparat_producator_id: OTHER.manufacturer }, /^aparat_producator_id: .* does not exist in the account/);
    await refused({ ...minimal(), aparat_model_id: 888888 }, 'aparat_model_id: equipment model 888888 does not exist in the account');
    await refused({ ...minimal(), aparat_model_id: OTHER.model }, /^aparat_model_id: .* does not exist in the account/);
    await refused({ ...minimal(), aparat_producator_id: e.manufacturer, aparat_model_id: e.otherModel },
      `aparat_model_id: model ${e.otherModel} is not a model of manufacturer ${e.manufacturer} (aparat_producator_id)`);
    await refused({ ...minimal(), aparat_serie_id: 888888 }, 'aparat_serie_id: equipment series 888888 does not exist in the account');
    await refused({ ...minimal(), aparat_serie_id: OTHER.series }, /^aparat_serie_id: .* does not exist in the account/);
    await refused({ ...minimal(), aparat_model_id: e.model, aparat_serie_id: e.otherSeries }, new RegExp(`^aparat_serie_id: series ${e.otherSeries} belongs to model \\d+, not to aparat_model_id ${e.model}`));
    await refused({ ...minimal(), equipment_type_id: 888888 }, 'equipment_type_id: equipment type 888888 does not exist in the account');
    await refused({ ...minimal(), equipment_type_id: OTHER.type }, /^equipment_type_id: .* does not exist in the account/);
    // Each alone is accepted; so is a model without its manufacturer.
    for (const field of [{ aparat_producator_id: e.manufacturer }, { aparat_model_id: e.otherModel }, { aparat_serie_id: e.otherSeries }, { equipment_type_id: e.type }]) {
      await post({ ...minimal(), ...field }, 200);
    }
  });

  it('dates: real calendar dates, the acquisition not after today, the pickup not before today', async () => {
    await refused({ ...minimal(), acquisition_invoice_date: '2025-02-29' }, 'acquisition_invoice_date: must match format "date"');
    await refused({ ...minimal(), requested_pickup_date: '2026-13-01' }, 'requested_pickup_date: must match format "date"');
    await refused({ ...minimal(), requested_pickup_date: '' }, 'requested_pickup_date: must match format "date"');
    await refused({ ...minimal(), acquisition_invoice_date: day(1) }, `acquisition_invoice_date: must not be after today (${day(0)})`);
    await refused({ ...minimal(), requested_pickup_date: day(-1) }, `requested_pickup_date: must not be before today (${day(0)})`);
  });

  it('a refused B2B request leaves no AWB behind; every refusal is reported at once', async () => {
    const messages = await refused(
      { ...minimal(), from_b2b: 1, aparat_model_id: 888888, equipment_type_id: 888888, requested_pickup_date: day(-1) },
      'aparat_model_id: equipment model 888888 does not exist in the account',
      'equipment_type_id: equipment type 888888 does not exist in the account',
      `requested_pickup_date: must not be before today (${day(0)})`,
    );
    expect(messages).toHaveLength(3);
  });

  it('401 while the workmanager module is off (nothing stored); accepted again once it is on', async () => {
    write('UPDATE accounts SET workmanager_enabled = 0 WHERE company_id = 1');
    try {
      const before = state();
      const answer = await post({ ...minimal(), from_b2b: 1 }, 401);
      expect(answer.messages[0]).toMatch(/workmanager module is not active/);
      // Checked before the body: a malformed one is refused with the same 401.
      const malformed = await post({ item_code: 7 }, 401);
      expect(malformed.messages[0]).toMatch(/workmanager module is not active/);
      expect(state()).toEqual(before);
    } finally {
      write('UPDATE accounts SET workmanager_enabled = 1 WHERE company_id = 1');
    }
    await post(minimal(), 200);
  });
});
