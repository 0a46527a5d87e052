import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Keeps the process's resident memory near a target by asking V8 to collect earlier than it
 * would. On a machine with plenty of memory V8 lets the old generation grow to several times
 * what is alive before a major collection (the service keeps ~30 MB alive; 100 MB and more of
 * its old space were garbage under a read load), and the answers' Buffers, memory outside the
 * heap, are freed only when their wrappers are collected: under the soak's reads, RSS reached
 * 310-370 MB. Heap limits (`--max-old-space-size`) can only be given when the process starts and
 * are a hard cap (a first start's seed at scale 1000 would die of it); this needs no flag.
 *
 * Four times a second it reads the memory use; when the RSS is above the target and the heap
 * and the Buffers hold GROWTH_BYTES more than the least seen since the last collection (there is
 * new garbage to find: a process that is large but idle, an Electron main process, is left
 * alone), it starts an incremental major collection (marking in steps between tasks, sweeping on
 * helper threads: no long pause), at most once per `minIntervalMs` (docs/performance.md, Memory).
 */

export const MEMORY_TARGET_MB = 160;
/** New memory held (heap used + external) since the last collection that is worth one. */
export const GROWTH_BYTES = 8 * 1024 * 1024;
const LOOK_EVERY_MS = 250;
const MIN_GC_INTERVAL_MS = 1000;

export interface MemorySample {
  /** Resident set size. */
  rss: number;
  /** What V8 holds: heap used plus external memory (Buffers). */
  held: number;
}

function sampleProcess(): MemorySample {
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, held: heapUsed + external };
}

export interface MemoryGovernorOptions {
  targetBytes?: number;
  minIntervalMs?: number;
  /** The process's memory now (default: process.memoryUsage()). */
  sample?: () => MemorySample;
  /** Starts a major collection (default: V8's own, v8Collector). */
  collect?: () => void;
  now?: () => number;
}

export interface MemoryGovernor {
  /** Looks at the memory once (the timer calls it); true when it started a collection. */
  look(): boolean;
  /** Collections started so far. */
  collections(): number;
  stop(): void;
}

/** V8's own gc(), made available without the --expose-gc flag at start (it is set now, for new contexts only: the service's global has no `gc`). */
function v8Collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: 'major'; execution: 'async' }) => void;
  return () => gc({ type: 'major', execution: 'async' });
}

export function createMemoryGovernor(options: MemoryGovernorOptions = {}): MemoryGovernor {
  const targetBytes = options.targetBytes ?? MEMORY_TARGET_MB * 1024 * 1024;
  const minIntervalMs = options.minIntervalMs ?? MIN_GC_INTERVAL_MS;
  const sample = options.sample ?? sampleProcess;
  const collect = options.collect ?? v8Collector();
  const now = options.now ?? (() => performance.now());
  let lastCollection = -Infinity;
  /** The least held since the last collection: about what that collection left. */
  let floor = Infinity;
  let collections = 0;
  let timer: NodeJS.Timeout | undefined;
  const governor: MemoryGovernor = {
    look() {
      const at = now();
      const { rss, held } = sample();
      floor = Math.min(floor, held);
      if (at - lastCollection < minIntervalMs || rss <= targetBytes || held - floor < GROWTH_BYTES) return false;
      lastCollection = at;
      floor = Infinity;
      collections++;
      collect();
      return true;
    },
    collections: () => collections,
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
  if (options.sample === undefined) {
    // Never what keeps the process alive.
    timer = setInterval(() => governor.look(), LOOK_EVERY_MS).unref();
  }
  return governor;
}

let processGovernor: MemoryGovernor | undefined;

/** The one governor of this process (every core of a process shares it). */
export function governProcessMemory(): MemoryGovernor {
  processGovernor ??= createMemoryGovernor();
  return processGovernor;
}
