/**
 * c) exports: the whole product list as CSV and as XML (every sellable product, streamed), one
 *    export after another for the run's duration, on the service and on the minimal
 *    implementation; rows per second and server CPU per row.
 */
import { createHash } from 'node:crypto';
import type { BenchContext } from './context.ts';
import type { Measurable } from './load.ts';
import { cpuSeconds, memoryMb } from './proc-stats.ts';
import { ratioCheck, ratiosOf, type Figures, type ReportRow } from './report.ts';

const SECTION = 'c) exports (whole product list, one export at a time) vs the minimal implementation';

/** Counts CSV records: line feeds outside quoted fields (a product description may hold some). */
export function csvRecordCounter(): { add(chunk: Uint8Array): void; readonly records: number } {
  let quoted = false;
  let records = 0;
  return {
    add(chunk) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) records++;
      }
    },
    get records() {
      return records;
    },
  };
}

/** Counts `</product>` in a stream cut anywhere (text values may hold line feeds). */
export function xmlRecordCounter(): { add(chunk: Uint8Array): void; readonly records: number } {
  const needle = Buffer.from('</product>');
  let carry = Buffer.alloc(0);
  let records = 0;
  return {
    add(chunk) {
      const text = Buffer.concat([carry, chunk]);
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) records++;
      carry = text.subarray(Math.max(0, text.length - needle.length + 1));
    },
    get records() {
      return records;
    },
  };
}

export interface ExportRun {
  server: 'service' | 'minimal';
  rows_per_s: number;
  cpu_us_per_row: number;
  exports: number;
  rows_per_export: number;
  seconds_per_export: number;
  bytes_per_row: number;
  rss_mb: number;
  failures: number;
  /** SHA-256 of the warm-up export: the minimal implementation should write the same bytes. */
  sha256: string;
}

async function exportOnce(url: string, authorization: string, format: 'csv' | 'xml'): Promise<{ rows: number; bytes: number; sha256: string }> {
  const response = await fetch(url, { headers: { authorization } });
  if (response.status !== 200 || !response.body) throw new Error(`GET ${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  const counter = format === 'csv' ? csvRecordCounter() : xmlRecordCounter();
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of response.body) {
    counter.add(chunk);
    hash.update(chunk);
    bytes += chunk.length;
  }
  // The CSV's first line is its header.
  return { rows: format === 'csv' ? counter.records - 1 : counter.records, bytes, sha256: hash.digest('hex') };
}

/** Exports one after another for `seconds` (at least one), measuring the server meanwhile. */
async function exportRun(server: ExportRun['server'], target: Measurable & { base: string }, path: string, ctx: BenchContext, format: 'csv' | 'xml'): Promise<ExportRun> {
  const url = `${target.base}${path}`;
  const first = await exportOnce(url, ctx.reader.authorization, format); // warm-up: JIT, the file's pages
  const cpuBefore = cpuSeconds(target.pid);
  const started = performance.now();
  let exports = 0;
  let rows = 0;
  let bytes = 0;
  let failures = 0;
  do {
    try {
      const one = await exportOnce(url, ctx.reader.authorization, format);
      rows += one.rows;
      bytes += one.bytes;
      exports++;
    } catch (error) {
      failures++;
      ctx.log(`export failed: ${(error as Error).message}`);
      if (failures > 3) break;
    }
  } while (performance.now() - started < ctx.options.duration * 1000);
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(target.pid) - cpuBefore;
  const round = (x: number, d = 0) => Math.round(x * 10 ** d) / 10 ** d;
  return {
    server,
    rows_per_s: round(rows / seconds),
    cpu_us_per_row: rows > 0 ? round((cpu * 1e6) / rows, 2) : 0,
    exports,
    rows_per_export: exports > 0 ? Math.round(rows / exports) : 0,
    seconds_per_export: exports > 0 ? round(seconds / exports, 3) : 0,
    bytes_per_row: rows > 0 ? round(bytes / rows) : 0,
    rss_mb: round(memoryMb(target.pid).rss, 1),
    failures,
    sha256: first.sha256,
  };
}

const figuresOf = (run: ExportRun): Figures => ({
  server: run.server,
  rate: run.rows_per_s,
  cpu_us: run.cpu_us_per_row,
  rss_mb: run.rss_mb,
  errors: run.failures,
});

export async function benchExports(ctx: BenchContext): Promise<ReportRow[]> {
  const minimal = await ctx.minimal();
  const rows: ReportRow[] = [];
  for (const format of ['csv', 'xml'] as const) {
    ctx.log(`exports: ${format}`);
    const path = `${ctx.rest}/product/list/format:${format}/`;
    const minimalRun = await exportRun('minimal', minimal, path, ctx, format);
    const serviceRun = await exportRun('service', ctx.service, path, ctx, format);
    const ratios = ratiosOf(figuresOf(serviceRun), figuresOf(minimalRun));
    const notes: string[] = [];
    if (serviceRun.rows_per_export !== minimalRun.rows_per_export) {
      notes.push(`rows per export differ: service ${serviceRun.rows_per_export}, minimal ${minimalRun.rows_per_export}`);
    }
    notes.push(serviceRun.sha256 === minimalRun.sha256 ? 'the same bytes from both' : 'the bytes differ');
    notes.push(
      `${serviceRun.rows_per_export} rows, ${serviceRun.seconds_per_export} s and ${serviceRun.bytes_per_row} B/row per export (minimal ${minimalRun.seconds_per_export} s, ${minimalRun.bytes_per_row} B/row); CPU is per row`,
    );
    rows.push({
      section: SECTION,
      name: `product list ${format.toUpperCase()}`,
      unit: 'rows/s',
      lines: [figuresOf(serviceRun), figuresOf(minimalRun)],
      against: 'minimal',
      ratios,
      checks: [ratioCheck(ratios, 0.5)],
      note: notes.join('; '),
      details: { service: serviceRun, minimal: minimalRun },
    });
  }
  return rows;
}
