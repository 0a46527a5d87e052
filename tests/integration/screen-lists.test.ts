import { describe, expect, it } from 'vitest';
import type { OperationInput, OperationName, OperationOutput } from '../../shared/contract/operations.ts';
import { useDemo } from './harness.ts';
import { restGet } from './lists.ts';

/**
 * The screen lists (lists.*, shared/contract/operations-lists.ts) on the demo account, through the
 * core in-process (core.invoke, as IPC calls it) and the control API: windows, sorts, filters and
 * totals against the whole result and against the REST list of the same filters. Their query plans:
 * screen-lists-plans.test.ts.
 */

const demo = useDemo();

type ListOp = Extract<OperationName, `lists.${string}`>;
type Row = Record<string, unknown>;
type Input = Record<string, unknown>;
type Key = (row: Row) => string | number;

const invoke = <K extends OperationName>(op: K, input: Omit<OperationInput<K>, 'company_id'> | Input) =>
  demo.h.core.invoke(op, { company_id: 1, ...input }) as Promise<OperationOutput<K>>;

async function windowOf(op: ListOp, input: Input): Promise<{ rows: Row[]; total: number; offset: number }> {
  return (await invoke(op, input)) as unknown as { rows: Row[]; total: number; offset: number };
}

/** Every row of a list in one window (the demo's lists hold at most 300 rows: one window of 500). */
async function everything(op: ListOp, input: Input = {}): Promise<Row[]> {
  const { rows, total } = await windowOf(op, { limit: 500, ...input });
  expect(rows).toHaveLength(total);
  return rows;
}

/** SQLite's NOCASE: ASCII letters folded, then byte order. */
const nocase = (text: string) => Buffer.from(text.replace(/[A-Z]/g, (c) => c.toLowerCase()));
function compare(a: string | number, b: string | number, text: 'binary' | 'nocase'): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return text === 'nocase' ? Buffer.compare(nocase(String(a)), nocase(String(b))) : Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b)));
}

interface Flag {
  field: string;
  holds: (row: Row) => boolean;
  /** The demo has rows on both sides (payments: none is cancelled). */
  both?: false;
}
interface Equal {
  field: string;
  key: (row: Row) => unknown;
  /** A value no row has (default 999999, or 'no-such-value' for text); null: every valid value has rows. */
  none?: unknown;
}
interface ListCase {
  op: ListOp;
  id: string;
  sorts: Record<string, Key>;
  /** Sorts on text compare as NOCASE. */
  nocase?: string[];
  date?: Key;
  flags: Flag[];
  equals: Equal[];
  /** REST path and filters answering the same rows as the screen input beside them. */
  rest: Array<[string, Input]>;
}

const cancelled = (key: string): Flag => ({ field: 'cancelled', holds: (row) => row[key] === 1 });
const field = (name: string): Key => (row) => row[name] as string | number;

/** What is left to pay on a sales receipt, rounded as the list's sort rounds it. */
const openAmount: Key = (row) => Math.round(((row.document_value_with_vat as number) - (row.paid_amount as number)) * 100) / 100;

const CASES: ListCase[] = [
  {
    op: 'lists.sales',
    id: 'bv_id',
    sorts: {
      bv_id: field('bv_id'),
      doc_date: field('doc_date'),
      document_value_with_vat: field('document_value_with_vat'),
      paid_amount: field('paid_amount'),
      open_amount: openAmount,
    },
    date: field('doc_date'),
    flags: [
      cancelled('document_cancelled'),
      { field: 'invoiced', holds: (row) => row.invoice_id !== null },
      { field: 'added_by_api', holds: (row) => row.added_by_api === 1 },
    ],
    equals: [{ field: 'client_id', key: (row) => row.client_id }],
    rest: [
      ['/sales/list/', {}],
      ['/sales/list/skipcancelled:1/', { cancelled: false }],
      ['/sales/list/exclude:invoiced/', { invoiced: false }],
      ['/sales/list/exclude:added-by-api/', { added_by_api: false }],
      ['/sales/list/datefrom:2025-03-01/datethrough:2025-09-30/', { date_from: '2025-03-01', date_through: '2025-09-30' }],
    ],
  },
  {
    op: 'lists.invoices',
    id: 'bocp_id',
    sorts: { bocp_id: field('bocp_id'), doc_date: field('doc_date'), document_value_with_vat: field('document_value_with_vat') },
    date: field('doc_date'),
    flags: [cancelled('document_cancelled'), { field: 'paid', holds: (row) => row.rest === 0 }],
    equals: [{ field: 'client_id', key: (row) => row.client_id }],
    rest: [
      ['/invoices/list/', {}],
      ['/invoices/list/skipcancelled:1/', { cancelled: false }],
      ['/invoices/list/datefrom:2025-03-01/', { date_from: '2025-03-01' }],
    ],
  },
  {
    op: 'lists.proformas',
    id: 'proforma_id',
    sorts: { proforma_id: field('proforma_id'), doc_date: field('doc_date') },
    date: field('doc_date'),
    flags: [cancelled('document_cancelled')],
    equals: [{ field: 'client_id', key: (row) => row.client_id }],
    rest: [
      ['/proformas/list/', {}],
      ['/proformas/list/exclude:cancelled/', { cancelled: false }],
    ],
  },
  {
    op: 'lists.fiscalReceipts',
    id: 'fiscal_receipt_id',
    sorts: { fiscal_receipt_id: field('fiscal_receipt_id'), doc_date: field('doc_date') },
    date: field('doc_date'),
    flags: [],
    equals: [
      // The demo has receipts in every status (0-3, the schema's range).
      { field: 'status_id', key: (row) => row.status_id, none: null },
      { field: 'bv_id', key: (row) => row.bv_id },
    ],
    rest: [
      ['/fiscalreceipts/list/', {}],
      ['/fiscalreceipts/list/status_id:3/', { status_id: 3 }],
      ['/fiscalreceipts/list/datethrough:2025-12-31/', { date_through: '2025-12-31' }],
    ],
  },
  {
    op: 'lists.payments',
    id: 'incasare_id',
    sorts: { incasare_id: field('incasare_id'), doc_date: field('doc_date'), amount: field('amount') },
    date: field('doc_date'),
    flags: [{ ...cancelled('document_cancelled'), both: false }],
    equals: [
      { field: 'client_id', key: (row) => row.client_id },
      { field: 'bv_id', key: (row) => row.bv_id },
      { field: 'payment_type', key: (row) => row.payment_type },
    ],
    rest: [
      ['/payments/list/', {}],
      ['/payments/list/skipcancelled:1/', { cancelled: false }],
    ],
  },
  {
    op: 'lists.awbs',
    id: 'awb_id',
    sorts: { awb_id: field('awb_id'), doc_date: field('doc_date') },
    date: field('doc_date'),
    flags: [cancelled('document_cancelled')],
    equals: [
      { field: 'sale_id', key: (row) => row.sale_id },
      { field: 'awb_type', key: (row) => row.awb_type },
    ],
    rest: [
      ['/awb/list/', {}],
      ['/awb/list/skipcancelled:1/', { cancelled: false }],
    ],
  },
  {
    op: 'lists.contacts',
    id: 'bocp_id',
    sorts: { bocp_id: field('bocp_id'), name: field('name') },
    nocase: ['name'],
    flags: [
      { field: 'is_client', holds: (row) => row.is_client === 1 },
      { field: 'is_supplier', holds: (row) => row.is_supplier === 1 },
    ],
    equals: [],
    // /contacts/list/ answers the live clients.
    rest: [['/contacts/list/', { is_client: true }]],
  },
  {
    op: 'lists.products',
    id: 'product_id',
    sorts: {
      product_id: field('product_id'),
      product_name: field('product_name'),
      stoc_global: field('stoc_global'),
      pret_vanzare: field('pret_vanzare'),
    },
    nocase: ['product_name'],
    date: (row) => String(row.created_ts).slice(0, 10),
    flags: [
      { field: 'in_stock', holds: (row) => (row.stoc_global as number) > 0 },
      { field: 'archived', holds: (row) => row.is_archived === 1 },
    ],
    equals: [
      { field: 'category_id', key: (row) => row.category_id },
      { field: 'manufacturer_id', key: (row) => row.manufacturer_id },
    ],
    // The screen shows the whole catalogue (cont:all), deleted variants on request only.
    rest: [
      ['/product/list/cont:all/', {}],
      ['/product/list/cont:all/exclude:archived/', { archived: false }],
    ],
  },
  {
    op: 'lists.connectorOrders',
    id: 'SERVICE_order_id',
    sorts: { SERVICE_order_id: field('SERVICE_order_id'), order_date: field('order_date') },
    date: (row) => String(row.order_date).slice(0, 10),
    flags: [{ field: 'cancelled', holds: (row) => row.order_cancelled === 1 }],
    equals: [
      { field: 'connector_id', key: (row) => row.connector_id },
      { field: 'order_status', key: (row) => row.order_status },
    ],
    rest: [
      ['/connector/1/order/list/', { connector_id: 1 }],
      ['/connector/2/order/list/skipcancelled:1/', { connector_id: 2, cancelled: false }],
    ],
  },
];

/** Values of `key` in `rows`, the most frequent first. */
function valuesOf(rows: Row[], key: (row: Row) => unknown): unknown[] {
  const counts = new Map<unknown, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([value]) => value);
}

describe.each(CASES)('$op', (list) => {
  const ids = (rows: Row[]) => rows.map((row) => row[list.id] as number);

  it('answers the newest first by default, a window of `limit` rows and the total', async () => {
    const all = await everything(list.op);
    const first = await windowOf(list.op, { limit: 7 });
    expect(first.offset).toBe(0);
    expect(first.total).toBe(all.length);
    expect(ids(first.rows)).toEqual(ids(all).slice(0, 7));
    expect(ids(all)).toEqual([...ids(all)].sort((a, b) => b - a));
  });

  it('sorts on every column both ways, ties by id the same way', async () => {
    for (const [sort, key] of Object.entries(list.sorts)) {
      const text = list.nocase?.includes(sort) ? 'nocase' : 'binary';
      for (const direction of ['asc', 'desc'] as const) {
        const rows = await everything(list.op, { sort, direction });
        const sign = direction === 'asc' ? 1 : -1;
        for (let n = 1; n < rows.length; n++) {
          const [a, b] = [rows[n - 1]!, rows[n]!];
          const order = Math.sign(compare(key(a), key(b), text)) || Math.sign((a[list.id] as number) - (b[list.id] as number));
          expect(order, `${sort} ${direction} at ${n}`).toBe(-sign);
        }
      }
    }
  });

  it('tiles the whole result with offset windows, without gaps or repeats, in every sort', async () => {
    for (const sort of Object.keys(list.sorts)) {
      const all = ids(await everything(list.op, { sort, direction: 'asc' }));
      const seen: number[] = [];
      for (let offset = 0; offset < all.length; offset += 13) {
        const window = await windowOf(list.op, { sort, direction: 'asc', offset, limit: 13 });
        expect(window.offset).toBe(offset);
        expect(window.total).toBe(all.length);
        seen.push(...ids(window.rows));
      }
      expect(seen).toEqual(all);
      const past = await windowOf(list.op, { sort, offset: all.length + 5, limit: 13 });
      expect(past).toEqual({ rows: [], total: all.length, offset: all.length + 5 });
    }
  });

  it('counts what the REST list answers for the same filters, the same rows (REST: ascending id pages)', async () => {
    const get = restGet<Row[]>(demo);
    for (const [path, input] of list.rest) {
      const restRows: Row[] = [];
      for (let page = 1; ; page++) {
        const body = await get(`${path}page:${page}/`);
        restRows.push(...body.data);
        if (!body.has_more_pages) break;
      }
      const screen = await windowOf(list.op, { ...input, sort: list.id, direction: 'asc', limit: 500 });
      expect(screen.total, path).toBe(restRows.length);
      expect(ids(screen.rows), path).toEqual(ids(restRows));
      // The same records: what a partner reads is what the screen shows (links aside: they carry their own key).
      const restById = new Map(restRows.map((row) => [row[list.id], row]));
      for (const row of screen.rows.slice(0, 20)) {
        const { pdf_invoice_url: _p, view_link: _v, ...same } = row;
        expect(restById.get(row[list.id])).toMatchObject(same);
      }
    }
  });

  it('filters on each flag, and its counter-case holds the rest', async () => {
    const all = await everything(list.op);
    for (const flag of list.flags) {
      const yes = await everything(list.op, { [flag.field]: true });
      const no = await everything(list.op, { [flag.field]: false });
      expect(yes.every(flag.holds), flag.field).toBe(true);
      expect(no.some(flag.holds), flag.field).toBe(false);
      if (flag.both !== false) expect(Math.min(yes.length, no.length), `${flag.field}: the demo has both`).toBeGreaterThan(0);
      expect(yes.length + no.length).toBe(all.length);
    }
  });

  it('filters on each value, and a value no row has answers nothing', async () => {
    const all = await everything(list.op);
    for (const equal of list.equals) {
      const value = valuesOf(all, equal.key).find((v) => v !== null && v !== '');
      const rows = await everything(list.op, { [equal.field]: value });
      expect(rows.length, equal.field).toBe(all.filter((row) => equal.key(row) === value).length);
      expect(rows.length).toBeLessThan(all.length);
      if (equal.none === null) continue;
      const none = equal.none ?? (typeof value === 'number' ? 999_999 : 'no-such-value');
      expect(await windowOf(list.op, { [equal.field]: none }), equal.field).toEqual({ rows: [], total: 0, offset: 0 });
    }
  });

  it.runIf(list.date !== undefined)('filters on a date range, bounds included, in every sort', async () => {
    const date = list.date!;
    const all = await everything(list.op);
    const days = [...new Set(all.map(date))].sort();
    const [from, through] = [days[Math.floor(days.length / 4)]!, days[Math.floor((days.length * 3) / 4)]!] as [string, string];
    const expected = all.filter((row) => date(row) >= from && date(row) <= through).length;
    for (const sort of Object.keys(list.sorts)) {
      const rows = await everything(list.op, { date_from: from, date_through: through, sort });
      expect(rows.length, sort).toBe(expected);
      expect(rows.every((row) => date(row) >= from && date(row) <= through)).toBe(true);
    }
    expect((await windowOf(list.op, { date_from: from })).total).toBe(all.filter((row) => date(row) >= from).length);
  });
});

describe('lists.sales: payment_state', () => {
  const states = { paid: (open: number) => open <= 0, partly_paid: (open: number, paid: number) => paid > 0 && open > 0, unpaid: (open: number, paid: number) => paid <= 0 && open > 0 };

  it('parts the receipts in paid, partly paid and unpaid: each window and total holds its own rows, in every sort', async () => {
    const all = await everything('lists.sales');
    let sum = 0;
    for (const [state, holds] of Object.entries(states)) {
      const expected = all.filter((row) => holds(openAmount(row) as number, row.paid_amount as number)).map((row) => row.bv_id);
      expect(expected.length, `${state}: the demo has some`).toBeGreaterThan(0);
      for (const sort of ['bv_id', 'open_amount', 'paid_amount']) {
        const rows = await everything('lists.sales', { payment_state: state, sort });
        expect(rows.map((row) => row.bv_id).sort(), `${state} by ${sort}`).toEqual([...expected].sort());
      }
      // A small window: the total still counts every row of the state.
      expect((await windowOf('lists.sales', { payment_state: state, limit: 2 })).total).toBe(expected.length);
      sum += expected.length;
    }
    expect(sum).toBe(all.length);
  });

  it('combines with the other filters', async () => {
    const live = await everything('lists.sales', { cancelled: false });
    const unpaidLive = await everything('lists.sales', { cancelled: false, payment_state: 'unpaid' });
    expect(unpaidLive.map((row) => row.bv_id)).toEqual(live.filter((row) => (row.paid_amount as number) <= 0 && (openAmount(row) as number) > 0).map((row) => row.bv_id));
  });
});

describe('lists.products: deleted variants', () => {
  it('are left out unless asked for, and then alone', async () => {
    const live = await everything('lists.products');
    const deleted = await everything('lists.products', { deleted: true });
    expect(live.some((row) => row.is_deleted === 1)).toBe(false);
    expect(deleted.length).toBeGreaterThan(0);
    expect(deleted.every((row) => row.is_deleted === 1)).toBe(true);
    expect(await everything('lists.products', { deleted: false })).toEqual(live);
  });
});

describe('q: the free text each list reads through an index', () => {
  const startsWith = (prefix: string) => (text: unknown) => nocase(String(text)).subarray(0, prefix.length).equals(nocase(prefix));

  it('documents: the number, with its series in any spelling, or the start of the client name', async () => {
    for (const [op, id] of [['lists.sales', 'bv_id'], ['lists.invoices', 'bocp_id'], ['lists.proformas', 'proforma_id'], ['lists.payments', 'incasare_id']] as const) {
      const all = await everything(op);
      const doc = all.find((row) => row.doc_nr !== null && /^[A-Z]+$/.test(String(row.doc_series)))!;
      const byNumber = await everything(op, { q: String(doc.doc_nr) });
      expect(byNumber.map((row) => row[id]), op).toContain(doc[id]);
      expect(byNumber.every((row) => row.doc_nr === doc.doc_nr || startsWith(String(doc.doc_nr))(row.client_name))).toBe(true);
      for (const q of [`${doc.doc_series} ${doc.doc_nr}`, `${String(doc.doc_series).toLowerCase()}${doc.doc_nr}`, `${doc.doc_series}-${doc.doc_nr}`]) {
        const rows = await everything(op, { q });
        expect(rows.filter((row) => row.doc_nr === doc.doc_nr).map((row) => row[id]), q).toEqual([doc[id]]);
      }
      const prefix = String(all.find((row) => /^[A-Za-z]{3}/.test(String(row.client_name)))!.client_name).slice(0, 3).toLowerCase();
      const byName = await everything(op, { q: `  ${prefix} ` });
      expect(byName.length).toBe(all.filter((row) => startsWith(prefix)(row.client_name)).length);
      expect(byName.length).toBeGreaterThan(0);
    }
  });

  it('takes % _ and \\ literally', async () => {
    for (const q of ['%', '_', '\\', 'a%', '%a']) expect((await windowOf('lists.sales', { q })).total, q).toBe(0);
  });

  it('fiscal receipts: the printed number, or the sale as the sales q finds it', async () => {
    const all = await everything('lists.fiscalReceipts');
    const printed = all.find((row) => row.bon_nr !== null)!;
    const rows = await everything('lists.fiscalReceipts', { q: String(printed.bon_nr) });
    expect(rows.map((row) => row.fiscal_receipt_id)).toContain(printed.fiscal_receipt_id);
    const sale = (await everything('lists.sales')).find((row) => row.bv_id === printed.bv_id)!;
    const bySale = await everything('lists.fiscalReceipts', { q: `${sale.doc_series} ${sale.doc_nr}` });
    expect(bySale.map((row) => row.fiscal_receipt_id)).toContain(printed.fiscal_receipt_id);
  });

  it('AWBs: the tracking number exactly, or the start of the client name', async () => {
    const all = await everything('lists.awbs');
    const awb = all[0]!;
    expect((await everything('lists.awbs', { q: String(awb.awb_nr) })).map((row) => row.awb_id)).toContain(awb.awb_id);
    expect((await windowOf('lists.awbs', { q: String(awb.awb_nr).slice(0, -1) + 'X' })).total).toBe(0);
  });

  it('contacts: the start of the name, or the fiscal code with or without RO', async () => {
    const all = await everything('lists.contacts');
    const company = all.find((row) => /^RO\d+$/.test(String(row.vat_id)))!;
    for (const q of [String(company.vat_id), String(company.vat_id).slice(2), String(company.vat_id).toLowerCase()]) {
      expect((await everything('lists.contacts', { q })).map((row) => row.bocp_id), q).toContain(company.bocp_id);
    }
    const prefix = String(company.name).slice(0, 4).toUpperCase();
    const rows = await everything('lists.contacts', { q: prefix, sort: 'name', direction: 'asc' });
    expect(rows.length).toBe(all.filter((row) => startsWith(prefix)(row.name)).length);
  });

  it('products: cod_produs or barcode exactly, or the start of the name', async () => {
    const all = await everything('lists.products');
    const product = all.find((row) => row.barcode !== '')!;
    for (const q of [String(product.cod_produs), String(product.barcode)]) {
      expect((await everything('lists.products', { q })).map((row) => row.product_id), q).toContain(product.product_id);
    }
    const prefix = String(product.product_name).split(' ')[0]!.toLowerCase();
    const rows = await everything('lists.products', { q: prefix, sort: 'product_name' });
    expect(rows.length).toBe(all.filter((row) => startsWith(prefix)(row.product_name)).length);
  });

  it('orders: order_unique_id or SERVICE_order_id exactly', async () => {
    const order = (await everything('lists.connectorOrders'))[5]!;
    expect((await everything('lists.connectorOrders', { q: String(order.order_unique_id) })).map((row) => row.SERVICE_order_id)).toEqual([
      order.SERVICE_order_id,
    ]);
    expect((await everything('lists.connectorOrders', { q: String(order.SERVICE_order_id) })).map((row) => row.SERVICE_order_id)).toContain(
      order.SERVICE_order_id,
    );
  });
});

describe('lists through the control API', () => {
  const get = (path: string) => demo.h.control<{ rows: Row[]; total: number }>('GET', path);

  it('reads query strings as the contract types them', async () => {
    const answer = await get('/accounts/1/lists/sales?limit=5&offset=3&sort=doc_date&direction=asc&cancelled=false');
    expect(answer.status).toBe(200);
    const same = await windowOf('lists.sales', { limit: 5, offset: 3, sort: 'doc_date', direction: 'asc', cancelled: false });
    expect(answer.body.data).toEqual(same);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['/accounts/1/lists/sales?sort=client_name', 'sort'],
      ['/accounts/1/lists/sales?direction=up', 'direction'],
      ['/accounts/1/lists/sales?limit=0', 'limit'],
      ['/accounts/1/lists/sales?limit=501', 'limit'],
      ['/accounts/1/lists/sales?offset=-1', 'offset'],
      ['/accounts/1/lists/sales?cancelled=maybe', 'cancelled'],
      ['/accounts/1/lists/sales?payment_state=open', 'payment_state'],
      ['/accounts/1/lists/sales?date_from=2025-1-1', 'date_from'],
      ['/accounts/1/lists/sales?date_from=2025-02-30', 'date_from'],
      ['/accounts/1/lists/sales?date_from=2025-03-01&date_through=2025-02-01', 'date_through'],
      ['/accounts/1/lists/sales?client=5', 'client'],
      [`/accounts/1/lists/products?q=${'x'.repeat(101)}`, 'q'],
      ['/accounts/1/lists/contacts?date_from=2025-01-01', 'date_from'],
      ['/accounts/1/search?q=', 'q'],
    ];
    for (const [path, fieldName] of cases) {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.messages.join(' '), path).toMatch(new RegExp(`^${fieldName}\\b|\\b${fieldName}:`));
    }
  });

  it('answers 404 for an account that does not exist', async () => {
    expect((await get('/accounts/99/lists/sales')).status).toBe(404);
    expect((await get('/accounts/99/search?q=1')).status).toBe(404);
  });
});

describe('search.global: the command palette', () => {
  type Hit = OperationOutput<'search.global'>[number];
  const search = async (q: string, limit?: number) => (await invoke('search.global', { q, ...(limit && { limit }) })) as Hit[];

  it('finds a sale by its number, with or without its series, exact matches first', async () => {
    const sale = (await everything('lists.sales', { sort: 'bv_id', direction: 'asc' })).find((row) => row.doc_series === 'BV')!;
    const hits = await search(`${sale.doc_series}${sale.doc_nr}`);
    expect(hits[0]).toMatchObject({ kind: 'sale', id: sale.bv_id, title: `BV ${sale.doc_nr}` });
    expect((await search(String(sale.doc_nr))).some((hit) => hit.kind === 'sale' && hit.id === sale.bv_id)).toBe(true);
  });

  it('finds a product by its EAN and by its code', async () => {
    const product = (await everything('lists.products')).find((row) => row.barcode !== '')!;
    expect((await search(String(product.barcode)))[0]).toMatchObject({ kind: 'product', id: product.product_id });
    expect((await search(String(product.cod_produs))).find((hit) => hit.kind === 'product')).toMatchObject({ id: product.product_id });
  });

  it('finds an order by order_unique_id', async () => {
    const order = (await everything('lists.connectorOrders'))[3]!;
    expect((await search(String(order.order_unique_id))).find((hit) => hit.kind === 'order')).toMatchObject({
      id: order.SERVICE_order_id,
      title: order.order_unique_id,
    });
  });

  it('finds a contact by its name (exact first, then by its start) and keeps to the limit', async () => {
    const contact = (await everything('lists.contacts')).find((row) => String(row.name).includes(' '))!;
    const exact = await search(String(contact.name).toUpperCase());
    expect(exact[0]).toMatchObject({ kind: 'contact', id: contact.bocp_id, title: contact.name });
    const start = String(contact.name).slice(0, 2);
    const hits = await search(start, 4);
    expect(hits.length).toBeLessThanOrEqual(4);
    const byStart = await search(start, 50);
    expect(byStart.filter((hit) => hit.kind === 'contact').length).toBeLessThanOrEqual(10);
    expect(byStart.some((hit) => hit.kind === 'contact' && hit.id === contact.bocp_id)).toBe(true);
  });

  it('answers nothing for a text that names nothing', async () => {
    expect(await search('zzzz-no-such-thing')).toEqual([]);
  });
});
