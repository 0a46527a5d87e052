import type { Database } from 'better-sqlite3';
import { badRequest, OperationError } from '../../../../shared/contract/errors.ts';
import type { StoragePatch, StorageSettings } from '../../../../shared/domain/attachments.ts';
import type { SecretBox } from './secret-box.ts';
import { EMBEDDED_FTP_USER, type EmbeddedFtp } from './embedded-ftp.ts';
import type { FtpTarget } from './ftp-client.ts';
import { configuredTargetRefusal } from '../../outbound/index.ts';

interface StorageRow {
  ftp_host: string;
  ftp_port: number;
  ftp_user: string;
  ftp_password: string;
  ftp_root: string;
  ftp_secure: number;
  embedded: number;
}

/** What the embedded server's password is derived from (the key file): stable across restarts, stored nowhere. */
const EMBEDDED_PASSWORD_LABEL = 'embedded-ftp-password';
export const embeddedPassword = (box: SecretBox): string => box.derive(EMBEDDED_PASSWORD_LABEL);

/** ftp_password of a setting whose password was forgotten (a connection field changed without a new one). */
const NO_PASSWORD = '';

/** The password blob is bound to its account: copied to another row it does not open. */
const passwordContext = (companyId: number) => `account_storage.ftp_password:${companyId}`;

/** '/', or '/a/b': one leading slash, no trailing one, no '.' or '..' segment, no control characters. */
export function normalizeRoot(root: string): string {
  if (/\p{Cc}/u.test(root)) throw badRequest('ftp.root: holds control characters');
  const segments = root.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..')) throw badRequest("ftp.root: '.' and '..' are not allowed in the root folder");
  return `/${segments.join('/')}`;
}

/**
 * The FTP storage setting of each account (account_storage): shown without its password,
 * changed by storage.update, and turned into an FtpTarget (password decrypted) when a file moves.
 * An account marked embedded uses the service's own server, started on first need.
 */
export function createStorageSettings(db: Database, box: SecretBox, embedded: EmbeddedFtp) {
  const read = db.prepare<[number], StorageRow>(
    'SELECT ftp_host, ftp_port, ftp_user, ftp_password, ftp_root, ftp_secure, embedded FROM account_storage WHERE company_id = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO account_storage (company_id, ftp_host, ftp_port, ftp_user, ftp_password, ftp_root, ftp_secure, embedded)
     VALUES (@company_id, @ftp_host, @ftp_port, @ftp_user, @ftp_password, @ftp_root, @ftp_secure, @embedded)
     ON CONFLICT(company_id) DO UPDATE SET ftp_host = excluded.ftp_host, ftp_port = excluded.ftp_port,
       ftp_user = excluded.ftp_user, ftp_password = excluded.ftp_password, ftp_root = excluded.ftp_root,
       ftp_secure = excluded.ftp_secure, embedded = excluded.embedded`,
  );
  const remove = db.prepare<[number]>('DELETE FROM account_storage WHERE company_id = ?');

  function show(companyId: number): StorageSettings {
    const row = read.get(companyId);
    if (!row) return { configured: false, embedded: false, ftp: null };
    const port = row.embedded === 1 ? (embedded.address()?.port ?? row.ftp_port) : row.ftp_port;
    return {
      configured: true,
      embedded: row.embedded === 1,
      ftp: { host: row.ftp_host, port, user: row.ftp_user, root: row.ftp_root, secure: row.ftp_secure === 1, password_set: row.ftp_password !== NO_PASSWORD },
    };
  }

  /** Points the account at the embedded server, starting it when it is not running. */
  async function useEmbedded(companyId: number): Promise<void> {
    const { host, port } = await embedded.start();
    upsert.run({
      company_id: companyId,
      ftp_host: host,
      ftp_port: port,
      ftp_user: EMBEDDED_FTP_USER,
      ftp_password: box.seal(embeddedPassword(box), passwordContext(companyId)),
      ftp_root: '/',
      ftp_secure: 0,
      embedded: 1,
    });
  }

  function setExternal(companyId: number, ftp: NonNullable<StoragePatch['ftp']>): void {
    // Said now rather than at the first upload or test: an address the outbound policy never connects to.
    const refusal = configuredTargetRefusal(ftp.host);
    if (refusal !== undefined) throw badRequest(`ftp.host: ${refusal}`);
    if (/\p{Cc}/u.test(ftp.user)) throw badRequest('ftp.user: holds control characters');
    // The password travels on one command line (PASS): a line break or NUL would end it early.
    if (ftp.password !== undefined && /[\r\n\0]/.test(ftp.password)) throw badRequest('ftp.password: holds a line break or NUL, which FTP cannot send');
    const current = read.get(companyId);
    const port = ftp.port ?? 21;
    const secure = ftp.secure ? 1 : 0;
    let sealed: string;
    if (ftp.password !== undefined) sealed = box.seal(ftp.password, passwordContext(companyId));
    else if (!current || current.embedded === 1) throw badRequest('ftp.password: required (no password is stored for an external FTP storage of this account)');
    else if (current.ftp_host === ftp.host && current.ftp_port === port && current.ftp_user === ftp.user && current.ftp_secure === secure) {
      sealed = current.ftp_password;
    } else {
      // The stored password belongs to the server it was typed for: kept across a change of
      // host, port, user or FTPS it would be sent to another server, or in clear text after
      // secure: false. Forgotten instead; the answer's password_set: false says so.
      sealed = NO_PASSWORD;
    }
    upsert.run({
      company_id: companyId,
      ftp_host: ftp.host,
      ftp_port: port,
      ftp_user: ftp.user,
      ftp_password: sealed,
      ftp_root: normalizeRoot(ftp.root ?? '/'),
      ftp_secure: secure,
      embedded: 0,
    });
  }

  return {
    show,
    useEmbedded,
    configured: (companyId: number): boolean => read.get(companyId) !== undefined,
    /** Accounts configured for the embedded server. */
    embeddedAccounts: (): number[] => db.prepare<[], number>('SELECT company_id FROM account_storage WHERE embedded = 1').pluck().all(),

    /** storage.update: `{ftp: {...}}`, `{ftp: null}`, `{embedded: true}`, `{embedded: false}` (see StoragePatch). */
    async update(companyId: number, patch: StoragePatch): Promise<StorageSettings> {
      if (patch.embedded === true && patch.ftp !== undefined) throw badRequest('embedded: send either ftp or embedded: true, not both');
      if (patch.embedded === true) await useEmbedded(companyId);
      else if (patch.ftp === null) remove.run(companyId);
      else if (patch.ftp) setExternal(companyId, patch.ftp);
      else if (patch.embedded === false && read.get(companyId)?.embedded === 1) remove.run(companyId);
      return show(companyId);
    },

    /** Where the account's files go; 503 when it has no storage or its password cannot be decrypted. */
    async target(companyId: number): Promise<FtpTarget> {
      const row = read.get(companyId);
      if (!row) {
        throw new OperationError(503, `account ${companyId} has no FTP storage configured: set it with PATCH /_sandbox/accounts/${companyId}/storage (or {"embedded": true})`);
      }
      if (row.embedded === 1) {
        const { host, port } = await embedded.start();
        return { host, port, user: EMBEDDED_FTP_USER, password: embeddedPassword(box), root: '/', secure: false };
      }
      if (row.ftp_password === NO_PASSWORD) {
        throw new OperationError(
          503,
          `no password is stored for the FTP storage of account ${companyId} (it is forgotten when host, port, user or secure change): set ftp.password with PATCH /_sandbox/accounts/${companyId}/storage`,
        );
      }
      const password = box.open(row.ftp_password, passwordContext(companyId));
      if (password === undefined) {
        throw new OperationError(503, `the FTP storage password of account ${companyId} cannot be decrypted with ${box.file} (the key file changed or is missing): set the storage again`);
      }
      return { host: row.ftp_host, port: row.ftp_port, user: row.ftp_user, password, root: row.ftp_root, secure: row.ftp_secure === 1 };
    },
  };
}
export type StorageSettingsStore = ReturnType<typeof createStorageSettings>;
