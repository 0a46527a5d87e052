/**
 * The service under test: the headless server on the bench's data folder, started as the very
 * process that answers (node itself, never npm or the tsx launcher, which would put a parent
 * process between the bench and the server), pinned to the server core.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { staleParts } from '../build-staleness.mjs';
import { onCores, serverCores } from './pinning.ts';
import { runToEnd, startReady, type Running } from './processes.ts';
import { ROOT } from './paths.ts';

export const ADMIN_TOKEN = 'bench-admin-token';

const COMPILED = join(ROOT, 'dist/server/serve.js');
const SOURCE = 'electron/cli/serve.ts';

export interface ServiceEntry {
  /** node's arguments before the server's own. */
  nodeArgs: string[];
  /** What runs, for the report. */
  label: string;
  /** Why the compiled build was not used, when it was not. */
  note?: string;
}

/**
 * The compiled server (`npm run build`: dist/server/serve.js) when it is up to date with its
 * sources (the build's own rule, scripts/build-staleness.mjs) or was just built by this run, else
 * the TypeScript sources through tsx's loader in the same process: a stale build would measure
 * code that is no longer the checkout's.
 */
export function serviceEntry(justBuilt = false): ServiceEntry {
  // BENCH_SERVER_ENTRY: a compiled serve.js built elsewhere (a bundle of another checkout, or one
  // built while this tree is being edited), used as it is.
  const other = process.env['BENCH_SERVER_ENTRY'];
  if (other) return { nodeArgs: [other], label: `node ${other}`, note: 'BENCH_SERVER_ENTRY' };
  const viaTsx: ServiceEntry = { nodeArgs: ['--import', 'tsx', SOURCE], label: `node --import tsx ${SOURCE}` };
  if (!existsSync(COMPILED)) return { ...viaTsx, note: 'no dist/server/serve.js (npm run build, or --build): the sources run through tsx' };
  if (!justBuilt && staleParts(ROOT, ['server']).length > 0) {
    return { ...viaTsx, note: 'dist/server/serve.js is older than its sources (npm run build, or --build): the sources run through tsx' };
  }
  return { nodeArgs: [COMPILED], label: 'node dist/server/serve.js' };
}

/** Builds the server when it is stale (--build): node scripts/build.mjs server --if-stale. */
export async function buildServer(): Promise<void> {
  await runToEnd(process.execPath, [join(ROOT, 'scripts/build.mjs'), 'server', '--if-stale', '--quiet']);
}

export interface Service extends Running {
  /** http://127.0.0.1:port */
  base: string;
  entry: ServiceEntry;
}

/** Starts the service on `dataDir` (seeding it at `scale` when it holds no database yet). */
export async function startService(dataDir: string, scale: number, justBuilt: boolean): Promise<Service> {
  const entry = serviceEntry(justBuilt);
  // BENCH_SERVICE_NODE_ARGS: node's own options for the service only (--cpu-prof, which NODE_OPTIONS refuses).
  const extra = process.env['BENCH_SERVICE_NODE_ARGS']?.split(' ').filter(Boolean) ?? [];
  const serveArgs = ['--data', dataDir, '--host', '127.0.0.1', '--port', '0', '--scale', String(scale), '--admin-token', ADMIN_TOKEN];
  const [command, args] = onCores(serverCores(), process.execPath, [...extra, ...entry.nodeArgs, ...serveArgs]);
  const running = await startReady(command, args, /Control API: (http:\/\/[^/\s]+)\/_sandbox\//);
  return { ...running, base: running.match[1]!, entry };
}

export interface ApiUser {
  username: string;
  /** The Authorization header value. */
  authorization: string;
}

/** A new API user of account 1 (bound to a connector when `connectorId` is given). */
export async function createApiUser(base: string, username: string, connectorId?: number): Promise<ApiUser> {
  const response = await fetch(`${base}/_sandbox/accounts/1/api-users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username, ...(connectorId !== undefined && { connector_id: connectorId }) }),
  });
  if (response.status !== 201) throw new Error(`cannot create API user ${username}: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { username: string; password: string } };
  return { username: data.username, authorization: `Basic ${Buffer.from(`${data.username}:${data.password}`).toString('base64')}` };
}
