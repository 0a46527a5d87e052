import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';

/**
 * CSV and XML exports of product rows, streamed: rows come in batches from `next` (one keyset
 * query each, never an open cursor between batches) and each batch is written as text and
 * pushed when the reader asks for more, so a whole-catalogue export holds one batch in memory.
 *
 * CSV (RFC 4180): a header line, then one line per row (CRLF, fields quoted when needed, UTF-8
 * without BOM). null is an empty field. A list of images is the image URLs joined by '|'
 * (images kept only locally have no URL yet and are left out); a list of properties is
 * `name=value` pairs joined by '; '. Rows with nested `workpoints` (the stocks export) give one
 * line per workpoint: the product's columns repeated, then the workpoint_* columns.
 *
 * XML: `<products>` (with page and has_more_pages attributes when a page was asked for) holding
 * one `<product>` per row, one child element per column in the column order; null is an empty
 * element with nil="true"; lists are `<images><image>...`, `<properties><property>...`,
 * `<workpoints><workpoint>...`, each item's fields as child elements. Text escapes & < > (and CR,
 * which parsers would otherwise fold); characters XML 1.0 cannot carry are dropped. The XML is
 * written directly rather than through xmlbuilder2: its DOM costs about half a millisecond per
 * product, over a minute for a 150 000-variant catalogue with images, against about 3 s here.
 */

export type ExportFormat = 'csv' | 'xml';

export interface ExportLayout {
  /** Column (and XML element) order of a row. */
  columns: readonly string[];
  /** Stocks: nested workpoints, flattened in CSV under these column names (key in the item -> column). */
  workpointColumns?: ReadonlyArray<readonly [key: string, column: string]>;
}

export interface ExportPage {
  page: number;
  hasMore: boolean;
}

export const EXPORT_CONTENT_TYPE: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

type Row = Record<string, unknown>;

const ITEM_NAME: Record<string, string> = { images: 'image', properties: 'property', workpoints: 'workpoint' };

// Characters XML 1.0 cannot carry at all; they are dropped from text.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function csvCell(column: string, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    if (column === 'images') {
      return (value as Array<{ url: string | null }>).flatMap((image) => (image.url ? [image.url] : [])).join('|');
    }
    if (column === 'properties') {
      return (value as Array<{ name: string; value: string }>).map((p) => `${p.name}=${p.value}`).join('; ');
    }
    return JSON.stringify(value);
  }
  return value as string | number;
}

function csvRecords(layout: ExportLayout, rows: Row[]): Array<Array<string | number | null>> {
  const records: Array<Array<string | number | null>> = [];
  for (const row of rows) {
    const base = layout.columns.map((column) => csvCell(column, row[column]));
    if (!layout.workpointColumns) {
      records.push(base);
      continue;
    }
    const workpoints = (row.workpoints as Row[] | undefined) ?? [];
    if (workpoints.length === 0) records.push([...base, ...layout.workpointColumns.map(() => null)]);
    for (const workpoint of workpoints) {
      records.push([...base, ...layout.workpointColumns.map(([key]) => csvCell(key, workpoint[key]))]);
    }
  }
  return records;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };

/** Text content: markup characters escaped, CR kept as a reference (parsers would fold CRLF). */
function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>\r]/g, (c) => XML_ESCAPES[c]!);
}

function xmlValue(name: string, value: unknown): string {
  if (value === null || value === undefined) return `<${name} nil="true"/>`;
  if (Array.isArray(value)) {
    const item = ITEM_NAME[name] ?? 'item';
    let out = `<${name}>`;
    for (const entry of value as Row[]) {
      out += `<${item}>`;
      for (const [key, field] of Object.entries(entry)) out += xmlValue(key, field);
      out += `</${item}>`;
    }
    return `${out}</${name}>`;
  }
  return `<${name}>${typeof value === 'string' ? xmlText(value) : String(value)}</${name}>`;
}

function xmlRows(layout: ExportLayout, rows: Row[]): string {
  let out = '';
  for (const row of rows) {
    out += '<product>';
    for (const column of layout.columns) out += xmlValue(column, row[column]);
    if (layout.workpointColumns) out += xmlValue('workpoints', row.workpoints ?? []);
    out += '</product>\n';
  }
  return out;
}

/** A text stream of the export; `next` answers the next batch of rows, or null at the end. */
export function exportStream(format: ExportFormat, layout: ExportLayout, next: () => Row[] | null, page?: ExportPage): Readable {
  let started = false;
  const header = layout.columns.concat(layout.workpointColumns?.map(([, column]) => column) ?? []);
  return new Readable({
    // How far the export reads ahead of its reader, pinned: Node 22 raised the default from
    // 16 KiB to 64 KiB, which would change how many batches go out before a reset ends it.
    highWaterMark: 16 * 1024,
    read() {
      try {
        let chunk = '';
        if (!started) {
          started = true;
          chunk =
            format === 'csv'
              ? stringify([header], { record_delimiter: 'windows' })
              : '<?xml version="1.0" encoding="UTF-8"?>\n' +
                (page ? `<products page="${page.page}" has_more_pages="${page.hasMore}">\n` : '<products>\n');
        }
        const rows = next();
        if (rows === null) {
          if (format === 'xml') chunk += '</products>\n';
          if (chunk) this.push(chunk);
          this.push(null);
          return;
        }
        chunk += format === 'csv' ? stringify(csvRecords(layout, rows), { record_delimiter: 'windows' }) : xmlRows(layout, rows);
        // A batch is never empty, so the chunk is not either (an empty push would stall the stream).
        this.push(chunk);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
}
