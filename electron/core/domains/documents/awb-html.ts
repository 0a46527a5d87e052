import { awbFacts, courierLine, partyLines, type AwbDocument } from './awb-data.ts';
import { barcodeSvg, code128 } from './barcode.ts';
import { escapeHtml as e } from './format.ts';
import type { Party } from './parties.ts';
import { pageHead } from './invoice-html.ts';

/**
 * The HTML version of the AWB label: the same facts as the PDF (courier, number and barcode,
 * sender, recipient, parcel facts), sized like the A6 label when printed. Every stored text
 * is escaped; the barcode is an inline SVG made of numbers only.
 */

const LABEL_CSS = `<style>
.label{max-width:105mm;padding:6mm}
.band{display:flex;justify-content:space-between;gap:8px;background:#1b1f24;color:#fff;padding:6px 8px;font-weight:bold}
.awbnr{margin:8px 0 2px;text-align:center;font-size:24px;font-weight:bold;letter-spacing:.04em}
.bc svg{display:block;width:100%;height:56px}
.box{border:1px solid #1b1f24;padding:5px 7px;margin-top:6px}.box.to{border-width:2px}
.box h2{font-size:10px}.box .name{margin:0;font-weight:bold;font-size:15px}.box p{margin:0}
.facts{display:grid;grid-template-columns:1fr 1fr;gap:4px 10px;border:1px solid #1b1f24;padding:5px 7px;margin:6px 0 0}
.facts dt{color:#555;font-size:10px}.facts dd{margin:0;font-weight:bold}
@page{size:105mm 148mm;margin:4mm}
</style>`;

function box(title: string, p: Party, country: string, to: boolean): string {
  const lines = partyLines(p, country).map((l) => `<p>${e(l)}</p>`).join('');
  return `<section class="box${to ? ' to' : ''}"><h2>${e(title)}</h2><p class="name">${e(p.name)}</p>${lines}</section>`;
}

export function awbHtml(doc: AwbDocument): string {
  const widths = code128(doc.awbNr);
  const facts = awbFacts(doc)
    .map(([k, v]) => `<div><dt>${e(k)}</dt><dd>${e(v)}</dd></div>`)
    .join('');
  return (
    pageHead(`AWB ${doc.awbNr}${doc.cancelled ? ' (ANULAT)' : ''} — ${doc.courier.name}`).replace('</head>', `${LABEL_CSS}</head>`) +
    `<body><main class="doc label">` +
    (doc.cancelled ? '<div class="stamp" aria-hidden="true">ANULAT</div>' : '') +
    `<div class="band"><span>${e(courierLine(doc))}</span><span>${e(doc.serviceType.toUpperCase())}</span></div>` +
    `<p class="awbnr">${e(doc.awbNr)}</p>` +
    (widths ? `<div class="bc">${barcodeSvg(widths)}</div>` : '') +
    (doc.cancelled ? '<p class="cancelled">ANULAT — AWB-ul a fost anulat și nu se expediază</p>' : '') +
    box('Expeditor', doc.sender, doc.sender.address ? '' : 'România', false) +
    box(`Destinatar (${doc.deliveryCountryCode || doc.deliveryCountry})`, doc.recipient, doc.deliveryCountry, true) +
    `<dl class="facts">${facts}</dl>` +
    `</main></body></html>\n`
  );
}
