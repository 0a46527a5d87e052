import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../../time.ts';
import { ensurePrivateDir, makePrivate } from '../../store/private-files.ts';
import { createHarFile, openHarFile, type HarFile } from './har-file.ts';
import { harEntry, type Exchange } from './har-entry.ts';
import { createPseudonymiser, type Pseudonymiser } from './pseudonymise.ts';
import { KEYS_DIR, keyFileOf, partName, recordingBase } from './recording-names.ts';

export type { Exchange } from './har-entry.ts';

/*
 * The proxy's recordings: HAR 1.2 files a browser, Postman or WireMock opens (har-file.ts keeps
 * each one valid while it grows), one a day or one a service start per account, cut into parts
 * past a size bound. Each recording has its own pseudonym key, kept beside it (.keys/, 0600),
 * so a restart goes on with the same pseudonyms and nobody reading the HAR alone can undo them.
 */

export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;

interface OpenRecording {
  file: HarFile;
  /** 1 for <base>.har, 2 for <base>-2.har, ... */
  part: number;
  key: Buffer;
  pseudonymiser: Pseudonymiser;
}

export function createRecorder(options: { dir: string; clock: Clock; maxFileBytes?: number }) {
  const { dir, clock } = options;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const sessionStart = clock.now();
  /** Open file per recording base (`42-2026-11-29`, `42-session-...`). */
  const open = new Map<string, OpenRecording>();
  let failing = false;

  function saveKey(fileName: string, key: Buffer): void {
    writeFileSync(keyFileOf(dir, fileName), key.toString('hex'), { mode: 0o600 });
    makePrivate(keyFileOf(dir, fileName));
  }

  /** An existing part to go on with: its key beside it, the file ours (repaired when cut short). */
  function reopen(base: string, part: number): OpenRecording | undefined {
    const fileName = partName(base, part);
    if (!existsSync(keyFileOf(dir, fileName))) return undefined;
    const key = Buffer.from(readFileSync(keyFileOf(dir, fileName), 'utf8').trim(), 'hex');
    const file = key.length === 32 ? openHarFile(join(dir, fileName)) : undefined;
    return file && { file, part, key, pseudonymiser: createPseudonymiser(key) };
  }

  function create(base: string, part: number, key: Buffer): OpenRecording {
    const fileName = partName(base, part);
    saveKey(fileName, key);
    return { file: createHarFile(join(dir, fileName)), part, key, pseudonymiser: createPseudonymiser(key) };
  }

  /** The file of `base` to append to: the last part on disk when it can go on, else a new part. */
  function fileFor(base: string): OpenRecording {
    const current = open.get(base);
    if (current) return current;
    for (const [otherBase, other] of open) {
      // Yesterday's file of the same account and mode: done.
      if (otherBase.split('-')[0] === base.split('-')[0] && otherBase.includes('session') === base.includes('session')) {
        other.file.close();
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
  function rotate(base: string, full: OpenRecording): OpenRecording {
    full.file.close();
    const next = create(base, full.part + 1, full.key);
    open.set(base, next);
    return next;
  }

  return {
    /** Records one forwarded call; never throws into the request: a failure is reported once on stderr. */
    record(companyId: number, mode: 'day' | 'session', exchange: Exchange): void {
      try {
        const base = recordingBase(companyId, mode, clock.now(), sessionStart);
        let recording = fileFor(base);
        const json = JSON.stringify(harEntry(exchange, recording.pseudonymiser));
        if (recording.file.entries > 0 && recording.file.size + Buffer.byteLength(json) + 2 > maxFileBytes) recording = rotate(base, recording);
        recording.file.append(json);
        failing = false;
      } catch (error) {
        if (failing) return;
        failing = true;
        process.stderr.write(`[erp-workbench] recording a proxied call failed (${(error as Error).message}); the calls go on unrecorded until it works again\n`);
      }
    },
    close(): void {
      for (const recording of open.values()) recording.file.close();
      open.clear();
    },
  };
}
