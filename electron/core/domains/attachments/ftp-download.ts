import { randomBytes } from 'node:crypto';
import { PassThrough, Readable, Transform, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { posix } from 'node:path';
import type { StorageTestResult } from '../../../../shared/domain/attachments.ts';
import { OperationError } from '../../../../shared/contract/errors.ts';
import { connect, isListed, isRefusal, unavailable, withClient, type FtpTarget } from './ftp-client.ts';

/**
 * A stored file as a stream of its original bytes, read from the storage while it is sent on
 * (never held whole): gunzipped when it was stored compressed. The promise settles when the
 * first bytes arrived (or the file turned out empty), so a missing file (404) or an unreachable
 * storage (503) is known before an answer starts. A failure after that destroys the stream, so
 * the receiver sees a cut transfer, never a short file that looks whole.
 */
export async function openDownload(target: FtpTarget, remotePath: string, gzip: boolean, missing: string): Promise<Readable> {
  const client = await connect(target);
  let arrived!: () => void;
  const firstBytes = new Promise<void>((resolve) => (arrived = resolve));
  // The destination basic-ftp pipes into; it only notes that data came.
  const tap = new Transform({
    transform(chunk, _encoding, done) {
      arrived();
      done(null, chunk);
    },
  });
  const transfer = client.downloadTo(tap, remotePath);
  const body: Readable = gzip ? tap.pipe(createGunzip()) : tap;
  // basic-ftp ends its destination even after a failure: `out` ends only after a complete transfer.
  const out = new PassThrough();
  body.pipe(out, { end: false });
  out.once('close', () => client.close());
  try {
    await Promise.race([firstBytes, transfer]);
  } catch (error) {
    const gone = isRefusal(error) && !client.closed && !(await isListed(client, remotePath).catch(() => true));
    client.close();
    out.destroy();
    if (gone) throw new OperationError(404, missing);
    throw unavailable(target, `download ${remotePath}`, error);
  }
  Promise.all([transfer, finished(body)]).then(
    () => out.end(),
    (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}

/** Every byte of a stream (the desktop window's base64 download: files are at most 25 MiB as sent). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Short: a test answers quickly, also for a host that does not answer at all. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * "Test connection": connect, log in, make sure the root exists, write a probe file, read it
 * back, remove it. Never throws: the answer says what worked or why it failed.
 */
export async function probeStorage(target: FtpTarget): Promise<StorageTestResult> {
  const started = performance.now();
  const done = (ok: boolean, message: string): StorageTestResult => ({ ok, message, duration_ms: Math.round(performance.now() - started) });
  const where = `${target.host}:${target.port}${target.secure ? ' (FTPS)' : ''}`;
  try {
    return await withClient(
      target,
      async (client) => {
        let step = `create the root folder ${target.root}`;
        try {
          await client.ensureDir(target.root);
          const probe = posix.join(target.root, `.erp-workbench-probe-${randomBytes(6).toString('hex')}.txt`);
          const content = Buffer.from(`ERP Workbench storage probe ${new Date().toISOString()}\n`);
          step = `write ${probe}`;
          await client.uploadFrom(Readable.from([content]), probe);
          step = `read back ${probe}`;
          const chunks: Buffer[] = [];
          await client.downloadTo(new Writable({ write: (chunk, _e, next) => (chunks.push(chunk as Buffer), next()) }), probe);
          const same = Buffer.concat(chunks).equals(content);
          step = `remove ${probe}`;
          await client.remove(probe);
          if (!same) return done(false, `${where}: the probe file read back differs from what was written (is the transfer mode binary?)`);
          return done(true, `connected to ${where}, logged in as ${target.user}, wrote, read back and removed a probe file in ${target.root}`);
        } catch (error) {
          return done(false, `${where}: logged in as ${target.user}, but could not ${step}: ${(error as Error).message}`);
        }
      },
      PROBE_TIMEOUT_MS,
    );
  } catch (error) {
    return done(false, (error as Error).message);
  }
}
