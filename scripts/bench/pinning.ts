/**
 * Server on one core, load generator on another: the bench process (autocannon runs in it) is
 * pinned to core 0 and every server it measures is started under `taskset -c 1`, so a server's
 * requests/s is not bounded by the load generator competing for its core. Without taskset (or
 * with one core) the bench runs unpinned and says so.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

export const LOAD_CORE = 0;
export const SERVER_CORE = 1;

let available: boolean | undefined;

/** taskset is installed and there are at least two cores to split. */
export function canPin(): boolean {
  if (available === undefined) {
    try {
      execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
      available = availableParallelism() >= 2;
    } catch {
      available = false;
    }
  }
  return available;
}

/** Pins every thread of this process to the load generator's core; answers a warning when it cannot. */
export function pinSelf(): string | undefined {
  if (!canPin()) return 'taskset missing or a single core: load generator and servers share the cores (ratios are less telling)';
  try {
    execFileSync('taskset', ['-a', '-pc', String(LOAD_CORE), String(process.pid)], { stdio: 'ignore' });
    return undefined;
  } catch (error) {
    return `cannot pin the bench to core ${LOAD_CORE}: ${(error as Error).message}`;
  }
}

/**
 * The command line that runs `command args` on `cores` (exec'd by taskset: the pid stays the
 * program's own). Unpinned when taskset cannot be used.
 */
export function onCores(cores: string, command: string, args: string[]): [string, string[]] {
  return canPin() ? ['taskset', ['-c', cores, command, ...args]] : [command, args];
}

/** The server's core. */
export const serverCores = (): string => String(SERVER_CORE);

/**
 * Every core: for programs the bench runs but does not measure per core (cold start, seeding),
 * which would otherwise inherit the bench's own pinning to core 0.
 */
export const allCores = (): string => `0-${availableParallelism() - 1}`;
