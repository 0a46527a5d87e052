import type { InvoiceDocument } from './invoice-data.ts';
import { invoiceTitle } from './invoice-data.ts';
import { docNumber, escapeHtml as e, fmtDate, fmtMoney, fmtPrice, fmtQuantity, fmtRate, fmtVat } from './format.ts';
import type { Party } from './parties.ts';
import { round2 } from '../../money.ts';

/**
 * The HTML page of an invoice or proforma: what a Romanian fiscal invoice shows (supplier and
 * client blocks, series and number, dates, the lines with their VAT, the VAT summary per rate,
 * totals in the document currency and in RON with the rate used). Every stored text goes
 * through escapeHtml; the page loads nothing (inline CSS, no script), so it opens and prints
 * the same offline. Clients look for the client's name in its text (real-service.md).
 */

export const DOCUMENT_CSS = `
*{box-sizing:border-box}
body{margin:0;background:#eef0f3;color:#1b1f24;font:13px/1.45 "DejaVu Sans","Noto Sans",Arial,Helvetica,sans-serif}
.doc{position:relative;max-width:210mm;margin:16px auto;padding:14mm 12mm;background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{margin:0;font-size:22px;letter-spacing:.04em}
h2{margin:0 0 4px;font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#555}
.head{display:flex;justify-content:space-between;align-items:flex-start;gap:16px;border-bottom:2px solid #1b1f24;padding-bottom:8px}
.docno{margin:4px 0 0;font-size:15px;font-weight:bold}
dl.meta{display:grid;grid-template-columns:auto auto;gap:2px 10px;margin:0;text-align:right}
dl.meta dt{color:#555}dl.meta dd{margin:0;font-weight:bold}
.parties{display:grid;grid-template-columns:1fr 1fr;gap:16px;margin:12px 0}
.party{border:1px solid #c9ced6;border-radius:4px;padding:8px 10px}
.party .name{margin:0 0 4px;font-size:14px;font-weight:bold}
.party dl{display:grid;grid-template-columns:auto 1fr;gap:1px 8px;margin:0}
.party dt{color:#555}.party dd{margin:0}
table{width:100%;border-collapse:collapse}
th,td{border:1px solid #c9ced6;padding:4px 6px;vertical-align:top}
th{background:#f1f3f6;font-size:11px;font-weight:bold;text-align:center}
td.n{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
td.c{text-align:center}
table.lines td.name{width:36%}
.code{display:block;color:#666;font-size:11px}
.bottom{display:grid;grid-template-columns:1fr 1fr;gap:16px;margin-top:12px;align-items:start}
table.sum td:first-child{color:#333}
table.sum tr.grand td{font-size:15px;font-weight:bold;background:#f1f3f6}
.note{margin:10px 0 0;padding:6px 10px;border-left:3px solid #8a93a0;background:#f7f8fa}
.cancelled{margin:10px 0 0;padding:8px 10px;border:2px solid #b00020;color:#b00020;font-weight:bold;text-align:center;letter-spacing:.08em}
.stamp{position:absolute;top:38%;left:0;right:0;text-align:center;font-size:72px;font-weight:bold;color:rgba(176,0,32,.16);transform:rotate(-28deg);pointer-events:none}
footer{margin-top:14px;color:#777;font-size:11px}
@page{size:A4;margin:10mm}
@media print{body{background:#fff}.doc{margin:0;max-width:none;box-shadow:none;padding:0}th,.cancelled{-webkit-print-color-adjust:exact;print-color-adjust:exact}tr{break-inside:avoid}}
`;

/** A party block: the labels a Romanian invoice uses. */
export function partyHtml(title: string, p: Party): string {
  const rows: Array<[string, string]> = [
    ['CUI/CIF', p.cui],
    ['Reg. Com.', p.regCom],
    ['Adresa', p.address],
  ];
  for (const b of p.banks) rows.push([`IBAN (${b.currency})`, `${b.iban}, ${b.bank}`]);
  const dl = rows
    .filter(([, v]) => v.trim() !== '')
    .map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`)
    .join('');
  return `<div class="party"><h2>${e(title)}</h2><p class="name">${e(p.name)}</p><dl>${dl}</dl></div>`;
}

/** The page head: <!doctype>, lang="ro", charset, title and the shared CSS. */
export function pageHead(title: string): string {
  return (
    `<!doctype html>\n<html lang="ro"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">` +
    `<title>${e(title)}</title><style>${DOCUMENT_CSS}</style></head>`
  );
}

function linesHtml(doc: InvoiceDocument): string {
  const cur = e(doc.currency);
  const head =
    `<thead><tr><th>Nr. crt.</th><th>Denumire produse / servicii</th><th>U.M.</th><th>Cantitate</th>` +
    `<th>Preț unitar fără TVA (${cur})</th><th>Valoare fără TVA (${cur})</th><th>Cota TVA</th><th>Valoare TVA (${cur})</th></tr></thead>`;
  const body = doc.lines
    .map(
      (l, i) =>
        `<tr><td class="c">${i + 1}</td><td class="name">${e(l.name)}${l.code ? `<span class="code">Cod: ${e(l.code)}</span>` : ''}</td>` +
        `<td class="c">${e(l.unit)}</td><td class="n">${fmtQuantity(l.quantity)}</td><td class="n">${fmtPrice(l.unitPrice)}</td>` +
        `<td class="n">${fmtMoney(l.valueWithoutVat)}</td><td class="c">${fmtVat(l.vatRate)}</td><td class="n">${fmtMoney(l.vatValue)}</td></tr>`,
    )
    .join('');
  const empty = doc.lines.length === 0 ? '<tr><td colspan="8" class="c">Fără linii</td></tr>' : '';
  return `<table class="lines">${head}<tbody>${body}${empty}</tbody></table>`;
}

function totalsHtml(doc: InvoiceDocument): string {
  const cur = e(doc.currency);
  const vat =
    `<table class="vat"><thead><tr><th>Cota TVA</th><th>Bază impozabilă (${cur})</th><th>TVA (${cur})</th></tr></thead><tbody>` +
    doc.vatGroups.map((g) => `<tr><td class="c">${fmtVat(g.rate)}</td><td class="n">${fmtMoney(g.base)}</td><td class="n">${fmtMoney(g.vat)}</td></tr>`).join('') +
    `</tbody></table>`;
  const rows: Array<[string, string, boolean?]> = [
    [`Total fără TVA`, `${fmtMoney(doc.totalWithoutVat)} ${cur}`],
    [`Total TVA`, `${fmtMoney(doc.totalVat)} ${cur}`],
    [`Total de plată`, `${fmtMoney(doc.totalWithVat)} ${cur}`, true],
  ];
  if (doc.currency !== 'RON') {
    rows.push([`Curs BNR ${fmtDate(doc.date)}`, `1 ${cur} = ${fmtRate(doc.exchangeRate)} RON`]);
    rows.push([`Total în RON`, `${fmtMoney(doc.totalRon)} RON`, true]);
  }
  if (doc.paidAmount > 0 && !doc.cancelled) {
    rows.push([doc.kind === 'proforma' ? 'Avans încasat' : 'Achitat', `${fmtMoney(doc.paidAmount)} ${cur}`]);
    rows.push(['Rest de plată', `${fmtMoney(Math.max(0, round2(doc.totalWithVat - doc.paidAmount)))} ${cur}`]);
  }
  const sum = `<table class="sum"><tbody>${rows
    .map(([k, v, grand]) => `<tr${grand ? ' class="grand"' : ''}><td>${e(k)}</td><td class="n">${v}</td></tr>`)
    .join('')}</tbody></table>`;
  return `<section class="bottom">${vat}${sum}</section>`;
}

function notesHtml(doc: InvoiceDocument): string {
  const notes: string[] = [];
  if (doc.stornoOf) notes.push(`Factură de stornare a facturii ${e(doc.stornoOf)}.`);
  if (doc.invoicedAs) notes.push(`Proforma a fost facturată prin factura ${e(doc.invoicedAs)}.`);
  if (doc.mentions.trim() !== '') notes.push(`Mențiuni: ${e(doc.mentions)}`);
  if (doc.kind === 'proforma') {
    notes.push('Factura proformă nu este document fiscal; factura fiscală se emite la încasare.');
    if (doc.paymentLink && /^https?:\/\//i.test(doc.paymentLink)) {
      notes.push(`Plată online: <a href="${e(doc.paymentLink)}" rel="noopener noreferrer">${e(doc.paymentLink)}</a>`);
    }
  }
  return notes.map((n) => `<p class="note">${n}</p>`).join('');
}

/** The whole page. */
export function invoiceHtml(doc: InvoiceDocument): string {
  const title = invoiceTitle(doc);
  const number = docNumber(doc.series, doc.number);
  const kindWord = doc.kind === 'invoice' ? 'Factură fiscală' : 'Factură proformă';
  const meta: Array<[string, string]> = [
    ['Data emiterii', fmtDate(doc.date)],
    ['Data scadenței', fmtDate(doc.dueDate)],
    ['Moneda', doc.currency],
  ];
  return (
    pageHead(`${kindWord} ${number}${doc.cancelled ? ' (ANULATĂ)' : ''} — ${doc.supplier.name}`) +
    `<body><main class="doc">` +
    (doc.cancelled ? '<div class="stamp" aria-hidden="true">ANULATĂ</div>' : '') +
    `<header class="head"><div><h1>${title}</h1><p class="docno">Seria ${e(doc.series)} nr. ${doc.number}</p></div>` +
    `<dl class="meta">${meta.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`).join('')}</dl></header>` +
    (doc.cancelled ? `<p class="cancelled">ANULATĂ — documentul ${e(number)} a fost anulat și nu mai produce efecte</p>` : '') +
    `<section class="parties">${partyHtml('Furnizor', doc.supplier)}${partyHtml('Cumpărător', doc.client)}</section>` +
    linesHtml(doc) +
    totalsHtml(doc) +
    notesHtml(doc) +
    `<footer>${e(kindWord)} ${e(number)} emisă de ${e(doc.supplier.name)}. Document generat electronic, valabil fără semnătură și ștampilă.</footer>` +
    `</main></body></html>\n`
  );
}
