/** What every section of the bench works with. */
import { isDeepStrictEqual } from 'node:util';
import type { BenchOptions } from './args.ts';
import type { Baseline, RecordedAnswer } from './baselines.ts';
import type { Dataset } from './dataset.ts';
import type { LoadOptions } from './load.ts';
import type { ApiUser, Service } from './service.ts';

export interface BenchContext {
  options: BenchOptions;
  service: Service;
  /** The account's REST path, /app/rest/v1/1 */
  rest: string;
  /** The API user of the runs with one caller. */
  reader: ApiUser;
  /**
   * Several API users for the uncached runs: the answer cache is keyed by caller and URL, so
   * spreading requests over users multiplies the distinct answers beyond any cache budget, even
   * where the whole list would fit in it (small scales).
   */
  readers: ApiUser[];
  /** An API user bound to connector 1, for connector orders. */
  shop: ApiUser;
  dataset: Dataset;
  /** The minimal implementation (started on first use, shared by the sections). */
  minimal(): Promise<Baseline>;
  /** Unique per bench run: order ids and clients never collide with an earlier run's. */
  tag: string;
  /** Progress lines (stderr: stdout is the table). */
  log(line: string): void;
}

/** autocannon's options for a run of the context's shape. */
export function loadOn(ctx: BenchContext, base: string, rest: Partial<LoadOptions> = {}): LoadOptions {
  return { url: base, connections: ctx.options.connections, duration: ctx.options.duration, ...rest };
}

/** One GET as the caller, kept byte for byte (for the static ceiling), refused unless 200. */
export async function recordAnswer(base: string, path: string, user: ApiUser): Promise<RecordedAnswer> {
  const response = await fetch(`${base}${path}`, { headers: { authorization: user.authorization } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body.toString().slice(0, 300)}`);
  return { url: path, body, contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
}

/**
 * Whether the minimal implementation answers what the service answers (the envelope parsed, key
 * order aside); the reason when not, so a drift of either shows in the report.
 */
export function sameAnswer(service: Buffer, minimal: Buffer): string | undefined {
  const a = JSON.parse(service.toString()) as Record<string, unknown>;
  const b = JSON.parse(minimal.toString()) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (isDeepStrictEqual(a[key], b[key])) continue;
    if (key === 'data' && Array.isArray(a.data) && Array.isArray(b.data)) {
      const i = a.data.findIndex((row, n) => !isDeepStrictEqual(row, (b.data as unknown[])[n]));
      return `data differs from row ${i} (service ${a.data.length} rows, minimal ${b.data.length})`;
    }
    return `${key} differs: service ${JSON.stringify(a[key])?.slice(0, 80)}, minimal ${JSON.stringify(b[key])?.slice(0, 80)}`;
  }
  return undefined;
}
