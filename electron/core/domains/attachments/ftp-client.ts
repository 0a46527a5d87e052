import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { posix } from 'node:path';
import { Client, FTPError } from 'basic-ftp';
import { OperationError } from '../../../../shared/contract/errors.ts';
import { classifyAddress, CONFIGURED, resolveChecked, type ClassifiedAddress } from '../../outbound/index.ts';

/** Where and how to reach an account's storage (the password decrypted, in memory only). */
export interface FtpTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Absolute folder the attachments go under ('/' or '/a/b', no trailing slash). */
  root: string;
  secure: boolean;
}

/** Idle time after which a storage that stopped answering counts as unreachable. */
export const FTP_TIMEOUT_MS = 10_000;

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();

/** A permanent refusal of one command (5xx: file not found, or refused; servers differ in the code). */
export const isRefusal = (error: unknown): boolean => error instanceof FTPError && error.code >= 500;

/**
 * Whether the folder of `remotePath` lists the file: tells a file that is not there (or whose
 * folder is gone) from one the server refuses to hand over, whatever code it answered.
 */
export async function isListed(client: Client, remotePath: string): Promise<boolean> {
  try {
    const entries = await client.list(posix.dirname(remotePath));
    return entries.some((entry) => entry.name === posix.basename(remotePath));
  } catch (error) {
    if (isRefusal(error)) return false;
    throw error;
  }
}

/** The 503 of a storage that cannot be reached or refuses: what was being done, where, and why. */
export function unavailable(target: FtpTarget, doing: string, error: unknown): OperationError {
  if (error instanceof OperationError) return error;
  return new OperationError(503, `the FTP storage ${target.host}:${target.port} is unreachable or refused (${doing}): ${reasonOf(error)}`);
}

/** Errors of a connection attempt that another address of the same host may not have. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'EAFNOSUPPORT']);

/** Logs in on one checked address; the name stays the TLS identity (server name, certificate). */
async function accessAt(client: Client, target: FtpTarget, address: ClassifiedAddress): Promise<void> {
  const name = target.host.replace(/^\[(.*)\]$/, '$1');
  // An IP literal is no server name (SNI carries names only); the certificate is then checked
  // against the address.
  const named = classifyAddress(name) === undefined;
  await client.access({
    host: address.address,
    port: target.port,
    user: target.user,
    password: target.password,
    // FTPS: explicit TLS (AUTH TLS) on the same port; the certificate is verified against the
    // configured name (data connections reuse these options and the control connection's address).
    secure: target.secure,
    ...(target.secure && { secureOptions: { host: named ? name : address.address, ...(named && { servername: name }) } }),
  });
}

/**
 * A logged-in client; a 503 when the server cannot be reached or refuses the login. The host is
 * a target the admin configured (electron/core/outbound): resolved once, every address checked
 * (an unspecified, link-local, metadata, multicast or reserved one refuses it: "address not
 * allowed", nothing connects), then the checked addresses tried in order. Data connections go to
 * the control connection's address (basic-ftp's default: a PASV answer cannot send us elsewhere).
 */
export async function connect(target: FtpTarget, timeoutMs = FTP_TIMEOUT_MS): Promise<Client> {
  const client = new Client(timeoutMs);
  try {
    const addresses = await resolveChecked(target.host, CONFIGURED);
    for (const [index, address] of addresses.entries()) {
      try {
        await accessAt(client, target, address);
        break;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (index === addresses.length - 1 || typeof code !== 'string' || !UNREACHABLE.has(code)) throw error;
      }
    }
    return client;
  } catch (error) {
    client.close();
    throw unavailable(target, 'connect and log in', error);
  }
}

/** Runs `use` on a logged-in client and closes it, whatever happens. */
export async function withClient<T>(target: FtpTarget, use: (client: Client) => Promise<T>, timeoutMs?: number): Promise<T> {
  const client = await connect(target, timeoutMs);
  try {
    return await use(client);
  } finally {
    client.close();
  }
}

export interface OutgoingFile {
  /** The prepared content, spooled on the local disk. */
  localPath: string;
  /** Absolute path it gets on the storage. */
  remotePath: string;
}

/** Removes remote files, ignoring failures (a cleanup): on `client` while it is open, else on a new connection. */
async function removeQuietly(target: FtpTarget, paths: string[], client?: Client): Promise<void> {
  if (paths.length === 0) return;
  let current = client && !client.closed ? client : undefined;
  try {
    current ??= await connect(target);
  } catch {
    return;
  }
  for (const path of paths) await current.remove(path, true).catch(() => undefined);
  if (current !== client) current.close();
}

/**
 * Stores every file or none: each goes up under a temporary name in its folder, then all are
 * renamed to their final names, so a reader never sees half a file and a failure leaves nothing
 * (the files already up are removed again). `onProgress` gets the bytes sent so far. 503 when
 * the storage cannot be reached or refuses.
 */
export async function uploadFiles(target: FtpTarget, files: OutgoingFile[], onProgress?: (bytes: number) => void): Promise<void> {
  const client = await connect(target);
  const written: string[] = [];
  let doing = 'upload';
  try {
    if (onProgress) client.trackProgress((info) => onProgress(info.bytesOverall));
    const temporary: string[] = [];
    for (const file of files) {
      const folder = posix.dirname(file.remotePath);
      doing = `create folder ${folder}`;
      await client.ensureDir(folder);
      const partPath = posix.join(folder, `.upload-${randomBytes(8).toString('hex')}.part`);
      doing = `upload ${file.remotePath}`;
      written.push(partPath);
      temporary.push(partPath);
      await client.uploadFrom(createReadStream(file.localPath), partPath);
    }
    client.trackProgress();
    for (const [index, file] of files.entries()) {
      doing = `rename to ${file.remotePath}`;
      await client.rename(temporary[index]!, file.remotePath);
      written[index] = file.remotePath;
    }
  } catch (error) {
    await removeQuietly(target, written, client);
    throw unavailable(target, doing, error);
  } finally {
    client.close();
  }
}

/** Removes remote files after a failed database write (best effort: the row was never written). */
export async function discardFiles(target: FtpTarget, paths: string[]): Promise<void> {
  await removeQuietly(target, paths);
}

/**
 * Removes one file. A file the storage no longer has counts as removed (its folder does not list
 * it); anything else that fails (unreachable, refused) is a 503 and nothing changed.
 */
export async function removeFile(target: FtpTarget, remotePath: string): Promise<void> {
  await withClient(target, async (client) => {
    try {
      await client.remove(remotePath);
    } catch (error) {
      const gone = isRefusal(error) && !(await isListed(client, remotePath).catch(() => true));
      if (!gone) throw unavailable(target, `remove ${remotePath}`, error);
    }
  });
}
