import { round2 } from '../../money.ts';
import { docNumber, fmtDate, fmtMoney, fmtPrice, fmtQuantity, fmtRate, fmtVat } from './format.ts';
import { invoiceTitle, type InvoiceDocument } from './invoice-data.ts';
import type { Party } from './parties.ts';
import { cancelledStamp, measure, newPdf, pdfBytes, put, type Pdf } from './pdf-base.ts';

/**
 * The PDF of an invoice or proforma (A4): the same content as the HTML page, laid out for
 * print. Rows never split across pages; the table head is repeated on each page; every page
 * carries the document number and "Pagina i din n" (and the ANULATĂ stamp when cancelled).
 */

const M = 36; // page margin, pt
const LINE = '#c9ced6';
const MUTED = '#555b66';
const RED = '#b00020';

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

/** A party box at (x, y) of width w; answers its height. */
function partyBox(pdf: Pdf, title: string, p: Party, x: number, y: number, w: number): number {
  const pad = 6;
  let at = y + pad;
  at += put(pdf, title.toUpperCase(), x + pad, at, w - 2 * pad, { weight: 'bold', size: 7.5, color: MUTED }) + 2;
  at += put(pdf, p.name, x + pad, at, w - 2 * pad, { weight: 'bold', size: 10, maxHeight: 40 }) + 3;
  const rows: Array<[string, string]> = [
    ['CUI/CIF', p.cui],
    ['Reg. Com.', p.regCom],
    ['Adresa', p.address],
    ...p.banks.map((b): [string, string] => [`IBAN (${b.currency})`, `${b.iban}, ${b.bank}`]),
  ];
  for (const [label, value] of rows) {
    if (value.trim() === '') continue;
    at += put(pdf, `${label}: ${value}`, x + pad, at, w - 2 * pad, { size: 8, maxHeight: 60 }) + 1.5;
  }
  const height = at - y + pad;
  pdf.lineWidth(0.8).strokeColor(LINE).roundedRect(x, y, w, height, 3).stroke();
  return height;
}

const PAD = 3;
// A cell is clipped well below a page's height, so a row always fits on a fresh page.
const cellStyle = (head: boolean) => ({ weight: head ? ('bold' as const) : ('regular' as const), size: head ? 7 : 8, maxHeight: 400 });

/** The height of a table row: its tallest cell. */
function rowHeight(pdf: Pdf, columns: readonly Column[], cells: readonly string[], head = false): number {
  const style = cellStyle(head);
  return Math.max(...columns.map((c, i) => measure(pdf, cells[i] ?? '', c.width - 2 * PAD, { ...style, align: c.align }))) + 2 * PAD;
}

/** One table row of cells; answers its height. `head`: bold on grey. */
function row(pdf: Pdf, columns: readonly Column[], cells: readonly string[], x: number, y: number, head = false): number {
  const pad = PAD;
  const style = cellStyle(head);
  const h = rowHeight(pdf, columns, cells, head);
  let cx = x;
  columns.forEach((c, i) => {
    if (head) pdf.rect(cx, y, c.width, h).fill('#f1f3f6');
    pdf.lineWidth(0.6).strokeColor(LINE).rect(cx, y, c.width, h).stroke();
    put(pdf, cells[i] ?? '', cx + pad, y + pad, c.width - 2 * pad, { ...style, align: c.align });
    cx += c.width;
  });
  return h;
}

/** The page size and margin of an invoice's pages (a print of several starts each on a new one). */
export const INVOICE_PAGE = { size: 'A4', margin: M } as const;

export async function invoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const number = docNumber(doc.series, doc.number);
  const title = invoiceTitle(doc);
  const pdf = newPdf({
    ...INVOICE_PAGE,
    title: `${title} ${number}`,
    author: doc.supplier.name,
    subject: `${title} ${number} — ${doc.client.name}`,
    keywords: `${number}, ${doc.client.name}`,
  });
  drawInvoice(pdf, doc);
  return pdfBytes(pdf);
}

/**
 * Draws an invoice from the current page of `pdf` on (a fresh, empty page) onward; its footer
 * ("Pagina i din n") counts its own pages only, so several invoices can share one document.
 */
export function drawInvoice(pdf: Pdf, doc: InvoiceDocument): void {
  const number = docNumber(doc.series, doc.number);
  const title = invoiceTitle(doc);
  const before = pdf.bufferedPageRange();
  const firstPage = before.start + before.count - 1;
  const W = pdf.page.width - 2 * M;
  // Content stops above the footer line (and above pdfkit's bottom margin, past which it would add pages itself).
  const limit = () => pdf.page.height - M - 26;
  let y = M;

  // Head: title and number left, dates right.
  put(pdf, title, M, y, W * 0.6, { weight: 'bold', size: 18 });
  put(pdf, `Seria ${doc.series} nr. ${doc.number}`, M, y + 25, W * 0.6, { weight: 'bold', size: 12 });
  const meta = [`Data emiterii: ${fmtDate(doc.date)}`, `Data scadenței: ${fmtDate(doc.dueDate)}`, `Moneda: ${doc.currency}`];
  if (doc.currency !== 'RON') meta.push(`Curs BNR: 1 ${doc.currency} = ${fmtRate(doc.exchangeRate)} RON`);
  let my = y;
  for (const m of meta) my += put(pdf, m, M + W * 0.5, my, W * 0.5, { size: 9, align: 'right' }) + 1;
  y = Math.max(y + 45, my) + 4;
  pdf.lineWidth(1.5).strokeColor('#1b1f24').moveTo(M, y).lineTo(M + W, y).stroke();
  y += 8;

  if (doc.cancelled) {
    const text = `ANULATĂ — documentul ${number} a fost anulat și nu mai produce efecte`;
    pdf.lineWidth(1.5).strokeColor(RED).rect(M, y, W, 22).stroke();
    put(pdf, text, M, y + 6, W, { weight: 'bold', size: 10, align: 'center', color: RED });
    y += 30;
  }

  // Parties side by side; the taller sets where the table starts.
  const half = (W - 14) / 2;
  const left = partyBox(pdf, 'Furnizor', doc.supplier, M, y, half);
  const right = partyBox(pdf, 'Cumpărător', doc.client, M + half + 14, y, half);
  y += Math.max(left, right) + 12;

  // Lines.
  const cur = doc.currency;
  const fixed: Column[] = [
    { title: 'Nr. crt.', width: 26, align: 'center' },
    { title: 'Denumire produse / servicii', width: 0, align: 'left' },
    { title: 'U.M.', width: 30, align: 'center' },
    { title: 'Cantitate', width: 44, align: 'right' },
    { title: `Preț unitar fără TVA (${cur})`, width: 62, align: 'right' },
    { title: `Valoare fără TVA (${cur})`, width: 64, align: 'right' },
    { title: 'Cota TVA', width: 36, align: 'center' },
    { title: `Valoare TVA (${cur})`, width: 58, align: 'right' },
  ];
  const columns = fixed.map((c) => (c.width === 0 ? { ...c, width: W - fixed.reduce((s, f) => s + f.width, 0) } : c));
  const headRow = () => (y += row(pdf, columns, columns.map((c) => c.title), M, y, true));
  headRow();
  doc.lines.forEach((l, i) => {
    const cells = [
      String(i + 1),
      l.code ? `${l.name}\nCod: ${l.code}` : l.name,
      l.unit,
      fmtQuantity(l.quantity),
      fmtPrice(l.unitPrice),
      fmtMoney(l.valueWithoutVat),
      fmtVat(l.vatRate),
      fmtMoney(l.vatValue),
    ];
    if (y + rowHeight(pdf, columns, cells) > limit()) {
      pdf.addPage();
      y = M;
      headRow();
    }
    y += row(pdf, columns, cells, M, y);
  });
  y += 12;

  // VAT summary (left) and totals (right).
  const sums: Array<[string, string, boolean]> = [
    ['Total fără TVA', `${fmtMoney(doc.totalWithoutVat)} ${cur}`, false],
    ['Total TVA', `${fmtMoney(doc.totalVat)} ${cur}`, false],
    ['Total de plată', `${fmtMoney(doc.totalWithVat)} ${cur}`, true],
  ];
  if (doc.currency !== 'RON') {
    sums.push([`Curs BNR ${fmtDate(doc.date)}`, `1 ${cur} = ${fmtRate(doc.exchangeRate)} RON`, false]);
    sums.push(['Total în RON', `${fmtMoney(doc.totalRon)} RON`, true]);
  }
  if (doc.paidAmount > 0 && !doc.cancelled) {
    sums.push([doc.kind === 'proforma' ? 'Avans încasat' : 'Achitat', `${fmtMoney(doc.paidAmount)} ${cur}`, false]);
    sums.push(['Rest de plată', `${fmtMoney(Math.max(0, round2(doc.totalWithVat - doc.paidAmount)))} ${cur}`, false]);
  }
  const needed = Math.max(18 + doc.vatGroups.length * 16, sums.length * 18) + 10;
  if (y + needed > limit()) {
    pdf.addPage();
    y = M;
  }
  const vatCols: Column[] = [
    { title: 'Cota TVA', width: 60, align: 'center' },
    { title: `Bază impozabilă (${cur})`, width: 100, align: 'right' },
    { title: `TVA (${cur})`, width: 90, align: 'right' },
  ];
  let vy = y;
  vy += row(pdf, vatCols, vatCols.map((c) => c.title), M, vy, true);
  for (const g of doc.vatGroups) vy += row(pdf, vatCols, [fmtVat(g.rate), fmtMoney(g.base), fmtMoney(g.vat)], M, vy);
  const sx = M + W - 250;
  let sy = y;
  for (const [label, value, grand] of sums) {
    const size = grand ? 11 : 9;
    if (grand) pdf.rect(sx, sy - 2, 250, size + 8).fill('#f1f3f6');
    put(pdf, label, sx + 4, sy + 1, 120, { weight: grand ? 'bold' : 'regular', size });
    put(pdf, value, sx + 120, sy + 1, 126, { weight: grand ? 'bold' : 'regular', size, align: 'right' });
    sy += size + 9;
  }
  y = Math.max(vy, sy) + 12;

  // Notes.
  const notes: string[] = [];
  if (doc.stornoOf) notes.push(`Factură de stornare a facturii ${doc.stornoOf}.`);
  if (doc.invoicedAs) notes.push(`Proforma a fost facturată prin factura ${doc.invoicedAs}.`);
  if (doc.mentions.trim() !== '') notes.push(`Mențiuni: ${doc.mentions}`);
  if (doc.kind === 'proforma') {
    notes.push('Factura proformă nu este document fiscal; factura fiscală se emite la încasare.');
    if (/^https?:\/\//i.test(doc.paymentLink)) notes.push(`Plată online: ${doc.paymentLink}`);
  }
  notes.push('Document generat electronic, valabil fără semnătură și ștampilă.');
  for (const note of notes) {
    const h = measure(pdf, note, W, { size: 8.5 });
    if (y + h > limit()) {
      pdf.addPage();
      y = M;
    }
    // A note longer than a page is cut rather than left to run past the footer.
    y += put(pdf, note, M, y, W, { size: 8.5, color: MUTED, maxHeight: limit() - y }) + 4;
  }

  // Every page: footer, and the stamp of a cancelled document.
  const range = pdf.bufferedPageRange();
  const count = range.start + range.count - firstPage;
  for (let i = firstPage; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    if (doc.cancelled) cancelledStamp(pdf);
    const fy = pdf.page.height - M - 12;
    pdf.lineWidth(0.5).strokeColor(LINE).moveTo(M, fy - 4).lineTo(M + W, fy - 4).stroke();
    // One line each (clipped): below the content area, a second line would make pdfkit open a page.
    put(pdf, `${title} ${number} — ${doc.supplier.name}`, M, fy, W * 0.7, { size: 7, color: MUTED, maxHeight: 9 });
    put(pdf, `Pagina ${i - firstPage + 1} din ${count}`, M + W * 0.7, fy, W * 0.3, { size: 7, color: MUTED, align: 'right', maxHeight: 9 });
  }
}
