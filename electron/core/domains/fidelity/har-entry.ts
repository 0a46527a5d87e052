import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { HarContent, HarEntry, HarNameValue, HarPostData } from './har.ts';
import { isCredentialHeader } from './personal-keys.ts';
import { REMOVED, type Pseudonymiser } from './pseudonymise.ts';

/** One call forwarded to the upstream, as the proxy saw it. */
export interface Exchange {
  startedAt: Date;
  method: string;
  /** The upstream URL. */
  url: string;
  requestHeaders: Record<string, string | string[] | undefined>;
  requestBody?: Buffer;
  status: number;
  statusText: string;
  responseHeaders: Record<string, string | string[] | undefined>;
  /** The answer's bytes (decompressed or not: a Content-Encoding the body still has is undone here). */
  responseBody: Buffer;
  timeMs: number;
}

/** Bodies larger than this are recorded without their text (a comment says so). */
export const MAX_RECORDED_BODY = 16 * 1024 * 1024;

/** Documents (a PDF invoice, an office file, an archive) hold personal data nothing here can pseudonymise: left out. */
const DOCUMENT = /^application\/(pdf|zip|x-zip|gzip|msword|vnd\.openxmlformats|vnd\.oasis|vnd\.ms-|x-7z|x-rar)/i;
const TEXTUAL = /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript|x-www-form-urlencoded|csv|x-ndjson)|image\/svg)/i;
const JSON_TYPE = /json/i;

const headerValue = (headers: Exchange['requestHeaders'], name: string): string => {
  const value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
};

/** Headers with credentials as "[removed]" and the others through the pattern pass. */
function headerList(headers: Exchange['requestHeaders'], p: Pseudonymiser): HarNameValue[] {
  return Object.entries(headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((one) => ({ name, value: isCredentialHeader(name) ? REMOVED : p.text(one) })),
  );
}

/** The body as the client reads it: a Content-Encoding undone (the upstream's gzip, br, deflate). */
function decoded(body: Buffer, encoding: string): Buffer | undefined {
  try {
    if (/\bgzip\b/i.test(encoding)) return gunzipSync(body);
    if (/\bbr\b/i.test(encoding)) return brotliDecompressSync(body);
    if (/\bdeflate\b/i.test(encoding)) return inflateSync(body);
    return body;
  } catch {
    return undefined;
  }
}

/** JSON pseudonymised; the original text kept when nothing in it changed (its spacing and number spellings). */
function jsonText(text: string, p: Pseudonymiser): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const out = JSON.stringify(p.json(value));
  return out === JSON.stringify(value) ? text : out;
}

function bodyText(body: Buffer, mimeType: string, p: Pseudonymiser): string {
  const text = body.toString('utf8');
  const json = JSON_TYPE.test(mimeType) || /^\s*[[{]/.test(text) ? jsonText(text, p) : undefined;
  return json ?? (/xml/i.test(mimeType) ? p.xml(text) : p.text(text));
}

function content(exchange: Exchange, p: Pseudonymiser): HarContent {
  const mimeType = headerValue(exchange.responseHeaders, 'content-type') || 'application/octet-stream';
  const body = decoded(exchange.responseBody, headerValue(exchange.responseHeaders, 'content-encoding'));
  if (body === undefined) return { size: exchange.responseBody.length, mimeType, comment: 'not recorded: its Content-Encoding could not be undone' };
  if (body.length > MAX_RECORDED_BODY) return { size: body.length, mimeType, comment: `not recorded: larger than ${MAX_RECORDED_BODY} bytes` };
  if (DOCUMENT.test(mimeType)) return { size: body.length, mimeType, comment: 'not recorded: a document may hold personal data' };
  if (body.length === 0) return { size: 0, mimeType, text: '' };
  if (TEXTUAL.test(mimeType)) return { size: body.length, mimeType, text: bodyText(body, mimeType, p) };
  return { size: body.length, mimeType, text: body.toString('base64'), encoding: 'base64' };
}

function postData(exchange: Exchange, p: Pseudonymiser): HarPostData | undefined {
  const body = exchange.requestBody;
  if (!body || body.length === 0) return undefined;
  const mimeType = headerValue(exchange.requestHeaders, 'content-type') || 'application/octet-stream';
  if (body.length > MAX_RECORDED_BODY) return { mimeType, params: [], comment: `not recorded: larger than ${MAX_RECORDED_BODY} bytes` };
  if (/^application\/x-www-form-urlencoded/i.test(mimeType)) {
    const query = p.query(`?${body.toString('utf8')}`).slice(1);
    return { mimeType, text: query, params: [...new URLSearchParams(query)].map(([name, value]) => ({ name, value })) };
  }
  // A multipart upload carries a file (an attachment, an image): not recorded.
  if (!TEXTUAL.test(mimeType) && !/^\s*[[{]/.test(body.subarray(0, 64).toString('utf8'))) return { mimeType, params: [], comment: 'not recorded: not text' };
  return { mimeType, text: bodyText(body, mimeType, p) };
}

/** The URL with the user info dropped and every segment, filter and query value pseudonymised. */
function pseudonymUrl(url: string, p: Pseudonymiser): { url: string; queryString: HarNameValue[] } {
  const withoutUser = url.replace(/^([a-z][a-z\d+.-]*:\/\/)[^/@?#]*@/i, '$1').replace(/#.*$/, '');
  const mark = withoutUser.indexOf('?');
  const path = mark === -1 ? withoutUser : withoutUser.slice(0, mark);
  const query = mark === -1 ? '' : p.query(withoutUser.slice(mark));
  const queryString = [...new URLSearchParams(query)].map(([name, value]) => ({ name, value }));
  return { url: `${p.pathBelowAccount(path)}${query}`, queryString };
}

/** One HAR 1.2 entry of an exchange, with credentials removed and personal data pseudonymised. */
export function harEntry(exchange: Exchange, p: Pseudonymiser): HarEntry {
  const { url, queryString } = pseudonymUrl(exchange.url, p);
  const data = postData(exchange, p);
  const location = headerValue(exchange.responseHeaders, 'location');
  const time = Math.max(0, exchange.timeMs);
  return {
    startedDateTime: exchange.startedAt.toISOString(),
    time,
    request: {
      method: exchange.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(exchange.requestHeaders, p),
      queryString,
      ...(data && { postData: data }),
      headersSize: -1,
      bodySize: exchange.requestBody?.length ?? 0,
    },
    response: {
      status: exchange.status,
      statusText: exchange.statusText,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(exchange.responseHeaders, p),
      content: content(exchange, p),
      redirectURL: location === '' ? '' : pseudonymUrl(location, p).url,
      headersSize: -1,
      bodySize: exchange.responseBody.length,
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
  };
}
