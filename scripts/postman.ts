/**
 * npm run docs:postman: the Postman v2.1 collection of the REST API (docs/erp-workbench.postman_collection.json),
 * converted by openapi-to-postmanv2 from the OpenAPI document the service serves (examples
 * included). Variables: baseUrl (http://127.0.0.1:8080), company_id (1), username and password
 * (an API user: POST /_sandbox/accounts/1/api-users). tests/integration/postman.test.ts checks it
 * holds every operation of the document.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import converter from 'openapi-to-postmanv2';
import { startWorkbench } from '../electron/lib/index.ts';

export const POSTMAN_FILE = join(import.meta.dirname, '../docs/erp-workbench.postman_collection.json');

interface Collection {
  info: Record<string, unknown>;
  item: unknown[];
  variable?: Array<{ key: string; value: string; type?: string }>;
  auth?: unknown;
}

/** The collection for the document at hand, with the variables a user fills in. */
export async function postmanCollection(openapi: Record<string, unknown>): Promise<Collection> {
  const collection = await new Promise<Collection>((resolve, reject) => {
    converter.convert(
      { type: 'json', data: openapi },
      { folderStrategy: 'Tags', requestParametersResolution: 'Example', exampleParametersResolution: 'Example', includeAuthInfoInExample: false },
      (error, result) => {
        if (error) reject(new Error(`openapi-to-postmanv2: ${error.message}`));
        else if (!result?.result || !result.output?.[0]) reject(new Error(`openapi-to-postmanv2: ${result?.reason ?? 'no output'}`));
        else resolve(result.output[0].data as unknown as Collection);
      },
    );
  });
  // Deterministic: no generated ids, the variables a user sets.
  const strip = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(strip)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'id' && key !== '_postman_id').map(([key, v]) => [key, strip(v)]))
        : value;
  const clean = strip(collection) as Collection;
  clean.variable = [
    { key: 'baseUrl', value: 'http://127.0.0.1:8080', type: 'string' },
    { key: 'company_id', value: '1', type: 'string' },
    { key: 'username', value: 'shop', type: 'string' },
    { key: 'password', value: '', type: 'string' },
  ];
  clean.auth = { type: 'basic', basic: [{ key: 'username', value: '{{username}}', type: 'string' }, { key: 'password', value: '{{password}}', type: 'string' }] };
  return clean;
}

if (import.meta.filename === process.argv[1]) {
  const workbench = await startWorkbench({ seed: 'empty', webUi: false });
  try {
    const openapi = (await (await fetch(workbench.openapiUrl)).json()) as Record<string, unknown>;
    writeFileSync(POSTMAN_FILE, `${JSON.stringify(await postmanCollection(openapi), null, 2)}\n`);
    console.log(`written ${POSTMAN_FILE}`);
  } finally {
    await workbench.stop();
  }
}
