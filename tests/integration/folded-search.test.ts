import { describe, expect, it } from 'vitest';
import type { OperationOutput } from '../../shared/contract/operations.ts';
import { foldText } from '../../electron/core/store/text-search.ts';
import { useDemo } from './harness.ts';

/**
 * The command palette (search.global) folds Romanian diacritics: a name written with ș ț (comma
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
