import type { Database } from 'better-sqlite3';
import type { Account } from '../../../../shared/domain/accounts.ts';
import { notFound } from '../../../../shared/contract/errors.ts';

interface AccountRow {
  company_id: number;
  name: string;
  rest_enabled: number;
  workmanager_enabled: number;
}

const toAccount = (row: AccountRow): Account => ({
  company_id: row.company_id,
  name: row.name,
  rest_enabled: row.rest_enabled === 1,
  workmanager_enabled: row.workmanager_enabled === 1,
});

export function createAccounts(db: Database) {
  const selectAll = db.prepare<[], AccountRow>(
    'SELECT company_id, name, rest_enabled, workmanager_enabled FROM accounts ORDER BY company_id',
  );
  const selectOne = db.prepare<[number], AccountRow>(
    'SELECT company_id, name, rest_enabled, workmanager_enabled FROM accounts WHERE company_id = ?',
  );
  const setRest = db.prepare<[number, number]>('UPDATE accounts SET rest_enabled = ? WHERE company_id = ?');

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
    update(companyId: number, changes: { rest_enabled?: boolean | undefined }): Account {
      this.get(companyId);
      if (changes.rest_enabled !== undefined) setRest.run(changes.rest_enabled ? 1 : 0, companyId);
      return this.get(companyId);
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
