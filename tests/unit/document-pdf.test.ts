import { describe, expect, it } from 'vitest';
import { lineAmounts, round2 } from '../../electron/core/money.ts';
import { awbPdf } from '../../electron/core/domains/documents/awb-pdf.ts';
import type { AwbDocument } from '../../electron/core/domains/documents/awb-data.ts';
import { fmtAddress, fmtMoney, escapeHtml } from '../../electron/core/domains/documents/format.ts';
import { vatGroups, type InvoiceDocument, type InvoiceLine } from '../../electron/core/domains/documents/invoice-data.ts';
import { invoiceHtml } from '../../electron/core/domains/documents/invoice-html.ts';
import { invoicePdf } from '../../electron/core/domains/documents/invoice-pdf.ts';
import type { Party } from '../../electron/core/domains/documents/parties.ts';
import { pdfText } from '../pdf-text.ts';

// The renderers on documents made here (no database): many lines run onto several pages, with
// Romanian text in every field, and what a viewer extracts is what was written.

const party = (name: string, over: Partial<Party> = {}): Party => ({
  name,
  cui: 'RO12345678',
  regCom: 'J40/12345/2015',
  address: 'Strada Știrbei Vodă nr. 12, București Sector 1, 010102, România',
  banks: [],
  contactName: '',
  phone: '',
  ...over,
});

function invoice(lineCount: number, over: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const lines: InvoiceLine[] = Array.from({ length: lineCount }, (_, i) => {
    const quantity = (i % 4) + 1;
    const unitPrice = 10 + i * 1.37;
    const vatRate = i % 3 === 0 ? 9 : 21;
    const a = lineAmounts(quantity, unitPrice, vatRate);
    return { lineNo: i + 1, code: `P${String(i).padStart(5, '0')}`, name: `Țesătură de mătase ușoară, rola ${i + 1}`, unit: 'm', quantity, unitPrice, vatRate, valueWithoutVat: a.withoutVat, vatValue: a.vat };
  });
  const base = round2(lines.reduce((s, l) => s + l.valueWithoutVat, 0));
  const vat = round2(lines.reduce((s, l) => s + l.vatValue, 0));
  return {
    kind: 'invoice', series: 'ȚST', number: 4021, date: '2026-11-17', dueDate: '2026-12-17', currency: 'EUR', exchangeRate: 4.9765,
    totalWithoutVat: base, totalVat: vat, totalWithVat: round2(base + vat), totalRon: round2((base + vat) * 4.9765), paidAmount: 0,
    cancelled: false, mentions: 'Livrare în București & împrejurimi <24h>', stornoOf: null, invoicedAs: null, paymentLink: '',
    supplier: party('Șantierul Naval Brăila SA', { banks: [{ iban: 'RO49AAAA1B31007593840000', bank: 'Banca Transilvania', currency: 'EUR' }] }),
    client: party('Ionuț & Fiii <Țăndărei> SRL'),
    lines, vatGroups: vatGroups(lines),
    ...over,
  };
}

describe('invoice PDF', () => {
  it('runs long invoices onto more pages, repeating the table head, and every glyph extracts as written', async () => {
    const doc = invoice(90);
    const bytes = await invoicePdf(doc);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await pdfText(bytes);
    expect(pdf.pages).toBeGreaterThan(1);
    expect(pdf.title).toBe('FACTURĂ FISCALĂ ȚST-4021');
    const all = pdf.text.join('\n');
    for (const text of ['FACTURĂ FISCALĂ', 'Seria ȚST nr. 4021', 'CUMPĂRĂTOR', 'FURNIZOR', 'Data scadenței: 17.12.2026', 'Ionuț & Fiii <Țăndărei> SRL',
      'Șantierul Naval Brăila SA', 'Țesătură de mătase ușoară, rola 90', 'Total în RON', `${fmtMoney(doc.totalRon)} RON`, '1 EUR = 4,9765 RON',
      'Livrare în București & împrejurimi <24h>']) {
      expect(all).toContain(text);
    }
    // The head of the lines table on each page, and "Pagina i din n" at its foot.
    pdf.text.forEach((page, i) => {
      expect(page).toContain('Denumire produse / servicii');
      expect(page).toContain(`Pagina ${i + 1} din ${pdf.pages}`);
    });
    expect(all).not.toContain('ANULATĂ');
  });

  it('survives any stored text: characters the font lacks, control characters, no lines at all', async () => {
    const odd = 'Émoji 😀 中文 \u0007\t\u200b Ǆ \r\nRTL עברית';
    const pdf = await pdfText(await invoicePdf(invoice(0, { client: party(odd, { address: odd }), mentions: odd, series: odd })));
    expect(pdf.pages).toBe(1);
    expect(pdf.text[0]).toContain('Émoji');
    // Texts longer than a page are cut, never run past the footer onto pages of their own.
    const huge = 'Denumire foarte lungă '.repeat(2000);
    const long = invoice(1, { client: party(huge, { address: huge }), mentions: huge });
    long.lines[0]!.name = huge;
    const cut = await pdfText(await invoicePdf(long));
    expect(cut.pages).toBeLessThanOrEqual(4);
    cut.text.forEach((page, i) => expect(page).toContain(`Pagina ${i + 1} din ${cut.pages}`));
  });

  it('stamps a cancelled document on every page; a proforma is titled as one', async () => {
    const cancelled = await pdfText(await invoicePdf(invoice(60, { cancelled: true })));
    cancelled.text.forEach((page) => expect(page).toContain('ANULATĂ'));
    const proforma = await pdfText(await invoicePdf(invoice(1, { kind: 'proforma', paymentLink: 'https://plati.example.ro/p/1' })));
    expect(proforma.pages).toBe(1);
    expect(proforma.text[0]).toContain('FACTURĂ PROFORMĂ');
    expect(proforma.text[0]).toContain('Plată online: https://plati.example.ro/p/1');
  });
});

describe('AWB label PDF', () => {
  const awb: AwbDocument = {
    awbNr: '1ONB0123456789', courier: { code: 'sameday', name: 'Sameday' }, subCourier: null, date: '2026-11-17', packetCount: 2, weightKg: 1.25,
    serviceType: 'standard', shippingPayer: 'recipient', codAmount: 149.9, codCurrency: 'RON', declaredValue: 149.9, declaredCurrency: 'RON',
    deliveryCountry: 'Romania', deliveryCountryCode: 'RO', cancelled: false, reference: 'Comanda #1001',
    sender: party('Șantierul Naval Brăila SA'), recipient: party('Ștefan Țurcanu', { cui: '', contactName: 'Ștefan Țurcanu', phone: '0722000000' }),
  };

  it('is one page whatever the text, with number, parties and parcel facts', async () => {
    const long = { ...awb, recipient: { ...awb.recipient, address: 'Strada Lungă '.repeat(60) } };
    for (const doc of [awb, long]) {
      const pdf = await pdfText(await awbPdf(doc));
      expect(pdf.pages).toBe(1);
      const text = pdf.text[0]!;
      for (const t of ['1ONB0123456789', 'Sameday', 'DESTINATAR (RO)', 'Ștefan Țurcanu', 'Tel.: 0722000000', '149,90 RON', '1,25 kg', 'Plata transportului', 'Destinatar', 'Comanda #1001']) {
        expect(text).toContain(t);
      }
    }
  });

  it('a number Code 128 cannot carry still makes a label (without barcode)', async () => {
    const pdf = await pdfText(await awbPdf({ ...awb, awbNr: 'AWB-ȘȚ-1', cancelled: true }));
    expect(pdf.text[0]).toContain('AWB-ȘȚ-1');
    expect(pdf.text[0]).toContain('ANULAT');
  });
});

describe('invoice HTML', () => {
  it('escapes every stored text and keeps diacritics as UTF-8', () => {
    const html = invoiceHtml(invoice(2));
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<html lang="ro">');
    expect(html).toContain(escapeHtml('Ionuț & Fiii <Țăndărei> SRL'));
    expect(html).not.toContain('<Țăndărei>');
    expect(html).not.toContain('<24h>');
    expect(html).toContain('Data scadenței');
    expect(html).toContain('Total în RON');
  });

  it('writes addresses the Romanian way', () => {
    expect(
      fmtAddress({ country: 'Romania', county: 'Bucuresti', city: 'Bucuresti Sector 6', street: 'Strada Sergent Turturica', number: '187', building: 'B2', stair: '1', floor: '8', apartment: '65', zip: '060011' }),
    ).toBe('Strada Sergent Turturica nr. 187, bl. B2, sc. 1, et. 8, ap. 65, Bucuresti Sector 6, 060011, Romania');
    expect(fmtAddress({ country: 'Romania', county: 'Ialomita', city: 'Slobozia', street: 'Intrarea Soimarestilor', number: '232', building: '', stair: '', floor: '', apartment: '', zip: '920001' })).toBe(
      'Intrarea Soimarestilor nr. 232, Slobozia, jud. Ialomita, 920001, Romania',
    );
  });
});
