import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

/**
 * The stand-in upstream of the fidelity tests (a second process: stand-in-upstream.ts) and what
 * the tests need to know about it: the five ways it differs from a twin seeded the same way.
 */

/** The fixed clock of the stand-in and of the twin under test: the same seed, the same data. */
export const FIDELITY_NOW = '2026-11-27T08:00:00Z';

export const STAND_IN_REQUESTS = '/__stand-in/requests';
export const STAND_IN_DELAY = '/__stand-in/delay';

/** One request as it arrived at the stand-in: what a twin in proxy mode forwarded. */
export interface ArrivedRequest {
  method: string;
  /** The URL's path and query, as sent. */
  url: string;
  authorization: string | null;
  body: string;
}

/** The stand-in's five ways of differing from the twin (its answers are the twin's otherwise). */
export const DIFFERENCES = {
  /** (a) sales list rows call the workpoint `pl_id` (the real service's filter name) instead of `workpoint_id`. */
  renamedKey: { list: '/sales/list/', from: 'workpoint_id', to: 'pl_id' },
  /** (b) payments list rows send `amount` as text ("1432.07"). */
  numberAsString: { list: '/payments/list/', key: 'amount' },
  /** (c) AWB list rows carry a key the twin does not send. */
  extraKey: { list: '/awb/list/', key: 'delivery_status', value: 'delivered' },
  /** (d) the invoice list with a documentnr filter answers 400 (the twin: 200). */
  statusForFilter: { list: '/invoices/list/', filter: 'documentnr', status: 400 },
  /** (e) an empty page of the contact list is an object (`data: {}`); the twin sends `data: []`. */
  emptyPage: { list: '/contacts/list/' },
} as const;

export interface StandIn {
  /** http://127.0.0.1:<port>: the base URL to give proxy.update. */
  url: string;
  /** What arrived so far (the stand-in's own list). */
  requests(): Promise<ArrivedRequest[]>;
  /** Forgets what arrived. */
  forget(): Promise<void>;
  /** From now on answers `ms` milliseconds after a request arrived (0: at once). */
  slow(ms: number): Promise<void>;
  /** A direct call, as a partner would make it to the real service: status, content type and the body's bytes. */
  call(method: string, pathAndQuery: string, authorization: string, body?: string): Promise<{ status: number; contentType: string; body: Buffer }>;
  close(): Promise<void>;
}

const ROOT = join(import.meta.dirname, '../..');

/** Starts the stand-in (demo seed and FIDELITY_NOW unless told) and waits until it listens. */
export async function startStandIn(options: { seed?: 'demo' | 'empty'; delayMs?: number } = {}): Promise<StandIn> {
  const args = ['--import', 'tsx', 'tests/support/stand-in-upstream.ts', '--now', FIDELITY_NOW, '--seed', options.seed ?? 'demo'];
  if (options.delayMs !== undefined) args.push('--delay-ms', String(options.delayMs));
  // node itself with tsx's loader (not the tsx wrapper, whose child would outlive a kill).
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, args, { cwd: ROOT, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`the stand-in did not start in 60 s; output:\n${output}`)), 60_000);
    const look = () => {
      const match = /stand-in: (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(deadline);
        child.stdout.off('data', look);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', look);
    child.on('exit', (code) => {
      clearTimeout(deadline);
      reject(new Error(`the stand-in exited (${code}); output:\n${output}`));
    });
  });
  return {
    url,
    async requests() {
      const response = await fetch(`${url}${STAND_IN_REQUESTS}`);
      return (await response.json()) as ArrivedRequest[];
    },
    async forget() {
      await fetch(`${url}${STAND_IN_REQUESTS}`, { method: 'DELETE' });
    },
    async slow(ms) {
      const response = await fetch(`${url}${STAND_IN_DELAY}`, { method: 'PUT', body: JSON.stringify({ ms }) });
      if (response.status !== 200) throw new Error(`the stand-in did not take the delay: ${response.status}`);
    },
    async call(method, pathAndQuery, authorization, body) {
      const response = await fetch(`${url}${pathAndQuery}`, {
        method,
        headers: { authorization, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body }),
      });
      return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: Buffer.from(await response.arrayBuffer()) };
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
