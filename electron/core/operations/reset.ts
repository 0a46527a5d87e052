import { conflict, notFound, OperationError } from '../../../shared/contract/errors.ts';
import type { Account } from '../../../shared/domain/accounts.ts';
import type { ResetStatus, resetOperations } from '../../../shared/contract/operations-reset.ts';
import type { HandlersOf } from '../operation-handlers.ts';
import type { CoreEventBus } from '../events.ts';
import { formatTimestamp, type Clock } from '../time.ts';
import { removeSeedFile, SeedCancelled, startSeedWorker, type RunningSeed } from '../store/seed-job.ts';
import type { SeedKind } from '../store/seed-store.ts';
import type { SeedProgress } from '../store/seed/index.ts';

/** reset.progress events while seeding: at most one per this many ms (state changes go at once). */
const EVENT_EVERY_MS = 250;

export interface ResetDeps {
  /** The live store file (the new one is seeded next to it). */
  liveFile: string;
  clock: Clock;
  events: CoreEventBus;
  /** Also told the seed's progress (npm run serve's progress bar). */
  onSeedProgress?: SeedProgress;
  /** The seed worker's module (tests substitute one); default: seed-job.ts finds it. */
  seedWorker?: URL;
  /**
   * Puts the seeded file in place of the live data, synchronously: no request runs between the
   * old data and the new. When it throws, the old data must still be in place.
   */
  swapIn(file: string): void;
  /** What follows the swap (the embedded FTP server, announcing the change). */
  afterSwap(): Promise<void>;
  accounts(): Account[];
}

interface Running {
  state: 'seeding' | 'swapping';
  seed: SeedKind;
  scale: number;
  phase: string;
  done: number;
  total: number;
  startedAt: string;
  /** Ends the seed's worker (its `finished` then rejects with SeedCancelled). */
  cancel(): void;
  /** Resolves once the reset ended, whatever the outcome (`last` is set then). */
  settled: Promise<void>;
}

type Outcome = NonNullable<ResetStatus['last']>['outcome'];

/**
 * POST /reset without blocking the listener: a worker seeds a new file, then the core swaps it
 * in at once. One reset at a time; its progress is readable (GET /reset) and pushed
 * (reset.progress); a running seed can be cancelled (DELETE /reset). A failed or cancelled
 * reset leaves the data as it was.
 */
export function createResets(deps: ResetDeps) {
  let running: Running | undefined;
  let last: ResetStatus['last'] = null;
  let eventTimer: NodeJS.Timeout | undefined;
  let eventSentAt = 0;

  function status(): ResetStatus {
    const lastError = last && last.outcome !== 'done' ? last.error ?? undefined : undefined;
    return {
      state: running?.state ?? 'idle',
      seed: running?.seed ?? null,
      scale: running?.scale ?? null,
      phase: running?.phase ?? null,
      done: running?.done ?? 0,
      total: running?.total ?? 0,
      started_at: running?.startedAt ?? null,
      last,
      ...(lastError !== undefined && { last_error: lastError }),
    };
  }

  function emitNow(): void {
    if (eventTimer) clearTimeout(eventTimer);
    eventTimer = undefined;
    eventSentAt = Date.now();
    deps.events.emit('reset.progress', status());
  }

  /** Progress: at once when the last event is old enough, else once the interval is over. */
  function emitSoon(): void {
    if (eventTimer) return;
    const wait = EVENT_EVERY_MS - (Date.now() - eventSentAt);
    if (wait <= 0) return emitNow();
    eventTimer = setTimeout(emitNow, wait);
    eventTimer.unref();
  }

  function describe(run: Running): string {
    const percent = run.total > 0 ? `, ${Math.floor((100 * run.done) / run.total)}%` : '';
    return `seed ${run.seed}, scale ${run.scale}, ${run.state}${percent}`;
  }

  function finish(outcome: Outcome, error: string | null, end: () => void): void {
    if (!running) return;
    last = {
      outcome,
      seed: running.seed,
      scale: running.scale,
      started_at: running.startedAt,
      finished_at: formatTimestamp(deps.clock.now()),
      error,
    };
    running = undefined;
    emitNow();
    end();
  }

  async function reset(input: { seed?: SeedKind; scale?: number }) {
    if (running) {
      throw conflict(`a reset is under way (${describe(running)}): wait for it (GET /_sandbox/reset) or cancel it (DELETE /_sandbox/reset)`);
    }
    const seed = input.seed ?? 'demo';
    const scale = input.scale ?? 1;
    let end!: () => void;
    const settled = new Promise<void>((resolve) => (end = resolve));
    let job: RunningSeed | undefined;
    const run: Running = {
      state: 'seeding',
      seed,
      scale,
      phase: 'starting',
      done: 0,
      total: 0,
      startedAt: formatTimestamp(deps.clock.now()),
      settled,
      cancel: () => job?.cancel(),
    };
    running = run;
    try {
      job = startSeedWorker({
        liveFile: deps.liveFile,
        kind: seed,
        scale,
        now: deps.clock.now(),
        ...(deps.seedWorker && { entry: deps.seedWorker }),
        onProgress(done, total, phase) {
          if (running !== run) return;
          Object.assign(run, { done, total, phase });
          deps.onSeedProgress?.(done, total, phase);
          emitSoon();
        },
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      finish('failed', `the seed worker could not start: ${reason}`, end);
      throw new OperationError(503, `the reset failed, the data was not changed: the seed worker could not start: ${reason}`);
    }
    emitNow();

    let file: string;
    try {
      file = await job.finished;
    } catch (error) {
      if (error instanceof SeedCancelled) {
        finish('cancelled', 'cancelled by DELETE /_sandbox/reset before the data was replaced', end);
        throw conflict('the reset was cancelled (DELETE /_sandbox/reset): the data was not changed');
      }
      const reason = error instanceof Error ? error.message : String(error);
      finish('failed', `the seed failed: ${reason}`, end);
      throw new OperationError(503, `the reset failed, the data was not changed: the seed failed: ${reason}`);
    }

    run.state = 'swapping';
    emitNow();
    try {
      deps.swapIn(file);
    } catch (error) {
      removeSeedFile(file);
      const reason = error instanceof Error ? error.message : String(error);
      finish('failed', `the new data could not replace the old: ${reason}`, end);
      throw new OperationError(503, `the reset failed, the data was not changed: the new data could not replace the old: ${reason}`);
    }
    try {
      await deps.afterSwap();
    } finally {
      finish('done', null, end);
    }
    return { seed, scale, accounts: deps.accounts() };
  }

  /** Cancels the seed under way (404: none; 409: it is swapping already) and answers once it ended. */
  async function cancel(): Promise<ResetStatus> {
    const run = running;
    if (!run) throw notFound('no reset is under way');
    if (run.state !== 'seeding') throw conflict('the reset is replacing the data now: it can no longer be cancelled');
    run.cancel();
    await run.settled;
    return status();
  }

  return {
    reset,
    status,
    cancel,
    /** Ends a reset under way (the core closes): a seed is cancelled, a swap finishes. */
    async close(): Promise<void> {
      const run = running;
      if (!run) return;
      if (run.state === 'seeding') run.cancel();
      await run.settled;
    },
  };
}
export type Resets = ReturnType<typeof createResets>;

export interface ResetHandlerDeps {
  resets: Pick<Resets, 'reset' | 'status' | 'cancel'>;
  /** Makes the reset one job with the snapshots' saves and restores: one at a time, 409 for the others. */
  exclusive<I, O>(reset: (input: I) => O | Promise<O>): (input: I) => Promise<O>;
}

/** The reset and its progress (shared/contract/operations-reset.ts). */
export function createResetHandlers(deps: ResetHandlerDeps): HandlersOf<keyof typeof resetOperations> {
  const { resets } = deps;
  return {
    'service.reset': deps.exclusive(resets.reset),
    'service.resetStatus': () => resets.status(),
    'service.cancelReset': () => resets.cancel(),
  };
}
