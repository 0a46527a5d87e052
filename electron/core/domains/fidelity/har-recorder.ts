import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, readSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../../time.ts';
import { APP_VERSION } from '../../version.ts';
import { ensurePrivateDir, makePrivate } from '../../store/private-files.ts';
import { harEntry, type Exchange } from './har-entry.ts';
import { createPseudonymiser, type Pseudonymiser } from './pseudonymise.ts';
import { KEYS_DIR, keyFileOf, partName, recordingBase } from './recording-names.ts';

export type { Exchange } from './har-entry.ts';

/*
 * The proxy's recordings: HAR 1.2 files a browser, Postman or WireMock opens, written so the file
 * is a valid HAR at every moment. Each entry goes in with one positional write over the closing
 * `]}}` (the entry, then the closing again): never a rewrite of the file, and a process that dies
 * between two calls leaves a whole HAR. The header holds the count of entries in a fixed-width
 * custom field (`_entries`, spaces after the number are JSON whitespace), updated in place, so a
 * listing reads it from the file's first bytes.
 */

export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;
const CLOSING = '\n]}}\n';
const COUNT_WIDTH = 12;
/** Where the header's count field is found (and so where it may be rewritten). */
export const ENTRIES_FIELD = /"_entries":(\d+) */;

function header(): string {
  const creator = JSON.stringify({ name: 'ERP Workbench', version: APP_VERSION });
  const comment = JSON.stringify('Recorded by ERP Workbench in proxy mode: credentials removed, personal data pseudonymised (one key per recording).');
  return `{"log":{"version":"1.2","creator":${creator},"comment":${comment},"_entries":${'0'.padEnd(COUNT_WIDTH)},"entries":[`;
}

interface OpenFile {
  fileName: string;
  /** 1 for <base>.har, 2 for <base>-2.har, ... */
  part: number;
  fd: number;
  size: number;
  entries: number;
  /** Byte offset of the count's digits in the header. */
  countAt: number;
  key: Buffer;
  pseudonymiser: Pseudonymiser;
}

export function createRecorder(options: { dir: string; clock: Clock; maxFileBytes?: number }) {
  const { dir, clock } = options;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const sessionStart = clock.now();
  /** Open file per recording base (`42-2026-11-29`, `42-session-...`). */
  const open = new Map<string, OpenFile>();
  let failing = false;

  function newKey(fileName: string, key: Buffer): Buffer {
    writeFileSync(keyFileOf(dir, fileName), key.toString('hex'), { mode: 0o600, flag: 'w' });
    makePrivate(keyFileOf(dir, fileName));
    return key;
  }

  /** An existing file of ours to go on with: its closing in place and its key beside it; undefined otherwise. */
  function reopen(base: string, part: number): OpenFile | undefined {
    const fileName = partName(base, part);
    const path = join(dir, fileName);
    const keyFile = keyFileOf(dir, fileName);
    if (!existsSync(keyFile)) return undefined;
    const key = Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'hex');
    const fd = openSync(path, 'r+');
    const size = statSync(path).size;
    const head = Buffer.alloc(Math.min(size, 512));
    readSync(fd, head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(size, CLOSING.length));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    const count = ENTRIES_FIELD.exec(head.toString('latin1'));
    if (key.length !== 32 || !count || tail.toString('latin1') !== CLOSING) {
      closeSync(fd);
      return undefined;
    }
    const countAt = count.index + '"_entries":'.length;
    return { fileName, part, fd, size, entries: Number(count[1]), countAt, key, pseudonymiser: createPseudonymiser(key) };
  }

  function create(base: string, part: number, key: Buffer): OpenFile {
    const fileName = partName(base, part);
    const text = `${header()}${CLOSING}`;
    const fd = openSync(join(dir, fileName), 'wx', 0o600);
    writeSync(fd, text, 0, 'utf8');
    makePrivate(join(dir, fileName));
    newKey(fileName, key);
    return { fileName, part, fd, size: Buffer.byteLength(text), entries: 0, countAt: header().indexOf('"_entries":') + '"_entries":'.length, key, pseudonymiser: createPseudonymiser(key) };
  }

  /** The file of `base` to append to: the last part on disk when it can go on, else a new part. */
  function fileFor(base: string): OpenFile {
    const current = open.get(base);
    if (current) return current;
    for (const [otherBase, other] of open) {
      // Yesterday's file of the same account and mode: done.
      if (otherBase.split('-')[0] === base.split('-')[0] && otherBase.includes('session') === base.includes('session')) {
        closeSync(other.fd);
        open.delete(otherBase);
      }
    }
    ensurePrivateDir(dir);
    ensurePrivateDir(join(dir, KEYS_DIR));
    let part = 1;
    while (existsSync(join(dir, partName(base, part + 1)))) part++;
    const exists = existsSync(join(dir, partName(base, part)));
    // A last part that cannot go on (its key or its closing gone): a new part, a new key.
    const file = (exists ? reopen(base, part) : undefined) ?? create(base, exists ? part + 1 : part, randomBytes(32));
    open.set(base, file);
    return file;
  }

  /** The next part of a recording past the size bound: the same key, so pseudonyms go on. */
  function rotate(base: string, full: OpenFile): OpenFile {
    closeSync(full.fd);
    const next = create(base, full.part + 1, full.key);
    open.set(base, next);
    return next;
  }

  function append(file: OpenFile, json: string): void {
    const bytes = Buffer.from(`${file.entries === 0 ? '\n' : ',\n'}${json}${CLOSING}`, 'utf8');
    const at = file.size - CLOSING.length;
    try {
      if (writeSync(file.fd, bytes, 0, bytes.length, at) !== bytes.length) throw new Error('short write');
    } catch (error) {
      // Disk full or a short write: the file as it was, closing included.
      ftruncateSync(file.fd, file.size);
      writeSync(file.fd, CLOSING, at, 'utf8');
      throw error;
    }
    file.size = at + bytes.length;
    file.entries++;
    writeSync(file.fd, String(file.entries).padEnd(COUNT_WIDTH), file.countAt, 'utf8');
  }

  return {
    /** Records one forwarded call; never throws into the request: a failure is reported once on stderr. */
    record(companyId: number, mode: 'day' | 'session', exchange: Exchange): void {
      try {
        const base = recordingBase(companyId, mode, clock.now(), sessionStart);
        let file = fileFor(base);
        const json = JSON.stringify(harEntry(exchange, file.pseudonymiser));
        if (file.entries > 0 && file.size + Buffer.byteLength(json) + 2 > maxFileBytes) file = rotate(base, file);
        append(file, json);
        failing = false;
      } catch (error) {
        if (failing) return;
        failing = true;
        process.stderr.write(`[erp-workbench] recording a proxied call failed (${(error as Error).message}); the calls go on unrecorded until it works again\n`);
      }
    },
    close(): void {
      for (const file of open.values()) closeSync(file.fd);
      open.clear();
    },
  };
}
