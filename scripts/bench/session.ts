/** The part of a bench run that needs the service: its start, its users, the sections that load it. */
import { join } from 'node:path';
import type { BenchOptions } from './args.ts';
import { startMinimal, type Baseline } from './baselines.ts';
import type { BenchContext } from './context.ts';
import { COMPANY, readDataset } from './dataset.ts';
import { benchExports } from './exports.ts';
import { benchCachedLists, benchUncachedLists } from './lists.ts';
import { DB_FILE } from './paths.ts';
import { allowedCores, memoryMb } from './proc-stats.ts';
import type { ReportRow } from './report.ts';
import { createApiUser, startService, type ApiUser, type Service } from './service.ts';
import { benchSoak } from './soak.ts';
import { benchWrites } from './writes.ts';

/** The service's export columns: the header line of its CSV (what the minimal implementation writes). */
async function exportColumns(service: Service, rest: string, authorization: string): Promise<string[]> {
  const response = await fetch(`${service.base}${rest}/product/list/format:csv/page:1/`, { headers: { authorization } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`the CSV export answered ${response.status}: ${text.slice(0, 200)}`);
  return text.split('\r\n', 1)[0]!.split(',');
}

/**
 * One request per API user before any run: a user's first request pays its password check
 * (scrypt) once, and concurrent first checks from one IP are refused (429) by design.
 */
async function greet(service: Service, rest: string, readers: ApiUser[], shop: ApiUser): Promise<void> {
  const calls: Array<[ApiUser, string]> = [...readers.map((user): [ApiUser, string] => [user, '/sales/list/']), [shop, '/connector/1/config/']];
  for (const [user, path] of calls) {
    const response = await fetch(`${service.base}${rest}${path}`, { headers: { authorization: user.authorization } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${user.username}: GET ${path} answered ${response.status}`);
  }
}

/**
 * Starts the service (seeding the folder on first use), prepares the API users and the minimal
 * implementation, runs the sections that load the service, stops it; answers what the JSON
 * records of the session.
 */
export async function withService(
  options: BenchOptions,
  rows: ReportRow[],
  tag: string,
  log: (line: string) => void,
  section: (name: string, rows: ReportRow[], run: () => Promise<ReportRow[]>) => Promise<void>,
): Promise<Record<string, unknown>> {
  log(`service: scale ${options.scale}, data in ${options.dataDir} (seeded on first use)`);
  const service = await startService(options.dataDir, options.scale, options.build);
  if (service.entry.note) log(service.entry.note);
  log(`service pid ${service.pid} on cores ${allowedCores(service.pid)}, bench on cores ${allowedCores(process.pid)}`);
  let minimal: Baseline | undefined;
  let memory: { rss: number; peak: number } | undefined;
  let summary: Record<string, unknown> = {};
  try {
    const rest = `/app/rest/v1/${COMPANY}`;
    const dataset = readDataset(join(options.dataDir, DB_FILE));
    const reader = await createApiUser(service.base, `bench-${tag}`);
    const shop = await createApiUser(service.base, `bench-${tag}-shop`, 1);
    // Enough callers that (page, caller) pairs outnumber what any answer cache could hold.
    const readerCount = Math.min(64, Math.max(1, Math.ceil(20_000 / dataset.sales.pages)));
    const readers = [];
    for (let i = 0; i < readerCount; i++) readers.push(await createApiUser(service.base, `bench-${tag}-r${i}`));
    await greet(service, rest, [reader, ...readers], shop);
    let starting: Promise<Baseline> | undefined;
    const ctx: BenchContext = {
      options,
      service,
      rest,
      reader,
      readers,
      shop,
      dataset,
      tag,
      log,
      minimal: () =>
        (starting ??= exportColumns(service, rest, reader.authorization)
          .then((columns) => startMinimal({ dbFile: join(options.dataDir, DB_FILE), base: rest, companyId: COMPANY, exportColumns: columns }))
          .then((started) => (minimal = started))),
    };
    const { only } = options;
    if (only.has('lists')) {
      await section('a) cached lists', rows, () => benchCachedLists(ctx));
      await section('b) uncached lists', rows, () => benchUncachedLists(ctx));
    }
    if (only.has('exports')) await section('c) exports', rows, () => benchExports(ctx));
    if (only.has('writes')) await section('d/e) writes', rows, () => benchWrites(ctx));
    if (only.has('soak')) await section('g) soak', rows, () => benchSoak(ctx));
    summary = {
      service_entry: service.entry.label,
      cores: { bench: allowedCores(process.pid), service: allowedCores(service.pid) },
      sales: dataset.sales,
      export_rows: dataset.exportRows,
      readers: readerCount,
    };
  } finally {
    await minimal?.stop();
    memory = memoryMb(service.pid);
    await service.stop();
  }
  return { ...summary, service_memory_mb: { final_rss: Math.round(memory.rss), peak_rss: Math.round(memory.peak) } };
}
