/**
 * The package's entry: `import { startWorkbench } from 'erp-workbench'` runs the whole service in
 * the caller's process (like mongodb-memory-server or a Testcontainers module): a real listener on
 * a free port, a real SQLite file in a temporary folder, the control API's typed client.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REST_PREFIX } from '../server/public/rest-path.ts';
import { createControlClient, type ControlConnection } from './control-client.ts';
import { startService } from './start-service.ts';
import type * as Api from './api.ts';
import type { FixturesResult, WorkbenchApiUser, WorkbenchOptions } from './types.ts';
import { readFixturesFile } from './fixtures-file.ts';
import createClient from 'openapi-fetch';
import type { paths } from '../../shared/rest/paths.ts';

export type * from './types.ts';
export { WorkbenchApiError, createControlClient } from './control-client.ts';
export { FixturesFileError } from './fixtures-file.ts';
export { withFilters } from '../../shared/rest/path-filters.ts';

/** The built web UI next to this module: dist/server/../renderer in the package, dist/renderer from the sources. */
function rendererDir(): string | undefined {
  for (const relative of ['../renderer/', '../../dist/renderer/']) {
    const dir = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(join(dir, 'index.html'))) return dir;
  }
  return undefined;
}

function checkOptions(options: WorkbenchOptions): void {
  const { scale, port, seed } = options;
  if (scale !== undefined && (!Number.isInteger(scale) || scale < 1 || scale > 10000)) throw new RangeError(`scale: ${scale} is not a whole number from 1 to 10000`);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) throw new RangeError(`port: ${port} is not a port number (0-65535)`);
  if (seed !== undefined && seed !== 'demo' && seed !== 'empty') throw new RangeError(`seed: '${String(seed)}' is not one of demo, empty`);
  if (options.adminToken !== undefined && !/^[\x21-\x7e]{8,200}$/.test(options.adminToken)) {
    throw new RangeError('adminToken: use 8 to 200 printable characters without spaces');
  }
}

/** The control client and its helpers for a service at `conn` (in this process or elsewhere: a container). */
export const connectWorkbench: typeof Api.connectWorkbench = (conn: ControlConnection) => {
  const control = createControlClient({ url: conn.url.replace(/\/+$/, ''), adminToken: conn.adminToken });
  return {
    control,
    async createApiUser(companyId = 1, user = {}) {
      const username = user.username ?? `test-${randomBytes(5).toString('hex')}`;
      const created = await control.apiUsers.create({ company_id: companyId, ip_whitelist: ['*'], routes: null, methods: null, ...user, username });
      const authorization = `Basic ${Buffer.from(`${created.username}:${created.password}`).toString('base64')}`;
      return { username: created.username, password: created.password, companyId, authorization, user: created } satisfies WorkbenchApiUser;
    },
    rest: (user) =>
      createClient<paths>({
        baseUrl: conn.url.replace(/\/+$/, ''),
        headers: { authorization: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}` },
      }),
  };
};

/** Starts the service in this process. Stop it with `stop()` (a test runner's teardown). */
export const startWorkbench: typeof Api.startWorkbench = async (options: WorkbenchOptions = {}) => {
  checkOptions(options);
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'erp-workbench-'));
  const ui = options.webUi === false ? undefined : rendererDir();
  let service;
  try {
    service = await startService({
      dataDir,
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 0,
      seed: options.seed ?? 'demo',
      scale: options.scale ?? 1,
      adminToken: options.adminToken,
      ...(ui && { rendererDir: ui }),
      ...(options.allowedHosts && { allowedHosts: options.allowedHosts }),
    });
  } catch (error) {
    if (temporary && !options.keepData) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  let fixtures: FixturesResult | undefined;
  if (options.fixtures !== undefined) {
    try {
      const doc = typeof options.fixtures === 'string' ? await readFixturesFile(options.fixtures) : options.fixtures;
      fixtures = await service.core.invoke('fixtures.apply', doc);
    } catch (error) {
      await service.stop();
      if (temporary && !options.keepData) rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  const accounts = (await service.core.invoke('accounts.list', {})).map((a) => a.company_id);
  const url = service.url;
  let stopped: Promise<void> | undefined;
  return {
    url,
    port: service.port,
    restBase: (companyId = 1) => `${url}${REST_PREFIX}/${companyId}`,
    controlBase: `${url}/_sandbox`,
    openapiUrl: `${url}${REST_PREFIX}/openapi.json`,
    adminToken: service.adminToken,
    dataDir,
    accounts,
    fixtures,
    client: connectWorkbench({ url, adminToken: service.adminToken }),
    stop: () =>
      (stopped ??= service.stop().finally(() => {
        if (temporary && !options.keepData) rmSync(dataDir, { recursive: true, force: true });
      })),
  };
};
