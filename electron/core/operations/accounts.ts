// The accounts and their API users (shared/contract/operations-accounts.ts). accounts.create and
// accounts.delete: an account per test worker, created and removed while the service runs
// (docs/control-api.md, "Accounts per test worker").
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { accountOperations } from '../../../shared/contract/operations-accounts.ts';
import { conflict } from '../../../shared/contract/errors.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { Accounts } from '../domains/accounts/index.ts';
import type { ApiUsers } from '../domains/auth/index.ts';
import type { Attachments } from '../domains/attachments/index.ts';
import type { Images } from '../domains/images/index.ts';
import type { Dispatcher } from '../webhooks/dispatcher.ts';
import type { FileStore } from '../store/files.ts';
import type { Clock } from '../time.ts';
import { copyAccountRows } from '../store/account-copy.ts';
import { deleteAccountRows, withoutForeignKeys } from '../store/account-tables.ts';
import { insertEmptyAccount } from '../store/seed/account.ts';

/** The demo account of the contract (section 2): the source of every "demo" copy, never deleted. */
export const DEMO_COMPANY_ID = 1;

/** store_meta: the highest company id ever given in this store (a deleted account's id is not given again). */
const LAST_COMPANY_ID = 'last_company_id';

/** The built-in inbox a seeded connector posts to: each copy gets an inbox of its own. */
const INBOX_PATH = '/_sandbox/inbox/';

export interface AccountHandlerDeps {
  db: Database;
  clock: Clock;
  accounts: Accounts;
  apiUsers: Pick<ApiUsers, 'list' | 'create' | 'delete'>;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
  attachments: Attachments;
  images: Pick<Images, 'removeStoredFiles'>;
  files: FileStore;
  dispatcher: Pick<Dispatcher, 'forgetConnectors' | 'wake'>;
  /** Writes the API log lines still buffered (they may be the deleted account's). */
  flushApiLog(): void;
}

export function createAccountHandlers(deps: AccountHandlerDeps): HandlersOf<keyof typeof accountOperations> {
  const { db } = deps;
  const lastGiven = db.prepare<[string], string>('SELECT value FROM store_meta WHERE key = ?').pluck();
  const remember = db.prepare<[string, string]>('INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  const highestCompany = db.prepare<[], number | null>('SELECT max(company_id) FROM accounts').pluck();
  const connectorsOf = db.prepare<[number], number>('SELECT id FROM connectors WHERE company_id = ? ORDER BY id').pluck();
  const storedImagesOf = db
    .prepare<[number, number], string>(
      `SELECT storage_path FROM product_images WHERE company_id = ? AND storage_path IS NOT NULL
       UNION ALL SELECT image_path FROM web_categories WHERE company_id = ? AND image_path IS NOT NULL`,
    )
    .pluck();

  /** The next company id: past every account there is and every one there was (ids of deleted ones stay unused). */
  function newCompanyId(): number {
    const companyId = Math.max(highestCompany.get() ?? 0, Number(lastGiven.get(LAST_COMPANY_ID) ?? 0)) + 1;
    remember.run(LAST_COMPANY_ID, String(companyId));
    return companyId;
  }

  /** A demo copy needs the demo: account 1 as `--seed demo` (or a reset with it) made it. */
  function requireDemoSource(): void {
    const seed = JSON.parse(lastGiven.get('seed') ?? '{}') as { kind?: string };
    if (seed.kind !== 'demo' || !deps.accounts.find(DEMO_COMPANY_ID)) {
      throw conflict(
        `seed: "demo" copies account ${DEMO_COMPANY_ID}, the demo account, and this store was seeded "${seed.kind ?? 'unknown'}": ` +
          'reset it with {"seed":"demo"} first, or create the account with {"seed":"empty"}',
      );
    }
  }

  /**
   * Stored images are files with unguessable names: the copy's rows get copies of their own, so
   * deleting one account never removes a file another account still shows.
   */
  function copyStoredImages(companyId: number): void {
    const copies = [
      { table: 'product_images', column: 'storage_path' },
      { table: 'web_categories', column: 'image_path' },
    ];
    for (const { table, column } of copies) {
      const rows = db.prepare<[number], { id: number; key: string }>(`SELECT id, ${column} AS key FROM ${table} WHERE company_id = ? AND ${column} IS NOT NULL`).all(companyId);
      const update = db.prepare<[string, number]>(`UPDATE ${table} SET ${column} = ? WHERE id = ?`);
      for (const row of rows) {
        const extension = posix.extname(row.key).slice(1);
        const key = deps.files.newKey(posix.dirname(row.key), extension);
        const source = deps.files.pathOf(row.key);
        if (source && deps.files.exists(row.key)) deps.files.write(key, readFileSync(source));
        update.run(key, row.id);
      }
    }
  }

  return {
    'accounts.list': () => deps.accounts.list(),
    'accounts.update': ({ company_id, ...changes }) => deps.accounts.update(company_id, changes),

    'accounts.create': async ({ seed, name }) => {
      if (seed === 'demo') requireDemoSource();
      // Synchronous from the id to the last row: two creations asked at once never share an id.
      const companyId = withoutForeignKeys(db, () => {
        const id = newCompanyId();
        if (seed === 'empty') {
          insertEmptyAccount(db, { companyId: id, now: deps.clock.now(), ...(name !== undefined && { name }) });
          return id;
        }
        copyAccountRows(db, DEMO_COMPANY_ID, id);
        if (name !== undefined) db.prepare<[string, number]>('UPDATE accounts SET name = ? WHERE company_id = ?').run(name, id);
        // demo-shop -> demo-shop-7: the copy's deliveries land in an inbox of its own.
        db.prepare<[string, number, string]>(
          'UPDATE connectors SET order_event_notification_url = order_event_notification_url || ? WHERE company_id = ? AND order_event_notification_url LIKE ?',
        ).run(`-${id}`, id, `${INBOX_PATH}%`);
        copyStoredImages(id);
        return id;
      });
      await deps.attachments.accountCreated(companyId);
      return { ...deps.accounts.get(companyId), seed, connector_ids: connectorsOf.all(companyId) };
    },

    'accounts.delete': async ({ company_id }) => {
      deps.accounts.get(company_id);
      if (company_id === DEMO_COMPANY_ID) {
        throw conflict(
          `company_id: account ${DEMO_COMPANY_ID} is the demo account of the contract and the source of every "demo" account; ` +
            'it cannot be deleted (POST /_sandbox/reset gives it back as seeded)',
        );
      }
      // Read before the rows go: where the account's attachment files are.
      const removeAttachmentFiles = await deps.attachments.accountFilesRemover(company_id);
      // Another delete of the same account may have finished meanwhile.
      deps.accounts.get(company_id);
      const images = storedImagesOf.all(company_id, company_id);
      deps.flushApiLog();
      deps.dispatcher.forgetConnectors(connectorsOf.all(company_id));
      const rows = deleteAccountRows(db, company_id);
      deps.images.removeStoredFiles(images);
      deps.dispatcher.wake();
      const attachmentFiles = await removeAttachmentFiles();
      return {
        deleted_company_id: company_id,
        rows: Object.fromEntries(Object.entries(rows).filter(([, n]) => n > 0)),
        files: { removed: attachmentFiles.removed + images.length, failed: attachmentFiles.failed },
      };
    },

    'apiUsers.list': ({ company_id }) => {
      deps.requireAccount(company_id);
      return deps.apiUsers.list(company_id);
    },
    'apiUsers.create': ({ company_id, ...user }) => {
      deps.requireAccount(company_id);
      return deps.apiUsers.create(company_id, user);
    },
    'apiUsers.delete': ({ company_id, id }) => deps.apiUsers.delete(company_id, id),
  };
}
