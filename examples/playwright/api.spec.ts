import { expect, test as base } from '@playwright/test';
import { connectWorkbench } from 'erp-workbench';

// Each worker gets a demo account of its own and a REST user in it.
const test = base.extend<object, { erpAccount: { restBase: string; authorization: string; companyId: number } }>({
  erpAccount: [
    async ({}, use) => {
      const url = process.env.ERP_WORKBENCH_URL!;
      const erp = connectWorkbench({ url, adminToken: process.env.ERP_WORKBENCH_TOKEN! });
      const account = await erp.control.accounts.create({ seed: 'demo' });
      const user = await erp.createApiUser(account.company_id);
      await use({ restBase: `${url}/app/rest/v1/${account.company_id}`, authorization: user.authorization, companyId: account.company_id });
      await erp.control.accounts.delete({ company_id: account.company_id });
    },
    { scope: 'worker' },
  ],
});

test('sales receipts of 2026, cancelled ones left out', async ({ request, erpAccount }) => {
  const answer = await request.get(`${erpAccount.restBase}/sales/list/year:2026/skipcancelled:1/`, { headers: { authorization: erpAccount.authorization } });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { is_error: boolean; data: Array<{ document_cancelled?: number }> };
  expect(body.is_error).toBe(false);
  expect(body.data.every((sale) => !sale.document_cancelled)).toBe(true);
});

test('a wrong password is refused in the envelope', async ({ request, erpAccount }) => {
  const answer = await request.get(`${erpAccount.restBase}/sales/list/`, { headers: { authorization: `Basic ${Buffer.from('nobody:wrong-password').toString('base64')}` } });
  expect(answer.status()).toBe(401);
  expect(((await answer.json()) as { is_error: boolean }).is_error).toBe(true);
});
