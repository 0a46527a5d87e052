import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, EXECUTABLE_EXTENSIONS, type Attachment, type AttachmentUploadResult } from '../../shared/domain/attachments.ts';
import { otherAccount, PDF } from './fixtures.ts';
import { basicAuth, queries, useDemo, writeSql } from './harness.ts';
import { expectRefused, media, multipart, restSend, type FormPart } from './requests.ts';
import { startTestFtp, type TestFtp } from './ftp-server.ts';

// POST /attachments/upload/, GET and DELETE /attachments/{id}/, the download URL, against a real FTP server.

let ftp: TestFtp;
let saleId: number;
let contactId: number;

const demo = useDemo({ prepare: (writable) => writable.exec(otherAccount()) });
const { value, all } = queries(demo);
const send = restSend(demo);

beforeAll(async () => {
  ftp = await startTestFtp();
  saleId = value('SELECT id FROM sales WHERE company_id = 1 ORDER BY id LIMIT 1');
  contactId = value('SELECT id FROM contacts WHERE company_id = 1 AND deleted = 0 ORDER BY id LIMIT 1');
});
afterAll(() => ftp?.close());

const configure = () =>
  demo.h.control('PATCH', '/accounts/1/storage', {
    ftp: { host: ftp.host, port: ftp.port, user: ftp.user, password: ftp.password, root: '/erp' },
  });
const upload = (...parts: FormPart[]) =>
  send<AttachmentUploadResult>('POST', '/attachments/upload/', multipart([['doctype', 'sale'], ['doc_id', String(saleId)], ...parts]));
const rows = () => all('SELECT * FROM attachments ORDER BY id');
/** The attachment rows and the files on the storage: what a refused request must leave as it was. */
const state = () => ({ rows: rows(), files: ftp.files().sort() });

async function expectNothingStored(run: () => Promise<unknown>): Promise<void> {
  const before = state();
  await run();
  expect(state()).toEqual(before);
}

describe('attachments without storage', () => {
  it('answers 503 to an upload while the account has no storage, and stores nothing', async () => {
    await expectNothingStored(async () => {
      expectRefused(await upload(['file', PDF, 'a.pdf']), 503, /no FTP storage configured/);
    });
    expect(rows()).toEqual([]);
  });

  it('documents the upload inline at GET /attachments/upload/', async () => {
    const response = await fetch(`${demo.h.url}/app/rest/v1/1/attachments/upload/`, { headers: { authorization: basicAuth(...demo.user) } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    for (const text of ['doctype', 'doc_id', 'attached_file_rec_ids', 'service_file', String(ATTACHMENT_MAX_BYTES), '.htaccess'.slice(1), 'curl', '2560']) {
      expect(page).toContain(text);
    }
    expect(page).toContain(`${demo.h.url}/app/rest/v1/1/attachments/upload/`);
  });
});

describe('attachments on an FTP storage', () => {
  beforeAll(async () => {
    const answer = await configure();
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
  });

  it('uploads, shows the metadata, downloads byte for byte through download_url, and deletes', async () => {
    const content = Buffer.concat([PDF, Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 256))]);
    const name = 'Contract semnat ăîș (v2).pdf';
    const answer = await upload(['title', 'Contract'], ['is_public', '1'], ['attachment_type_id', '1'], ['client_id', String(contactId)], ['file', content, name]);
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
    const [id] = answer.body.data.attached_file_rec_ids;
    const meta = (await send<Attachment>('GET', `/attachments/${id}/`)).body.data;
    expect(meta).toEqual({
      bocp_id: id,
      doctype: 'sale',
      doc_id: saleId,
      client_id: contactId,
      title: 'Contract',
      original_filename: name,
      filesize: content.length,
      is_public: 1,
      attachment_type_id: 1,
      uploaded_ts: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      download_url: expect.stringMatching(new RegExp(`^${demo.h.url}/files/attachments/1\\.${id}\\.[A-Za-z0-9_-]{32}/`)),
    });
    expect(answer.body.data.attachments).toEqual([meta]);
    // On the storage under its own safe name, never the raw one.
    const stored = ftp.files().filter((f) => f.startsWith(`erp/1/sale/${saleId}/`));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^erp\/1\/sale\/\d+\/[0-9a-f]{16}-Contract_semnat_ais_v2_\.pdf$/);

    const response = await fetch(meta.download_url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(content)).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Contract semnat ___ (v2).pdf"; filename*=UTF-8''${encodeURIComponent(name).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');

    // Another key, or the key of another id: the same 404.
    const wrongKey = meta.download_url.replace(/\.([A-Za-z0-9_-])([A-Za-z0-9_-]{31})\//, (_, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}/`);
    expect((await media(wrongKey)).status).toBe(404);

    const deleted = await send<{ deleted_attachment_id: number }>('DELETE', `/attachments/${id}/`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ deleted_attachment_id: id });
    expect(rows()).toEqual([]);
    expect(ftp.files().filter((f) => f.startsWith('erp/'))).toEqual([]);
    expect((await send('GET', `/attachments/${id}/`)).status).toBe(404);
    expect((await send('DELETE', `/attachments/${id}/`)).status).toBe(404);
    expect((await media(meta.download_url)).status).toBe(404);
  });

  it('stores several files of one request, answering their ids in part order', async () => {
    const answer = await upload(['file', Buffer.from('one'), 'one.bin'], ['file', Buffer.from('two'), 'two.bin'], ['file', Buffer.from('three'), 'three.bin']);
    expect(answer.status).toBe(200);
    const ids = answer.body.data.attached_file_rec_ids;
    expect(ids).toHaveLength(3);
    expect(answer.body.data.attachments.map((a) => a.original_filename)).toEqual(['one.bin', 'two.bin', 'three.bin']);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    for (const [index, text] of ['one', 'two', 'three'].entries()) {
      expect((await media(answer.body.data.attachments[index]!.download_url)).body.toString()).toBe(text);
    }
  });

  it('resizes an image above 2560 px and compresses a text file, filesize being the stored size', async () => {
    const big = await sharp({ create: { width: 3200, height: 1200, channels: 3, background: { r: 200, g: 30, b: 30 } } }).jpeg().toBuffer();
    const text = Buffer.from('cod_produs;denumire;cantitate\n'.concat('P000123;Surub inox M6;40\n'.repeat(4000)));
    const answer = await upload(['file', big, 'poza.jpg'], ['file', text, 'stoc.csv']);
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
    const [image, csv] = answer.body.data.attachments;

    const imageBack = await media(image!.download_url);
    const meta = await sharp(imageBack.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 2560, 960]);
    expect(image!.filesize).toBe(imageBack.body.length);

    const csvBack = await media(csv!.download_url);
    expect(csvBack.body.equals(text)).toBe(true);
    expect(csv!.filesize).toBeLessThan(text.length * 0.9);
    const storedCsv = ftp.files().find((f) => f.endsWith('-stoc.csv'))!;
    expect(readFileSync(join(ftp.root, storedCsv)).length).toBe(csv!.filesize);
  });

  it('refuses every server-executable extension, in any case and position, and names that leave their folder', async () => {
    const names = [
      ...EXECUTABLE_EXTENSIONS.flatMap((ext) => [`x.${ext}`, `X.${ext.toUpperCase()}`, `x.${ext}.jpg`]),
      'X.PhP', 'photo.pHp5.png', '.htaccess', 'x.php.', 'x.php;.jpg', '../evil.txt', '..\\evil.txt', '../../etc/passwd', 'a/b.txt', '..', 'x\u0000.txt',
    ];
    await expectNothingStored(async () => {
      for (const name of names) {
        const answer = await upload(['file', Buffer.from('<?php echo 1; ?>'), name]);
        expect(answer.status, name).toBe(400);
        expect(answer.body.messages.join(' '), name).toContain(JSON.stringify(name));
      }
    });
  });

  it('refuses names holding Unicode format characters at every door, and keeps names with diacritics', async () => {
    const names = ['invoice\u202Efdp.exe', 'invoice\u202Efdp.pdf', 'factura\u200B.pdf', '\uFEFFnota.txt', 'a\u00ADb.txt', 'x\u2066y\u2069.txt'];
    await expectNothingStored(async () => {
      for (const name of names) {
        // The name goes back escaped: the refusal does not itself show the disguised name.
        const escaped = JSON.stringify(name).replace(/[\u00AD\u200B\u202E\u2066\u2069\uFEFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
        const answer = await upload(['file', PDF, name]);
        expectRefused(answer, 400, /^file ".*": the name holds invisible Unicode format characters \(U\+[0-9A-F]{4}/);
        expect(answer.body.messages.join(' '), escaped).toContain(`file ${escaped}`);
        // The control API's upload (and the window's and the CLI's, the same operation) refuses it the same way.
        const control = await demo.h.control('POST', '/accounts/1/attachments', { doctype: 'sale', doc_id: saleId, file_name: name, content_base64: PDF.toString('base64') });
        expectRefused(control, 400, /invisible Unicode format characters/);
      }
      // One such name among several parts refuses the whole upload.
      expectRefused(await upload(['file', PDF, 'ok.pdf'], ['file', PDF, 'invoice\u202Efdp.exe']), 400, /U\+202E/);
    });
    const name = 'Factură ștampilată.pdf';
    const answer = await upload(['file', PDF, name]);
    expect(answer.status, JSON.stringify(answer.body.messages)).toBe(200);
    expect(answer.body.data.attachments[0]).toMatchObject({ original_filename: name });
    expect((await send('DELETE', `/attachments/${answer.body.data.attached_file_rec_ids[0]}/`)).status).toBe(200);
  });

  it('refuses an empty file, a bad doctype, a document, contact or type not of the account, nothing stored', async () => {
    await expectNothingStored(async () => {
      expectRefused(await upload(['file', Buffer.alloc(0), 'empty.txt']), 400, /"empty.txt": is empty/);
      expectRefused(await upload(), 400, /file: required/);
      const wrong = (doctype: string, docId: string) =>
        send('POST', '/attachments/upload/', multipart([['doctype', doctype], ['doc_id', docId], ['file', PDF, 'a.pdf']]));
      expectRefused(await wrong('salez', '1'), 400, /doctype: 'salez' is not one of sale, invoice, proforma/);
      expectRefused(await wrong('invoice', '999999'), 400, /doc_id: invoice 999999 does not exist/);
      expectRefused(await upload(['client_id', '999999'], ['file', PDF, 'a.pdf']), 400, /client_id: contact 999999/);
      expectRefused(await upload(['attachment_type_id', '77'], ['file', PDF, 'a.pdf']), 400, /attachment_type_id: 77/);
      expectRefused(await upload(['colour', 'red'], ['file', PDF, 'a.pdf']), 400, /colour: unknown field/);
    });
  });

  it('answers 413 for a file above the limit and stores nothing', async () => {
    await expectNothingStored(async () => {
      expectRefused(await upload(['file', Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 1), 'big.bin']), 413, /larger than the limit/);
    });
  });

  it('keeps everything whole while the FTP server is down, and works again when it is back', async () => {
    const kept = (await upload(['file', Buffer.from('keep me'), 'keep.txt'])).body.data.attachments[0]!;
    await ftp.stop();
    try {
      await expectNothingStored(async () => {
        expectRefused(await upload(['file', Buffer.from('lost'), 'lost.txt']), 503, /unreachable/);
        expectRefused(await send('DELETE', `/attachments/${kept.bocp_id}/`), 503, /unreachable/);
        const download = await media(kept.download_url);
        expect(download.status).toBe(503);
        expect(JSON.parse(download.body.toString()).messages.join()).toMatch(/unreachable/);
      });
    } finally {
      await ftp.start();
    }
    expect((await media(kept.download_url)).body.toString()).toBe('keep me');
    expect((await send('DELETE', `/attachments/${kept.bocp_id}/`)).status).toBe(200);
    expect(value('SELECT COUNT(*) FROM attachments WHERE id = ?', kept.bocp_id)).toBe(0);
  });

  it('counts a file already gone from the storage as removed', async () => {
    const gone = (await upload(['file', Buffer.from('x'), 'gone.txt'])).body.data.attachments[0]!;
    const file = ftp.files().find((f) => f.endsWith('-gone.txt'))!;
    rmSync(join(ftp.root, file));
    expect((await send('DELETE', `/attachments/${gone.bocp_id}/`)).status).toBe(200);
  });

  it("needs DELETE allowed, the attachments route, and answers 404 for another account's attachment", async () => {
    const kept = (await upload(['file', Buffer.from('k'), 'k.txt'])).body.data.attachments[0]!;
    const [user, password] = await demo.h.apiUser({ methods: ['GET', 'POST'] });
    expect((await demo.h.rest('DELETE', `/1/attachments/${kept.bocp_id}/`, [user, password])).status).toBe(401);
    const [salesOnly, pw] = await demo.h.apiUser({ routes: ['sales'] });
    expect((await demo.h.rest('GET', `/1/attachments/${kept.bocp_id}/`, [salesOnly, pw])).status).toBe(401);
    expect((await send('GET', `/attachments/${kept.bocp_id}/`)).status).toBe(200);
    expect((await send('GET', '/attachments/0/')).status).toBe(400);
    writeSql(
      demo.h,
      `INSERT INTO attachments (id, company_id, doctype, doc_id, original_filename, filesize, storage_path, download_key, uploaded_ts)
       VALUES (900001, 2, 'sale', 1, 'other.txt', 1, '/other.txt', 'k', '2026-01-01 00:00:00')`,
    );
    expectRefused(await send('GET', '/attachments/900001/'), 404, /attachment 900001 does not exist/);
    expectRefused(await send('DELETE', '/attachments/900001/'), 404, /attachment 900001 does not exist/);
  });
});
