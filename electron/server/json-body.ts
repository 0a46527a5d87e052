import type { FastifyInstance } from 'fastify';
import { OperationError } from '../../shared/contract/errors.ts';
import { API_LOG_BODY_HEAD } from '../../shared/domain/api-log.ts';

/**
 * Deepest nesting of arrays and objects a JSON body may have. Every request body of the API is
 * a few levels deep (a connector order: order -> items -> item -> a field's object); 64 leaves
 * room for any partner's extra fields while keeping recursive checks (schema validation,
 * copying, logging) far from the JS stack's limit.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Most object members and array items a JSON body may hold, counted over the whole body. The
 * largest bodies the API's schemas allow hold about 12,000: a fiscal receipt import of 500
 * receipts of ~23 fields; a connector order of 500 items and 100 payments holds ~8,000; a
 * product feed PATCH 200 entries. 50,000 leaves four times that. What is refused is the cost
 * past it: every member is copied, checked and walked again by the schema validation, about
 * 6 µs each on a small machine (600,000 keys held the thread 2 s and more).
 */
export const MAX_JSON_MEMBERS = 50_000;

/** What a body's scan found beyond a limit (undefined: within both). */
export type JsonShapeProblem = { kind: 'depth' } | { kind: 'members' };

/**
 * One pass over the bytes of a JSON text, without recursion: whether it nests deeper than
 * `maxDepth` or holds more than `maxMembers` object members and array items in all. Counts
 * `[`, `{`, `,` and the first value of each non-empty container outside strings, so a body
 * nested 100,000 levels deep or holding a million keys costs what its length costs and stops at
 * the first byte past a limit. Works on UTF-8 bytes: no byte of a multi-byte character equals
 * an ASCII one. The text need not be valid JSON: what is not is refused by JSON.parse afterwards.
 */
export function jsonShapeBeyond(
  bytes: Uint8Array,
  maxDepth = MAX_JSON_DEPTH,
  maxMembers = MAX_JSON_MEMBERS,
): JsonShapeProblem | undefined {
  let depth = 0;
  let members = 0;
  let inString = false;
  // Just after `[` or `{`: the next byte that is not whitespace says whether it holds a member.
  let opened = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    if (opened) {
      opened = false;
      if (c !== 0x5d /* ] */ && c !== 0x7d /* } */ && ++members > maxMembers) return { kind: 'members' };
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return { kind: 'depth' };
      opened = true;
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2c /* , */ && ++members > maxMembers) return { kind: 'members' };
  }
  return undefined;
}

/**
 * The first API_LOG_BODY_HEAD bytes of a body as a string of their own (cut before a character
 * the cut would split): what the API log keeps of the request, taken from the bytes as they came
 * instead of serializing the parsed body again (a 7 MB body cost a second pass and a second 7 MB
 * string per request). Decoding copies: the head never keeps the whole body's buffer alive.
 */
export function bodyHeadOf(bytes: Buffer): string {
  if (bytes.length <= API_LOG_BODY_HEAD) return bytes.toString('utf8');
  let end = API_LOG_BODY_HEAD;
  // Back over continuation bytes (10xxxxxx) to the start of the character that straddles the cut.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.toString('utf8', 0, end);
}

/**
 * Replaces the JSON body parser: the shape check, then Fastify's own parser (same errors for a
 * malformed body, same protection against __proto__ keys). A body nested deeper than
 * MAX_JSON_DEPTH or holding more than MAX_JSON_MEMBERS members is a 400 in the envelope before
 * any handler or schema sees it. An empty body is no body, on every method (a DELETE sent with
 * `Content-Type: application/json` and nothing after it is a DELETE without a body): a route
 * that needs one says so in its usual words. The body's head is kept for the API log
 * (request.rawBodyHead).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('rawBodyHead', undefined);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    if (bytes.length === 0) {
      done(null, undefined);
      return;
    }
    request.rawBodyHead = bodyHeadOf(bytes);
    const problem = jsonShapeBeyond(bytes);
    if (problem) {
      const message =
        problem.kind === 'depth'
          ? `body: JSON nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects (the limit is ${MAX_JSON_DEPTH})`
          : `body: JSON with more than ${MAX_JSON_MEMBERS} object members and array items in all (the limit is ${MAX_JSON_MEMBERS})`;
      done(new OperationError(400, message), undefined);
      return;
    }
    parse(request, bytes.toString('utf8'), done);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The first bytes of a JSON body as received (json-body.ts), for the API log; undefined: none. */
    rawBodyHead: string | undefined;
  }
}
