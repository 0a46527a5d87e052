/**
 * HAR 1.2 documents written by hand for tests (replay, offline drift): each entry as a browser's
 * network tab or a partner's logs would hold it, with every field HAR 1.2 requires.
 */
export interface EntrySpec {
  method?: string;
  url: string;
  requestBody?: string;
  status?: number;
  statusText?: string;
  contentType?: string;
  /** The answer: text, or bytes (written base64-encoded, as HAR does for binary content). */
  body: string | Buffer;
  headers?: Array<[string, string]>;
}

export function harEntry(spec: EntrySpec) {
  const binary = Buffer.isBuffer(spec.body);
  const contentType = spec.contentType ?? 'application/json; charset=utf-8';
  const size = binary ? (spec.body as Buffer).length : Buffer.byteLength(spec.body as string);
  return {
    startedDateTime: '2026-11-28T10:00:00.000Z',
    time: 12,
    request: {
      method: spec.method ?? 'GET',
      url: spec.url,
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Accept', value: 'application/json' }],
      queryString: [...new URL(spec.url).searchParams].map(([name, value]) => ({ name, value })),
      cookies: [],
      headersSize: -1,
      bodySize: spec.requestBody === undefined ? 0 : Buffer.byteLength(spec.requestBody),
      ...(spec.requestBody !== undefined && { postData: { mimeType: 'application/json', text: spec.requestBody } }),
    },
    response: {
      status: spec.status ?? 200,
      statusText: spec.statusText ?? 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Content-Type', value: contentType }, ...(spec.headers ?? []).map(([name, value]) => ({ name, value }))],
      cookies: [],
      content: {
        size,
        mimeType: contentType,
        text: binary ? (spec.body as Buffer).toString('base64') : (spec.body as string),
        ...(binary && { encoding: 'base64' }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: size,
    },
    cache: {},
    timings: { send: 1, wait: 10, receive: 1 },
  };
}

export function harDocument(entries: EntrySpec[]) {
  return { log: { version: '1.2', creator: { name: 'erp-workbench tests', version: '1' }, entries: entries.map(harEntry) } };
}
