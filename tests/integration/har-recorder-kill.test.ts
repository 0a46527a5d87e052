import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRecorder, listRecordings, parseHar } from '../../electron/core/domains/fidelity/index.ts';

// A recording process killed (SIGKILL) while it appends: files between two appends are whole
// HARs, and the one whose write the kill cut short is repaired when recording starts again
// (electron/core/domains/fidelity/har-file.ts).

const dir = mkdtempSync(join(tmpdir(), 'har-killed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('HAR recorder killed', () => {
  it('leaves every file a valid HAR whose entries match its header count once recording starts again', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'har-recorder-killed.ts'), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((done) => child.stdout.once('data', () => done()));
    await new Promise((wait) => setTimeout(wait, 300));
    child.kill('SIGKILL');
    await new Promise((done) => child.once('exit', done));
    // The service starts again: a file cut short by the kill (in the middle of a write) is repaired.
    const restarted = createRecorder({ dir, clock: { now: () => new Date('2026-11-29T08:00:00Z') }, maxFileBytes: 200_000 });
    restarted.record(3, 'day', { startedAt: new Date(), method: 'GET', url: 'https://x/app/rest/v1/3/a/', requestHeaders: {}, status: 204, statusText: 'No Content', responseHeaders: {}, responseBody: Buffer.alloc(0), timeMs: 1 });
    restarted.close();
    const files = listRecordings(dir, 3);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const har = parseHar(JSON.parse(readFileSync(join(dir, file.file_name), 'utf8')));
      expect(har.log.entries.length, file.file_name).toBe(file.entries);
    }
  });
});
