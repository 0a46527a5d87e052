import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { isOperationError } from '../../shared/contract/errors.ts';
import { createRecorder, listRecordings, parseHar, readRecording, type Exchange, type HarDocument } from '../../electron/core/domains/fidelity/index.ts';

// The proxy's recorder on real files (electron/core/domains/fidelity/har-recorder.ts): a valid
// HAR after every append, nothing personal or secret inside, pseudonyms stable within a recording.

const root = mkdtempSync(join(tmpdir(), 'har-recorder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let now = new Date('2026-11-29T08:00:00Z');
const clock = { now: () => now };
const BASIC = `Basic ${Buffer.from('api.user:Parola-Secreta-42').toString('base64')}`;

const contactRow = {
  bocp_id: 7,
  name: 'Ionescu Ștefan',
  is_company: 0,
  vat_id: '1800101221144',
  email: 'stefan.ionescu@exemplu.ro',
  phone: '0722 123 456',
  created_ts: '2024-03-05 09:10:11',
  addresses: [{ address: 'Strada Mihai Eminescu nr. 12', address2: 'Bl. A3, Sc. B, Ap. 14', city: 'Cluj-Napoca', postcode: '400001' }],
  bank_accounts: [{ iban: 'RO49AAAA1B31007593840000', bank_name: 'BT' }],
};
const saleRow = { bv_id: 31, doc_date: '2024-07-01', total: 1234.5, client_name: 'Construct Impex SRL', client_cui: 'RO18547290', client_phone1: '+40 733 999 888', mentions: 'Sunați-l pe Ștefan Ionescu la 0040733999888' };

function exchange(over: Partial<Exchange> & { json?: unknown }): Exchange {
  const { json, ...rest } = over;
  return {
    startedAt: now,
    method: 'GET',
    url: 'https://erp.example.ro/app/rest/v1/4242/contacts/list/page:1/',
    requestHeaders: { authorization: BASIC, cookie: 'PHPSESSID=sess-cookie-1', accept: 'application/json', 'x-api-key': 'key-777' },
    status: 200,
    statusText: 'OK',
    responseHeaders: { 'content-type': 'application/json', 'set-cookie': ['sid=server-cookie-2; HttpOnly'] },
    responseBody: Buffer.from(JSON.stringify(json ?? { status: 1, data: { rows: [contactRow] } })),
    timeMs: 42,
    ...rest,
  };
}

const CALLS: Exchange[] = [
  exchange({}),
  exchange({ url: 'https://erp.example.ro/app/rest/v1/4242/sales/list/year:2024/token:filter-token-9/', json: { status: 1, data: { rows: [saleRow] } } }),
  exchange({
    method: 'POST',
    url: 'https://api.user:url-password@erp.example.ro/app/rest/v1/4242/connector/3/order/A-17/?api_key=query-key-5&email=ion%40exemplu.ro',
    requestHeaders: { authorization: BASIC, 'content-type': 'application/json' },
    requestBody: Buffer.from(JSON.stringify({ password: 'Body-Pass-88', client: { name: 'Ana Vlăduț', phone: '0744-555-666', vat_id: 'RO18547290', invoice_address: { street: 'Bulevardul Unirii 5', city: 'București', county: 'București', country: 'RO' } } })),
    status: 201,
    statusText: 'Created',
    json: { status: 1, data: { SERVICE_order_id: 9, received_payload: { client: { name: 'Ana Vlăduț' } } } },
  }),
  exchange({ url: 'https://erp.example.ro/app/rest/v1/4242/awb/add/', responseHeaders: { 'content-type': 'text/html; charset=utf-8' }, responseBody: Buffer.from('<p>Contact: stefan.ionescu@exemplu.ro, 0722123456</p>') }),
  exchange({ url: 'https://erp.example.ro/app/rest/v1/4242/product/list/format:csv/', responseHeaders: { 'content-type': 'text/csv', 'content-encoding': 'gzip' }, responseBody: gzipSync('cod,denumire,pret\nP1,Cablu,10.50\n') }),
  exchange({ url: 'https://erp.example.ro/app/rest/v1/4242/product/9/image/', responseHeaders: { 'content-type': 'image/png' }, responseBody: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]) }),
];

const SECRETS_AND_PERSONAL = [
  'Parola-Secreta-42', Buffer.from('api.user:Parola-Secreta-42').toString('base64'), 'sess-cookie-1', 'server-cookie-2', 'key-777', 'filter-token-9', 'url-password',
  'query-key-5', 'Body-Pass-88', 'Ionescu', 'Ștefan', 'Stefan', 'stefan.ionescu', 'exemplu.ro', '722 123 456', '0722123456', '733 999 888', '0040733999888', '0744-555-666',
  '1800101221144', '18547290', 'RO49AAAA1B31007593840000', '1B31007593840000', 'Mihai Eminescu', 'Unirii', 'Vlăduț', 'Construct', '400001',
];

const readHar = (file: string): HarDocument => parseHar(JSON.parse(readFileSync(file, 'utf8')));

describe('HAR recorder', () => {
  const dir = join(root, 'day');

  it('keeps a valid HAR after every append, with nothing secret or personal in it', () => {
    const recorder = createRecorder({ dir, clock });
    const file = join(dir, '4242-2026-11-29.har');
    CALLS.forEach((call, index) => {
      recorder.record(4242, 'day', call);
      expect(readHar(file).log.entries).toHaveLength(index + 1);
    });
    recorder.close();
    const text = readFileSync(file, 'utf8');
    for (const value of SECRETS_AND_PERSONAL) expect(text, value).not.toContain(value);
    const har = readHar(file);
    expect(har.log.creator).toEqual({ name: 'ERP Workbench', version: expect.any(String) });
    const [contacts, sales, order, html, csv, png] = har.log.entries;
    expect(contacts?.request.headers).toContainEqual({ name: 'authorization', value: '[removed]' });
    expect(contacts?.response.headers).toContainEqual({ name: 'set-cookie', value: '[removed]' });
    expect(sales?.request.url).toBe('https://erp.example.ro/app/rest/v1/4242/sales/list/year:2024/token:[removed]/');
    const sale = (JSON.parse(sales!.response.content.text!) as { data: { rows: Array<typeof saleRow> } }).data.rows[0]!;
    expect([sale.doc_date, sale.total, sale.bv_id]).toEqual(['2024-07-01', 1234.5, 31]);
    expect(order?.request.url).toMatch(/^https:\/\/erp\.example\.ro\/app\/rest\/v1\/4242\/connector\/3\/order\/A-17\/\?api_key=\[removed\]&email=[0-9a-f]{8}%40example\.invalid$/);
    expect(order?.request.queryString[0]).toEqual({ name: 'api_key', value: '[removed]' });
    expect(JSON.parse(order!.request.postData!.text!)).toMatchObject({ password: '[removed]', client: { invoice_address: { city: 'București', country: 'RO' } } });
    expect(html?.response.content.text).toMatch(/^<p>Contact: [0-9a-f]{8}@example\.invalid, 07\d{8}<\/p>$/);
    expect(csv?.response.content).toMatchObject({ mimeType: 'text/csv', text: 'cod,denumire,pret\nP1,Cablu,10.50\n' });
    expect(png?.response.content).toMatchObject({ encoding: 'base64', text: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]).toString('base64') });
  });

  it('is owner-only and keeps the key beside the HAR, never inside', () => {
    if (process.platform === 'win32') return;
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, '4242-2026-11-29.har')).mode & 0o777).toBe(0o600);
    const key = readFileSync(join(dir, '.keys', '4242-2026-11-29.har.key'), 'utf8');
    expect(statSync(join(dir, '.keys', '4242-2026-11-29.har.key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, '4242-2026-11-29.har'), 'utf8')).not.toContain(key);
  });

  it('gives a value the same pseudonym in two entries and after a restart without close (a crash), other pseudonyms in another recording', () => {
    const nameIn = (har: HarDocument, entry: number) => (JSON.parse(har.log.entries[entry]!.response.content.text!) as { data: { rows: Array<{ name: string }> } }).data.rows[0]!.name;
    // No close(): the process died between two calls.
    const restarted = createRecorder({ dir, clock });
    restarted.record(4242, 'day', exchange({}));
    const har = readHar(join(dir, '4242-2026-11-29.har'));
    expect(har.log.entries).toHaveLength(CALLS.length + 1);
    expect(nameIn(har, CALLS.length)).toBe(nameIn(har, 0));
    restarted.record(4242, 'session', exchange({}));
    restarted.close();
    const session = readHar(join(dir, '4242-session-20261129-100000.har'));
    expect(nameIn(session, 0)).toMatch(/^Persoana /);
    expect(nameIn(session, 0)).not.toBe(nameIn(har, 0));
  });

  it('starts a new part past maxFileBytes, with the same key (the same pseudonyms)', () => {
    const small = join(root, 'small');
    const recorder = createRecorder({ dir: small, clock, maxFileBytes: 1500 });
    for (let i = 0; i < 4; i++) recorder.record(5, 'day', exchange({}));
    recorder.close();
    const parts = listRecordings(small, 5);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.reduce((sum, part) => sum + part.entries, 0)).toBe(4);
    for (const part of parts) expect(readHar(join(small, part.file_name)).log.entries).toHaveLength(part.entries);
    const first = readHar(join(small, '5-2026-11-29.har'));
    const second = readHar(join(small, '5-2026-11-29-2.har'));
    expect(readFileSync(join(small, '.keys', '5-2026-11-29-2.har.key'), 'utf8')).toBe(readFileSync(join(small, '.keys', '5-2026-11-29.har.key'), 'utf8'));
    expect(second.log.entries[0]!.response.content.text).toBe(first.log.entries[0]!.response.content.text);
  });

  it('repairs a file cut short (a kill in the middle of a write) and leaves one whose key is gone for the next part', () => {
    const cut = join(root, 'cut');
    const first = createRecorder({ dir: cut, clock });
    first.record(8, 'day', exchange({}));
    first.record(8, 'day', exchange({}));
    first.close();
    const file = join(cut, '8-2026-11-29.har');
    const whole = readFileSync(file, 'utf8');
    // The second entry's write stopped halfway: the first entry, a comma, half of the second.
    writeFileSync(file, whole.slice(0, whole.lastIndexOf('\n{') + 200));
    const second = createRecorder({ dir: cut, clock });
    second.record(8, 'day', exchange({}));
    second.close();
    expect(readHar(file).log.entries).toHaveLength(2);
    expect(listRecordings(cut, 8)[0]?.entries).toBe(2);
    rmSync(join(cut, '.keys', '8-2026-11-29.har.key'));
    const third = createRecorder({ dir: cut, clock });
    third.record(8, 'day', exchange({}));
    third.close();
    expect(readHar(join(cut, '8-2026-11-29-2.har')).log.entries).toHaveLength(1);
    expect(readHar(file).log.entries).toHaveLength(2);
  });

  it('starts the next day in a new file', () => {
    const recorder = createRecorder({ dir, clock });
    now = new Date('2026-11-30T08:00:00Z');
    recorder.record(4242, 'day', exchange({}));
    recorder.close();
    expect(readHar(join(dir, '4242-2026-11-30.har')).log.entries).toHaveLength(1);
  });

  it('never throws into the call when the folder cannot be written; says so once on stderr', () => {
    const blocked = join(root, 'blocked');
    writeFileSync(blocked, 'a file where the folder should be');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const recorder = createRecorder({ dir: blocked, clock });
    expect(() => {
      recorder.record(1, 'day', exchange({}));
      recorder.record(1, 'day', exchange({}));
    }).not.toThrow();
    expect(stderr).toHaveBeenCalledTimes(1);
    stderr.mockRestore();
    recorder.close();
  });
});

describe('recordings', () => {
  const dir = join(root, 'day');
  const status = (run: () => unknown): number | undefined => {
    try {
      run();
    } catch (error) {
      return isOperationError(error) ? error.status : -1;
    }
    return undefined;
  };

  it("lists the account's recordings only, newest first, with their entry counts", () => {
    writeFileSync(join(dir, '42-2026-11-29.har'), '{}');
    writeFileSync(join(dir, 'notes.txt'), 'x');
    const list = listRecordings(dir, 4242);
    expect(list.map((r) => r.file_name)).toEqual(['4242-2026-11-30.har', '4242-session-20261129-100000.har', '4242-2026-11-29.har']);
    expect(list.map((r) => r.entries)).toEqual([1, 1, CALLS.length + 1]);
    expect(list[0]).toMatchObject({ company_id: 4242, size_bytes: statSync(join(dir, '4242-2026-11-30.har')).size, modified_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(listRecordings(join(root, 'absent'), 4242)).toEqual([]);
  });

  it("reads one of the account's recordings; refuses another account's, a path and an absent one", () => {
    expect(readRecording(dir, 4242, '4242-2026-11-30.har').toString('utf8')).toContain('"entries":[');
    expect(status(() => readRecording(dir, 4242, '42-2026-11-29.har'))).toBe(404);
    expect(status(() => readRecording(dir, 42, '4242-2026-11-29.har'))).toBe(404);
    expect(status(() => readRecording(dir, 4242, '../day/4242-2026-11-29.har'))).toBe(404);
    expect(status(() => readRecording(dir, 4242, '.keys/4242-2026-11-29.har.key'))).toBe(404);
    expect(status(() => readRecording(dir, 4242, '4242-2026-12-01.har'))).toBe(404);
    chmodSync(dir, 0o700);
  });
});
