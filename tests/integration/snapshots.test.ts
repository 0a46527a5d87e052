import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../shared/contract/operations-snapshots.ts';
import type { Account } from '../../shared/domain/accounts.ts';
import type { CoreEvents } from '../../shared/contract/events.ts';
import { isOperationError } from '../../shared/contract/errors.ts';
import { databaseFile, startHarness, writeSql, type Harness } from './harness.ts';
import { PNG } from './fixtures.ts';
import { eventually, startReceiver, type Receiver } from './receiver.ts';

/*
 * POST /_sandbox/snapshots saves the whole data under a name; POST .../:name/restore puts it
 * back in one synchronous swap (the reset's). What is checked: the data, the stored files, the
 * embedded FTP storage's files and the pending deliveries come back; every in-memory state of the
 * replaced data is dropped (answer cache, password cache, last-use throttle, lock-out, pager
 * boundaries, the dispatcher's claims); concurrent readers see the old or the new data whole.
 */

type Published = { cod_produs: string; notification: { delivery_id: number; webhook_id: string } };
type Delivery = { id: number; webhook_id: string; status: string };
type Restored = { snapshot: Snapshot; accounts: Account[] };

let h: Harness;
let receiver: Receiver;
let user: [string, string];

const save = (name: string, extra: Record<string, unknown> = {}) => h.control<Snapshot>('POST', '/snapshots', { name, ...extra });
const restore = (name: string) => h.control<Restored>('POST', `/snapshots/${encodeURIComponent(name)}/restore`);
const list = async () => (await h.control<Snapshot[]>('GET', '/snapshots')).body.data;

async function expectStatus<T>(answer: Promise<{ status: number; body: { data: T; messages: string[] } }>, status: number): Promise<T> {
  const got = await answer;
  expect(got.status, JSON.stringify(got.body.messages)).toBe(status);
  return got.body.data;
}

/** Reads the live file on its own connection (a restore replaces the file: open it anew each time). */
function readDb<T>(read: (db: BetterSqlite3.Database) => T): T {
  const db = new BetterSqlite3(databaseFile(h), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** The files of the embedded FTP storage (the attachments of accounts that use it). */
const ftpFiles = () => readdirSync(join(h.dataDir, 'ftp'), { recursive: true }).map(String).sort();

const productName = async (id: number) => (await h.rest<{ product_name: string }>('GET', `/1/product/${id}/`, user)).body.data.product_name;

/** Products of account 1 not published on connector 1 (publishing them queues a notification). */
const unpublished = () =>
  readDb((db) =>
    db
      .prepare('SELECT id FROM products WHERE company_id = 1 AND deleted = 0 AND id NOT IN (SELECT product_id FROM connector_products WHERE connector_id = 1) ORDER BY id LIMIT 5')
      .pluck()
      .all() as number[],
  );

const publish = (productId: number) => expectStatus(h.control<Published>('POST', `/accounts/1/connectors/1/products/${productId}/publish`), 200);
const deliveries = async () => (await h.control<Delivery[]>('GET', '/accounts/1/webhooks?limit=200')).body.data;
/** What the receiver got for a publication (the body names the product; unsigned posts carry no webhook-id). */
const postsOf = (published: Published) =>
  receiver.received.filter((r) => r.json['notification_type'] === 'product_published' && r.json['cod_produs'] === published.cod_produs);

beforeAll(async () => {
  h = await startHarness();
  receiver = await startReceiver(() => 503);
  user = await h.apiUser();
  // A failed attempt is retried an hour later: a delivery stays pending for the whole file.
  await expectStatus(h.control('PATCH', '/settings', { webhook_retry_schedule_s: [3600] }), 200);
  await expectStatus(h.control('PATCH', '/accounts/1/connectors/1', { order_event_notification_url: receiver.url }), 200);
}, 120_000);

afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

describe('snapshots', { timeout: 120_000 }, () => {
  it('save, change (REST write, stored image, FTP attachment, pending delivery), restore: every change is gone, what was saved is back', async () => {
    const [first, second, third] = unpublished();
    // Saved: a delivery pending after a failed attempt, and an attachment on the embedded FTP storage.
    const pending = await publish(first!);
    await eventually(() => postsOf(pending).length === 1, 10_000, 'the first attempt');
    await expectStatus(h.control('PATCH', '/accounts/1/storage', { embedded: true }), 200);
    const kept = await expectStatus(
      h.control<{ bocp_id: number }>('POST', '/accounts/1/attachments', { doctype: 'sale', doc_id: 1, file_name: 'kept.txt', content_base64: Buffer.from('kept file').toString('base64') }),
      201,
    );
    const savedName = await productName(2);

    const saved = await expectStatus(save('base'), 201);
    const ftpAtSave = ftpFiles();
    expect(saved).toMatchObject({ name: 'base', created_ts: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(saved.holds.accounts).toEqual([{ company_id: 1, name: 'Demo Retail SRL' }]);
    expect(saved.holds.database_bytes).toBeGreaterThan(0);
    expect(saved.holds.ftp_files.count).toBeGreaterThanOrEqual(1);
    expect(saved.size_bytes).toBe(saved.holds.database_bytes + saved.holds.stored_files.bytes + saved.holds.ftp_files.bytes);

    // The changes: a REST write, a stored image, another attachment (and the first one deleted), a new pending delivery.
    const renamed = await h.rest('PATCH', '/1/product/2/', user, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ product_name: 'Changed after the snapshot' }) });
    expect(renamed.status, JSON.stringify(renamed.body.messages)).toBe(200);
    // Asked twice: the second answer comes from the answer cache.
    expect(await productName(2)).toBe('Changed after the snapshot');
    expect(await productName(2)).toBe('Changed after the snapshot');
    const image = await expectStatus(
      h.control<{ image: { image_id: number; url: string } }>('POST', '/accounts/1/products/2/images', { file_name: 'after.png', content_base64: PNG.toString('base64') }),
      201,
    );
    expect((await fetch(image.image.url)).status).toBe(200);
    const added = await expectStatus(
      h.control<{ bocp_id: number }>('POST', '/accounts/1/attachments', { doctype: 'sale', doc_id: 1, file_name: 'added.txt', content_base64: Buffer.from('added file').toString('base64') }),
      201,
    );
    await expectStatus(h.control('DELETE', `/accounts/1/attachments/${kept.bocp_id}`), 200);
    const later = await publish(second!);
    await eventually(() => postsOf(later).length === 1, 10_000, 'the later attempt');

    const events: Array<CoreEvents['data.changed']> = [];
    const unsubscribe = h.core.events.on('data.changed', (event) => events.push(event));
    let restored: Restored;
    try {
      restored = await expectStatus(restore('base'), 200);
    } finally {
      unsubscribe();
    }
    expect(restored.snapshot).toEqual(saved);
    expect(restored.accounts.map((a) => a.company_id)).toEqual([1]);
    // The screens refresh everything, as after a reset.
    expect(events).toContainEqual({ company_id: null, tables: ['*'] });

    // The REST write is gone, also from the answer cache.
    expect(await productName(2)).toBe(savedName);
    // The image: its row and its file.
    expect((await fetch(image.image.url)).status).toBe(404);
    expect(readDb((db) => db.prepare('SELECT count(*) FROM product_images WHERE id = ?').pluck().get(image.image.image_id))).toBe(0);
    // The attachments: the one saved is back with its file, the later one is gone with its file.
    const content = await expectStatus(h.control<{ content_base64: string }>('GET', `/accounts/1/attachments/${kept.bocp_id}/content`), 200);
    expect(Buffer.from(content.content_base64, 'base64').toString()).toBe('kept file');
    await expectStatus(h.control('GET', `/accounts/1/attachments/${added.bocp_id}`), 404);
    expect(ftpFiles()).toEqual(ftpAtSave);
    // The deliveries: the later one is gone, the saved one is pending again.
    const after = await deliveries();
    expect(after.find((d) => d.webhook_id === later.notification.webhook_id)).toBeUndefined();
    expect(after.find((d) => d.webhook_id === pending.notification.webhook_id)).toMatchObject({ status: 'pending' });

    // The dispatcher holds nothing of the replaced data: the next delivery takes the id of the
    // one that is gone, and is sent with its own body.
    receiver.answer(() => 200);
    const next = await publish(third!);
    expect(next.notification.delivery_id).toBe(later.notification.delivery_id);
    await eventually(() => postsOf(next).length === 1, 10_000, 'the next delivery');
    expect(postsOf(later)).toHaveLength(1);
    const retried = await expectStatus(h.control<Delivery>('POST', `/accounts/1/webhooks/${pending.notification.delivery_id}/retry`), 200);
    expect(retried.status).toBe('delivered');
    receiver.answer(() => 503);
  });

  it('restores the same state every time: the snapshot keeps its files when the live ones are deleted', async () => {
    const image = await expectStatus(
      h.control<{ image: { image_id: number; url: string } }>('POST', '/accounts/1/products/3/images', { file_name: 'kept.png', content_base64: PNG.toString('base64') }),
      201,
    );
    const saved = await expectStatus(save('with-image'), 201);
    expect(saved.holds.stored_files).toEqual({ count: 1, bytes: PNG.length });
    for (let round = 0; round < 2; round++) {
      await expectStatus(h.control('DELETE', '/accounts/1/products/3/images'), 200);
      expect((await fetch(image.image.url)).status).toBe(404);
      await expectStatus(restore('with-image'), 200);
      const served = await fetch(image.image.url);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    }
  });

  it('drops the password cache, the last-use throttle and the lock-out of the replaced data', async () => {
    // Saved never used (no last use written yet).
    const fresh = await h.apiUser();
    await expectStatus(save('users'), 201);
    const lastUsed = () => readDb((db) => db.prepare('SELECT last_used_ts FROM api_users WHERE username = ?').pluck().get(fresh[0]));
    expect(lastUsed()).toBeNull();
    // Its first call writes its last use (the next ones, at most once a minute).
    expect((await h.rest('GET', '/1/product/2/', fresh)).status).toBe(200);
    expect(lastUsed()).not.toBeNull();
    // Created after the snapshot, and authenticated (its password check is now cached).
    const later = await h.apiUser();
    expect((await h.rest('GET', '/1/sales/list/', later)).status).toBe(200);
    // Locked out: three failures from this IP.
    await expectStatus(h.control('PATCH', '/settings', { auth_lockout: { max_failures: 3, window_s: 600, lock_s: 600 } }), 200);
    for (let i = 0; i < 3; i++) expect((await h.rest('GET', '/1/sales/list/', [user[0], 'wrong-password'])).status).toBe(401);
    expect((await h.rest('GET', '/1/sales/list/', user)).status).toBe(429);

    await expectStatus(restore('users'), 200);
    expect((await h.rest('GET', '/1/sales/list/', later)).status).toBe(401);
    expect(lastUsed()).toBeNull();
    expect((await h.rest('GET', '/1/sales/list/', fresh)).status).toBe(200);
    // Written by that call: the throttle of the replaced data does not hold it back.
    expect(lastUsed()).not.toBeNull();
    await expectStatus(h.control('PATCH', '/settings', { auth_lockout: { max_failures: 10, window_s: 60, lock_s: 60 } }), 200);
  });

  it('drops the page boundaries the pager remembered of the replaced data', async () => {
    await expectStatus(save('pages'), 201);
    const ids = () => readDb((db) => db.prepare('SELECT id FROM sales WHERE company_id = 1 AND cancelled = 0 ORDER BY id').pluck().all() as number[]);
    const saved = ids();
    // Twenty rows of page 1 leave the filter: page 2 would start 20 rows later.
    writeSql(h, `UPDATE sales SET cancelled = 1 WHERE id IN (${saved.slice(0, 20).join(',')})`);
    const page = async (n: number) => (await h.rest<Array<{ bv_id: number }>>('GET', `/1/sales/list/skipcancelled:1/page:${n}/`, user)).body.data.map((r) => r.bv_id);
    expect(await page(1)).toEqual(ids().slice(0, 100));
    await expectStatus(restore('pages'), 200);
    expect(ids()).toEqual(saved);
    expect(await page(2)).toEqual(saved.slice(100, 200));
  });

  it('keeps the service settings (as a reset does)', async () => {
    await expectStatus(save('settings'), 201);
    await expectStatus(h.control('PATCH', '/settings', { api_log_max_rows: 4321 }), 200);
    await expectStatus(restore('settings'), 200);
    expect((await h.control<{ api_log_max_rows: number }>('GET', '/settings')).body.data.api_log_max_rows).toBe(4321);
    expect(readDb((db) => db.prepare("SELECT value FROM service_settings WHERE key = 'api_log_max_rows'").pluck().get())).toBe('4321');
  });

  it('answers concurrent REST reads with the old or the restored data, never a mix', async () => {
    await expectStatus(save('readers'), 201);
    const read = async () => {
      const answer = await h.rest<unknown[]>('GET', '/1/sales/list/', user);
      expect(answer.status).toBe(200);
      return JSON.stringify(answer.body.data);
    };
    const restoredData = await read();
    for (let round = 0; round < 3; round++) {
      writeSql(h, 'UPDATE sales SET mentions = ? WHERE company_id = 1', `changed in round ${round}`);
      const changedData = await read();
      expect(changedData).not.toBe(restoredData);
      let finished = false;
      const reader = async () => {
        const seen: Array<'old' | 'new'> = [];
        for (let after = 0; after < 3; ) {
          if (finished) after += 1;
          const data = await read();
          if (data === changedData) seen.push('old');
          else if (data === restoredData) seen.push('new');
          else throw new Error(`neither the old nor the restored data: ${data.slice(0, 200)}`);
        }
        return seen;
      };
      const readers = Array.from({ length: 4 }, reader);
      await expectStatus(restore('readers'), 200);
      finished = true;
      for (const seen of await Promise.all(readers)) {
        expect(seen.at(-1)).toBe('new');
        expect(seen.slice(seen.indexOf('new'))).not.toContain('old');
      }
    }
  });

  it('a snapshot whose database cannot be opened answers 503 and changes nothing, its files included', async () => {
    await expectStatus(h.control('POST', '/accounts/1/products/4/images', { file_name: 'live.png', content_base64: PNG.toString('base64') }), 201);
    await expectStatus(save('broken'), 201);
    writeFileSync(join(h.dataDir, 'snapshots', 'broken', 'store.sqlite'), 'not a database');
    await expectStatus(h.control('DELETE', '/accounts/1/products/4/images'), 200);
    const filesBefore = readdirSync(join(h.dataDir, 'files'), { recursive: true }).map(String).sort();
    const nameBefore = await productName(2);
    const answer = await restore('broken');
    expect(answer.status).toBe(503);
    expect(answer.body.messages[0]).toMatch(/^the restore failed, the data was not changed: snapshot 'broken' could not replace the data: /);
    expect(readdirSync(join(h.dataDir, 'files'), { recursive: true }).map(String).sort()).toEqual(filesBefore);
    expect(await productName(2)).toBe(nameBefore);
    await eventually(() => readdirSync(h.dataDir).every((name) => !name.includes('.restoring-') && !name.includes('.replaced-')), 10_000, 'the copies to go');
    await expectStatus(h.control('DELETE', '/snapshots/broken'), 200);
  });

  it('lists, overwrites only when told, and deletes', async () => {
    const before = await list();
    expect(before.map((s) => s.name)).toEqual(expect.arrayContaining(['base', 'with-image', 'users', 'pages', 'settings', 'readers']));
    expect([...before.map((s) => s.created_ts)]).toEqual([...before.map((s) => s.created_ts)].sort().reverse());

    const refused = await save('base');
    expect(refused.status).toBe(409);
    expect(refused.body.messages[0]).toMatch(/^name: a snapshot named 'base' exists: send "overwrite": true/);
    writeSql(h, "UPDATE accounts SET name = 'Overwritten SRL' WHERE company_id = 1");
    const replaced = await expectStatus(save('base', { overwrite: true }), 201);
    expect(replaced.holds.accounts).toEqual([{ company_id: 1, name: 'Overwritten SRL' }]);
    expect((await list()).filter((s) => s.name === 'base')).toEqual([replaced]);

    for (const name of ['with-image', 'users', 'pages', 'settings', 'readers']) {
      expect(await expectStatus(h.control('DELETE', `/snapshots/${name}`), 200)).toEqual({ deleted: name });
    }
    expect((await list()).map((s) => s.name)).toEqual(['base']);
    await eventually(() => readdirSync(join(h.dataDir, 'snapshots')).join() === 'base', 10_000, 'the deleted folders to go');
    // Nothing of the restores is left in the data folder.
    expect(readdirSync(h.dataDir).filter((name) => name.includes('.restoring-') || name.includes('.replaced-'))).toEqual([]);
  });

  it('refuses bad names (400 naming the field) and unknown snapshots (404)', async () => {
    for (const name of ['', '../etc', '.hidden', 'a b', 'x'.repeat(65), 'a/b', 'é']) {
      const answer = await save(name);
      expect(answer.status, name).toBe(400);
      expect(answer.body.messages[0], name).toMatch(/^name: /);
    }
    const missing = await h.control('POST', '/snapshots', {});
    expect(missing.status).toBe(400);
    expect(missing.body.messages[0]).toBe('name: required field is missing');
    const unknownField = await h.control('POST', '/snapshots', { name: 'ok', keep: true });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.messages[0]).toBe('keep: unknown field');
    expect((await h.control('POST', '/snapshots/a%20b/restore')).status).toBe(400);
    expect((await h.control('DELETE', '/snapshots/..')).status).toBe(404);

    for (const answer of [await restore('nope'), await h.control('DELETE', '/snapshots/nope')]) {
      expect(answer.status).toBe(404);
      expect(answer.body.messages[0]).toBe("name: no snapshot named 'nope' (GET /_sandbox/snapshots lists them)");
    }
    expect(existsSync(join(h.dataDir, 'snapshots', 'ok'))).toBe(false);
  });

  it('one save, restore or reset at a time: the others are refused with 409', async () => {
    const refusal = async (call: Promise<unknown>) => {
      const error = await call.then(
        () => undefined,
        (e: unknown) => e,
      );
      if (!isOperationError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
      return error;
    };
    const restoring = h.core.invoke('snapshots.restore', { name: 'base' });
    const second = await refusal(h.core.invoke('snapshots.restore', { name: 'base' }));
    expect(second.status).toBe(409);
    expect(second.message).toBe("snapshot 'base' is being restored: try again when it is done");
    expect((await refusal(h.core.invoke('snapshots.save', { name: 'during' }))).status).toBe(409);
    expect((await refusal(h.core.invoke('snapshots.delete', { name: 'base' }))).status).toBe(409);
    expect((await refusal(h.core.invoke('service.reset', { seed: 'empty' }))).status).toBe(409);
    await restoring;

    const resetting = h.core.invoke('service.reset', { seed: 'empty' });
    const during = await refusal(h.core.invoke('snapshots.restore', { name: 'base' }));
    expect(during.status).toBe(409);
    expect(during.message).toBe('a reset is under way: wait for it (GET /_sandbox/reset)');
    expect((await refusal(h.core.invoke('snapshots.save', { name: 'during' }))).status).toBe(409);
    // A second reset meets the first one's own refusal.
    expect((await refusal(h.core.invoke('service.reset', { seed: 'empty' }))).message).toMatch(/^a reset is under way \(seed empty/);
    await resetting;
    expect((await h.control<Account[]>('GET', '/accounts')).body.data.map((a) => a.name)).toEqual(['Firma Noua SRL']);
    // A reset does not touch the snapshots: the demo comes back in one call.
    await expectStatus(restore('base'), 200);
    expect((await h.control<Account[]>('GET', '/accounts')).body.data.map((a) => a.name)).toEqual(['Overwritten SRL']);
  });
});
