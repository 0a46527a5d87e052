/**
 * g) soak: mixed reads and writes for --soak seconds at the run's connections, the service's RSS
 *    sampled every few seconds; the target is at most 250 MB after 10 minutes at scale 1000.
 */
import { loadOn, type BenchContext } from './context.ts';
import { figures, measure } from './load.ts';
import { memoryMb } from './proc-stats.ts';
import { orderPosts, paymentPosts, pricePatches, randomPages, readSequence } from './requests.ts';
import { atMost, type ReportRow } from './report.ts';

const SECTION = 'g) soak: mixed reads and writes, RSS of the service';
const SAMPLE_MS = 5000;
const RSS_LIMIT_MB = 250;

export async function benchSoak(ctx: BenchContext): Promise<ReportRow[]> {
  const { service, rest, dataset, tag } = ctx;
  const auths = ctx.readers.map((user) => user.authorization);
  const seconds = ctx.options.soak;
  ctx.log(`soak: ${seconds} s`);
  // Per connection, in turn: page 1, a random page, products, an order, a payment, a price change.
  const requests = [
    readSequence(() => `${rest}/sales/list/`, [ctx.reader.authorization]),
    randomPages(rest, dataset.sales.pages, auths, 99),
    readSequence(() => `${rest}/product/list/`, [ctx.reader.authorization]),
    { ...orderPosts(rest, dataset.orderable, `${tag}s`, (Number(tag) % 1e8) * 1e6 + 900_000), headers: { authorization: ctx.shop.authorization } },
    paymentPosts(rest, dataset.payable),
    pricePatches(rest, dataset.patchable, 99),
  ];
  const samples: Array<{ s: number; rss_mb: number }> = [];
  const started = performance.now();
  const sample = () => samples.push({ s: Math.round((performance.now() - started) / 1000), rss_mb: Math.round(memoryMb(service.pid).rss) });
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  let run;
  try {
    run = await measure('service', service, loadOn(ctx, service.base, { duration: seconds, headers: { authorization: ctx.reader.authorization }, requests }), 0);
  } finally {
    clearInterval(timer);
  }
  sample();
  const max = Math.max(...samples.map((s) => s.rss_mb));
  const final = samples[samples.length - 1]!.rss_mb;
  return [
    {
      section: SECTION,
      name: `${seconds} s, 3 reads : 3 writes`,
      unit: 'req/s',
      lines: [figures(run)],
      checks: [atMost('final RSS MB', final, RSS_LIMIT_MB), atMost('max RSS MB', max, RSS_LIMIT_MB)],
      note: `RSS every ${SAMPLE_MS / 1000} s: max ${max} MB, final ${final} MB (target stated for 600 s at scale 1000)`,
      details: { run, samples },
    },
  ];
}
