import { beforeAll, expect, it } from 'vitest';
import { ownAccount } from './account.ts';

let ctx: Awaited<ReturnType<typeof ownAccount>>;
beforeAll(async () => {
  ctx = await ownAccount();
});

it('lists the demo sales of its own account', async () => {
  const answer = await fetch(`${ctx.restBase}/sales/list/`, { headers: { authorization: ctx.user.authorization } });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { is_error: boolean; data: unknown[] };
  expect(body.is_error).toBe(false);
  expect(body.data.length).toBeGreaterThan(0);
});

it('counts its own calls in the API log (verify)', async () => {
  const counted = await ctx.erp.control.apiLog.count({ company_id: ctx.user.companyId, route: '/sales/list/', exact: true });
  expect(counted.count).toBe(1);
});
