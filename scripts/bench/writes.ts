/**
 * d) writes at the run's connections: connector order POSTs (a new client, two products and
 *    shipping, a confirmed card payment), payment POSTs, product price PATCHes; absolute targets.
 * e) reads while orders are written at full speed: sales page 1 from a second load generator at
 *    the same time, against the same reads alone just before.
 */
import { loadOn, type BenchContext } from './context.ts';
import { figures, measure, measureTogether } from './load.ts';
import { orderPosts, paymentPosts, pricePatches } from './requests.ts';
import { atLeast, under, type ReportRow } from './report.ts';

const WRITES = 'd) writes (absolute targets)';
const MIXED = 'e) sales page 1 reads while orders are written at full speed vs the reads alone';

/** Client ids of this run's orders start here: unique across runs on the same folder. */
const firstClientId = (tag: string) => (Number(tag) % 1e8) * 1e6;

export async function benchWrites(ctx: BenchContext): Promise<ReportRow[]> {
  const { service, rest, dataset, tag } = ctx;
  const shop = { authorization: ctx.shop.authorization };
  const writer = { authorization: ctx.reader.authorization };
  const all = [
    { key: 'orders', name: 'connector order POST (client, 3 lines, payment)', rate: 1000, p99: 20, headers: shop, request: () => orderPosts(rest, dataset.orderable, `${tag}d`, firstClientId(tag)) },
    { key: 'payments', name: 'payment POST on a sale', rate: 2000, headers: writer, request: () => paymentPosts(rest, dataset.payable) },
    { key: 'patches', name: 'product PATCH (price)', rate: 2000, headers: writer, request: () => pricePatches(rest, dataset.patchable, 7) },
  ];
  // BENCH_WRITES=orders,mixed (of orders, payments, patches, mixed): some runs only, while profiling one.
  const picked = process.env['BENCH_WRITES']?.split(',');
  const runs = all.filter((run) => !picked || picked.includes(run.key));
  const rows: ReportRow[] = [];
  for (const run of runs) {
    ctx.log(`writes: ${run.name}`);
    const measured = await measure('service', service, loadOn(ctx, service.base, { headers: run.headers, requests: [run.request()] }), ctx.options.warmup);
    const checks = [atLeast('req/s', measured.req_s, run.rate)];
    if (run.p99 !== undefined) checks.push(under('p99', measured.p99_ms, run.p99));
    rows.push({
      section: WRITES,
      name: run.name,
      unit: 'req/s',
      lines: [figures(measured)],
      checks,
      ...(measured.statuses && { note: `non-2xx answers: ${JSON.stringify(measured.statuses)}` }),
      details: { service: measured },
    });
  }

  if (picked && !picked.includes('mixed')) return rows;
  ctx.log('reads during writes');
  const page1 = loadOn(ctx, `${service.base}${rest}/sales/list/`, { headers: writer });
  const alone = await measure('service', service, page1, ctx.options.warmup);
  const [reads, orders] = await measureTogether(service, [
    page1,
    loadOn(ctx, service.base, { headers: shop, requests: [orderPosts(rest, dataset.orderable, `${tag}e`, firstClientId(tag) + 500_000)] }),
  ]);
  const share = Math.round((reads!.req_s / alone.req_s) * 100) / 100;
  rows.push({
    section: MIXED,
    name: 'sales page 1, alone then beside orders',
    unit: 'req/s',
    lines: [figures(reads!), { ...figures(alone), server: 'alone' }],
    checks: [under('p99', reads!.p99_ms, 10), atLeast('rate/alone', share, 0.5)],
    note: `orders meanwhile: ${orders!.req_s}/s, p50 ${orders!.p50_ms} ms, p99 ${orders!.p99_ms} ms; CPU per answer is the mixed run's average`,
    details: { reads: reads!, alone, orders: orders! },
  });
  return rows;
}
