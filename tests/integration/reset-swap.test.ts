import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResetStatus } from '../../shared/contract/operations-reset.ts';
import type { Account } from '../../shared/domain/accounts.ts';
import { productQuery } from '../../electron/server/public/product-query.ts';
import { ADMIN_TOKEN, databaseFile, startHarness, withWritableDb, writeSql, type Harness } from './harness.ts';
import { openGate } from './gated-seed-worker.ts';

/*
 * POST /_sandbox/reset seeds a new file in a worker thread and swaps it in at once. Most tests
 * use a seed worker the test holds in its seeding state (gated-seed-worker.ts), so "during the
 * seed" is a state the test controls, not a duration.
 */

const GATED_WORKER = new URL('./gated-seed-worker.ts', import.meta.url);

/**
 * SHA-256 over every row of every table, read on a new connection (a reset replaces the file),
 * after the API log wrote what it holds back (reading it does that).
 */
async function hashOfStore(h: Harness): Promise<string> {
  await h.control('GET', '/accounts/1/api-log?limit=1');
  const db = new BetterSqlite3(databaseFile(h), { readonly: true });
  try {
    const hash = createHash('sha256');
    const tables = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
    for (const table of tables) {
      hash.update(`#${table}`);
      for (const row of db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).raw().iterate()) hash.update(JSON.stringify(row));
    }
    return hash.digest('hex');
  } finally {
    db.close();
  }
}

/** Files a reset left in the data folder besides the store (there must be none). */
const seedFiles = (h: Harness) => readdirSync(h.dataDir).filter((name) => name.includes('.seeding-'));

const accountName = async (h: Harness) => (await h.control<Account[]>('GET', '/accounts')).body.data[0]!.name;
const status = async (h: Harness) => (await h.control<ResetStatus>('GET', '/reset')).body.data;

// Seeds run in worker threads next to other test files on a small machine: generous limits.
describe('a reset with the seed held by the test', { timeout: 120_000 }, () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ seedWorker: GATED_WORKER });
  });
  afterAll(async () => {
    await h.close();
  });

  it('ends a product export that a reset overtakes, rather than mixing old and new rows', async () => {
    const query = productQuery(1, '2026-01-15', {});
    const { stream } = h.core.rest.products.open(query, 'list').export('csv', { batchSize: 1 });
    const chunks = stream[Symbol.asyncIterator]();
    expect((await chunks.next()).done).toBe(false);
    // Demo data again: the next test reads it as the old data.
    await resetNow(h, { seed: 'demo' });
    await expect(
      (async () => {
        for (let next = await chunks.next(); !next.done; next = await chunks.next());
      })(),
    ).rejects.toThrow('a reset replaced the data during the export');
  });

  it('swaps atomically: every reader sees the old data or the new, and never the old again once it saw the new', async () => {
    type Window = { rows: Array<{ bv_id: number }>; total: number };
    const read = async () => (await h.control<Window>('GET', '/accounts/1/lists/sales?limit=20')).body.data;
    const old = await read();
    expect(old.total).toBeGreaterThan(0);
    const fresh: Window = { rows: [], total: 0, offset: 0 } as Window;
    const gate = openGate();
    try {
      const resetting = h.control('POST', '/reset', { seed: 'empty' });
      await gate.waiting;
      let finished = false;
      const reader = async () => {
        const seen: Array<'old' | 'new'> = [];
        let readsAfter = 0;
        while (readsAfter < 3) {
          if (finished) readsAfter += 1;
          const data = await read();
          if (JSON.stringify(data) === JSON.stringify(old)) seen.push('old');
          else if (JSON.stringify(data) === JSON.stringify(fresh)) seen.push('new');
          else throw new Error(`neither the old nor the new data: ${JSON.stringify(data).slice(0, 200)}`);
        }
        return seen;
      };
      const readers = Array.from({ length: 4 }, reader);
      gate.send('seed');
      expect((await resetting).status).toBe(200);
      finished = true;
      for (const seen of await Promise.all(readers)) {
        expect(seen.at(-1)).toBe('new');
        expect(seen.slice(seen.indexOf('new'))).not.toContain('old');
      }
    } finally {
      gate.close();
    }
  });

  it('keeps answering with the old data while the seed runs, then answers with the new', async () => {
    const user = await h.apiUser();
    writeSql(h, "UPDATE accounts SET name = 'Old Data SRL' WHERE company_id = 1");
    const before = await h.rest('GET', '/1/sales/list/', user);
    expect(before.status).toBe(200);
    const gate = openGate();
    try {
      const resetting = h.control<{ seed: string; accounts: Account[] }>('POST', '/reset', { seed: 'empty' });
      await gate.waiting;
      for (let i = 0; i < 3; i++) {
        const during = await h.rest('GET', '/1/sales/list/', user);
        expect(during.status).toBe(200);
        expect(during.body.data).toEqual(before.body.data);
        expect(await accountName(h)).toBe('Old Data SRL');
      }
      // A setting changed while the seed runs is kept, as settings are by every reset.
      expect((await h.control('PATCH', '/settings', { api_log_max_rows: 1234 })).status).toBe(200);
      expect(await status(h)).toMatchObject({
        state: 'seeding',
        seed: 'empty',
        scale: 1,
        phase: 'waiting for the test',
        done: 1,
        total: 4,
        started_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      });
      gate.send('seed');
      const answer = await resetting;
      expect(answer.status).toBe(200);
      expect(answer.body.data.seed).toBe('empty');
      expect(answer.body.data.accounts.map((a) => a.name)).toEqual(['Firma Noua SRL']);
    } finally {
      gate.close();
    }
    expect(await accountName(h)).toBe('Firma Noua SRL');
    expect((await h.control<{ api_log_max_rows: number }>('GET', '/settings')).body.data.api_log_max_rows).toBe(1234);
    // The old data's API users went with it.
    expect((await h.rest('GET', '/1/sales/list/', user)).status).toBe(401);
    const after = await status(h);
    expect(after).toMatchObject({ state: 'idle', seed: null, phase: null, last: { outcome: 'done', seed: 'empty', scale: 1, error: null } });
    expect(after.last_error).toBeUndefined();
    expect(seedFiles(h)).toEqual([]);
  });

  it('refuses a second reset while one runs (409); a failed seed keeps the old data, row for row (503)', async () => {
    const before = await hashOfStore(h);
    const gate = openGate();
    try {
      const resetting = h.control('POST', '/reset', { seed: 'demo', scale: 2 });
      await gate.waiting;
      const second = await h.control('POST', '/reset', { seed: 'empty' });
      expect(second.status).toBe(409);
      expect(second.body.messages[0]).toMatch(/a reset is under way \(seed demo, scale 2, seeding, 25%\).*DELETE \/_sandbox\/reset/);
      gate.send('fail');
      const answer = await resetting;
      expect(answer.status).toBe(503);
      expect(answer.body.is_error).toBe(true);
      expect(answer.body.messages[0]).toBe('the reset failed, the data was not changed: the seed failed: simulated seed failure');
    } finally {
      gate.close();
    }
    expect(await hashOfStore(h)).toBe(before);
    expect(seedFiles(h)).toEqual([]);
    const after = await status(h);
    expect(after).toMatchObject({ state: 'idle', last: { outcome: 'failed', seed: 'demo', scale: 2 } });
    expect(after.last_error).toBe('the seed failed: simulated seed failure');
    expect(await accountName(h)).toBe('Firma Noua SRL');
  });

  it('a seed worker that dies keeps the old data too, and its half-written file is removed', async () => {
    const before = await hashOfStore(h);
    const gate = openGate();
    try {
      const resetting = h.control('POST', '/reset', { seed: 'empty' });
      await gate.waiting;
      gate.send('crash');
      const answer = await resetting;
      expect(answer.status).toBe(503);
      expect(answer.body.messages[0]).toMatch(/simulated crash of the seed worker/);
    } finally {
      gate.close();
    }
    expect(await hashOfStore(h)).toBe(before);
    expect(seedFiles(h)).toEqual([]);
    // The next reset runs.
    await resetNow(h, { seed: 'empty' });
    expect((await status(h)).last_error).toBeUndefined();
  });

  it('DELETE /reset cancels a reset under way: the old data stays, the reset answers 409', async () => {
    expect((await h.control('DELETE', '/reset')).status).toBe(404);
    const before = await hashOfStore(h);
    const gate = openGate();
    try {
      const resetting = h.control('POST', '/reset', { seed: 'empty' });
      await gate.waiting;
      const cancelled = await h.control<ResetStatus>('DELETE', '/reset');
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data).toMatchObject({ state: 'idle', last: { outcome: 'cancelled', seed: 'empty' } });
      expect(cancelled.body.data.last_error).toMatch(/cancelled/);
      const answer = await resetting;
      expect(answer.status).toBe(409);
      expect(answer.body.messages[0]).toMatch(/cancelled.*not changed/);
    } finally {
      gate.close();
    }
    expect(await hashOfStore(h)).toBe(before);
    expect(seedFiles(h)).toEqual([]);
    expect(await accountName(h)).toBe('Firma Noua SRL');
  });

  it('pushes its progress on the event stream: seeding, swapping, then idle with the outcome', async () => {
    const controller = new AbortController();
    const response = await fetch(`${h.url}/_sandbox/events`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, signal: controller.signal });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const events: ResetStatus[] = [];
    let text = '';
    const readUntil = async (found: (e: ResetStatus) => boolean) => {
      while (!events.some(found)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the event stream ended');
        text += decoder.decode(value, { stream: true });
        const blocks = text.split('\n\n');
        text = blocks.pop()!;
        for (const block of blocks) {
          if (block.startsWith('event: reset.progress\n')) events.push(JSON.parse(block.split('data: ')[1]!) as ResetStatus);
        }
      }
    };
    const gate = openGate();
    try {
      const resetting = h.control('POST', '/reset', { seed: 'empty' });
      await gate.waiting;
      await readUntil((e) => e.phase === 'waiting for the test');
      gate.send('seed');
      expect((await resetting).status).toBe(200);
      await readUntil((e) => e.state === 'idle');
    } finally {
      gate.close();
      controller.abort();
    }
    expect(events[0]).toMatchObject({ state: 'seeding', seed: 'empty', scale: 1 });
    expect(events.find((e) => e.phase === 'waiting for the test')).toMatchObject({ state: 'seeding', done: 1, total: 4 });
    expect(events.map((e) => e.state).filter((s, i, all) => s !== all[i - 1])).toEqual(['seeding', 'swapping', 'idle']);
    expect(events.at(-1)!.last).toMatchObject({ outcome: 'done', seed: 'empty', scale: 1 });
  });
});

/** A reset through the held worker, let go at once. */
async function resetNow(h: Harness, body: { seed: 'demo' | 'empty'; scale?: number }): Promise<void> {
  const gate = openGate();
  try {
    const resetting = h.control('POST', '/reset', body);
    await gate.waiting;
    gate.send('seed');
    const answer = await resetting;
    if (answer.status !== 200) throw new Error(`reset failed: ${JSON.stringify(answer.body.messages)}`);
  } finally {
    gate.close();
  }
}

describe('a reset with the real seed worker', { timeout: 120_000 }, () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('gives the ids of the demo again, and the answer cache never serves an answer of the replaced data', async () => {
    const [username, password] = ['shop', 'Secret-pass-123456'];
    const created = await h.control<{ id: number }>('POST', '/accounts/1/api-users', { username, password });
    expect(created.status).toBe(201);
    const firstUserId = created.body.data.id;
    const ids = async () => (await h.control<{ rows: Array<{ bv_id: number }> }>('GET', '/accounts/1/lists/sales?limit=5')).body.data.rows.map((r) => r.bv_id);
    const demoIds = await ids();
    // The old data differs from the demo, in the REST answer (cached on the second call).
    writeSql(h, "UPDATE sales SET mentions = 'Replaced data' WHERE company_id = 1");
    const oldAnswer = await h.rest<Array<Record<string, unknown>>>('GET', '/1/sales/list/', [username, password]);
    expect(JSON.stringify((await h.rest('GET', '/1/sales/list/', [username, password])).body.data)).toBe(JSON.stringify(oldAnswer.body.data));
    expect(JSON.stringify(oldAnswer.body.data).includes('Replaced data')).toBe(true);
    expect((await h.control<{ id: number }>('POST', '/accounts/1/api-users', { username: 'second' })).body.data.id).toBe(firstUserId + 1);

    const secrets = () => withWritableDb(h, (db) => db.prepare('SELECT name, value FROM service_secrets ORDER BY name').all());
    const secretsBefore = secrets();
    const reset = await h.control('POST', '/reset', { seed: 'demo', scale: 1 });
    expect(reset.status).toBe(200);
    // The per-installation secrets stay: document links made before still open.
    expect(secrets()).toEqual(secretsBefore);
    expect(await ids()).toEqual(demoIds);
    const again = await h.control<{ id: number }>('POST', '/accounts/1/api-users', { username, password });
    expect(again.body.data.id).toBe(firstUserId);
    const newAnswer = await h.rest('GET', '/1/sales/list/', [username, password]);
    expect(newAnswer.status).toBe(200);
    expect(JSON.stringify(newAnswer.body.data).includes('Replaced data')).toBe(false);
    expect(seedFiles(h)).toEqual([]);
  });

  it('reports the progress of the real seed, up to its end, before the swap', async () => {
    const events: ResetStatus[] = [];
    const unsubscribe = h.core.events.on('reset.progress', (event) => events.push(event));
    try {
      expect((await h.control('POST', '/reset', { seed: 'demo', scale: 2 })).status).toBe(200);
    } finally {
      unsubscribe();
    }
    const swapping = events.find((e) => e.state === 'swapping')!;
    expect(swapping).toMatchObject({ seed: 'demo', scale: 2, phase: expect.any(String) });
    expect(swapping.total).toBeGreaterThan(0);
    expect(swapping.done).toBe(swapping.total);
    expect((await status(h)).last).toMatchObject({ outcome: 'done', seed: 'demo', scale: 2, error: null });
  });

  it('answers REST reads while a real seed of scale 10 runs; writes made meanwhile go with the old data', async () => {
    const user = await h.apiUser();
    writeSql(h, "UPDATE sales SET mentions = 'Before the reset' WHERE company_id = 1");
    const before = await h.rest('GET', '/1/sales/list/', user);
    const resetting = h.control('POST', '/reset', { seed: 'demo', scale: 10 });
    let answeredDuringSeed = 0;
    let writtenDuringSeed: [string, string] | undefined;
    for (;;) {
      const statusBefore = await status(h);
      if (statusBefore.state !== 'seeding') {
        if (statusBefore.state === 'idle' && statusBefore.started_at === null && statusBefore.last?.scale === 10) break;
        continue;
      }
      const during = await h.rest('GET', '/1/sales/list/', user);
      const written = writtenDuringSeed ? undefined : await h.apiUser();
      if ((await status(h)).state !== 'seeding') continue;
      // Read and written with the seed running before and after: the old data.
      writtenDuringSeed ??= written;
      expect(during.status).toBe(200);
      expect(during.body.data).toEqual(before.body.data);
      answeredDuringSeed += 1;
    }
    expect((await resetting).status).toBe(200);
    expect(answeredDuringSeed).toBeGreaterThan(0);
    expect((await h.rest('GET', '/1/sales/list/', writtenDuringSeed!)).status).toBe(401);
  });
});
