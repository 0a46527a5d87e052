import { beforeAll, expect, it } from 'vitest';
import { ownAccount } from './account.ts';

let ctx: Awaited<ReturnType<typeof ownAccount>>;
beforeAll(async () => {
  ctx = await ownAccount();
});

it('reads the product catalogue of its own account', async () => {
  const answer = await fetch(`${ctx.restBase}/product/list/`, { headers: { authorization: ctx.user.authorization } });
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  // The other file's calls went to another account: this one's log holds only its own.
  expect((await ctx.erp.control.apiLog.count({ company_id: ctx.user.companyId })).count).toBe(1);
});
