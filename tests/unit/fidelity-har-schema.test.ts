import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isOperationError } from '../../shared/contract/errors.ts';
import { parseHar, readHarFile } from '../../electron/core/domains/fidelity/index.ts';

// The HAR 1.2 schema (electron/core/domains/fidelity/har.ts): what the spec requires, the
// leniencies of real exports, and errors naming the field.

/** An entry as Chrome's network tab exports it (custom `_` fields, `cache: {}`, HTTP/2 pseudo headers). */
function chromeEntry() {
  return {
    _initiator: { type: 'script' },
    _priority: 'High',
    _resourceType: 'fetch',
    cache: {},
    connection: '443',
    pageref: 'page_1',
    request: {
      method: 'GET',
      url: 'https://erp.example.ro/app/rest/v1/4242/sales/list/page:2/?x=1',
      httpVersion: 'http/2.0',
      headers: [{ name: ':authority', value: 'erp.example.ro' }],
      queryString: [{ name: 'x', value: '1' }],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: '',
      httpVersion: 'http/2.0',
      headers: [{ name: 'content-type', value: 'application/json' }],
      cookies: [{ name: 's', value: 'v', path: '/', expires: null, httpOnly: true, secure: true, sameSite: 'Lax' }],
      content: { size: 13, mimeType: 'application/json', text: '{"status":1}' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      _transferSize: 200,
      _error: null,
    },
    serverIPAddress: '192.0.2.1',
    startedDateTime: '2026-11-29T06:00:00.123Z',
    time: 81.25,
    timings: { blocked: 1.5, dns: -1, ssl: -1, connect: -1, send: 0.2, wait: 70, receive: 9.55, _blocked_queueing: 1.1 },
  };
}

function chromeHar(entries: unknown[] = [chromeEntry()]) {
  return {
    log: {
      version: '1.2',
      creator: { name: 'WebInspector', version: '537.36' },
      pages: [{ startedDateTime: '2026-11-29T06:00:00.000Z', id: 'page_1', title: 'x', pageTimings: { onContentLoad: 120.5, onLoad: null } }],
      entries,
    },
  };
}

function messagesOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (isOperationError(error)) return [error.status, ...error.messages].map(String);
    throw error;
  }
  throw new Error('no error');
}

const dir = mkdtempSync(join(tmpdir(), 'har-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('HAR 1.2 schema', () => {
  it("takes a Chrome export with its custom fields, null timings and null onLoad, and keeps the custom fields", () => {
    const har = parseHar(chromeHar());
    expect(har.log.entries[0]?.request.url).toContain('/sales/list/');
    expect((har.log.entries[0] as unknown as { _resourceType: string })._resourceType).toBe('fetch');
  });

  it('takes a Firefox-style entry (no pages, a failed request: status 0, time null, no timings phases, postData with params and text)', () => {
    const entry = chromeEntry();
    const failed = {
      ...entry,
      time: null,
      timings: { send: null, wait: null, receive: null },
      cache: { afterRequest: { eTag: '' } },
      request: { ...entry.request, method: 'POST', postData: { mimeType: 'application/x-www-form-urlencoded', text: 'a=1', params: [{ name: 'a', value: '1' }] } },
      response: { ...entry.response, status: 0, content: { size: 0, mimeType: 'x-unknown' } },
    };
    expect(parseHar({ log: { version: '1.2', creator: { name: 'Firefox', version: '133.0' }, browser: { name: 'Firefox', version: '133.0' }, entries: [failed] } }).log.entries).toHaveLength(1);
    expect(parseHar({ log: { version: '', creator: { name: 'old', version: '1' }, entries: [] } }).log.entries).toEqual([]);
  });

  it('refuses what the spec requires and is missing or wrong, naming the field', () => {
    const noUrl = chromeEntry() as { request: Partial<ReturnType<typeof chromeEntry>['request']> };
    delete noUrl.request.url;
    expect(messagesOf(() => parseHar(chromeHar([chromeEntry(), noUrl])))).toContain('log.entries[1].request.url: required field is missing');
    const badStatus = chromeEntry();
    (badStatus.response as { status: unknown }).status = '200';
    expect(messagesOf(() => parseHar(chromeHar([badStatus]))).join('\n')).toMatch(/^log\.entries\[0\]\.response\.status: /m);
    expect(messagesOf(() => parseHar({}))).toEqual(['400', 'log: required field is missing']);
    expect(messagesOf(() => parseHar(null))).toEqual(['400', 'log: required field is missing']);
    expect(messagesOf(() => parseHar({ log: { version: '2.0', creator: { name: 'a', version: '1' }, entries: [] } }))).toContain("log.version: '2.0' is not a HAR 1.x version (1.2)");
  });

  it('names the control API field when asked: har.log...', () => {
    const noContent = chromeEntry() as { response: Partial<ReturnType<typeof chromeEntry>['response']> };
    delete noContent.response.content;
    expect(messagesOf(() => parseHar(chromeHar([noContent]), 'har'))).toContain('har.log.entries[0].response.content: required field is missing');
  });

  it('reads a file: a byte order mark is allowed; not JSON, too large, absent and not HAR are refused naming the file', () => {
    const good = join(dir, 'good.har');
    writeFileSync(good, `\ufeff${JSON.stringify(chromeHar())}`);
    expect(readHarFile(good).log.creator.name).toBe('WebInspector');
    const text = join(dir, 'text.har');
    writeFileSync(text, '<html>');
    expect(messagesOf(() => readHarFile(text))[1]).toMatch(/text\.har: not JSON/);
    expect(messagesOf(() => readHarFile(good, 100))[0]).toBe('413');
    expect(messagesOf(() => readHarFile(join(dir, 'absent.har')))[0]).toBe('404');
    expect(messagesOf(() => readHarFile(dir))[1]).toMatch(/not a file/);
    const notHar = join(dir, 'not.har');
    writeFileSync(notHar, JSON.stringify({ log: { version: '1.2', creator: { name: 'a', version: '1' }, entries: [{}] } }));
    expect(messagesOf(() => readHarFile(notHar))[1]).toContain(`${notHar}: log.entries[0].startedDateTime: required field is missing`);
  });
});
