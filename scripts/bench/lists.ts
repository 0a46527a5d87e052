/**
 * a) cached lists: the same request over and over (the answer cache's case) against the static
 *    ceiling answering the same bytes; the minimal implementation beside them for scale.
 * b) uncached lists: a different page or filter every request across the whole table, and pages
 *    with a write between reads, against the minimal implementation running the same requests.
 */
import type autocannon from 'autocannon';
import { startCeiling } from './baselines.ts';
import { loadOn, recordAnswer, sameAnswer, type BenchContext } from './context.ts';
import { figures, measure, type Measured } from './load.ts';
import { minimalWrites, pricePatches, randomMinIds, randomModifiedAfter, randomPages } from './requests.ts';
import { atLeast, ratioCheck, ratiosOf, under, type ReportRow } from './report.ts';

const CACHED = 'a) cached lists (identical requests) vs the static ceiling';
const UNCACHED = 'b) uncached lists (a different page or filter every request) vs the minimal implementation';
/** p99 target of every list run at 10 connections, ms. */
const LIST_P99 = 10;

interface Target {
  name: string;
  path: string;
  /** The minimal implementation answers it too (sales lists). */
  minimal: boolean;
}

/** A row comparing the service with `against`, with the ratio and p99 targets. */
export function compared(
  section: string,
  name: string,
  service: Measured,
  baseline: Measured,
  against: 'ceiling' | 'minimal',
  minRatio: number,
  extra: Measured[] = [],
): ReportRow {
  const ratios = ratiosOf(figures(service), figures(baseline));
  const refused = [service, baseline, ...extra].filter((m) => m.statuses).map((m) => `${m.server} ${JSON.stringify(m.statuses)}`);
  return {
    ...(refused.length > 0 && { note: `non-2xx answers: ${refused.join(', ')}` }),
    section,
    name,
    unit: 'req/s',
    lines: [service, baseline, ...extra].map(figures),
    against,
    ratios,
    checks: [ratioCheck(ratios, minRatio), under('p99', service.p99_ms, LIST_P99)],
    details: { service, [against]: baseline, ...(extra.length > 0 && { others: extra }) },
  };
}

export async function benchCachedLists(ctx: BenchContext): Promise<ReportRow[]> {
  const { service, rest, reader, dataset } = ctx;
  const deep = Math.max(2, Math.ceil(dataset.sales.pages / 2));
  const targets: Target[] = [
    { name: 'sales page 1', path: `${rest}/sales/list/`, minimal: true },
    { name: `sales page ${deep} (the middle)`, path: `${rest}/sales/list/page:${deep}/`, minimal: true },
    {
      name: `sales modifiedafter:${dataset.recentDay} skipcancelled`,
      path: `${rest}/sales/list/modifiedafter:${dataset.recentDay}%2000:00:00/skipcancelled:1/`,
      minimal: true,
    },
    { name: 'products json page 1', path: `${rest}/product/list/`, minimal: false },
  ];
  const answers = await Promise.all(targets.map((target) => recordAnswer(service.base, target.path, reader)));
  const ceiling = await startCeiling(answers);
  const minimal = await ctx.minimal();
  const rows: ReportRow[] = [];
  try {
    const auth = { authorization: reader.authorization };
    for (const [i, target] of targets.entries()) {
      ctx.log(`cached: ${target.name}`);
      const answer = answers[i]!;
      let differs: string | undefined;
      let minimalRun: Measured | undefined;
      if (target.minimal) {
        differs = sameAnswer(answer.body, (await recordAnswer(minimal.base, target.path, reader)).body);
        minimalRun = await measure('minimal', minimal, loadOn(ctx, `${minimal.base}${target.path}`, { headers: auth }), ctx.options.warmup);
      }
      const ceilingRun = await measure('ceiling', ceiling, loadOn(ctx, `${ceiling.base}${target.path}`), ctx.options.warmup);
      const serviceRun = await measure('service', service, loadOn(ctx, `${service.base}${target.path}`, { headers: auth }), ctx.options.warmup);
      const row = compared(CACHED, `${target.name} (${Math.round(answer.body.length / 1024)} KB)`, serviceRun, ceilingRun, 'ceiling', 0.5, minimalRun ? [minimalRun] : []);
      if (differs) row.note = [row.note, `minimal implementation's answer differs: ${differs}`].filter(Boolean).join('; ');
      rows.push(row);
    }
    // "Deep pages as fast as page 1."
    const [first, middle] = rows;
    if (first && middle) middle.checks.push(atLeast('rate/page1', Math.round((middle.lines[0]!.rate / first.lines[0]!.rate) * 100) / 100, 0.9));
  } finally {
    await ceiling.stop();
  }
  return rows;
}

/**
 * Walks every page of the sales list once, in order, as a client reading it would: both servers
 * then know where each page starts (keyset), and the random-page runs measure the steady state
 * rather than the first discovery of each page.
 */
async function walkPages(base: string, ctx: BenchContext): Promise<void> {
  for (let page = 1; page <= ctx.dataset.sales.pages; page++) {
    const response = await fetch(`${base}${ctx.rest}/sales/list/page:${page}/`, { headers: { authorization: ctx.reader.authorization } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`walking the sales pages: page ${page} answered ${response.status}`);
  }
}

export async function benchUncachedLists(ctx: BenchContext): Promise<ReportRow[]> {
  const { service, rest, dataset } = ctx;
  const minimal = await ctx.minimal();
  const auths = ctx.readers.map((user) => user.authorization);
  const seed = 12;
  ctx.log(`uncached: walking ${dataset.sales.pages} pages on both servers`);
  await walkPages(service.base, ctx);
  await walkPages(minimal.base, ctx);

  const [from, to] = dataset.changedRange;
  const monthBefore = new Date(Date.parse(`${to.replace(' ', 'T')}Z`) - 30 * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
  const runs: Array<{ name: string; requests: () => autocannon.Request[]; minimalRequests?: () => autocannon.Request[] }> = [
    { name: `sales random page of ${dataset.sales.pages}`, requests: () => [randomPages(rest, dataset.sales.pages, auths, seed)] },
    {
      name: 'sales minid:random (skipcancelled:1 every 2nd)',
      requests: () => [randomMinIds(rest, dataset.sales.minId, dataset.sales.maxId, auths, seed)],
    },
    {
      name: 'sales modifiedafter:random in the last 30 days',
      requests: () => [randomModifiedAfter(rest, from > monthBefore ? from : monthBefore, to, auths, seed)],
    },
    {
      name: 'sales random page, a price PATCH before each',
      requests: () => [pricePatches(rest, dataset.patchable, seed), randomPages(rest, dataset.sales.pages, auths, seed)],
      minimalRequests: () => [minimalWrites(dataset.patchable, seed), randomPages(rest, dataset.sales.pages, auths, seed)],
    },
  ];
  const rows: ReportRow[] = [];
  for (const run of runs) {
    ctx.log(`uncached: ${run.name}`);
    // The writer's PATCH needs no reader rotation: one user writes, the reads rotate.
    const headers = { authorization: ctx.reader.authorization };
    const minimalRun = await measure('minimal', minimal, loadOn(ctx, minimal.base, { headers, requests: (run.minimalRequests ?? run.requests)() }), ctx.options.warmup);
    const serviceRun = await measure('service', service, loadOn(ctx, service.base, { headers, requests: run.requests() }), ctx.options.warmup);
    const row = compared(UNCACHED, run.name, serviceRun, minimalRun, 'minimal', 0.7);
    if (run.minimalRequests) row.note = [row.note, "half the answers are writes (the minimal's is a bare UPDATE of the price)"].filter(Boolean).join('; ');
    rows.push(row);
  }
  return rows;
}
