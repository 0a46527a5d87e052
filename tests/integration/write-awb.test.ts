import { beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../../electron/core/validate.ts';
import { Awb, AWB_ADD_MAX_ITEMS, AwbAddBody, AwbAddItem } from '../../shared/domain/awb.ts';
import { awbState, otherAccount, today } from './fixtures.ts';
import { basicAuth, queries, useDemo } from './harness.ts';
import { refusalsOf, restPost, restSend } from './requests.ts';

type Row = Record<string, unknown>;

/** Sales of the demo the tests attach AWBs to (found by what they are, not by id). */
let plainSale: Row; // a sale with a client, not from a connector order
let otherPlainSale: Row;
let orderSale: Row; // a sale of an order of active connector 1 with cash on delivery
let cancelledSale: number;
const OTHER_ACCOUNT_SALE = 990001;
const OTHER_ACCOUNT_AWB = 990002;

const demo = useDemo({
  prepare(writable) {
    writable.exec(`
      ${otherAccount({ workmanager: true })}
      INSERT INTO sales (id, company_id, series, number, date, created_ts, last_changed_ts)
        VALUES (${OTHER_ACCOUNT_SALE}, 2, 'X', 1, '2026-01-01', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
      INSERT INTO awbs (id, company_id, sale_id, awb_nr, awb_type, date, created_ts, last_changed_ts)
        VALUES (${OTHER_ACCOUNT_AWB}, 2, ${OTHER_ACCOUNT_SALE}, 'OTHER-1', 'fan', '2026-01-01', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
    `);
  },
});
const { one, all, value } = queries(demo);
const send = restSend(demo);

beforeAll(() => {
  const plain = all(
    `SELECT * FROM sales WHERE company_id = 1 AND cancelled = 0 AND client_id IS NOT NULL AND connector_order_id IS NULL
      ORDER BY id DESC LIMIT 2`,
  );
  [plainSale, otherPlainSale] = [plain[0]!, plain[1]!];
  orderSale = one(
    `SELECT s.*, o.connector_id, o.order_unique_id, o.cod_amount AS order_cod, o.cod_currency AS order_cod_currency,
            a.country AS order_country
       FROM sales s JOIN connector_orders o ON o.id = s.connector_order_id
       JOIN connectors c ON c.id = o.connector_id AND c.active = 1 AND c.deleted = 0
       JOIN contact_addresses a ON a.id = o.delivery_address_id
      WHERE s.company_id = 1 AND s.cancelled = 0 AND o.cod_amount > 0 ORDER BY s.id LIMIT 1`,
  );
  cancelledSale = value('SELECT id FROM sales WHERE company_id = 1 AND cancelled = 1 ORDER BY id LIMIT 1');
});

const post = restPost<{ awb_ids: number[]; awbs: Row[] }>(demo, '/awb/add/', { isError: true });

/** What a refused request must leave as it was: the AWB rows, the outbox, the connector orders. */
function state() {
  return {
    ...awbState(demo),
    orders: value<string>("SELECT group_concat(id || ':' || last_changed_ts) FROM connector_orders"),
  };
}

/** Posts a body that must be refused with 400, each expected message present, and nothing changed. */
const refused = refusalsOf(post, state);

let counter = 0;
/** A tracking number no AWB has yet. */
const fresh = () => `T${Date.now()}${++counter}`;

const awbRow = (id: number) => one('SELECT * FROM awbs WHERE id = ?', id);

describe('GET /awb/add/', () => {
  it('answers an HTML page: the fields of the POST schema, a sample body and every courier code', async () => {
    const response = await fetch(`${demo.h.url}/app/rest/v1/1/awb/add/`, {
      headers: { authorization: basicAuth(...demo.user) },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>/);
    for (const field of ['awbs', ...Object.keys(AwbAddItem.properties).map((name) => `awbs[].${name}`)]) {
      expect(html).toContain(`<code>${field}</code>`);
    }
    expect(html).toContain(`at most ${AWB_ADD_MAX_ITEMS} items`);
    const couriers = demo.db.prepare('SELECT code, is_broker, parent_code FROM couriers').all() as Row[];
    for (const c of couriers) expect(html).toContain(`<code>${String(c.code)}</code>`);
    // A broker's row names its sub-couriers.
    const brokerRow = html.split('\n').find((line) => line.startsWith('<tr><td><code>innoship</code>'))!;
    for (const c of couriers.filter((k) => k.parent_code === 'innoship')) expect(brokerRow).toContain(`<code>${String(c.code)}</code>`);
    expect(brokerRow).toContain('broker');

    // The sample body is valid for the schema, names real sales, and the POST takes it as is.
    const pre = /<pre id="sample-body">([\s\S]*?)<\/pre>/.exec(html)![1]!;
    const sample = JSON.parse(pre.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
    expect(() => validate(AwbAddBody, sample)).not.toThrow();
    const items = (sample as { awbs: Row[] }).awbs;
    expect(items.some((i) => i.awb_subtype)).toBe(true);
    const created = await post(sample, 200);
    expect(created.data.awb_ids).toHaveLength(items.length);
  });

  it('needs credentials like every route', async () => {
    expect((await demo.h.rest('GET', '/1/awb/add/')).status).toBe(401);
  });
});

describe('POST /awb/add/', () => {
  it('attaches AWBs to sales: source api, today, the sale\'s client block; listed by /awb/list/', async () => {
    const nr1 = fresh();
    const nr2 = fresh();
    const before = state();
    const answer = await post(
      {
        awbs: [
          { sale_id: plainSale.id, awb_nr: `  ${nr1} `, awb_type: 'fan', awb_subtype: '', awb_url: 'https://www.fancourier.ro/awb/x.pdf' },
          { sale_id: otherPlainSale.id, awb_nr: nr2, awb_type: 'innoship', awb_subtype: 'innoship_cargus' },
        ],
      },
      200,
    );
    const { awb_ids: ids, awbs } = answer.data;
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBeGreaterThan(ids[0]!);
    expect(awbs.map((a) => a.awb_id)).toEqual(ids);
    expect(demo.db.prepare('SELECT count(*) FROM awbs').pluck().get()).toBe((before.awbs as { n: number }).n + 2);
    // Not from a connector order: no notification, no order touched.
    expect(demo.db.prepare('SELECT count(*) FROM webhook_outbox').pluck().get()).toBe(before.outbox);

    const first = awbRow(ids[0]!);
    const weight = demo.db
      .prepare('SELECT coalesce(sum(i.quantity * p.weight_kg), 0) FROM sale_items i JOIN products p ON p.id = i.product_id WHERE i.sale_id = ?')
      .pluck()
      .get(plainSale.id) as number;
    expect(first).toMatchObject({
      company_id: 1,
      sale_id: plainSale.id,
      connector_order_id: null,
      awb_nr: nr1,
      awb_type: 'fan',
      awb_subtype: '',
      awb_url: 'https://www.fancourier.ro/awb/x.pdf',
      date: today(),
      packet_count: 1,
      service_type: 'standard',
      shipping_payer: 'sender',
      cod_amount: 0,
      cod_currency: plainSale.currency,
      declared_value: plainSale.total_with_vat,
      delivery_country: 'Romania',
      delivery_country_code: 'RO',
      client_id: plainSale.client_id,
      client_name: plainSale.client_name,
      client_cui: plainSale.client_cui,
      client_reg_com: plainSale.client_reg_com,
      source: 'api',
      cancelled: 0,
    });
    expect(first.weight_kg).toBeCloseTo(weight, 3);
    expect(first.created_ts).toBe(first.last_changed_ts);
    expect(String(first.created_ts).slice(0, 10)).toBe(today());
    expect(awbRow(ids[1]!)).toMatchObject({ sale_id: otherPlainSale.id, awb_type: 'innoship', awb_subtype: 'innoship_cargus', awb_url: '' });

    // The answer is the record /awb/list/ answers.
    for (const [i, nr] of [nr1, nr2].entries()) {
      const list = await send<Row[]>('GET', `/awb/list/documentnr:${nr}/`);
      expect(list.body.data).toEqual([awbs[i]]);
      expect(Object.keys(list.body.data[0]!)).toEqual(Object.keys(Awb.properties));
    }
  });

  it('an AWB of a connector order\'s sale: the order\'s COD and delivery country, the order touched, the awb notification queued', async () => {
    const nr = fresh();
    const outboxBefore = demo.db.prepare('SELECT count(*) FROM webhook_outbox').pluck().get() as number;
    const orderBefore = demo.db.prepare('SELECT last_changed_ts FROM connector_orders WHERE id = ?').pluck().get(orderSale.connector_order_id);
    const answer = await post({ awbs: [{ sale_id: orderSale.id, awb_nr: nr, awb_type: 'sameday', awb_url: 'http://sameday.ro/x' }] }, 200);
    const awb = awbRow(answer.data.awb_ids[0]!);
    expect(awb).toMatchObject({
      connector_order_id: orderSale.connector_order_id,
      cod_amount: orderSale.order_cod,
      cod_currency: orderSale.order_cod_currency,
      delivery_country: orderSale.order_country,
      delivery_country_code: 'RO',
      declared_value: orderSale.total_with_vat,
    });
    const order = demo.db.prepare('SELECT last_changed_ts FROM connector_orders WHERE id = ?').pluck().get(orderSale.connector_order_id);
    expect(order).toBe(awb.created_ts);
    expect(order).not.toBe(orderBefore);
    const queued = demo.db.prepare('SELECT * FROM webhook_outbox ORDER BY id DESC LIMIT 1').get() as Row;
    expect(demo.db.prepare('SELECT count(*) FROM webhook_outbox').pluck().get()).toBe(outboxBefore + 1);
    // Queued for the order's connector (pending, or already sent: connector 1 notifies the built-in inbox, a connector without a URL closes it at once).
    expect(queued).toMatchObject({ company_id: 1, connector_id: orderSale.connector_id, notification_type: 'awb' });
    expect(JSON.parse(String(queued.payload))).toEqual({
      notification_type: 'awb',
      order_unique_id: orderSale.order_unique_id,
      awb_number: nr,
      awb_packet_count: 1,
      weight: awb.weight_kg,
      awb_service_type: 'standard',
      shipping_payer: 'sender',
      cash_on_delivery: orderSale.order_cod,
      cash_on_delivery_currency: orderSale.order_cod_currency,
      delivery_country: orderSale.order_country,
      delivery_country_code: 'RO',
      declared_value: orderSale.total_with_vat,
      awb_type: 'sameday',
      awb_subtype: '',
      awb_url_pdf: 'http://sameday.ro/x',
    });
  });

  it('400 naming awbs[i].sale_id for an unknown sale, another account\'s sale and a cancelled sale', async () => {
    const item = (sale_id: number) => ({ sale_id, awb_nr: fresh(), awb_type: 'fan' });
    await refused({ awbs: [item(Number(plainSale.id)), item(888888)] }, 'awbs[1].sale_id: sale 888888 does not exist in the account');
    await refused({ awbs: [item(OTHER_ACCOUNT_SALE)] }, `awbs[0].sale_id: sale ${OTHER_ACCOUNT_SALE} does not exist in the account`);
    await refused({ awbs: [item(cancelledSale)] }, `awbs[0].sale_id: sale ${cancelledSale} is cancelled`);
  });

  it('400 naming awbs[i].awb_type for an unknown courier code and for a sub-courier used as awb_type', async () => {
    const item = (awb_type: string, extra: Row = {}) => ({ sale_id: plainSale.id, awb_nr: fresh(), awb_type, ...extra });
    await refused({ awbs: [item('ups')] }, /^awbs\[0\]\.awb_type: unknown courier code 'ups'/);
    await refused({ awbs: [item('FAN')] }, /^awbs\[0\]\.awb_type: unknown courier code 'FAN'/);
    await refused(
      { awbs: [item('fan'), item('innoship_fan')] },
      "awbs[1].awb_type: 'innoship_fan' is a sub-courier of the broker 'innoship': send awb_type 'innoship' with awb_subtype 'innoship_fan'",
    );
    await refused({ awbs: [item('')] }, /^awbs\[0\]\.awb_type: /);
  });

  it('broker sub-couriers: required for a broker and one of its own; refused on a courier that is not a broker', async () => {
    const item = (awb_type: string, awb_subtype?: string) => ({
      sale_id: plainSale.id,
      awb_nr: fresh(),
      awb_type,
      ...(awb_subtype !== undefined && { awb_subtype }),
    });
    await refused({ awbs: [item('innoship')] }, /^awbs\[0\]\.awb_subtype: required when awb_type is the broker 'innoship' \(one of innoship_fan, /);
    await refused({ awbs: [item('innoship', '')] }, /^awbs\[0\]\.awb_subtype: required/);
    await refused({ awbs: [item('europarcel', 'innoship_fan')] }, /^awbs\[0\]\.awb_subtype: 'innoship_fan' is not a sub-courier of 'europarcel'/);
    await refused({ awbs: [item('europarcel', 'fan')] }, /^awbs\[0\]\.awb_subtype: 'fan' is not a sub-courier of 'europarcel'/);
    await refused({ awbs: [item('fan', 'innoship_fan')] }, "awbs[0].awb_subtype: must be empty: 'fan' is not a broker");
    // Accepted: a broker with its own sub-courier, a plain courier with an empty or absent subtype.
    const answer = await post({ awbs: [item('europarcel', 'europarcel_gls'), item('gls', ''), item('dpd')] }, 200);
    expect(answer.data.awbs.map((a) => [a.awb_type, a.awb_subtype])).toEqual([
      ['europarcel', 'europarcel_gls'],
      ['gls', ''],
      ['dpd', ''],
    ]);
  });

  it('awb_url must be an absolute http(s) URL ("" means none)', async () => {
    const item = (awb_url: string) => ({ sale_id: plainSale.id, awb_nr: fresh(), awb_type: 'cargus', awb_url });
    for (const url of ['ftp://cargus.ro/a.pdf', 'javascript:alert(1)', 'cargus.ro/a.pdf', 'https://', 'https://cargus.ro/a b']) {
      await refused({ awbs: [item(url)] }, 'awbs[0].awb_url: must be an absolute http:// or https:// URL');
    }
    const answer = await post({ awbs: [item('HTTPS://Cargus.ro/awb?nr=1&x=%20'), item('')] }, 200);
    expect(answer.data.awbs.map((a) => a.awb_url)).toEqual(['HTTPS://Cargus.ro/awb?nr=1&x=%20', '']);
  });

  it('awb_nr: not blank, no control characters, unique per courier among AWBs that are not cancelled', async () => {
    const item = (awb_nr: string, awb_type = 'fan') => ({ sale_id: plainSale.id, awb_nr, awb_type });
    await refused({ awbs: [item('   ')] }, 'awbs[0].awb_nr: must not be blank');
    await refused({ awbs: [item('12\n34')] }, 'awbs[0].awb_nr: must not contain control characters');
    const existing = demo.db
      .prepare("SELECT id, awb_nr, awb_type FROM awbs WHERE company_id = 1 AND cancelled = 0 AND awb_subtype = '' ORDER BY id LIMIT 1")
      .get() as { id: number; awb_nr: string; awb_type: string };
    await refused(
      { awbs: [item(existing.awb_nr, existing.awb_type)] },
      `awbs[0].awb_nr: AWB '${existing.awb_nr}' of courier '${existing.awb_type}' is already registered (awb_id ${existing.id})`,
    );
    await refused({ awbs: [item(` ${existing.awb_nr} `, existing.awb_type)] }, /^awbs\[0\]\.awb_nr: .* is already registered/);
    const nr = fresh();
    await refused({ awbs: [item(nr), item(nr)] }, `awbs[1].awb_nr: AWB '${nr}' of courier 'fan' is also awbs[0] of this request`);
    // Another account's AWB number is not a duplicate; nor is the same number with another courier.
    const answer = await post({ awbs: [item('OTHER-1'), item(nr), item(nr, 'cargus'), item(existing.awb_nr, existing.awb_type === 'fan' ? 'gls' : 'fan')] }, 200);
    expect(answer.data.awb_ids).toHaveLength(4);
  });

  it('one refused item among good ones: nothing is stored', async () => {
    const good = () => ({ sale_id: plainSale.id, awb_nr: fresh(), awb_type: 'fan' });
    const messages = await refused(
      { awbs: [good(), good(), { sale_id: plainSale.id, awb_nr: fresh(), awb_type: 'nope' }, good()] },
      /^awbs\[2\]\.awb_type: unknown courier code/,
    );
    expect(messages).toHaveLength(1);
    // Several refused items: every refusal is reported.
    const all = await refused(
      { awbs: [{ sale_id: 888888, awb_nr: fresh(), awb_type: 'nope' }, good(), { sale_id: plainSale.id, awb_nr: fresh(), awb_type: 'fan', awb_url: 'x' }] },
      'awbs[0].sale_id: sale 888888 does not exist in the account',
      /^awbs\[0\]\.awb_type: unknown courier code 'nope'/,
      'awbs[2].awb_url: must be an absolute http:// or https:// URL',
    );
    expect(all).toHaveLength(3);
  });

  it('the body schema: required fields, types, unknown fields, 1 to the documented maximum of items', async () => {
    const ok = { sale_id: plainSale.id, awb_nr: 'X', awb_type: 'fan' };
    await refused({}, 'awbs: required field is missing');
    await refused({ awbs: [] }, /^awbs: must not have fewer than 1 items/);
    await refused({ awbs: Array.from({ length: AWB_ADD_MAX_ITEMS + 1 }, () => ok) }, new RegExp(`^awbs: must not have more than ${AWB_ADD_MAX_ITEMS} items`));
    await refused({ awbs: ok }, /^awbs: must be array/);
    await refused({ awbs: [{ awb_type: 'fan' }] }, /awbs\[0\]\.sale_id: required field is missing/, /awbs\[0\]\.awb_nr: required field is missing/);
    await refused({ awbs: [{ ...ok, sale_id: '12' }] }, 'awbs[0].sale_id: must be integer');
    await refused({ awbs: [{ ...ok, sale_id: 0 }] }, 'awbs[0].sale_id: must be >= 1');
    await refused({ awbs: [{ ...ok, awb_nr: '' }] }, /^awbs\[0\]\.awb_nr: must not have fewer than 1 characters/);
    await refused({ awbs: [{ ...ok, awb_nr: 'x'.repeat(65) }] }, /^awbs\[0\]\.awb_nr: must not have more than 64 characters/);
    await refused({ awbs: [{ ...ok, weight: 2 }] }, 'awbs[0].weight: unknown field');
    await refused({ awbs: [ok], extra: 1 }, 'extra: unknown field');
    await refused([ok], 'body: must be a JSON object');

    const before = state();
    const notJson = await send('POST', '/awb/add/', 'awbs', 'text/plain');
    expect(notJson.status).toBe(415);
    expect(state()).toEqual(before);
    // Exactly the maximum is accepted.
    const many = Array.from({ length: AWB_ADD_MAX_ITEMS }, () => ({ sale_id: plainSale.id, awb_nr: fresh(), awb_type: 'posta_romana' }));
    expect((await post({ awbs: many }, 200)).data.awb_ids).toHaveLength(AWB_ADD_MAX_ITEMS);
  });
});

describe('DELETE /awb/{awb_id}/', () => {
  async function del(id: number | string, status: number) {
    const answer = await send<{ deleted_awb_id: number }>('DELETE', `/awb/${id}/`);
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(status);
    return answer.body;
  }

  it('cancels the AWB: flagged in /awb/list/, hidden by skipcancelled, its number free again; a second DELETE is 404', async () => {
    const seeded = demo.db
      .prepare("SELECT * FROM awbs WHERE company_id = 1 AND cancelled = 0 AND connector_order_id IS NULL AND sale_id IS NOT NULL AND awb_subtype = '' ORDER BY id LIMIT 1")
      .get() as Row;
    const id = Number(seeded.id);
    const count = demo.db.prepare('SELECT count(*) FROM awbs').pluck().get();
    expect((await del(id, 200)).data).toEqual({ deleted_awb_id: id });
    const row = awbRow(id);
    expect(row).toEqual({ ...seeded, cancelled: 1, last_changed_ts: row.last_changed_ts });
    expect(String(row.last_changed_ts).slice(0, 10)).toBe(today());
    expect(row.last_changed_ts).not.toBe(seeded.last_changed_ts);
    expect(demo.db.prepare('SELECT count(*) FROM awbs').pluck().get()).toBe(count);
    const nr = encodeURIComponent(String(seeded.awb_nr));
    const listed = (await send<Row[]>('GET', `/awb/list/documentnr:${nr}/`)).body.data;
    expect(listed).toMatchObject([{ awb_id: id, document_cancelled: 1, last_changed_ts: row.last_changed_ts }]);
    expect((await send<Row[]>('GET', `/awb/list/documentnr:${nr}/skipcancelled:1/`)).body.data).toEqual([]);

    const before = state();
    expect((await del(id, 404)).messages).toEqual([`AWB ${id} is already deleted (cancelled)`]);
    expect(state()).toEqual(before);
    // The number can be attached again (a new AWB; the cancelled one stays).
    const again = await post({ awbs: [{ sale_id: seeded.sale_id, awb_nr: seeded.awb_nr, awb_type: seeded.awb_type }] }, 200);
    expect(again.data.awb_ids[0]).not.toBe(id);
    expect((await send<Row[]>('GET', `/awb/list/documentnr:${nr}/`)).body.data.map((a) => a.document_cancelled)).toEqual([1, 0]);
  });

  it('cancelling an AWB of a connector order touches the order', async () => {
    const row = demo.db
      .prepare('SELECT id, connector_order_id FROM awbs WHERE company_id = 1 AND cancelled = 0 AND connector_order_id IS NOT NULL ORDER BY id LIMIT 1')
      .get() as { id: number; connector_order_id: number };
    await del(row.id, 200);
    const awb = awbRow(row.id);
    expect(demo.db.prepare('SELECT last_changed_ts FROM connector_orders WHERE id = ?').pluck().get(row.connector_order_id)).toBe(awb.last_changed_ts);
  });

  it('404 for an AWB that does not exist or is another account\'s; 400 for an id that is not one', async () => {
    const before = state();
    expect((await del(888888, 404)).messages).toEqual(['AWB 888888 does not exist']);
    expect((await del(OTHER_ACCOUNT_AWB, 404)).messages).toEqual([`AWB ${OTHER_ACCOUNT_AWB} does not exist`]);
    await del('abc', 400);
    await del(0, 400);
    expect(state()).toEqual(before);
    expect(awbRow(OTHER_ACCOUNT_AWB).cancelled).toBe(0);
  });
});

describe('GET /awb/issue/', () => {
  it('is not implemented: 501 in the envelope', async () => {
    const answer = await send('GET', '/awb/issue/');
    expect(answer.status).toBe(501);
    expect(answer.body).toMatchObject({ is_error: true, http_code: 501, data: null });
    expect(answer.body.messages[0]).toMatch(/not implemented/);
  });
});
