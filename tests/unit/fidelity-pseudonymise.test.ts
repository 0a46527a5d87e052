import { describe, expect, it } from 'vitest';
import { validCnp, validCui } from '../../shared/domain/fiscal-code.ts';
import { createPseudonymiser, REMOVED } from '../../electron/core/domains/fidelity/index.ts';

// Credentials removed and personal data pseudonymised (electron/core/domains/fidelity/pseudonymise.ts).

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 9);

function validIban(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '');
  const digits = (compact.slice(4) + compact.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

const contact = {
  bocp_id: 17,
  name: 'Ionescu Ștefan',
  is_company: 0,
  vat_id: '1800101221144',
  registration_nr: '',
  representative: 'Maria Popescu',
  email: 'stefan.ionescu@exemplu.ro',
  phone: '0722 123 456',
  lastupdated: '2024-07-01 12:34:56',
  addresses: [{ address_id: 3, address: 'Str. Mihai Eminescu nr. 12', address2: 'Bl. A3, Sc. B, Ap. 14', city: 'București Sector 3', county: 'București', postcode: '030167', country: 'România', street: 'Mihai Eminescu', number: '12' }],
  contacts: [{ person_id: 1, name: 'Ana Vlăduț', role: 'contabil', email: 'ana@firma.ro', phone: '+40 722 123 456' }],
  bank_accounts: [{ bank_account_id: 1, iban: 'RO49AAAA1B31007593840000', bank_name: 'Banca Transilvania', currency: 'RON' }],
};

describe('pseudonymise', () => {
  it('replaces every personal value of a contact and keeps ids, dates, cities and flags', () => {
    const p = createPseudonymiser(KEY);
    const out = p.json(contact);
    const text = JSON.stringify(out);
    for (const value of ['Ionescu', 'Ștefan', 'Maria', 'Popescu', 'stefan.ionescu', 'exemplu.ro', '722 123 456', '1800101221144', 'Eminescu', 'A3', '030167', 'Vlăduț', 'ana@', '1B31007593840000']) {
      expect(text, value).not.toContain(value);
    }
    expect(out.name).toMatch(/^Persoana [0-9a-f]{8}$/);
    expect(out.bocp_id).toBe(17);
    expect(out.lastupdated).toBe('2024-07-01 12:34:56');
    expect(out.addresses[0]?.city).toBe('București Sector 3');
    expect(out.email).toMatch(/^[0-9a-f]{8}@example\.invalid$/);
    expect(out.phone).toMatch(/^07\d\d \d{3} \d{3}$/);
    expect(validCnp(out.vat_id)).toBe(true);
    expect(out.bank_accounts[0]?.iban).toMatch(/^RO\d\dAAAA[0-9A-Z]{16}$/);
    expect(validIban(out.bank_accounts[0]!.iban)).toBe(true);
    expect(out.bank_accounts[0]?.bank_name).toBe('Banca Transilvania');
  });

  it('gives a value one pseudonym however it is written (case, diacritics, phone spellings), another key other pseudonyms', () => {
    const p = createPseudonymiser(KEY);
    const names = ['Ionescu Ștefan', 'IONESCU ŞTEFAN', 'Ionescu  Stefan'].map((name) => p.json({ name }).name);
    expect(new Set(names).size).toBe(1);
    const phones = ['0722 123 456', '+40 722 123 456', '0040722123456', '0722-123-456'].map((phone) => p.json({ phone }).phone.replace(/\D/g, '').slice(-8));
    expect(new Set(phones).size).toBe(1);
    expect(createPseudonymiser(KEY).json({ name: 'Ionescu Ștefan' }).name).toBe(names[0]);
    expect(createPseudonymiser(OTHER_KEY).json({ name: 'Ionescu Ștefan' }).name).not.toBe(names[0]);
  });

  it('tells a company from a person, keeps a CUI valid with its RO, and leaves a product line alone', () => {
    const p = createPseudonymiser(KEY);
    const order = p.json({
      client: { name: 'Construct Impex S.R.L.', vat_id: 'RO18547290', registration_number: 'J40/123/2020' },
      items: [{ code: 'P-1', name: 'Cablu 2m', ean: '5941234567890', item_price: 10.5 }],
    });
    expect(order.client.name).toMatch(/^Firma [0-9a-f]{8} SRL$/);
    expect(order.client.vat_id).toMatch(/^RO\d{8}$/);
    expect(order.client.vat_id).not.toBe('RO18547290');
    expect(validCui(order.client.vat_id.slice(2))).toBe(true);
    expect(order.client.registration_number).toMatch(/^J\d\d\/\d{3}\/\d{4}$/);
    expect(order.items[0]).toEqual({ code: 'P-1', name: 'Cablu 2m', ean: '5941234567890', item_price: 10.5 });
  });

  it('covers the delegate block and staff names; an id under a name key stays a number, a phone written as a number keeps its digit count', () => {
    const p = createPseudonymiser(KEY);
    const out = p.json({ delegat_nume: 'Pop Ion', delegat_ci: 'CJ 123456', delegat_auto: 'CJ 12 ABC', technician: 'Vasile Marin', created_by: 7, phone: 722123456, awb_nr: '1234567890' });
    expect(out.delegat_nume).toMatch(/^Persoana /);
    expect(out.technician).toMatch(/^Persoana /);
    expect(out.delegat_ci).toMatch(/^[A-Z]{2} \d{6}$/);
    expect(out.delegat_ci).not.toBe('CJ 123456');
    expect(out.delegat_auto).toMatch(/^[A-Z]{2} \d{2} [A-Z]{3}$/);
    expect(out.delegat_auto).not.toContain('ABC');
    expect(out.created_by).toBe(7);
    expect(String(out.phone)).toHaveLength(9);
    expect(out.phone).not.toBe(722123456);
    expect(out.awb_nr).toMatch(/^\d{10}$/);
    expect(out.awb_nr).not.toBe('1234567890');
  });

  it('removes credentials by key name, whatever the nesting, and keeps booleans', () => {
    const p = createPseudonymiser(KEY);
    const out = p.json({ user: { password: 'S3cret!', api_key: 'abc', accessToken: 'tok', webhook_secret_set: true }, pass: 12345 });
    expect(out).toEqual({ user: { password: REMOVED, api_key: REMOVED, accessToken: REMOVED, webhook_secret_set: true }, pass: REMOVED });
  });

  it('finds personal values by their form in free text, and the names met before (any diacritics)', () => {
    const p = createPseudonymiser(KEY);
    p.json({ client_name: 'Ionescu Ștefan' });
    const mention =
      'Sunați pe 0722.123.456 sau (0722) 123 456, scrieți la ion@exemplu.ro; CNP 1800101221144, CIF RO 18547290, cont RO49 AAAA 1B31 0075 9384 0000. Livrare la Stefan Ionescu. Authorization: Basic dXNlcjpwYXNz';
    const out = p.text(mention);
    for (const value of ['0722', '123 456', 'ion@exemplu.ro', '1800101221144', '18547290', '1B31', 'Stefan', 'Ionescu', 'dXNlcjpwYXNz']) expect(out, value).not.toContain(value);
    expect(out).toContain('Basic [removed]');
  });

  it('pseudonymises XML elements named like personal keys (format:xml) and leaves the others', () => {
    const p = createPseudonymiser(KEY);
    const out = p.xml('<client><name>Ionescu Ștefan</name><email type="work">ion@exemplu.ro</email><doc_date>2024-07-01</doc_date><total>10.50</total><name/></client>');
    expect(out).toMatch(/^<client><name>Persoana [0-9a-f]{8}<\/name><email type="work">[0-9a-f]{8}@example\.invalid<\/email><doc_date>2024-07-01<\/doc_date><total>10\.50<\/total><name\/><\/client>$/);
  });

  it('leaves dates, times, amounts and ids untouched in text', () => {
    const p = createPseudonymiser(KEY);
    for (const text of ['2024-07-01', '2024-07-01 12:34:56', '01.07.2024 23:59:59', '2024-07-01T10:00:00+03:00', '1234.50', '0.19', '1.234,50 lei', 'factura FCT 00012', '5941234567890', 'RO1']) {
      expect(p.text(text), text).toBe(text);
    }
    expect(p.json({ doc_date: '2024-07-01', total: 1234.5, total_text: '1234.50', vat_percent: 19 })).toEqual({ doc_date: '2024-07-01', total: 1234.5, total_text: '1234.50', vat_percent: 19 });
  });

  it('pseudonymises filter segments by key and removes a token, leaving the other segments byte for byte', () => {
    const p = createPseudonymiser(KEY);
    const path = p.pathBelowAccount('/contacts/list/email:ion%40exemplu.ro/token:abc123/modifiedafter:2024-01-01%2010:00:00/page:2/');
    expect(path).toMatch(/^\/contacts\/list\/email:[0-9a-f]{8}@example\.invalid\/token:\[removed\]\/modifiedafter:2024-01-01%2010:00:00\/page:2\/$/);
    expect(p.pathBelowAccount('/sales/list/year:2024/include:items,transactions/')).toBe('/sales/list/year:2024/include:items,transactions/');
    expect(p.query('?api_key=k1&phone=0722123456&page=2')).toMatch(/^\?api_key=\[removed\]&phone=07\d{8}&page=2$/);
  });
});
