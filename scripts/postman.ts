/**
 * npm run docs:postman: the Postman v2.1 collection of the REST API (docs/erp-workbench.postman_collection.json),
 * converted by openapi-to-postmanv2 from the OpenAPI document the service serves (started here in
 * this process on an empty data folder, port 0). Variables: baseUrl (http://127.0.0.1:8080),
 * company_id (1), username and password (an API user: POST /_sandbox/accounts/1/api-users); every
 * request inherits the collection's basic auth. Each request keeps one saved example: the
 * operation's own example exchange (the filtered path it was sent to included), not answers made
 * up from the schemas. tests/integration/postman.test.ts checks it holds every operation of the document.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import converter from 'openapi-to-postmanv2';
import { startWorkbench } from '../electron/lib/index.ts';

export const POSTMAN_FILE = join(import.meta.dirname, '../docs/erp-workbench.postman_collection.json');

interface Url {
  path?: string[];
  variable?: Array<{ key: string; value: string }>;
  [key: string]: unknown;
}
interface SavedResponse {
  code: number;
  originalRequest?: { url: Url; [key: string]: unknown };
  [key: string]: unknown;
}
interface Item {
  item?: Item[];
  request?: { method: string; url: Url };
  response?: SavedResponse[];
  [key: string]: unknown;
}
export interface Collection {
  info: Record<string, unknown>;
  item: Item[];
  variable?: Array<{ key: string; value: string; type?: string }>;
  auth?: unknown;
}
interface OpenApiOperation {
  'x-example-path': string;
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}
type OpenApi = { paths: Record<string, Record<string, OpenApiOperation>> };

/** Every request of the collection, folders walked. */
export const requestsOf = (items: Item[]): Item[] => items.flatMap((item) => (item.item ? requestsOf(item.item) : item.request ? [item] : []));

/** 'GET /app/rest/v1/:company_id/sales/list/' for a request, as for an operation of the document. */
export const requestKey = (method: string, path: string[]): string => `${method.toUpperCase()} /${path.join('/')}`;
const operationKey = (method: string, path: string): string => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;

/** No generated ids: the file changes only when the document does. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'id' && key !== '_postman_id').map(([key, v]) => [key, withoutIds(v)]));
}

/** The collection for the document at hand, with the variables a user fills in. */
export async function postmanCollection(openapi: OpenApi): Promise<Collection> {
  const converted = await new Promise<Collection>((resolve, reject) => {
    converter.convert(
      { type: 'json', data: openapi as unknown as Record<string, unknown> },
      {
        folderStrategy: 'Tags',
        requestParametersResolution: 'Example',
        exampleParametersResolution: 'Example',
        includeAuthInfoInExample: false,
        alwaysInheritAuthentication: true,
        schemaFaker: false,
      },
      (error, result) => {
        if (error) reject(new Error(`openapi-to-postmanv2: ${error.message}`));
        else if (!result?.result || !result.output?.[0]) reject(new Error(`openapi-to-postmanv2: ${result?.reason ?? 'no output'}`));
        else resolve(result.output[0].data as unknown as Collection);
      },
    );
  });
  const collection = withoutIds(converted) as Collection;
  const examples = new Map(
    Object.entries(openapi.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => {
        const status = Object.entries(operation.responses).find(([, r]) => Object.values(r.content ?? {}).some((m) => m.example !== undefined))?.[0];
        return [operationKey(method, path), { status: Number(status), path: operation['x-example-path'] }] as const;
      }),
    ),
  );
  for (const request of requestsOf(collection.item)) {
    const { method, url } = request.request!;
    const example = examples.get(requestKey(method, url.path ?? []));
    if (!example) throw new Error(`openapi-to-postmanv2 made a request of no operation: ${requestKey(method, url.path ?? [])}`);
    for (const variable of url.variable ?? []) if (variable.key === 'company_id') variable.value = '{{company_id}}';
    // The example exchange only, sent to its own path (filters included) on the account variable.
    request.response = (request.response ?? [])
      .filter((response) => response.code === example.status)
      .map((response) => {
        const [, ...below] = example.path.split('/').slice(4);
        const exampleUrl: Url = { ...response.originalRequest?.url, path: ['app', 'rest', 'v1', '{{company_id}}', ...below] };
        delete exampleUrl.variable;
        return { ...response, originalRequest: { ...response.originalRequest, url: exampleUrl } };
      });
  }
  collection.variable = [
    { key: 'baseUrl', value: 'http://127.0.0.1:8080', type: 'string' },
    { key: 'company_id', value: '1', type: 'string' },
    { key: 'username', value: 'shop', type: 'string' },
    { key: 'password', value: '', type: 'string' },
  ];
  collection.auth = {
    type: 'basic',
    basic: [
      { key: 'username', value: '{{username}}', type: 'string' },
      { key: 'password', value: '{{password}}', type: 'string' },
    ],
  };
  return collection;
}

/** The collection of the document the service serves now. */
export async function currentCollection(): Promise<Collection> {
  const workbench = await startWorkbench({ seed: 'empty', webUi: false });
  try {
    return await postmanCollection((await (await fetch(workbench.openapiUrl)).json()) as OpenApi);
  } finally {
    await workbench.stop();
  }
}

if (import.meta.filename === process.argv[1]) {
  writeFileSync(POSTMAN_FILE, `${JSON.stringify(await currentCollection(), null, 2)}\n`);
  console.log(`written ${POSTMAN_FILE}`);
}
