import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startHarness, type Harness } from './harness.ts';

const ROOT = join(import.meta.dirname, '../..');
const run = promisify(execFile);
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** npm run erp -- ... as a user types it (node with tsx's loader, as the npm script runs it). */
async function erp(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'electron/cli/erp.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ERP_WORKBENCH_URL: h.url, ERP_WORKBENCH_TOKEN: ADMIN_TOKEN },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run erp (the operations from a terminal)', () => {
  it('lists every operation of the map and the fields of one', async () => {
    const all = await erp('--help');
    expect(all.stdout).toMatch(/webhooks\.retry +Send a delivery again now/);
    const one = await erp('connectors.update', '--help');
    expect(one.stdout).toMatch(/PATCH \/_sandbox\/accounts\/:company_id\/connectors\/:connector_id/);
    expect(one.stdout).toMatch(/--tracked_fields <array>/);
  });

  it('calls an operation with typed flags and prints its data', async () => {
    const result = await erp('connectors.update', '--company_id', '1', '--connector_id', '2', '--tracked_fields', '["barcode"]', '--webhook_secret', 'null');
    expect(result.code).toBe(0);
    const config = JSON.parse(result.stdout) as { connector: { id: number; webhook_secret_set: boolean }; products: { tracked_fields: { value: string[] } } };
    expect(config.connector).toMatchObject({ id: 2, webhook_secret_set: false });
    expect(config.products.tracked_fields.value).toEqual(['barcode']);
    const list = await erp('webhooks.list', '--company_id', '1', '--limit', '1');
    expect(JSON.parse(list.stdout)).toEqual(expect.any(Array));
  });

  it('exits non-zero with the service message for a refused call, and 2 for a usage error', async () => {
    const refused = await erp('connectors.update', '--company_id', '1', '--connector_id', '1', '--tracked_fields', '["colour"]');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/error 400: tracked_fields: unknown product field 'colour'/);
    const unknown = await erp('orders.teleport');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown operation 'orders.teleport'/);
    const badType = await erp('webhooks.list', '--company_id', 'one');
    expect(badType.code).toBe(2);
    expect(badType.stderr).toMatch(/--company_id: 'one' is not an integer/);
  });
});
