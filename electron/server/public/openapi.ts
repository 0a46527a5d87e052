import Type, { type TSchema } from 'typebox';
import type { FilterSpec } from '../../../shared/filters/grammar.ts';
import { Envelope } from '../../../shared/contract/envelope.ts';
import { API_VERSION, APP_VERSION } from '../../core/version.ts';
import type { EndpointDoc } from './route-kit.ts';
import { REST_PREFIX } from './rest-path.ts';
import { EXAMPLE_COMPANY_ID, exampleExchange } from './openapi-example.ts';
import { isHeavyList } from '../../core/domains/faults/index.ts';

const ERROR_TEXT: Record<number, string> = {
  400: 'malformed request, invalid field or filter (messages name it)',
  401: 'missing or invalid credentials, REST module off, or an authorization layer refused the call',
  404: 'the resource or account does not exist',
  413: 'request body over the limit',
  415: 'unsupported Content-Type',
  429: 'the caller IP is locked after repeated failed authentications (Retry-After)',
};

/** The 429 of the lists the heavy-list limit counts (faults.ts): the lock-out's, or that limit's. */
const HEAVY_LIST_429 =
  `${ERROR_TEXT[429]}; or, with the service setting heavy_list_limit on, the API user already has its maximum of ` +
  'heavy list requests (sales, invoices, proformas, fiscal receipts) in flight (no Retry-After: send it when one has finished)';

const ErrorAnswer = Envelope(Type.Null());

function filterTable(filters: FilterSpec): string {
  const rows = Object.entries(filters).map(([key, field]) => `| \`${key}\` | ${field.expects} |`);
  return [
    'Filters are path segments after the path, `/key:value/`, never query strings; an unknown key or a',
    'malformed value is a 400 naming it. A timestamp carries its space as `%20`.',
    '',
    '| key | value |',
    '|---|---|',
    ...rows,
  ].join('\n');
}

function operationOf(doc: EndpointDoc): Record<string, unknown> {
  const example = exampleExchange(doc);
  const description = [
    doc.description,
    doc.filters && filterTable(doc.filters),
    doc.filters && `Example: \`${doc.method} ${example.path}\``,
  ]
    .filter(Boolean)
    .join('\n\n');
  const okStatus = String(doc.ok.status ?? 200);
  const okContent = doc.ok.contentType ?? 'application/json';
  const responses: Record<string, unknown> = {
    [okStatus]: {
      description: doc.ok.description,
      content: {
        [okContent]: { schema: doc.ok.schema ?? { type: 'string' } },
        ...Object.fromEntries(
          Object.entries(doc.alternatives ?? {}).map(([type, description]) => [type, { schema: { type: 'string', description } }]),
        ),
      },
    },
  };
  const heavy = isHeavyList(doc.method, doc.path.split('/').slice(1));
  const errors: Record<number, string | undefined> = { 401: ERROR_TEXT[401], 429: heavy ? HEAVY_LIST_429 : ERROR_TEXT[429], ...doc.errors };
  if (doc.filters) errors[400] ??= ERROR_TEXT[400];
  // An id parameter that is not one is refused before anything else (route-kit's readParams).
  const ids = Object.entries(doc.params ?? {}).filter(([, schema]) => (schema as { type?: string }).type === 'integer');
  if (ids.length > 0) errors[400] ??= `${ids.map(([name]) => name).join(' or ')} is not a positive integer id`;
  if (doc.body) {
    errors[400] ??= ERROR_TEXT[400];
    errors[413] ??= ERROR_TEXT[413];
    errors[415] ??= ERROR_TEXT[415];
  }
  for (const [status, text] of Object.entries(errors)) {
    const data = doc.errorData?.[Number(status) as 400];
    responses[status] = {
      description: text ?? ERROR_TEXT[Number(status)] ?? '',
      content: { 'application/json': { schema: data ? Envelope(data) : ErrorAnswer } },
    };
  }
  // The example exchange: the request on the body, the answer on the status it comes with.
  const answered = responses[String(example.status)] as { content?: Record<string, { example?: unknown }> } | undefined;
  const answerContent = answered?.content?.[String(example.status) === okStatus ? okContent : 'application/json'];
  if (!answerContent) throw new Error(`${doc.method} ${doc.path}: the example's status ${example.status} is not an answer of the endpoint`);
  answerContent.example = example.answer;
  const params = Object.entries(doc.params ?? {}).map(([name, schema]) => ({
    name,
    in: 'path',
    required: true,
    schema,
    ...(doc.example.params?.[name] !== undefined && { example: doc.example.params[name] }),
  }));
  return {
    operationId: `${doc.method.toLowerCase()}${doc.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: doc.summary,
    ...(description && { description }),
    tags: [doc.module],
    parameters: [{ $ref: '#/components/parameters/company_id' }, ...params],
    ...(doc.filters && {
      'x-path-filters': Object.entries(doc.filters).map(([key, field]) => ({ key, expects: field.expects, schema: field.input })),
    }),
    'x-example-path': example.path,
    ...(doc.pageSize !== undefined && { 'x-page-size': doc.pageSize }),
    ...(doc.extension && { 'x-erp-extension': true }),
    ...(doc.body && {
      requestBody: {
        required: true,
        ...(doc.body.description && { description: doc.body.description }),
        content: { [doc.body.contentType]: { schema: doc.body.schema, ...(doc.example.request !== undefined && { example: doc.example.request }) } },
      },
    }),
    responses,
    security: [{ basicAuth: [] }],
  };
}

/** The OpenAPI 3.1 document of the REST API, built from the same declarations that serve it. */
export function buildOpenApi(docs: readonly EndpointDoc[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of docs) {
    const path = `${REST_PREFIX}/{company_id}${doc.path}`;
    paths[path] ??= {};
    paths[path][doc.method.toLowerCase()] = operationOf(doc);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ERP integration REST API (ERP Workbench)',
      version: API_VERSION,
      description: [
        `The ERP's integration REST API ${API_VERSION} as ERP Workbench ${APP_VERSION} implements it.`,
        'Every JSON answer, errors included, is the envelope (is_error, http_code, data, messages, request_route,',
        'your_ip, your_user, your_method; on paginated lists page and has_more_pages, and data_count,',
        'data_next_page_exists and data_next_page (only when there is a next page) as clients of the real service read them).',
        'Fields the specification does not show are this implementation\'s choice, described per schema',
        '(docs/data-model.md). Operations marked x-erp-extension are endpoints the specification names',
        'without their shape. The documentation pages (GET /awb/add/, /attachments/upload/, /payments/fiscalreceipt/)',
        'and the CSV and XML product exports are not JSON. Each operation carries an example request (x-example-path,',
        'and the body of a write) and the answer the service gave to it on its demo data; x-path-filters lists the',
        'path-segment filters of a list with the JSON Schema of their values.',
      ].join(' '),
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { basicAuth: { type: 'http', scheme: 'basic', description: 'an API user of the account' } },
      parameters: {
        company_id: { name: 'company_id', in: 'path', required: true, schema: Type.Integer({ minimum: 1 }) as TSchema, example: EXAMPLE_COMPANY_ID },
      },
    },
  };
}
