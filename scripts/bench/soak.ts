/**
 * g) soak: --soak seconds of mixed load at the run's connections, the service's RSS sampled every
 *    few seconds; the target is at most 250 MB after 10 minutes at scale 1000.
 *
 * The load alternates two phases of PHASE_S seconds, so that every cache the service keeps gets
 * filled to its limit, and then changed under it:
 * - reads: a hot set of (page, caller) pairs asked over and over (more answers than the answer
 *   cache's default budget holds: it fills and evicts), cold random pages, minid and
 *   modifiedafter at random (new page starts and boundaries per filter), products;
 * - mixed: page 1, a random page, products, an order, a payment and a price change per connection
 *   in turn (every write makes every cached answer stale).
 */
import type autocannon from 'autocannon';
import { loadOn, type BenchContext } from './context.ts';
import { figures, measure, type Measured } from './load.ts';
import { memoryMb } from './proc-stats.ts';
import {
  orderPosts,
  paymentPosts,
  pricePatches,
  randomMinIds,
  randomModifiedAfter,
  randomPages,
  readSequence,
} from './requests.ts';
import { atMost, type Figures, type ReportRow } from './report.ts';

const SECTION = 'g) soak: mixed reads and writes, RSS of the service';
const SAMPLE_MS = 5000;
const RSS_LIMIT_MB = 250;
const PHASE_S = 30;
/** (page, caller) pairs of the hot set: ~50 KB answers, about 80 MB in all (the default budget is 64 MB). */
const HOT_PAIRS = 1600;

type Phase = 'reads' | 'mixed';

/** The runs of one phase as one line: answers and CPU summed, the worst p99. */
function together(server: string, runs: Measured[]): Figures {
  const answers = runs.reduce((sum, r) => sum + r.answers, 0);
  const seconds = runs.reduce((sum, r) => sum + r.duration_s, 0);
  const last = runs[runs.length - 1]!;
  return {
    ...figures(last),
    server,
    rate: seconds > 0 ? Math.round(answers / seconds) : 0,
    p50_ms: Math.max(...runs.map((r) => r.p50_ms)),
    p99_ms: Math.max(...runs.map((r) => r.p99_ms)),
    cpu_us: answers > 0 ? Math.round(runs.reduce((sum, r) => sum + r.cpu_us_per_answer * r.answers, 0) / answers) : 0,
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

export async function benchSoak(ctx: BenchContext): Promise<ReportRow[]> {
  const { service, rest, dataset, tag } = ctx;
  const auths = ctx.readers.map((user) => user.authorization);
  const seconds = ctx.options.soak;
  ctx.log(`soak: ${seconds} s, reads and mixed phases of ${PHASE_S} s in turn`);
  const hotUsers = auths.slice(0, Math.max(1, Math.min(auths.length, 4)));
  const hotPages = Math.max(1, Math.min(dataset.sales.pages, Math.ceil(HOT_PAIRS / hotUsers.length)));
  const recent = `${dataset.recentDay} 00:00:00`;
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const phases: Record<Phase, () => autocannon.Request[]> = {
    // Two thirds of the requests on the hot set (cheap once cached), a third on the costly cold paths.
    reads: () => [
      randomPages(rest, hotPages, hotUsers, 7),
      randomPages(rest, hotPages, hotUsers, 8),
      randomPages(rest, dataset.sales.pages, auths, 99),
      randomPages(rest, hotPages, hotUsers, 9),
      randomPages(rest, hotPages, hotUsers, 10),
      randomMinIds(rest, dataset.sales.minId, dataset.sales.maxId, auths, 99),
      randomPages(rest, hotPages, hotUsers, 11),
      randomPages(rest, hotPages, hotUsers, 12),
      randomModifiedAfter(rest, recent, now, auths, 99),
      readSequence(() => `${rest}/product/list/`, [ctx.reader.authorization]),
    ],
    mixed: () => [
      readSequence(() => `${rest}/sales/list/`, [ctx.reader.authorization]),
      randomPages(rest, dataset.sales.pages, auths, 99),
      readSequence(() => `${rest}/product/list/`, [ctx.reader.authorization]),
      { ...orderPosts(rest, dataset.orderable, `${tag}s`, (Number(tag) % 1e8) * 1e6 + 900_000), headers: { authorization: ctx.shop.authorization } },
      paymentPosts(rest, dataset.payable),
      pricePatches(rest, dataset.patchable, 99),
    ],
  };
  // The order generator numbers its orders: one generator for the whole soak keeps them unique.
  const mixedRequests = phases.mixed();
  const samples: Array<{ s: number; rss_mb: number }> = [];
  const runs: Record<Phase, Measured[]> = { reads: [], mixed: [] };
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const sample = () => samples.push({ s: Math.round(elapsed()), rss_mb: Math.round(memoryMb(service.pid).rss) });
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  try {
    for (let n = 0; elapsed() < seconds - 0.5; n++) {
      const phase: Phase = n % 2 === 0 ? 'reads' : 'mixed';
      const duration = Math.max(1, Math.min(PHASE_S, Math.round(seconds - elapsed())));
      const requests = phase === 'mixed' ? mixedRequests : phases.reads();
      const options = loadOn(ctx, service.base, { duration, headers: { authorization: ctx.reader.authorization }, requests });
      runs[phase].push(await measure('service', service, options, 0));
    }
  } finally {
    clearInterval(timer);
  }
  sample();
  const max = Math.max(...samples.map((s) => s.rss_mb));
  const final = samples[samples.length - 1]!.rss_mb;
  const lines = (['reads', 'mixed'] as const).filter((phase) => runs[phase].length > 0).map((phase) => together(phase, runs[phase]));
  return [
    {
      section: SECTION,
      name: `${seconds} s: reads / mixed ${PHASE_S} s each`,
      unit: 'req/s',
      lines,
      checks: [atMost('final RSS MB', final, RSS_LIMIT_MB), atMost('max RSS MB', max, RSS_LIMIT_MB)],
      note: `RSS every ${SAMPLE_MS / 1000} s: max ${max} MB, final ${final} MB (target stated for 600 s at scale 1000)`,
      details: { runs, samples },
    },
  ];
}
