import type { DataTableColumn, FetchWindow, SortDirection } from './types.ts';
import { csvLine, type CsvValue } from './csv-format.ts';

export { csvField, csvLine, neutralise, type CsvValue } from './csv-format.ts';

/*
 * Export of the current view (same filters, same sort) to CSV, read window by window and written
 * as it arrives:
 *
 * - where the File System Access API is present (Chromium, the Electron window), the user picks
 *   the file first and every window is written to it at once (`showSaveFilePicker` +
 *   `createWritable`): nothing of the file stays in memory;
 * - elsewhere the text is collected in chunks folded into Blobs (Chromium keeps large Blobs
 *   outside the JS heap, on disk if need be) and handed over as a download at the end.
 *
 * The CSV is RFC 4180 (comma, CRLF, quotes doubled), UTF-8 with a BOM so that Excel reads ă î ș ț,
 * with raw values (numbers with a dot, dates as the API writes them): it is data, not a report.
 */

export const EXPORT_WINDOW = 500;
const BOM = '\uFEFF';
const FOLD_EVERY = 20;

function cellValue<T>(column: DataTableColumn<T>, row: T): CsvValue {
  if (column.csv) return column.csv(row);
  const value = column.value ? column.value(row) : (row as Record<string, unknown>)[column.id];
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

export function csvRows<T>(columns: readonly DataTableColumn<T>[], rows: readonly T[]): string {
  let out = '';
  for (const row of rows) out += csvLine(columns.map((column) => cellValue(column, row)));
  return out;
}

/** Where the CSV goes. */
export interface CsvSink {
  readonly kind: 'file-system-access' | 'download';
  write(chunk: string): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

interface WritableFileStream {
  write(data: string): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
}
interface SaveFilePickerWindow {
  showSaveFilePicker?: (options: {
    suggestedName?: string;
    types?: { description: string; accept: Record<string, string[]> }[];
  }) => Promise<{ createWritable(): Promise<WritableFileStream> }>;
}

/** A download of a Blob built from chunks (folded as they come, so no huge string is ever held). */
export function downloadSink(fileName: string): CsvSink {
  let parts: BlobPart[] = [];
  let pending = 0;
  return {
    kind: 'download',
    async write(chunk) {
      parts.push(chunk);
      if (++pending >= FOLD_EVERY) {
        parts = [new Blob(parts, { type: 'text/csv;charset=utf-8' })];
        pending = 0;
      }
    },
    async close() {
      const blob = new Blob(parts, { type: 'text/csv;charset=utf-8' });
      parts = [];
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.style.display = 'none';
      document.body.append(link);
      link.click();
      link.remove();
      // The download has started from the object URL; free it once the browser has it.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    async abort() {
      parts = [];
    },
  };
}

/**
 * Asks for the file where the File System Access API exists (call it straight from the click:
 * the picker needs the user's gesture), else falls back to a download. `null`: the user closed
 * the picker.
 */
export async function openCsvSink(fileName: string): Promise<CsvSink | null> {
  const picker = (window as unknown as SaveFilePickerWindow).showSaveFilePicker;
  if (typeof picker !== 'function') return downloadSink(fileName);
  let handle;
  try {
    handle = await picker.call(window, { suggestedName: fileName, types: [{ description: 'CSV', accept: { 'text/csv': ['.csv'] } }] });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    // Refused (no permission, a policy): fall back to a download.
    return downloadSink(fileName);
  }
  const writable = await handle.createWritable();
  return {
    kind: 'file-system-access',
    write: (chunk) => writable.write(chunk),
    close: () => writable.close(),
    abort: () => writable.abort().catch(() => undefined),
  };
}

export interface ExportProgress {
  done: number;
  total: number;
}

/**
 * Reads the view window by window (`EXPORT_WINDOW` rows each, in the view's sort) and writes each
 * to `sink` as CSV; the visible columns in their order. Stops when `signal` fires (the sink is
 * aborted and the AbortError rethrown). Returns the rows written.
 */
export async function exportCsv<T>(options: {
  fetchWindow: FetchWindow<T>;
  sort: string | undefined;
  direction: SortDirection;
  columns: readonly DataTableColumn<T>[];
  sink: CsvSink;
  signal: AbortSignal;
  onProgress: (progress: ExportProgress) => void;
}): Promise<number> {
  const { fetchWindow, sort, direction, columns, sink, signal, onProgress } = options;
  let done = 0;
  try {
    await sink.write(BOM + csvLine(columns.map((column) => column.header)));
    let total = Infinity;
    while (done < total) {
      signal.throwIfAborted();
      const window = await fetchWindow(done, EXPORT_WINDOW, sort, direction, signal);
      signal.throwIfAborted();
      total = window.total;
      if (window.rows.length === 0) break;
      await sink.write(csvRows(columns, window.rows));
      done += window.rows.length;
      onProgress({ done, total: Math.max(total, done) });
      if (window.rows.length < EXPORT_WINDOW) break;
    }
    await sink.close();
    return done;
  } catch (error) {
    await sink.abort();
    throw error;
  }
}
