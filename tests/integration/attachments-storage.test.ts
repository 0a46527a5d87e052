import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreEvents } from '../../shared/contract/events.ts';
import type { Attachment, AttachmentUploadResult, StorageSettings, StorageTestResult } from '../../shared/domain/attachments.ts';
import { createCore } from '../../electron/core/create-core.ts';
import { databaseFile, queries, useDemo, withWritableDb } from './harness.ts';
import { expectRefused, media, multipart, restSend } from './requests.ts';
import { startTestFtp, type TestFtp } from './ftp-server.ts';

// The storage setting (encrypted password, test connection, embedded server) and the control
// operations over attachments (list, get, upload in base64 with progress events, download, delete).

let ftp: TestFtp;
const demo = useDemo();
const { value } = queries(demo);
const send = restSend(demo);
const storage = (body: unknown) => demo.h.control<StorageSettings>('PATCH', '/accounts/1/storage', body);
const testStorage = () => demo.h.control<StorageTestResult>('POST', '/accounts/1/storage/test', {});
const external = (extra: Record<string, unknown> = {}) => ({
  ftp: { host: ftp.host, port: ftp.port, user: ftp.user, password: ftp.password, root: '/docs', ...extra },
});

beforeAll(async () => {
  ftp = await startTestFtp();
});
afterAll(() => ftp?.close());

/** Every byte the service keeps in SQLite (the file and its write-ahead log). */
const databaseBytes = () =>
  Buffer.concat([databaseFile(demo.h), `${databaseFile(demo.h)}-wal`].filter(existsSync).map((file) => readFileSync(file)));

describe('the storage setting', () => {
  it('leaves the demo account not configured, and refuses invalid settings naming the field', async () => {
    expect((await demo.h.control('GET', '/accounts/1/storage')).body.data).toEqual({ configured: false, embedded: false, ftp: null });
    expectRefused(await storage(external({ host: 'bad host!' })), 400, /ftp\.host/);
    expectRefused(await storage(external({ port: 70000 })), 400, /ftp\.port/);
    expectRefused(await storage(external({ root: '/a/../b' })), 400, /ftp\.root/);
    expectRefused(await storage(external({ user: 'x\r\nDELE y' })), 400, /ftp\.user/);
    expectRefused(await storage({ ftp: { host: 'h', user: 'u' } }), 400, /ftp\.password: required/);
    expectRefused(await storage({ ...external(), embedded: true }), 400, /embedded/);
    expect((await demo.h.control('PATCH', '/accounts/99/storage', external())).status).toBe(404);
    const notConfigured = await testStorage();
    expect(notConfigured.status).toBe(200);
    expect(notConfigured.body.data).toMatchObject({ ok: false, message: expect.stringMatching(/no FTP storage/) });
  });

  it('stores the password encrypted under a key file outside the database, and never shows it', async () => {
    const answer = await storage(external());
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      configured: true,
      embedded: false,
      ftp: { host: ftp.host, port: ftp.port, user: ftp.user, root: '/docs', secure: false, password_set: true },
    });
    const stored = value<string>('SELECT ftp_password FROM account_storage WHERE company_id = 1');
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const keyFile = join(demo.h.dataDir, 'storage.key');
    expect(readFileSync(keyFile, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    // Kept when a later change leaves it out (same host, port, user and secure).
    expect((await storage(external({ password: undefined, root: '/docs/' }))).status).toBe(200);
    const tested = await testStorage();
    expect(tested.body.data).toMatchObject({ ok: true, message: expect.stringMatching(/wrote, read back and removed a probe file in \/docs/) });
    for (const text of [JSON.stringify(answer.body), JSON.stringify((await demo.h.control('GET', '/accounts/1/storage')).body), JSON.stringify(tested.body)]) {
      expect(text).not.toContain(ftp.password);
    }
    for (const form of [ftp.password, Buffer.from(ftp.password).toString('base64')]) expect(databaseBytes().includes(Buffer.from(form))).toBe(false);
  });

  it('answers a failed test with ok false and the reason, never a 500', async () => {
    expect((await storage(external({ password: 'wrong' }))).status).toBe(200);
    expect((await testStorage()).body.data).toMatchObject({ ok: false, message: expect.stringMatching(/530/) });
    const closed = await storage(external({ port: 1 }));
    expect(closed.status).toBe(200);
    const answer = await testStorage();
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ ok: false, message: expect.stringMatching(/ECONNREFUSED/) });
    expect((await storage(external())).status).toBe(200);
  });

  it('forgets the password when host, port, user or secure change without a new one, and keeps it otherwise', async () => {
    const stored = () => value<string>('SELECT ftp_password FROM account_storage WHERE company_id = 1');
    const passwordSet = (answer: { body: { data: StorageSettings } }) => answer.body.data.ftp?.password_set;
    expect(passwordSet(await storage(external()))).toBe(true);

    // Only the root folder changes: the password stays and still logs in.
    const before = stored();
    const rootOnly = await storage(external({ password: undefined, root: '/docs/other' }));
    expect(rootOnly.status).toBe(200);
    expect(passwordSet(rootOnly)).toBe(true);
    expect(stored()).toBe(before);
    expect((await testStorage()).body.data).toMatchObject({ ok: true });

    // Another port (here a closed one) without a password: forgotten, said in the answer, and the
    // test says no password is stored before trying to connect anywhere.
    const otherPort = await storage(external({ password: undefined, port: 1 }));
    expect(otherPort.status).toBe(200);
    expect(otherPort.body.data.ftp).toMatchObject({ port: 1, password_set: false });
    expect(stored()).toBe('');
    expect((await demo.h.control<StorageSettings>('GET', '/accounts/1/storage')).body.data.ftp?.password_set).toBe(false);
    expect((await testStorage()).body.data).toMatchObject({ ok: false, message: expect.stringMatching(/no password is stored/) });
    // Back to the right port: still none (it was forgotten, not hidden).
    expect(passwordSet(await storage(external({ password: undefined })))).toBe(false);
    expect((await testStorage()).body.data).toMatchObject({ ok: false, message: expect.stringMatching(/no password is stored/) });

    // Host and password changed together: the new one is stored and works.
    expect(passwordSet(await storage(external({ host: 'localhost', password: 'wrong' })))).toBe(true);
    const hostAndPassword = await storage(external({ host: ftp.host }));
    expect(hostAndPassword.body.data.ftp).toMatchObject({ host: ftp.host, password_set: true });
    expect((await testStorage()).body.data).toMatchObject({ ok: true });

    // secure and user count too.
    expect(passwordSet(await storage(external({ password: undefined, secure: true })))).toBe(false);
    expect(passwordSet(await storage(external()))).toBe(true);
    expect(passwordSet(await storage(external({ password: undefined, user: 'other' })))).toBe(false);
    expect(passwordSet(await storage(external()))).toBe(true);
    expect((await testStorage()).body.data).toMatchObject({ ok: true });
  });
});

describe('control operations over attachments', () => {
  it('uploads in base64 with progress events, lists, gets, downloads and deletes', async () => {
    const saleId = value('SELECT id FROM sales WHERE company_id = 1 ORDER BY id DESC LIMIT 1');
    const content = Buffer.from('Nota de livrare – ăîșț\n'.repeat(2000));
    const progress: Array<CoreEvents['attachment.progress']> = [];
    const stop = demo.h.core.events.on('attachment.progress', (event) => progress.push(event));
    const uploaded = await demo.h.control<Attachment>('POST', '/accounts/1/attachments', {
      doctype: 'sale',
      doc_id: saleId,
      file_name: 'nota.txt',
      content_base64: content.toString('base64'),
      title: 'Nota',
      upload_id: 'upload-42',
    });
    stop();
    expect(uploaded.status, JSON.stringify(uploaded.body.messages)).toBe(201);
    const attachment = uploaded.body.data;
    expect(attachment).toMatchObject({ doctype: 'sale', doc_id: saleId, original_filename: 'nota.txt', title: 'Nota', is_public: 0 });
    expect(attachment.filesize).toBeLessThan(content.length);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((event) => event.upload_id === 'upload-42' && event.company_id === 1)).toBe(true);
    expect(progress.at(-1)).toEqual({ company_id: 1, upload_id: 'upload-42', bytes: attachment.filesize, total: attachment.filesize });

    const listed = await demo.h.control<Attachment[]>('GET', `/accounts/1/attachments?doctype=sale&doc_id=${saleId}`);
    expect(listed.body.data).toEqual([attachment]);
    expect((await demo.h.control('GET', `/accounts/1/attachments/${attachment.bocp_id}`)).body.data).toEqual(attachment);
    const downloaded = await demo.h.control<{ file_name: string; content_type: string; content_base64: string }>(
      'GET',
      `/accounts/1/attachments/${attachment.bocp_id}/content`,
    );
    expect(downloaded.body.data).toMatchObject({ file_name: 'nota.txt', content_type: 'text/plain' });
    expect(Buffer.from(downloaded.body.data.content_base64, 'base64').equals(content)).toBe(true);
    // The REST metadata is the same record, its URL on the caller's address.
    expect((await send<Attachment>('GET', `/attachments/${attachment.bocp_id}/`)).body.data).toEqual(attachment);

    expectRefused(
      await demo.h.control('POST', '/accounts/1/attachments', { doctype: 'sale', doc_id: saleId, file_name: 'x.PHP.txt', content_base64: 'eA==' }),
      400,
      /\.php/,
    );
    expectRefused(await demo.h.control('POST', '/accounts/1/attachments', { doctype: 'sale', doc_id: saleId, file_name: 'x.txt', content_base64: '!!' }), 400, /content_base64/);
    const deleted = await demo.h.control('DELETE', `/accounts/1/attachments/${attachment.bocp_id}`);
    expect(deleted.body.data).toEqual({ deleted_attachment_id: attachment.bocp_id });
    expect((await demo.h.control('GET', `/accounts/1/attachments/${attachment.bocp_id}`)).status).toBe(404);
  });
});

describe('the embedded storage', () => {
  it('starts with one switch and serves uploads and downloads from the data folder', async () => {
    const answer = await storage({ embedded: true });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ configured: true, embedded: true, ftp: { host: '127.0.0.1', user: 'erp-workbench', root: '/', password_set: true } });
    expect((await testStorage()).body.data).toMatchObject({ ok: true });
    const content = Buffer.from('%PDF-1.4 embedded\n');
    const uploaded = await send<AttachmentUploadResult>('POST', '/attachments/upload/', multipart([['doctype', 'contact'], ['doc_id', '1'], ['file', content, 'fisa.pdf']]));
    expect(uploaded.status, JSON.stringify(uploaded.body.messages)).toBe(200);
    const ftpRoot = join(demo.h.dataDir, 'ftp', '1', 'contact', '1');
    expect(readdirSync(ftpRoot)).toEqual([expect.stringMatching(/^[0-9a-f]{16}-fisa\.pdf$/)]);
    expect((await media(uploaded.body.data.attachments[0]!.download_url)).body.equals(content)).toBe(true);
    expect(await storage({ embedded: false }).then((a) => a.body.data)).toEqual({ configured: false, embedded: false, ftp: null });
  });

  it('stops the embedded server when the core closes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'erpwb-embedded-'));
    const core = createCore({ dataDir, seed: 'empty' });
    try {
      const settings = await core.invoke('storage.update', { company_id: 1, embedded: true });
      const port = settings.ftp!.port;
      await core.close();
      const refused = await new Promise<string>((resolve) => connect(port, '127.0.0.1').on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? '')).on('connect', () => resolve('connected')));
      expect(refused).toBe('ECONNREFUSED');
    } finally {
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is cleared by a reset: the new accounts have no storage and the embedded folder is emptied', async () => {
    expect((await storage({ embedded: true })).status).toBe(200);
    const saleId = value('SELECT id FROM sales WHERE company_id = 1 ORDER BY id LIMIT 1');
    expect((await send('POST', '/attachments/upload/', multipart([['doctype', 'sale'], ['doc_id', String(saleId)], ['file', Buffer.from('x'), 'x.bin']]))).status).toBe(200);
    expect((await demo.h.control('POST', '/reset', { seed: 'empty' })).status).toBe(200);
    expect((await demo.h.control('GET', '/accounts/1/storage')).body.data).toEqual({ configured: false, embedded: false, ftp: null });
    expect(existsSync(join(demo.h.dataDir, 'ftp'))).toBe(false);
    // A reset swaps a new file in: a connection opened before it still reads the old one.
    expect(withWritableDb(demo.h, (db) => db.prepare('SELECT COUNT(*) FROM attachments').pluck().get())).toBe(0);
  });
});
