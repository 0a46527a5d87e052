/** The bench's command line. */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { RESULTS } from './paths.ts';

export const SECTIONS = ['lists', 'exports', 'writes', 'start', 'seed', 'soak', 'webhooks', 'adoption'] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchOptions {
  scale: number;
  /** Seconds per measured run. */
  duration: number;
  connections: number;
  dataDir: string;
  only: ReadonlySet<Section>;
  /** Seconds of mixed load with RSS sampling; 0: no soak. */
  soak: number;
  /** Seconds of load before each measured run, not counted. */
  warmup: number;
  /** Build the server first when it is older than its sources (else a stale build runs the sources through tsx). */
  build: boolean;
}

export const USAGE = `npm run bench -- [--scale 1000] [--duration 10] [--connections 10] [--data DIR]
                     [--only ${SECTIONS.join(',')}] [--soak SECONDS] [--warmup 1] [--build]`;

export class BenchUsageError extends Error {}

const whole = (name: string, raw: string, min: number): number => {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min) throw new BenchUsageError(`--${name} takes a whole number from ${min}, not '${raw}'`);
  return n;
};

export function parseBenchArgs(argv: string[]): BenchOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        scale: { type: 'string', default: '1000' },
        duration: { type: 'string', default: '10' },
        connections: { type: 'string', default: '10' },
        data: { type: 'string' },
        only: { type: 'string' },
        soak: { type: 'string', default: '0' },
        warmup: { type: 'string', default: '1' },
        build: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new BenchUsageError((error as Error).message);
  }
  const scale = whole('scale', values.scale, 1);
  const soak = whole('soak', values.soak, 0);
  let only: Set<Section> = new Set(SECTIONS);
  if (values.only !== undefined) {
    const asked = values.only.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = asked.filter((s) => !(SECTIONS as readonly string[]).includes(s));
    if (unknown.length > 0 || asked.length === 0) throw new BenchUsageError(`--only takes some of ${SECTIONS.join(',')}, not '${values.only}'`);
    only = new Set(asked as Section[]);
  }
  if (values.only?.includes('soak') && soak === 0) throw new BenchUsageError('--only soak needs --soak SECONDS');
  if (soak === 0) only.delete('soak');
  return {
    scale,
    duration: whole('duration', values.duration, 1),
    connections: whole('connections', values.connections, 1),
    // A database per scale is kept between runs: seeding scale 1000 takes a while.
    dataDir: values.data ?? join(RESULTS, `data-scale-${scale}`),
    only,
    soak,
    warmup: whole('warmup', values.warmup, 0),
    build: values.build,
  };
}
