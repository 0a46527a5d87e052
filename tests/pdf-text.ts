import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Opens a PDF with Mozilla's PDF.js (the legacy build runs under Node) and answers its page
 * count and the text of each page, as a viewer would extract it: proof that the file is a real
 * PDF and that its embedded font maps every glyph back to the character (ToUnicode), diacritics
 * included.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string[]; title: string | undefined }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const text: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      text.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
    }
    const meta = await pdf.getMetadata();
    const info = meta.info as { Title?: unknown };
    return { pages: pdf.numPages, text, title: typeof info.Title === 'string' ? info.Title : undefined };
  } finally {
    await pdf.destroy();
  }
}
