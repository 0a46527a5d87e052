import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createConfUserSettings } from '../../electron/cli/user-settings.ts';
import { DATABASE_FILE } from '../../electron/core/create-core.ts';
import { seedNewDataFolder } from '../../electron/core/store/first-seed.ts';
import { PNG } from './fixtures.ts';
import { databaseFile, startHarness, type Harness } from './harness.ts';
import { multipart } from './requests.ts';

/*
 * The data folder holds webhook secrets, the document-link key and FTP passwords: the folder is
 * 0700 and what the service writes in it 0600 (docs/security.md), on a real core and listener.
 */
const mode = (path: string) => statSync(path).mode & 0o777;

/** Every folder and file below `root` whose mode is not 0700 (folders) or 0600 (files), as 'path 0644'. */
function notPrivate(root: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    const bits = lstatSync(path).mode & 0o777;
    if (entry.isDirectory()) {
      if (bits !== 0o700) found.push(`${path} ${bits.toString(8)}`);
      found.push(...notPrivate(path));
    } else if (bits !== 0o600) {
      found.push(`${path} ${bits.toString(8)}`);
    }
  }
  return found;
}
const dirs: string[] = [];
const harnesses: Harness[] = [];
afterAll(async () => {
  for (const h of harnesses) await h.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('data folder permissions', () => {
  it('a new folder is 0700; the database, its WAL and SHM, stored files and snapshots are private', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'erpwb-perm-'));
    dirs.push(parent);
    const dataDir = join(parent, 'data');
    const h = await startHarness({ dataDir, seed: 'empty' });
    harnesses.push(h);
    // A write, so the WAL holds something; a stored file through the file store the uploads use.
    expect((await h.control('POST', '/accounts/1/api-users', { username: 'perm-user' })).status).toBe(201);
    h.core.rest.files.write('images/1/perm-test.bin', Buffer.from('secret bytes'));
    const saved = await h.control('POST', '/snapshots', { name: 'perm-snap' });
    expect(saved.status).toBe(201);

    expect(mode(dataDir)).toBe(0o700);
    for (const suffix of ['', '-wal', '-shm']) expect(mode(join(dataDir, `${DATABASE_FILE}${suffix}`)), suffix).toBe(0o600);
    expect(mode(join(dataDir, 'files', 'images/1/perm-test.bin'))).toBe(0o600);
    const snapshot = join(dataDir, 'snapshots', 'perm-snap');
    expect(mode(snapshot)).toBe(0o700);
    const snapshotDb = readdirSync(snapshot).find((name) => name.endsWith('.sqlite'));
    expect(snapshotDb).toBeDefined();
    expect(mode(join(snapshot, snapshotDb!))).toBe(0o600);

    // Restored, the store is the snapshot's copy: still private.
    expect((await h.control('POST', '/snapshots/perm-snap/restore')).status).toBe(200);
    expect(mode(join(dataDir, DATABASE_FILE))).toBe(0o600);
  });

  it('attachments in the embedded FTP storage, and everything a snapshot copies, are private too', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'erpwb-perm-ftp-'));
    dirs.push(parent);
    const dataDir = join(parent, 'data');
    const h = await startHarness({ dataDir });
    harnesses.push(h);
    expect((await h.control('PATCH', '/accounts/1/storage', { embedded: true })).status).toBe(200);
    // Written by the embedded FTP server (ftp-srv) into <data>/ftp/1/contact/1/, folders made by MKD.
    const uploaded = await h.control('POST', '/accounts/1/attachments', {
      doctype: 'contact',
      doc_id: 1,
      file_name: 'fisa.pdf',
      content_base64: Buffer.from('%PDF-1.4 private\n').toString('base64'),
    });
    expect(uploaded.status, JSON.stringify(uploaded.body.messages)).toBe(201);
    // A product image uploaded through the REST API: stored by the images domain, with the
    // thumbnail the service makes of it.
    const db = new BetterSqlite3(databaseFile(h), { readonly: true });
    const product = db.prepare('SELECT id FROM products WHERE company_id = 1 AND deleted = 0 ORDER BY id LIMIT 1').pluck().get() as number;
    db.close();
    const user = await h.apiUser();
    const image = await h.rest('POST', `/1/product/${product}/image/`, user, { method: 'POST', body: multipart([['file', PNG, 'front.png', 'image/png']]) });
    expect(image.status, JSON.stringify(image.body)).toBe(200);
    expect((await h.control('POST', '/snapshots', { name: 'with-files' })).status).toBe(201);

    expect(readdirSync(join(dataDir, 'ftp', '1', 'contact', '1'))).toHaveLength(1);
    expect(readdirSync(join(dataDir, 'files', 'products')).length).toBeGreaterThan(0);
    expect(readdirSync(join(dataDir, 'snapshots', 'with-files'))).toEqual(expect.arrayContaining(['ftp', 'files', 'snapshot.json']));
    // The whole tree: the database and its WAL and SHM, storage.key, the stored files, the FTP
    // root and the snapshot with its copies.
    expect(mode(dataDir)).toBe(0o700);
    expect(notPrivate(dataDir)).toEqual([]);
  });

  // The top level only: the stored files' tree can be large, and inside a 0700 folder no one
  // else reaches it anyway; new files are made 0600.
  it('a folder and a database an older version left readable to others are tightened at start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'erpwb-perm-old-'));
    dirs.push(dataDir);
    const file = join(dataDir, DATABASE_FILE);
    // An "older version": a database made with the default modes.
    const old = new BetterSqlite3(file);
    old.pragma('journal_mode = WAL');
    old.close();
    chmodSync(file, 0o644);
    chmodSync(dataDir, 0o755);

    const h = await startHarness({ dataDir, seed: 'empty' });
    harnesses.push(h);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}-wal`)).toBe(0o600);
    expect(mode(`${file}-shm`)).toBe(0o600);
  });

  it('a first start seeds a 0600 database into a 0700 folder (the seed file is private before it is moved into place)', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'erpwb-perm-first-'));
    dirs.push(parent);
    const dataDir = join(parent, 'data');
    expect(await seedNewDataFolder({ dataDir, kind: 'empty', scale: 1, now: new Date('2026-11-27T10:00:00Z') })).toBe(true);
    expect(mode(dataDir)).toBe(0o700);
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it("the CLI's config.json is 0600, also one an older version left 0644", () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'erpwb-perm-conf-'));
    dirs.push(userDataDir);
    const file = join(userDataDir, 'config.json');
    // Every setting already there: conf does not write it again at start.
    createConfUserSettings(userDataDir);
    expect(mode(file)).toBe(0o600);
    chmodSync(file, 0o644);
    createConfUserSettings(userDataDir);
    expect(mode(file)).toBe(0o600);
  });
});
