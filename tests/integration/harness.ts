import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll } from 'vitest';
import { createCore, DATABASE_FILE, type Core, type CoreOptions } from '../../electron/core/create-core.ts';
import { startServer, type RunningServer } from '../../electron/server/create-server.ts';
import type { HttpLimits } from '../../electron/server/http-limits.ts';
import { OperationError } from '../../shared/contract/errors.ts';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface Envelope<T = unknown> {
  is_error: boolean;
  http_code: number;
  data: T;
  messages: string[];
  request_route: string;
  your_ip: string;
  your_user: string;
  your_method: string;
  page?: number;
  has_more_pages?: boolean;
  data_count?: number;
  data_next_page_exists?: boolean;
  data_next_page?: number;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

export interface Harness {
  core: Core;
  server: RunningServer;
  url: string;
  dataDir: string;
  /** A call to the control API with the admin token. */
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>>;
  /** A REST call below /app/rest/v1; `auth` is [user, password] or a raw Authorization header. */
  rest<T = unknown>(method: string, path: string, auth?: [string, string] | string, init?: RequestInit): Promise<Answer<T>>;
  /** Creates an API user on account 1 and returns [username, password]. */
  apiUser(body?: Record<string, unknown>): Promise<[string, string]>;
  close(): Promise<void>;
}

let userCounter = 0;

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

async function read<T>(response: Response): Promise<Answer<T>> {
  const text = await response.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`answer is not JSON (${response.status}): ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, body };
}

export type HarnessOptions = Partial<CoreOptions> & {
  bodyLimit?: number;
  /** The listener's bind address (default 127.0.0.1); calls go to 127.0.0.1 when it is a wildcard. */
  host?: string;
  /** Timeouts and the refused-body drain of the listener (default: the service's own). */
  httpLimits?: Partial<HttpLimits>;
};

/** A real core on a real SQLite file in a temp folder, behind a real listener on 127.0.0.1:0. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'erpwb-it-'));
  const core = createCore({ dataDir, seed: 'demo', scale: 1, ...options });
  const server = await startServer({
    core,
    host: options.host ?? '127.0.0.1',
    port: 0,
    adminToken: ADMIN_TOKEN,
    ...(options.bodyLimit !== undefined && { bodyLimit: options.bodyLimit }),
    ...(options.httpLimits !== undefined && { httpLimits: options.httpLimits }),
  });
  // The URL others reach the listener at (127.0.0.1 for a wildcard bind address).
  const url = core.publicUrl();
  const harness: Harness = {
    core,
    server,
    url,
    dataDir,
    async control<T>(method: string, path: string, body?: unknown) {
      const response = await fetch(`${url}/_sandbox${path}`, {
        method,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return read<T>(response);
    },
    async rest<T>(method: string, path: string, auth?: [string, string] | string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      if (auth) headers.set('authorization', typeof auth === 'string' ? auth : basicAuth(...auth));
      const response = await fetch(`${url}/app/rest/v1${path}`, { ...init, method, headers });
      return read<T>(response);
    },
    async apiUser(body = {}) {
      const username = `user${++userCounter}`;
      const answer = await harness.control<{ username: string; password: string }>('POST', '/accounts/1/api-users', {
        username,
        ...body,
      });
      if (answer.status !== 201) throw new Error(`cannot create API user: ${JSON.stringify(answer.body)}`);
      return [answer.body.data.username, answer.body.data.password];
    },
    async close() {
      await server.close();
      await core.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** The harness's SQLite file. */
export function databaseFile(h: Harness): string {
  return join(h.dataDir, DATABASE_FILE);
}

/** Opens a writable connection to the harness's SQLite file, hands it to `use`, and closes it again. */
export function withWritableDb<R>(h: Harness, use: (writable: BetterSqlite3.Database) => R): R {
  const writable = new BetterSqlite3(databaseFile(h));
  try {
    return use(writable);
  } finally {
    writable.close();
  }
}

/** Runs one statement on its own writable connection (as another writer would), then closes it. */
export function writeSql(h: Harness, sql: string, ...params: unknown[]): BetterSqlite3.RunResult {
  return withWritableDb(h, (writable) => writable.prepare(sql).run(...params));
}

/** A demo account behind a harness, an API user of account 1 and a connection to the SQLite file. */
export interface Demo {
  h: Harness;
  user: [string, string];
  /** Read-only unless the demo was started with `writable: true`. */
  db: BetterSqlite3.Database;
}

/** Who calls: the demo's harness and API user, read when a call is made (useDemo fills them in beforeAll). */
export type Caller = Pick<Demo, 'h' | 'user'>;

export interface DemoOptions extends HarnessOptions {
  /** Changes the file needs before the tests read it: run on a writable connection, closed before `db` opens. */
  prepare?: (writable: BetterSqlite3.Database) => void;
  /** Opens `db` writable (the default is read-only). */
  writable?: boolean;
}

/**
 * Registers a beforeAll that starts a harness (demo data unless told otherwise), creates an API
 * user, runs `prepare` and opens `db`, and an afterAll that closes them. The returned object is
 * filled in by the beforeAll, field by field as each is ready (`h` is there while `prepare` runs): read
 * its fields inside hooks and tests, never at the top of the file.
 */
export function useDemo(options: DemoOptions = {}): Demo {
  const { prepare, writable = false, ...harnessOptions } = options;
  const demo: Partial<Demo> = {};
  beforeAll(async () => {
    const h = (demo.h = await startHarness(harnessOptions));
    demo.user = await h.apiUser();
    if (prepare) withWritableDb(h, prepare);
    demo.db = new BetterSqlite3(databaseFile(h), { readonly: !writable });
  });
  afterAll(async () => {
    demo.db?.close();
    await demo.h?.close();
  });
  return demo as Demo;
}

/**
 * Reads of the demo's `db`, made when called (so usable at the top of a file): `one` row,
 * `all` rows, the `value` of the first column of the first row. `R` is the row type when a call names none.
 */
export function queries<R = Record<string, unknown>>(demo: Pick<Demo, 'db'>) {
  return {
    one: <T = R>(sql: string, ...params: unknown[]) => demo.db.prepare(sql).get(...params) as T,
    all: <T = R>(sql: string, ...params: unknown[]) => demo.db.prepare(sql).all(...params) as T[],
    value: <T = number>(sql: string, ...params: unknown[]) => demo.db.prepare(sql).pluck().get(...params) as T,
  };
}

/** The refusal an operation throws (an OperationError with its status and messages); fails when it is accepted. */
export async function refusal(run: () => Promise<unknown>): Promise<OperationError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof OperationError) return error;
    throw error;
  }
  throw new Error('the operation was not refused');
}

/**
 * Runs `run` while trigger `name` makes the statement `on` names ('BEFORE INSERT ON t WHEN ...')
 * abort with 'simulated failure' (a write that fails half way), and drops the trigger again.
 */
export async function withFailingTrigger(h: Harness, name: string, on: string, run: () => Promise<void>): Promise<void> {
  writeSql(h, `CREATE TRIGGER ${name} ${on} BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`);
  try {
    await run();
  } finally {
    writeSql(h, `DROP TRIGGER ${name}`);
  }
}
