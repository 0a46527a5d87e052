/*
 * One CSV field and line as the window's exports write them (RFC 4180: comma, CRLF, quotes
 * doubled), with formulas neutralised. No DOM here: the unit tests load it under Node.
 */

export type CsvValue = string | number | boolean | null | undefined;

/** A plain number as text ("-41.40", "+3", "1,5"): data a spreadsheet reads as a number, not a formula. */
const PLAIN_NUMBER = /^\s*[-+]?\d+([.,]\d+)?\s*$/;

/**
 * A value that a spreadsheet would run as a formula gets a leading apostrophe (CSV injection,
 * OWASP's rule): one that starts with a tab, CR or LF, or whose first character after any leading
 * spaces is = + - or @ ("  =HYPERLINK(...)" is run as well). A plain number keeps its sign and
 * stays a number. Only exports made for people do this: the REST API's format:csv is the spec's
 * data, byte for byte.
 */
export function neutralise(text: string): string {
  if (/^[\t\r\n]/.test(text)) return `'${text}`;
  return /^[ \u00a0]*[=+\-@]/.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  const text = neutralise(String(value));
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
