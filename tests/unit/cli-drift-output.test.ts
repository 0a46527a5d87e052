import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareHar, parseHar } from '../../electron/core/domains/fidelity/index.ts';
import { describeReport, readHarForDrift } from '../../electron/cli/commands/drift.ts';
import { harDocument } from '../support/har-builder.ts';

// What `erp-workbench drift` prints for a report the real comparison made, and what it sends of a HAR file.
const dir = mkdtempSync(join(tmpdir(), 'erpwb-drift-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const UPSTREAM = 'https://erp.example.ro/app/rest/v1/4242';
const twinBody = JSON.stringify({ is_error: false, data: [{ id: 7, total: 12.5, date: '2024-05-01' }] });
const upstreamBody = JSON.stringify({ is_error: false, data: [{ id: '7', total: 12.5, date: '2024-05-01', client_nm: 'Ion Pop' }] });

function writeHar(): string {
  const file = join(dir, 'recorded.har');
  const har = harDocument([
    { url: `${UPSTREAM}/sales/list/year:2024/`, body: upstreamBody },
    { method: 'POST', url: `${UPSTREAM}/orders/`, requestBody: '{}', body: '{}' },
    { method: 'DELETE', url: `${UPSTREAM}/orders/1/`, body: '{}' },
  ]);
  writeFileSync(file, JSON.stringify({ log: { ...har.log, pages: [{ id: 'page_1' }] } }));
  return file;
}

describe('erp-workbench drift output', () => {
  it('sends the GET entries only, counting the others', () => {
    const { har, others } = readHarForDrift(writeHar());
    expect(others).toBe(2);
    expect(har.log.entries).toHaveLength(1);
    expect(har.log).not.toHaveProperty('pages');
    expect(() => parseHar(har)).not.toThrow();
  });

  it('prints each route with its differences and the verdict', async () => {
    const { har } = readHarForDrift(writeHar());
    const report = await compareHar(1, parseHar(har), async () => ({ status: 200, contentType: 'application/json', body: Buffer.from(twinBody) }), '2026-11-28 10:00:00');
    const text = describeReport(report, 0);
    expect(text).toMatch(/^GET \/sales\/list\/year:\{\}\/ +1 call, 1 compared, 2 differences$/m);
    expect(text).toMatch(/only_upstream +data\[\]\.client_nm: upstream string.*, twin \(absent\) \(1 call\)/);
    expect(text).toMatch(/e\.g\. \/sales\/list\/year:2024\/ +upstream "Xxx Xxx", twin -/);
    expect(text).toMatch(/type +data\[\]\.id: upstream string \(numeric 9\), twin number/);
    expect(text).toMatch(/2 differences in 1 route of 1; 1 call, 1 compared; threshold 0: above the threshold$/);
    expect(describeReport(report, 2)).toMatch(/threshold 2: ok$/);
  });
});
