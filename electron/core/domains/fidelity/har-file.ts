import { closeSync, ftruncateSync, openSync, readFileSync, readSync, statSync, writeSync } from 'node:fs';
import { APP_VERSION } from '../../version.ts';
import { makePrivate } from '../../store/private-files.ts';

/*
 * One recording file, a HAR 1.2 document kept valid while it grows: the header, one entry a line
 * (JSON.stringify writes no raw line break), and the closing `]}}`. An entry goes in with one
 * positional write over the closing (`,` the entry, the closing again): never a rewrite of the
 * file. The header holds the count of entries in a fixed-width custom field (`_entries`; spaces
 * after a number are JSON whitespace), rewritten in place, so a listing reads it from the first
 * bytes. Only a kill in the middle of that write (SIGKILL, a power loss) can leave the file cut
 * short; the next open repairs it, back to its last whole entry, and counts the entries again.
 */

const CLOSING = '\n]}}\n';
const COUNT_WIDTH = 12;
const COUNT_FIELD = '"_entries":';
/** The header's count (and so where it may be rewritten). */
export const ENTRIES_FIELD = /"_entries":(\d+) */;

function header(): string {
  const creator = JSON.stringify({ name: 'ERP Workbench', version: APP_VERSION });
  const comment = JSON.stringify('Recorded by ERP Workbench in proxy mode: credentials removed, personal data pseudonymised (one key per recording).');
  return `{"log":{"version":"1.2","creator":${creator},"comment":${comment},${COUNT_FIELD}${'0'.padEnd(COUNT_WIDTH)},"entries":[`;
}

export interface HarFile {
  readonly path: string;
  readonly size: number;
  readonly entries: number;
  /** Appends one entry (its JSON); the file as it was when the write fails (disk full). */
  append(json: string): void;
  close(): void;
}

function harFile(path: string, fd: number, size: number, entries: number, countAt: number): HarFile {
  const file = {
    path,
    size,
    entries,
    append(json: string): void {
      const bytes = Buffer.from(`${file.entries === 0 ? '\n' : ',\n'}${json}${CLOSING}`, 'utf8');
      const at = file.size - CLOSING.length;
      try {
        if (writeSync(fd, bytes, 0, bytes.length, at) !== bytes.length) throw new Error('short write');
      } catch (error) {
        ftruncateSync(fd, file.size);
        writeSync(fd, CLOSING, at, 'utf8');
        throw error;
      }
      file.size = at + bytes.length;
      file.entries++;
      writeSync(fd, String(file.entries).padEnd(COUNT_WIDTH), countAt, 'utf8');
    },
    close: () => closeSync(fd),
  };
  return file;
}

/** A new, empty recording (0600); fails when the file exists. */
export function createHarFile(path: string): HarFile {
  const text = `${header()}${CLOSING}`;
  const fd = openSync(path, 'wx', 0o600);
  writeSync(fd, text, 0, 'utf8');
  makePrivate(path);
  return harFile(path, fd, Buffer.byteLength(text), 0, header().indexOf(COUNT_FIELD) + COUNT_FIELD.length);
}

/**
 * The whole entries of a file cut short (one a line, up to the first that does not read) and
 * the file brought back to them with its closing; false when it is not one of ours.
 */
function repair(path: string, fd: number): boolean {
  const lines = readFileSync(path, 'utf8').split('\n');
  if (!lines[0]?.startsWith('{"log":') || !lines[0].endsWith('"entries":[')) return false;
  let kept = 1;
  while (kept < lines.length) {
    const line = lines[kept]!.endsWith(',') ? lines[kept]!.slice(0, -1) : lines[kept]!;
    try {
      if (typeof JSON.parse(line) !== 'object') break;
    } catch {
      break;
    }
    kept++;
  }
  const body = lines.slice(0, kept).join('\n').replace(/,$/, '');
  const text = `${body}${CLOSING}`;
  ftruncateSync(fd, 0);
  writeSync(fd, text, 0, 'utf8');
  writeSync(fd, String(kept - 1).padEnd(COUNT_WIDTH), lines[0].indexOf(COUNT_FIELD) + COUNT_FIELD.length, 'utf8');
  return true;
}

/** An existing recording to go on with (repaired when cut short); undefined when it is not one of ours. */
export function openHarFile(path: string): HarFile | undefined {
  const fd = openSync(path, 'r+');
  const tail = Buffer.alloc(CLOSING.length);
  const size = statSync(path).size;
  const whole = size >= CLOSING.length && readSync(fd, tail, 0, tail.length, size - tail.length) === tail.length && tail.toString('latin1') === CLOSING;
  if (!whole && !repair(path, fd)) {
    closeSync(fd);
    return undefined;
  }
  const head = Buffer.alloc(512);
  const count = ENTRIES_FIELD.exec(head.subarray(0, readSync(fd, head, 0, head.length, 0)).toString('latin1'));
  if (!count) {
    closeSync(fd);
    return undefined;
  }
  // A kill between an entry and its count leaves the count one short: one line per entry, two for the closing.
  const countAt = count.index + COUNT_FIELD.length;
  const bytes = readFileSync(path);
  let entries = -2;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) entries++;
  if (entries !== Number(count[1])) writeSync(fd, String(entries).padEnd(COUNT_WIDTH), countAt, 'utf8');
  return harFile(path, fd, bytes.length, entries, countAt);
}
