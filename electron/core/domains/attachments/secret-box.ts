import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OperationError } from '../../../../shared/contract/errors.ts';

/** The key file, in the data folder beside (never inside) the database. */
export const STORAGE_KEY_FILE = 'storage.key';

const FORMAT = 'v1';
const IV_BYTES = 12;

/**
 * Secrets kept in the database encrypted (the FTP storage passwords): AES-256-GCM under a key
 * that lives in its own file (<data>/storage.key, mode 0600, made on first need), so a copy of
 * the SQLite file alone reveals no password. Each blob is bound to its place (`context`, e.g.
 * the account) by GCM's additional data: a blob copied to another account does not open.
 */
export function createSecretBox(dataDir: string) {
  const file = join(dataDir, STORAGE_KEY_FILE);
  let key: Buffer | undefined;

  function readKey(): Buffer | undefined {
    let text: string;
    try {
      text = readFileSync(file, 'utf8').trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new OperationError(503, `the storage key ${file} cannot be read: ${(error as Error).message}`);
    }
    if (!/^[0-9a-f]{64}$/.test(text)) throw new OperationError(503, `the storage key ${file} is not 64 hex digits: restore it or delete it and set the storage passwords again`);
    return Buffer.from(text, 'hex');
  }

  /** The key, made now when `create` and there is none ('wx': two processes starting at once keep one key). */
  function keyOf(create: boolean): Buffer | undefined {
    key ??= readKey();
    if (key || !create) return key;
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    key = readKey();
    return key;
  }

  return {
    file,
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url) of `plain`, bound to `context`. */
    seal(plain: string, context: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyOf(true)!, iv).setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [FORMAT, iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    /** The secret of a blob made by seal with the same context; undefined when it does not open (another key, altered, moved). */
    open(blob: string, context: string): string | undefined {
      const parts = blob.split('.');
      const current = keyOf(false);
      if (!current || parts.length !== 4 || parts[0] !== FORMAT) return undefined;
      try {
        const [iv, tag, data] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
        const decipher = createDecipheriv('aes-256-gcm', current, iv!).setAAD(Buffer.from(context));
        decipher.setAuthTag(tag!);
        return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
    /** A stable secret derived from the key for `label` (the embedded FTP server's password). */
    derive(label: string): string {
      return createHmac('sha256', keyOf(true)!).update(label).digest('base64url');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
