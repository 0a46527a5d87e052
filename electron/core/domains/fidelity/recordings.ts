import { closeSync, lstatSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { notFound } from '../../../../shared/contract/errors.ts';
import type { Recording } from '../../../../shared/domain/fidelity.ts';
import { formatTimestamp } from '../../time.ts';
import { ENTRIES_FIELD } from './har-file.ts';
import { recordingNamePattern } from './recording-names.ts';

/*
 * The recordings of an account as the control API lists and serves them. Only names of the
 * account's own recordings are read (recording-names.ts: no other account's file, no path), and
 * only regular files (not a link planted in the folder).
 */

/** The count the recorder keeps in the header; a file without it (not ours) counts none. */
function entriesOf(path: string): number {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(512);
    const read = readSync(fd, head, 0, head.length, 0);
    const count = ENTRIES_FIELD.exec(head.subarray(0, read).toString('latin1'));
    return count ? Number(count[1]) : 0;
  } finally {
    closeSync(fd);
  }
}

/** The account's recordings, newest first; none when the folder does not exist yet. */
export function listRecordings(dir: string, companyId: number): Recording[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const pattern = recordingNamePattern(companyId);
  return names
    .filter((name) => pattern.test(name))
    .flatMap((name) => {
      const stat = lstatSync(join(dir, name));
      return stat.isFile() ? [{ name, stat }] : [];
    })
    .sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs || b.name.localeCompare(a.name, 'en', { numeric: true }))
    .map(({ name, stat }) => ({
      file_name: name,
      company_id: companyId,
      size_bytes: stat.size,
      entries: entriesOf(join(dir, name)),
      modified_at: formatTimestamp(stat.mtime),
    }));
}

/** One of the account's recordings, as stored; 404 for any other name (another account's, a path, absent). */
export function readRecording(dir: string, companyId: number, fileName: string): Buffer {
  const missing = () => notFound(`recording ${fileName}: no such recording of account ${companyId}`);
  if (!recordingNamePattern(companyId).test(fileName)) throw missing();
  const path = join(dir, fileName);
  try {
    if (!lstatSync(path).isFile()) throw missing();
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw missing();
    throw error;
  }
}
