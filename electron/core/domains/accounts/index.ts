import type { Database } from 'better-sqlite3';
import type { Account, AccountPatch } from '../../../../shared/domain/accounts.ts';
import { notFound } from '../../../../shared/contract/errors.ts';

interface AccountRow {
  company_id: number;
  name: string;
  rest_enabled: number;
  workmanager_enabled: number;
  catalogue_download_images: number;
}

const toAccount = (row: AccountRow): Account => ({
  company_id: row.company_id,
  name: row.name,
  rest_enabled: row.rest_enabled === 1,
  workmanager_enabled: row.workmanager_enabled === 1,
  catalogue_download_images: row.catalogue_download_images === 1,
});

const COLUMNS = 'company_id, name, rest_enabled, workmanager_enabled, catalogue_download_images';

export function createAccounts(db: Database) {
  const selectAll = db.prepare<[], AccountRow>(
    `SELECT ${COLUMNS} FROM accounts ORDER BY company_id`,
  );
  const selectOne = db.prepare<[number], AccountRow>(
    `SELECT ${COLUMNS} FROM accounts WHERE company_id = ?`,
  );
  // One statement for every field: a field left out of the patch (NULL here) keeps its value.
  const patchRow = db.prepare<[number | null, number | null, number]>(
    `UPDATE accounts SET rest_enabled = COALESCE(?, rest_enabled), catalogue_download_images = COALESCE(?, catalogue_download_images)
      WHERE company_id = ?`,
  );
  const flag = (value: boolean | undefined): number | null => (value === undefined ? null : value ? 1 : 0);

  return {
    list: (): Account[] => selectAll.all().map(toAccount),
    find: (companyId: number): Account | undefined => {
      const row = selectOne.get(companyId);
      return row && toAccount(row);
    },
    get(companyId: number): Account {
      const row = selectOne.get(companyId);
      if (!row) throw notFound(`account ${companyId} does not exist`);
      return toAccount(row);
    },
    /** PATCH /_sandbox/accounts/{company_id}: the REST switch, the catalogue's image download setting. */
    update(companyId: number, changes: AccountPatch): Account {
      this.get(companyId);
      patchRow.run(flag(changes.rest_enabled), flag(changes.catalogue_download_images), companyId);
      return this.get(companyId);
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
