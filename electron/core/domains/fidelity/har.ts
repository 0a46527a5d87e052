import { readFileSync, statSync } from 'node:fs';
import Type, { type Static } from 'typebox';
import { OperationError, badRequest, isOperationError, notFound } from '../../../../shared/contract/errors.ts';
import { HAR_BODY_LIMIT } from '../../../../shared/contract/operations-fidelity.ts';
import { validate } from '../../validate.ts';

/*
 * HAR 1.2 (the HTTP Archive format: http://www.softwareishard.com/blog/har-12-spec/), as the
 * browsers' network tabs (Chrome, Firefox), proxies and API tools (Postman, WireMock, Mockoon)
 * write and read it. Required here: what the spec requires, with the leniencies real exports
 * need (each seen in the wild, noted where it is):
 * - every object takes keys beyond the spec: custom fields start with '_' (Chrome's
 *   `_resourceType`, `_initiator`, `_transferSize`, Firefox's `_securityState`), and a newer
 *   minor version may add fields (the spec asks readers to ignore them);
 * - `cache` is taken as any object (`{}` from both browsers; entries without `lastAccess`);
 * - `timings` phases may be absent or null (failed requests), `pageTimings` may be null
 *   (a page cancelled before its load event), `expires` of a cookie may be null;
 * - `postData` has `text` or `params` (the spec says one or the other; Chrome writes both).
 */

/** A spec object: its fields, and any others (custom `_` fields, newer versions' fields): Type.Object's default. */
const HarObject = Type.Object;
const Comment = Type.Optional(Type.String());
const Timing = Type.Optional(Type.Union([Type.Number(), Type.Null()]));

export const HarNameValue = HarObject({ name: Type.String(), value: Type.String(), comment: Comment });
export type HarNameValue = Static<typeof HarNameValue>;

export const HarCookie = HarObject({
  name: Type.String(),
  value: Type.String(),
  path: Type.Optional(Type.String()),
  domain: Type.Optional(Type.String()),
  expires: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  httpOnly: Type.Optional(Type.Boolean()),
  secure: Type.Optional(Type.Boolean()),
  comment: Comment,
});

export const HarPostData = HarObject({
  mimeType: Type.String(),
  text: Type.Optional(Type.String()),
  params: Type.Optional(
    Type.Array(
      HarObject({
        name: Type.String(),
        value: Type.Optional(Type.String()),
        fileName: Type.Optional(Type.String()),
        contentType: Type.Optional(Type.String()),
        comment: Comment,
      }),
    ),
  ),
  comment: Comment,
});
export type HarPostData = Static<typeof HarPostData>;

export const HarRequest = HarObject({
  method: Type.String({ minLength: 1 }),
  /** Absolute URL, without the fragment. */
  url: Type.String({ minLength: 1 }),
  httpVersion: Type.String(),
  cookies: Type.Array(HarCookie),
  headers: Type.Array(HarNameValue),
  queryString: Type.Array(HarNameValue),
  postData: Type.Optional(HarPostData),
  /** Bytes, -1 when unknown. */
  headersSize: Type.Number(),
  bodySize: Type.Number(),
  comment: Comment,
});
export type HarRequest = Static<typeof HarRequest>;

export const HarContent = HarObject({
  /** Bytes of the decoded body. */
  size: Type.Number(),
  compression: Type.Optional(Type.Number()),
  mimeType: Type.String(),
  /** The body, decoded (decompressed, UTF-8), or as `encoding` says (base64 for binary bodies). */
  text: Type.Optional(Type.String()),
  encoding: Type.Optional(Type.String()),
  comment: Comment,
});
export type HarContent = Static<typeof HarContent>;

export const HarResponse = HarObject({
  /** 0 in the browsers' exports for a request that got no answer. */
  status: Type.Integer(),
  statusText: Type.String(),
  httpVersion: Type.String(),
  cookies: Type.Array(HarCookie),
  headers: Type.Array(HarNameValue),
  content: HarContent,
  redirectURL: Type.String(),
  headersSize: Type.Number(),
  bodySize: Type.Number(),
  comment: Comment,
});
export type HarResponse = Static<typeof HarResponse>;

export const HarTimings = HarObject({
  blocked: Timing,
  dns: Timing,
  connect: Timing,
  send: Timing,
  wait: Timing,
  receive: Timing,
  ssl: Timing,
  comment: Comment,
});

export const HarEntry = HarObject({
  pageref: Type.Optional(Type.String()),
  /** ISO 8601. */
  startedDateTime: Type.String({ minLength: 1 }),
  /** Milliseconds; null in some exports for a request that got no answer. */
  time: Type.Union([Type.Number(), Type.Null()]),
  request: HarRequest,
  response: HarResponse,
  cache: Type.Object({}),
  timings: HarTimings,
  serverIPAddress: Type.Optional(Type.String()),
  connection: Type.Optional(Type.String()),
  comment: Comment,
});
export type HarEntry = Static<typeof HarEntry>;

const HarPage = HarObject({
  startedDateTime: Type.String(),
  id: Type.String(),
  title: Type.String(),
  pageTimings: Type.Union([HarObject({ onContentLoad: Timing, onLoad: Timing, comment: Comment }), Type.Null()]),
  comment: Comment,
});

const HarVersionOf = HarObject({ name: Type.String(), version: Type.String(), comment: Comment });

export const HarDocument = HarObject({
  log: HarObject({
    /** '1.2' (an empty version means 1.1, which this schema reads too). */
    version: Type.String({ pattern: '^(1\\.\\d+)?$', 'x-pattern-meaning': 'a HAR 1.x version (1.2)' }),
    creator: HarVersionOf,
    browser: Type.Optional(HarVersionOf),
    pages: Type.Optional(Type.Array(HarPage)),
    entries: Type.Array(HarEntry),
    comment: Comment,
  }),
});
export type HarDocument = Static<typeof HarDocument>;

/**
 * `value` checked as a HAR 1.2 document; a 400 naming every offending field otherwise
 * (`log.entries[3].request.url: required field is missing`), each prefixed with `field.`
 * when given (the control API's `har` field).
 */
export function parseHar(value: unknown, field?: string): HarDocument {
  try {
    return validate(HarDocument, value, field ?? 'har');
  } catch (error) {
    if (!field || !isOperationError(error) || error.status !== 400) throw error;
    const named = error.messages.map((message) => (message.startsWith(`${field}:`) ? message : `${field}.${message}`));
    throw badRequest(named[0] ?? `${field}: invalid`, named);
  }
}

/**
 * A HAR file read and checked (a partner's recording, a browser's export): at most
 * HAR_BODY_LIMIT bytes (413 beyond), JSON (a byte order mark allowed, as the spec asks), HAR 1.2.
 * Errors name the file.
 */
export function readHarFile(file: string, limit = HAR_BODY_LIMIT): HarDocument {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw badRequest(`${file}: not a file`);
    size = stat.size;
  } catch (error) {
    if (isOperationError(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw notFound(`${file}: no such file`);
    throw badRequest(`${file}: cannot be read (${code ?? String(error)})`);
  }
  if (size > limit) throw new OperationError(413, `${file}: ${size} bytes, more than the ${limit} a HAR may have`);
  let text = readFileSync(file, 'utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(`${file}: not JSON (${(error as Error).message})`);
  }
  try {
    return validate(HarDocument, value, 'har');
  } catch (error) {
    if (!isOperationError(error) || error.status !== 400) throw error;
    const named = error.messages.map((message) => `${file}: ${message}`);
    throw badRequest(named[0] ?? `${file}: not a HAR`, named);
  }
}
