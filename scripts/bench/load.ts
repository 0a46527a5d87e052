/**
 * One measured run: autocannon (in this process, on the load core) against one server, with the
 * server's CPU time and memory read from /proc around it.
 */
import autocannon from 'autocannon';
import { cpuSeconds, memoryMb } from './proc-stats.ts';
import type { Figures } from './report.ts';

export interface Measured {
  /** Which server answered: the service or a baseline. */
  server: 'service' | 'ceiling' | 'minimal';
  req_s: number;
  p50_ms: number;
  p99_ms: number;
  /** Server CPU (utime + stime) per answer over the run, in µs. */
  cpu_us_per_answer: number;
  answers: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Counts of non-2xx statuses, when any. */
  statuses?: Record<string, number>;
  duration_s: number;
  /** The server's RSS after the run, and its peak so far. */
  rss_mb: number;
  peak_rss_mb: number;
  bytes_per_answer: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST' | 'PATCH';
  body?: string;
  /** Requests cycled through by each connection; setupRequest may change each one. */
  requests?: autocannon.Request[];
}

/** A server the bench measures: its pid, for /proc. */
export interface Measurable {
  pid: number;
}

const round = (x: number, digits = 0) => Math.round(x * 10 ** digits) / 10 ** digits;

function summarize(server: Measured['server'], pid: number, result: autocannon.Result, cpu: number, share = 1): Measured {
  const answers = result.requests.total;
  const memory = memoryMb(pid);
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats as unknown as Record<string, { count: number }>)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => [status, count]),
  );
  return {
    server,
    req_s: round(answers / result.duration),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    cpu_us_per_answer: answers > 0 ? round((cpu * share * 1e6) / answers) : 0,
    answers,
    non2xx: result.non2xx,
    errors: result.errors,
    ...(Object.keys(statuses).length > 0 && { statuses }),
    duration_s: result.duration,
    rss_mb: round(memory.rss, 1),
    peak_rss_mb: round(memory.peak, 1),
    bytes_per_answer: answers > 0 ? round(result.throughput.total / answers) : 0,
  };
}

const cannon = (options: LoadOptions) => autocannon({ ...options, timeout: 30 });

/**
 * Runs the load for `options.duration` seconds against `target` (after `warmup` seconds of the
 * same load, not counted: JIT, connections, keyset starts) and measures the target meanwhile.
 */
export async function measure(server: Measured['server'], target: Measurable, options: LoadOptions, warmup = 1): Promise<Measured> {
  if (warmup > 0) await cannon({ ...options, duration: warmup });
  const before = cpuSeconds(target.pid);
  const result = await cannon(options);
  return summarize(server, target.pid, result, cpuSeconds(target.pid) - before);
}

/**
 * Several loads at once against the same target (reads while writes run). The CPU of the run is
 * shared out by answers, so each load's CPU per answer is the run's average.
 */
export async function measureTogether(target: Measurable, loads: LoadOptions[]): Promise<Measured[]> {
  const before = cpuSeconds(target.pid);
  const results = await Promise.all(loads.map(cannon));
  const cpu = cpuSeconds(target.pid) - before;
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  return results.map((result) => summarize('service', target.pid, result, cpu, total > 0 ? result.requests.total / total : 0));
}

/** A run's figures for the report. */
export function figures(m: Measured): Figures {
  return {
    server: m.server,
    rate: m.req_s,
    p50_ms: m.p50_ms,
    p99_ms: m.p99_ms,
    cpu_us: m.cpu_us_per_answer,
    rss_mb: m.rss_mb,
    non2xx: m.non2xx,
    errors: m.errors,
  };
}
