import type { FastifyInstance } from 'fastify';
import { OperationError } from '../../shared/contract/errors.ts';

/**
 * Deepest nesting of arrays and objects a JSON body may have. Every request body of the API is
 * a few levels deep (a connector order: order -> items -> item -> a field's object); 64 leaves
 * room for any partner's extra fields while keeping recursive checks (schema validation,
 * copying, logging) far from the JS stack's limit.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The depth at which `text` first nests deeper than `limit` (limit + 1), or 0 when it never
 * does. Counts `[` and `{` outside strings in one pass, without recursion, so a body nested
 * 100,000 levels deep costs what its length costs. The text need not be valid JSON: what is
 * not is refused by JSON.parse afterwards.
 */
export function jsonDepthBeyond(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return depth;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return 0;
}

/**
 * Replaces the JSON body parser: the depth check, then Fastify's own parser (same errors for an
 * empty or malformed body, same protection against __proto__ keys). A body nested deeper than
 * MAX_JSON_DEPTH is a 400 in the envelope before any handler or schema sees it.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthBeyond(text) > 0) {
      done(
        new OperationError(400, `body: JSON nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects (the limit is ${MAX_JSON_DEPTH})`),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
