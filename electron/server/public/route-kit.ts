import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type, { type Static, type TSchema, type TUnknown } from 'typebox';
import { OperationError } from '../../../shared/contract/errors.ts';
import { validate } from '../../core/validate.ts';
import type { FilterSpec, FilterValues } from '../../../shared/filters/grammar.ts';
import { Envelope, PagedEnvelope } from '../../../shared/contract/envelope.ts';
import type { Core } from '../../core/create-core.ts';
import { envelope } from '../envelope.ts';
import { readListFilters } from './list-request.ts';
import { companyIdOf } from './rest-context.ts';
import type { AnswerCache } from './answer-cache.ts';
import { ANSWERS_ALWAYS_DEPEND_ON, answerKey, answerVersion } from './cached-answers.ts';
import { requestRoute } from '../envelope.ts';
import type { ChangedRecords } from '../../../shared/contract/events.ts';
import { API_LOG_BODY_HEAD } from '../../../shared/domain/api-log.ts';

/**
 * Every REST endpoint is declared once here: the declaration registers the Fastify route and
 * is the entry the OpenAPI document is built from, so the two cannot drift apart.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ResponseDoc {
  description: string;
  /** Schema of the answer's `data` (wrapped in the envelope), or of the raw body for other types. */
  schema?: TSchema;
  /** Default application/json in the envelope; anything else is a raw body. */
  contentType?: string;
  /** `schema` is the whole JSON answer, envelope included (an answer with keys of its own). */
  whole?: true;
}

export interface EndpointDoc {
  method: HttpMethod;
  /** Below /app/rest/v1/{company_id}, OpenAPI style: '/product/{product_id}/'. */
  path: string;
  module: string;
  summary: string;
  description?: string;
  /** Path parameters besides company_id (integers unless the schema says otherwise). */
  params?: Record<string, TSchema>;
  /** Path-segment filters accepted after the path. */
  filters?: FilterSpec;
  /**
   * The request body. `validate: false` leaves the checks to the handler (ctx.body is the parsed
   * body as sent), for an endpoint whose refusals have their own answer shape.
   */
  body?: { contentType: string; schema: TSchema; description?: string; validate?: false };
  /** 200 answer; error answers are added from `errors`. */
  ok: ResponseDoc & { status?: 200 | 201 };
  errors?: Partial<Record<400 | 401 | 404 | 409 | 413 | 415 | 501 | 503, string>>;
  /** The envelope's data of an error answer that carries more than null (a refused connector order). */
  errorData?: Partial<Record<400, TSchema>>;
  /** Page size when the answer is a paginated list. */
  pageSize?: number;
  /**
   * Checks that come before reading the request (a module switched off answers 401 whatever the
   * body holds; a product PUT of an absent product answers 404 whatever the body); throws to
   * refuse. `params` are the raw path parameters (not checked yet: an id that is not one is
   * refused with its 400 after the guard).
   */
  guard?: (ctx: { core: Core; companyId: number; params: Record<string, string> }) => void;
  /** Other content types the 200 may answer instead of JSON (content type -> what it holds). */
  alternatives?: Record<string, string>;
  /** An endpoint the spec names without its shape: ours (x-erp-extension in the document). */
  extension?: boolean;
  /** The example request and answer of the OpenAPI document (kept in the routes' *.examples.ts). */
  example: EndpointExample;
}

/** A filter value as a client writes it; a list is written comma-joined (shared/rest/path-filters.ts). */
export type FilterInput = string | number | readonly (string | number)[];

/**
 * The exchange the OpenAPI document shows for an endpoint: its request (path parameters, filters,
 * body) and the answer the service gives to it. Kept beside the route declarations in
 * <routes>.examples.ts; tests/integration/openapi-examples.test.ts checks each one against its
 * schemas and replays the reads on the demo data.
 */
export interface EndpointExample<F extends FilterSpec = FilterSpec> {
  /** Path parameters besides company_id (which is 1 in every example). */
  params?: Readonly<Record<string, string | number>>;
  /** Path-segment filters, written after the path in this order. */
  filters?: { readonly [K in keyof F]?: FilterInput };
  /** The body: JSON; for multipart/form-data the form's fields, a file part shown by its name and type. */
  request?: unknown;
  /** The answer's status when it is not the endpoint's success status (an endpoint that always refuses). */
  status?: number;
  /**
   * The answer: `data` is put in the envelope as the service writes it (request_route, paging keys
   * and all); `body` is an answer as sent when it is not the envelope (text, an export, a JSON
   * answer with keys of its own).
   */
  answer: { data: unknown; messages?: readonly string[]; hasMorePages?: boolean } | { body: unknown };
}

/**
 * The rows a write endpoint wrote, read off its answer (the ids it names: no query), for its
 * `data.changed`. The tables need no list: every endpoint that is not a GET runs through the
 * core's write announcer, which measures them (electron/core/announce-writes.ts).
 */
export type RestRecords<D> = (data: D, params: Record<string, string>) => ChangedRecords;

/** Returned by a handler that wrote its answer itself (streams, text/html, CSV). */
export const SENT = Symbol('sent');

export interface EndpointContext<F extends FilterSpec> {
  core: Core;
  companyId: number;
  params: Record<string, string>;
  filters: FilterValues<F>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface Page<T> {
  rows: T[];
  hasMore: boolean;
}

const JSON_TYPE = 'application/json; charset=utf-8';

const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1').replace(/\/$/, '');
const fixedSegments = (path: string) => path.split('/').filter(Boolean).length;

/** Path parameters come as text; ids are read as integers and checked here. */
function readParams(doc: EndpointDoc, raw: Record<string, string>): Record<string, string> {
  for (const [name, schema] of Object.entries(doc.params ?? {})) {
    const value = raw[name] ?? '';
    if ((schema as { type?: string }).type === 'integer' && !/^[1-9]\d{0,14}$/.test(value)) {
      throw Object.assign(new Error(`${name}: '${value}' is not a positive integer id`), { statusCode: 400 });
    }
  }
  return raw;
}

/** The declared body of a request: JSON checked against its schema, multipart left as is. */
function readBody(request: FastifyRequest, declared: EndpointDoc['body']): unknown {
  if (!declared) return undefined;
  const sent = (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (sent !== declared.contentType) {
    throw new OperationError(415, `Content-Type must be ${declared.contentType}${sent ? `, not ${sent}` : ''}`);
  }
  if (declared.contentType !== 'application/json') return undefined;
  if (declared.validate === false) return request.body;
  if (request.body === null || typeof request.body !== 'object' || Array.isArray(request.body)) {
    throw new OperationError(400, 'body: must be a JSON object');
  }
  return validate(declared.schema, request.body, 'body');
}

export class RestRoutes {
  readonly docs: EndpointDoc[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly core: Core,
    private readonly cache: AnswerCache,
  ) {}

  /** A paginated list: the handler answers one page of rows. */
  list<F extends FilterSpec & { page: unknown }, T extends TSchema>(
    doc: Omit<EndpointDoc, 'method' | 'ok' | 'filters' | 'pageSize' | 'example'> & {
      filters: F;
      item: T;
      pageSize: number;
      okDescription?: string;
      example: EndpointExample<F>;
    },
    handler: (ctx: EndpointContext<F> & { page: number }) => Page<unknown> | typeof SENT,
  ): void {
    const { item, okDescription, ...rest } = doc;
    this.route(
      { ...rest, method: 'GET', ok: { description: okDescription ?? 'one page of the list', schema: PagedEnvelope(item) } },
      (ctx) => {
        const page = (ctx.filters as { page?: number }).page ?? 1;
        const result = handler({ ...ctx, filters: ctx.filters as FilterValues<F>, page });
        if (result === SENT) return SENT;
        return envelope(ctx.request, 200, result.rows, { page, hasMorePages: result.hasMore });
      },
      { serializeWith: PagedEnvelope(item) },
    );
  }

  /**
   * Any other endpoint: the handler answers the envelope's data (or SENT). A JSON body declared
   * in `body` is checked against its schema before the handler runs (400 naming each field) and
   * handed over typed; a multipart body is left to the handler (request.parts()). A write (any
   * method but GET) is announced as data.changed after an answer below 400 that changed rows:
   * the tables it wrote, and the rows `records` reads off its answer.
   */
  endpoint<F extends FilterSpec, B extends TSchema = TUnknown, D = unknown>(
    doc: Omit<EndpointDoc, 'example'> & {
      filters?: F;
      body?: { contentType: string; schema: B; description?: string; validate?: false };
      example: EndpointExample<F>;
    },
    handler: (ctx: EndpointContext<F> & { body: Static<B> }) => D,
    records?: RestRecords<Exclude<Awaited<D>, typeof SENT>>,
  ): void {
    const status = doc.ok.status ?? 200;
    const inEnvelope = (doc.ok.contentType ?? 'application/json') === 'application/json' && !doc.ok.whole;
    const writes = doc.method !== 'GET';
    this.route(
      { ...doc, ok: { ...doc.ok, ...(inEnvelope && doc.ok.schema && { schema: Envelope(doc.ok.schema) }) } },
      async (ctx) => {
        const run = async () => handler({ ...ctx, filters: ctx.filters as FilterValues<F>, body: readBody(ctx.request, doc.body) as Static<B> });
        // A refusal (an answer of 400 or more, sent by the handler itself) is not announced.
        const announcement = (answer: unknown) =>
          ctx.reply.statusCode >= 400
            ? undefined
            : { companyId: ctx.companyId, records: answer === SENT ? undefined : records?.(answer as Exclude<Awaited<D>, typeof SENT>, ctx.params) };
        const data = writes ? await this.core.rest.announced(run, announcement) : await run();
        if (data === SENT) return SENT;
        ctx.reply.code(status);
        return envelope(ctx.request, status, data);
      },
      inEnvelope && doc.ok.schema ? { serializeWith: Envelope(doc.ok.schema) } : {},
    );
  }

  private route(
    doc: EndpointDoc,
    run: (ctx: EndpointContext<FilterSpec>) => unknown,
    options: { serializeWith?: TSchema },
  ): void {
    this.docs.push(doc);
    const segments = fixedSegments(doc.path);
    const status = doc.ok.status ?? 200;
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx: EndpointContext<FilterSpec> = {
        core: this.core,
        companyId: companyIdOf(request),
        params: readParams(doc, request.params as Record<string, string>),
        filters: {},
        request,
        reply,
      };
      // A GET answer is reused while its version stands and the tables it was read from are
      // unchanged (see AnswerCache): repeats are answered before Fastify (cached-answers.ts); a
      // HEAD, or a GET from an IP whose lock-out just ended, finds it here.
      const cacheKey =
        doc.method === 'GET' ? answerKey(request.ip, request.headers.authorization, request.headers.host, request.url) : undefined;
      if (cacheKey === undefined) {
        if (doc.filters) ctx.filters = readListFilters(request, doc.filters, segments);
        const answer = await run(ctx);
        return answer === SENT ? reply : answer;
      }
      const { dependencies } = this.core.rest.dataVersion;
      // As the data stood before authentication read anything (the REST door's onRequest hook).
      const version = request.answerMark?.version ?? answerVersion(this.core);
      const cached = this.cache.get(cacheKey, version, dependencies);
      if (cached !== undefined) return reply.code(cached.status).type(cached.contentType).send(cached.body);
      // Every table read from here to the serialized answer, by this request or any other
      // answered meanwhile (more tables than its own, never fewer).
      const reads = dependencies.collect();
      let answer: unknown;
      let serialized: unknown;
      let tables: readonly string[];
      try {
        if (doc.filters) ctx.filters = readListFilters(request, doc.filters, segments);
        answer = await run(ctx);
        const keep = answer !== SENT && reply.statusCode === status && request.rest && !request.rest.shadow && this.cache.worthKeeping(cacheKey);
        serialized = keep ? reply.serialize(answer) : undefined;
      } finally {
        tables = reads.stop();
      }
      if (answer === SENT) return reply;
      if (typeof serialized !== 'string' || !request.rest) return answer;
      const body = Buffer.from(serialized);
      this.cache.set(cacheKey, {
        version,
        tables: [...ANSWERS_ALWAYS_DEPEND_ON, ...tables],
        since: Math.min(request.answerMark?.since ?? reads.since, reads.since),
        body,
        status,
        contentType: JSON_TYPE,
        logHead: serialized.slice(0, API_LOG_BODY_HEAD),
        route: requestRoute(request),
        companyId: request.rest.companyId,
        user: request.rest.user,
      });
      return reply.type(JSON_TYPE).send(body);
    };
    const schema = options.serializeWith ? { response: { [status]: options.serializeWith } } : {};
    const url = fastifyPath(doc.path);
    // A guard runs as the route's onRequest hook: after authentication (the plugin's hook comes
    // first), before the body is parsed, so its refusal wins over any content-type or body error.
    const guard = doc.guard;
    const onRequest = guard
      ? async (request: FastifyRequest) =>
          guard({ core: this.core, companyId: companyIdOf(request), params: request.params as Record<string, string> })
      : undefined;
    const route = { method: doc.method, schema, handler, ...(onRequest && { onRequest }) };
    this.app.route({ ...route, url: `/:company_id${url}` });
    if (doc.filters) this.app.route({ ...route, url: `/:company_id${url}/*` });
  }
}

/** The schema of a plain list page for documentation: rows of `item`. */
export const rowsOf = <T extends TSchema>(item: T) => Type.Array(item);
