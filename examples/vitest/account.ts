import { inject } from 'vitest';
import { connectWorkbench, type WorkbenchApiUser } from 'erp-workbench';

/** A fresh demo account for this test file, and a REST user that can do everything in it. */
export async function ownAccount(): Promise<{ restBase: string; user: WorkbenchApiUser; erp: ReturnType<typeof connectWorkbench> }> {
  const { url, adminToken } = inject('erp');
  const erp = connectWorkbench({ url, adminToken });
  const account = await erp.control.accounts.create({ seed: 'demo' });
  const user = await erp.createApiUser(account.company_id);
  return { restBase: `${url}/app/rest/v1/${account.company_id}`, user, erp };
}
