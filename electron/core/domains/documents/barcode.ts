import { createRequire } from 'node:module';
import type BwipJs from 'bwip-js';

// bwip-js is loaded on the first barcode, not at start-up (most runs print no AWB label).
const require = createRequire(import.meta.url);
let bwipjs: typeof BwipJs | undefined;

/**
 * The Code 128 of an AWB number, as bar and space widths in modules (bar, space, bar, ...),
 * encoded by bwip-js (the encoding, check digit and start/stop codes are its job); each page
 * draws the bars itself, as vector rectangles, so a label prints sharp at any scale.
 * Undefined when the number cannot be encoded (Code 128 takes ASCII only; a partner's AWB
 * number may hold other characters): the label then shows the number alone.
 */
export function code128(text: string): number[] | undefined {
  if (text === '' || !/^[\x20-\x7e]+$/.test(text)) return undefined;
  try {
    bwipjs ??= require('bwip-js') as typeof BwipJs;
    const symbols = bwipjs.raw('code128', text, {});
    const first = symbols[0];
    return first && 'sbs' in first && first.sbs.length > 0 ? first.sbs : undefined;
  } catch {
    return undefined;
  }
}

/** The bars of a width list as [x, width] pairs in modules (spaces skipped), and the total width. */
export function bars(widths: readonly number[]): { bars: Array<[number, number]>; modules: number } {
  const out: Array<[number, number]> = [];
  let x = 0;
  widths.forEach((w, i) => {
    if (i % 2 === 0) out.push([x, w]);
    x += w;
  });
  return { bars: out, modules: x };
}

/** An inline SVG of the barcode (for the HTML label); only numbers go into it. */
export function barcodeSvg(widths: readonly number[], height = 60): string {
  const { bars: list, modules } = bars(widths);
  // A quiet zone of ten modules on each side, as scanners expect.
  const total = modules + 20;
  const rects = list.map(([x, w]) => `<rect x="${x + 10}" y="0" width="${w}" height="${height}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${height}" preserveAspectRatio="none" role="img" aria-label="cod de bare">${rects}</svg>`;
}
