import { createRequire } from 'node:module';
import type PDFDocumentClass from 'pdfkit';

/**
 * What every PDF of the service shares: the embedded font, the document's metadata and the
 * collection of the output into one Buffer.
 *
 * Font: DejaVu Sans (package dejavu-fonts-ttf, TrueType). PDF's standard fonts have no
 * ă ș ț (comma below); an embedded TrueType font has them, and pdfkit subsets it (only the
 * glyphs used go into the file) with a ToUnicode map, so the text is also extractable and
 * searchable. The file is resolved from node_modules the way Node resolves a package (it works
 * from `npm ci`, from tsx and from the bundled Electron main, which keeps dependencies external);
 * nothing is fetched at run time.
 */

const require = createRequire(import.meta.url);

let pdfkit: typeof PDFDocumentClass | undefined;
/**
 * pdfkit (with fontkit, brotli and its tables) is loaded at the first PDF, not at start-up: it
 * took about 0.4 s of a cold start, and most runs make no PDF.
 */
const loadPdfkit = (): typeof PDFDocumentClass => (pdfkit ??= require('pdfkit') as typeof PDFDocumentClass);

const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

export type FontWeight = keyof typeof FONT_FILES;

let fontPaths: Record<FontWeight, string> | undefined;

/**
 * The font files' absolute paths, resolved on first use (a missing package fails loudly here,
 * at the first PDF, rather than printing boxes). pdfkit caches a font per document under its
 * path, so a weight is read and parsed once per document.
 */
export function fontFiles(): Record<FontWeight, string> {
  fontPaths ??= { regular: require.resolve(FONT_FILES.regular), bold: require.resolve(FONT_FILES.bold) };
  return fontPaths;
}

export type Pdf = PDFKit.PDFDocument;

export interface PdfOptions {
  size: [number, number] | string;
  margin: number;
  title: string;
  author: string;
  subject: string;
  keywords?: string;
}

/** A new document, the regular weight selected (use() picks a weight). */
export function newPdf(options: PdfOptions): Pdf {
  const PDFDocument = loadPdfkit();
  return new PDFDocument({
    size: options.size,
    margin: options.margin,
    // The default font would be Helvetica read from pdfkit's AFM files: start on ours instead.
    font: fontFiles().regular,
    // Page numbers are written once every page exists.
    bufferPages: true,
    lang: 'ro-RO',
    displayTitle: true,
    info: {
      Title: options.title,
      Author: options.author,
      Subject: options.subject,
      Keywords: options.keywords ?? '',
      Creator: 'ERP Workbench',
      Producer: 'ERP Workbench (pdfkit)',
    },
  });
}

/** Selects a weight of the embedded font. */
export function use(doc: Pdf, weight: FontWeight): Pdf {
  return doc.font(fontFiles()[weight]);
}

/** Ends the document and answers its bytes. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export interface TextStyle {
  weight?: FontWeight;
  size?: number;
  align?: 'left' | 'right' | 'center';
  color?: string;
  /** Clip to this height with an ellipsis (a label has no room for a second page). */
  maxHeight?: number;
}

const layout = (width: number, o: TextStyle) => ({
  width,
  align: o.align ?? 'left',
  ...(o.maxHeight !== undefined && { height: o.maxHeight, ellipsis: true }),
});

/** The height `text` takes in a style within `width` (selects that weight and size). */
export function measure(doc: Pdf, text: string, width: number, o: TextStyle = {}): number {
  use(doc, o.weight ?? 'regular').fontSize(o.size ?? 9);
  const height = doc.heightOfString(text, layout(width, o));
  return o.maxHeight === undefined ? height : Math.min(height, o.maxHeight);
}

/** Writes `text` in a weight and size at (x, y) within `width`; answers the height used. */
export function put(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  o: TextStyle = {},
): number {
  const height = measure(doc, text, width, o);
  doc.fillColor(o.color ?? '#1b1f24').text(text, x, y, layout(width, o));
  return height;
}

/** A red, tilted "ANULATĂ" (an AWB: "ANULAT") across the page (on every page of a cancelled document). */
export function cancelledStamp(doc: Pdf, size = 80, text = 'ANULATĂ'): void {
  const { width, height } = doc.page;
  doc.save();
  doc.rotate(-30, { origin: [width / 2, height / 2] });
  use(doc, 'bold').fontSize(size).fillColor('#b00020').fillOpacity(0.18);
  doc.text(text, 0, height / 2 - size / 2, { width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
}
