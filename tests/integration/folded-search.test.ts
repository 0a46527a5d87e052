import { describe, expect, it } from 'vitest';
import type { OperationOutput } from '../../shared/contract/operations.ts';
import { foldText } from '../../electron/core/store/text-search.ts';
import { useDemo } from './harness.ts';

/**
 * The command palette (search.global) and the screen lists' own search (lists.* q) fold Romanian diacritics: a name written with ș ț (comma
 * below) or ş ţ (cedilla), ă â î, in any case, is found typed without them; the lookup reads
 * migration 025's folded indexes. Exact product codes rank above a document of the same bare number.
 */

const demo = useDemo({ writable: true });
type Hit = OperationOutput<'search.global'>[number];
const search = async (q: string) => (await demo.h.core.invoke('search.global', { company_id: 1, q, limit: 50 })) as Hit[];

describe('search.global folds Romanian diacritics', () => {
  it('folds as SQLite folds', () => {
    expect(foldText('Ștefănescu ŞTEFĂNESCU Țară ţară Înger âine')).toBe('stefanescu stefanescu tara tara inger aine');
  });

  it('finds "Ștefănescu" typed as stefanescu, STEFANESCU, ștefănescu and with the cedilla', async () => {
    const applied = await demo.h.core.invoke('fixtures.apply', {
      accounts: [
        {
          company_id: 1,
          contacts: [
            { name: 'Ștefănescu Ioana', email: 'ioana@example.ro', addresses: [{ city: 'Brașov', county: 'Brașov', street: 'Str. Lungă', number: '1' }] },
            { name: 'Şerban Ţuţuianu (cedilla)', addresses: [{ city: 'Iași', county: 'Iași', street: 'Str. Mare', number: '2' }] },
          ],
          products: [{ code: 'FOLD-TUICA', name: 'Țuică de prună 0,5 l', price: 30, vat: 21 }],
        },
      ],
    });
    expect(applied.accounts[0]).toBeDefined();
    for (const q of ['stefanescu', 'STEFANESCU', 'ștefănescu', 'ştefănescu', 'Stefanescu Ioana', 'ȘTEFĂNESCU IOANA']) {
      const hits = await search(q);
      expect(hits.some((hit) => hit.kind === 'contact' && hit.title === 'Ștefănescu Ioana'), q).toBe(true);
    }
    // The exact name (folded) comes first.
    expect((await search('stefanescu ioana'))[0]).toMatchObject({ kind: 'contact', title: 'Ștefănescu Ioana' });
    expect((await search('serban tutuianu')).some((hit) => hit.title === 'Şerban Ţuţuianu (cedilla)')).toBe(true);
    expect((await search('ȘERBAN ȚUȚ')).some((hit) => hit.title === 'Şerban Ţuţuianu (cedilla)')).toBe(true);
    expect((await search('tuica')).some((hit) => hit.kind === 'product' && hit.title === 'FOLD-TUICA Țuică de prună 0,5 l')).toBe(true);
  });

  it('reads the folded indexes (no table scanned)', () => {
    const plan = (sql: string) => (demo.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail).join('\n');
    const handlers = demo.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%_name_folded'").pluck().all();
    expect(handlers).toEqual(expect.arrayContaining(['contacts_name_folded', 'products_name_folded']));
    // The plans of the palette's own statements are checked in screen-lists-plans.test.ts; here the index exists and is chosen.
    expect(plan("SELECT id FROM contacts WHERE company_id = 1 AND lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(name, 'ă', 'a'), 'Ă', 'a'), 'â', 'a'), 'Â', 'a'), 'î', 'i'), 'Î', 'i'), 'ș', 's'), 'Ș', 's'), 'ş', 's'), 'Ş', 's'), 'ț', 't'), 'Ț', 't'), 'ţ', 't'), 'Ţ', 't')) >= 'ste'")).toMatch(/contacts_name_folded/);
  });

  it('ranks an exact product code above a document of the same bare number, and sends dates and amounts as data', async () => {
    const proforma = demo.db.prepare('SELECT number, total_with_vat, date, currency FROM proformas WHERE company_id = 1 AND number IS NOT NULL ORDER BY id LIMIT 1').get() as { number: number; total_with_vat: number; date: string; currency: string };
    await demo.h.core.invoke('fixtures.apply', { accounts: [{ company_id: 1, products: [{ code: String(proforma.number), name: 'Cod ca o proformă', price: 10, vat: 21 }] }] });
    const hits = await search(String(proforma.number));
    expect(hits[0]).toMatchObject({ kind: 'product', title: `${proforma.number} Cod ca o proformă` });
    const document = hits.find((hit) => hit.kind === 'proforma')!;
    expect(document).toMatchObject({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/), amount: expect.any(Number), currency: expect.any(String) });
    expect(document.subtitle).not.toMatch(/\d{4}-\d{2}-\d{2}|\d+\.\d{2} [A-Z]{3}/);
  });
});

describe("the screen lists' own search (q) folds as the palette does", () => {
  const NAME = 'Ștefănescu Ioana SRL';
  type ListOp = 'lists.sales' | 'lists.invoices' | 'lists.proformas' | 'lists.payments' | 'lists.awbs' | 'lists.fiscalReceipts' | 'lists.contacts' | 'lists.products';
  const list = async (op: ListOp, q: string) =>
    (await demo.h.core.invoke(op, { company_id: 1, q, limit: 500 } as never)) as { rows: Array<Record<string, unknown>>; total: number };

  it('"stefanescu", "STEF", "ștefă" and the cedilla find "Ștefănescu" in every list that searches a name', async () => {
    // One document of each kind named for the client (as an imported order's client would be).
    const named: Array<[ListOp, string, number]> = [];
    for (const [op, table, key] of [
      ['lists.sales', 'sales', 'bv_id'],
      ['lists.invoices', 'invoices', 'bocp_id'],
      ['lists.proformas', 'proformas', 'proforma_id'],
      ['lists.payments', 'payments', 'incasare_id'],
      ['lists.awbs', 'awbs', 'awb_id'],
    ] as const) {
      const id = demo.db.prepare(`SELECT max(id) FROM ${table} WHERE company_id = 1`).pluck().get() as number;
      demo.db.prepare(`UPDATE ${table} SET client_name = ? WHERE id = ?`).run(NAME, id);
      named.push([op, key, id]);
    }
    const receipt = demo.db.prepare('SELECT id, sale_id FROM fiscal_receipts WHERE company_id = 1 AND sale_id IS NOT NULL ORDER BY id LIMIT 1').get() as { id: number; sale_id: number };
    demo.db.prepare('UPDATE sales SET client_name = ? WHERE id = ?').run(NAME, receipt.sale_id);
    named.push(['lists.fiscalReceipts', 'fiscal_receipt_id', receipt.id]);
    await demo.h.core.invoke('fixtures.apply', {
      accounts: [
        {
          company_id: 1,
          contacts: [{ name: NAME, addresses: [{ city: 'Brașov', county: 'Brașov', street: 'Str. Lungă', number: '3' }] }],
          products: [{ code: 'FOLD-STEF', name: `${NAME}: vin roșu 0,75 l`, price: 40, vat: 21 }],
        },
      ],
    });
    const contactId = demo.db.prepare('SELECT id FROM contacts WHERE company_id = 1 AND name = ?').pluck().get(NAME) as number;
    const productId = demo.db.prepare("SELECT id FROM products WHERE company_id = 1 AND cod_produs = 'FOLD-STEF'").pluck().get() as number;
    named.push(['lists.contacts', 'bocp_id', contactId], ['lists.products', 'product_id', productId]);

    for (const q of ['stefanescu', 'STEF', 'ștefă', 'ştefă', 'Ștefănescu Ioana']) {
      for (const [op, key, id] of named) {
        const answer = await list(op, q);
        expect(answer.rows.map((row) => row[key]), `${op} q=${q}`).toContain(id);
      }
    }
    // A start, not a part: the middle of the name finds nothing new.
    expect((await list('lists.sales', 'fănescu')).rows.map((row) => row['bv_id'])).not.toContain(named[0]![2]);
  });
});

