import { bars, code128 } from './barcode.ts';
import { awbFacts, courierLine, partyLines, type AwbDocument } from './awb-data.ts';
import type { Party } from './parties.ts';
import { cancelledStamp, newPdf, pdfBytes, put, type Pdf } from './pdf-base.ts';

/**
 * The courier label of an AWB on one A6 page (105 x 148 mm, the size label printers take):
 * courier band, the AWB number large with its Code 128, sender and recipient, and the parcel
 * facts a courier reads at pickup (parcels, weight, cash on delivery, declared value, service,
 * who pays the shipping, date). Long texts are cut with an ellipsis: a label never runs onto a
 * second page.
 */

const A6: [number, number] = [297.64, 419.53];
const M = 14;
const LINE = '#1b1f24';

function partyBox(pdf: Pdf, title: string, p: Party, country: string, y: number, W: number, big: boolean): number {
  let at = y + 4;
  at += put(pdf, title, M + 5, at, W - 10, { weight: 'bold', size: 6.5, color: '#555b66' }) + 1;
  at += put(pdf, p.name, M + 5, at, W - 10, { weight: 'bold', size: big ? 11 : 9, maxHeight: big ? 28 : 22 }) + 1;
  const text = partyLines(p, country).join('\n');
  at += put(pdf, text, M + 5, at, W - 10, { size: big ? 8 : 7, maxHeight: big ? 48 : 34 }) + 4;
  pdf.lineWidth(big ? 1.4 : 0.8).strokeColor(LINE).rect(M, y, W, at - y).stroke();
  return at - y;
}

/** The page size and margin of a label (a print of several puts each on a page of its own). */
export const AWB_PAGE = { size: A6, margin: M };

export async function awbPdf(doc: AwbDocument): Promise<Buffer> {
  const pdf = newPdf({
    ...AWB_PAGE,
    title: `AWB ${doc.awbNr} — ${doc.courier.name}`,
    author: doc.sender.name,
    subject: `AWB ${doc.awbNr} pentru ${doc.recipient.name}`,
    keywords: `${doc.awbNr}, ${doc.courier.code}`,
  });
  drawAwb(pdf, doc);
  return pdfBytes(pdf);
}

/** Draws the label on the current page of `pdf` (a fresh, empty A6 page). */
export function drawAwb(pdf: Pdf, doc: AwbDocument): void {
  const courier = courierLine(doc);
  const W = A6[0] - 2 * M;
  let y = M;

  // Courier band.
  pdf.rect(M, y, W, 24).fill(LINE);
  put(pdf, courier, M + 6, y + 6, W * 0.68, { weight: 'bold', size: 11, color: '#ffffff', maxHeight: 14 });
  put(pdf, doc.serviceType.toUpperCase(), M + W * 0.68, y + 8, W * 0.32 - 6, { weight: 'bold', size: 8, color: '#ffffff', align: 'right', maxHeight: 12 });
  y += 30;

  // The number, large, and its barcode.
  put(pdf, 'AWB', M, y, W, { size: 7, align: 'center', color: '#555b66' });
  y += 9;
  y += put(pdf, doc.awbNr, M, y, W, { weight: 'bold', size: 18, align: 'center', maxHeight: 24 }) + 3;
  const widths = code128(doc.awbNr);
  if (widths) {
    const { bars: list, modules } = bars(widths);
    const scale = Math.min((W - 20) / modules, 2.2);
    const x0 = M + (W - modules * scale) / 2;
    for (const [x, w] of list) pdf.rect(x0 + x * scale, y, w * scale, 48).fill('#000000');
    y += 54;
  }

  if (doc.cancelled) {
    pdf.lineWidth(1.2).strokeColor('#b00020').rect(M, y, W, 16).stroke();
    put(pdf, 'ANULAT — AWB-ul a fost anulat și nu se expediază', M, y + 4, W, { weight: 'bold', size: 7.5, align: 'center', color: '#b00020' });
    y += 20;
  }

  const home = doc.sender.address ? '' : 'România';
  y += partyBox(pdf, 'EXPEDITOR', doc.sender, home, y, W, false) + 5;
  y += partyBox(pdf, `DESTINATAR (${doc.deliveryCountryCode || doc.deliveryCountry})`, doc.recipient, doc.deliveryCountry, y, W, true) + 5;

  // Parcel facts in two columns; cash on delivery stands out when there is some.
  const facts = awbFacts(doc);
  const colW = W / 2;
  facts.forEach(([label, value], i) => {
    const x = M + (i % 2) * colW;
    const fy = y + Math.floor(i / 2) * 20;
    const strong = label === 'Ramburs' && doc.codAmount > 0;
    put(pdf, label, x + 2, fy, colW - 4, { size: 6, color: '#555b66' });
    put(pdf, value, x + 2, fy + 7, colW - 4, { weight: strong ? 'bold' : 'regular', size: strong ? 9.5 : 8, maxHeight: 12 });
  });
  const factsHeight = Math.ceil(facts.length / 2) * 20;
  pdf.lineWidth(0.8).strokeColor(LINE).rect(M, y - 3, W, factsHeight + 3).stroke();

  if (doc.cancelled) cancelledStamp(pdf, 60, 'ANULAT');
}
