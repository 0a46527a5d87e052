import type { Clock } from '../../time.ts';

export interface LockoutPolicy {
  max_failures: number;
  window_s: number;
  lock_s: number;
}

interface Failure {
  at: number;
  guess: string | undefined;
}

/**
 * Counts failed authentications per caller IP in a sliding window and locks the IP once they
 * reach the limit. A success does not clear the count: failures leave it only by growing older
 * than the window (otherwise a guesser holding one valid key, or sharing its IP with a busy
 * client, could interleave successes and guess forever). Kept in memory: a restart lifts the
 * locks, which is acceptable for a local service and keeps every request free of a database
 * write. One tracker per door: the REST API and the control API count separately.
 */
export class LockoutTracker {
  /** Recent failures per IP: when, and what was guessed (for a door that counts a guess once). */
  private readonly failures = new Map<string, Failure[]>();
  private readonly lockedUntil = new Map<string, number>();
  /** Password checks under way per IP: each may still become a failure. */
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly policy: () => LockoutPolicy,
  ) {}

  /** Seconds the IP stays locked (rounded up), or 0 when it is not locked. */
  retryAfterSeconds(ip: string): number {
    const until = this.lockEnd(ip);
    return until === undefined ? 0 : Math.ceil((until - this.clock.now().getTime()) / 1000);
  }

  /** When the IP's lock ends (epoch ms of this tracker's clock), or undefined when it is not locked. */
  lockEnd(ip: string): number | undefined {
    const until = this.lockedUntil.get(ip);
    if (until === undefined) return undefined;
    if (until <= this.clock.now().getTime()) {
      this.lockedUntil.delete(ip);
      return undefined;
    }
    return until;
  }

  /**
   * Reserves a password check for the IP. Refused (false) when the failures already counted
   * plus the checks under way could reach the limit: otherwise a client sending many wrong
   * passwords in parallel would get them all checked before the first failure is recorded.
   * Every true answer must be followed by endCheck().
   */
  tryBeginCheck(ip: string): boolean {
    const { max_failures, window_s } = this.policy();
    const now = this.clock.now().getTime();
    const recent = (this.failures.get(ip) ?? []).filter((f) => f.at > now - window_s * 1000).length;
    const underWay = this.pending.get(ip) ?? 0;
    if (recent + underWay >= max_failures) return false;
    this.pending.set(ip, underWay + 1);
    return true;
  }

  endCheck(ip: string): void {
    const underWay = (this.pending.get(ip) ?? 1) - 1;
    if (underWay <= 0) this.pending.delete(ip);
    else this.pending.set(ip, underWay);
  }

  /**
   * Records a failure; returns the lock in seconds when this failure locked the IP. With `guess`
   * (a digest of what was sent), the same wrong credential sent again within the window counts
   * once: a guesser needs new guesses, while a stale client repeating one old token (a browser
   * tab left open after a restart, reconnecting its event stream) does not lock its machine out.
   */
  recordFailure(ip: string, guess?: string): number {
    const { max_failures, window_s, lock_s } = this.policy();
    const now = this.clock.now().getTime();
    const recent = (this.failures.get(ip) ?? []).filter((f) => f.at > now - window_s * 1000);
    if (guess !== undefined && recent.some((f) => f.guess === guess)) {
      this.failures.set(ip, recent);
      return 0;
    }
    recent.push({ at: now, guess });
    if (recent.length >= max_failures) {
      // The lock starts a new count: the failures that caused it do not lock the IP again
      // the moment it ends.
      this.failures.delete(ip);
      this.lockedUntil.set(ip, now + lock_s * 1000);
      return lock_s;
    }
    this.failures.set(ip, recent);
    if (this.failures.size + this.lockedUntil.size > 10_000) this.prune(now, window_s);
    return 0;
  }

  clear(): void {
    this.failures.clear();
    this.pending.clear();
    this.lockedUntil.clear();
  }

  /** Forgets IPs whose failures all left the window and locks that ended (many distinct callers). */
  private prune(now: number, windowS: number): void {
    for (const [ip, times] of this.failures) {
      if (times.every((f) => f.at <= now - windowS * 1000)) this.failures.delete(ip);
    }
    for (const [ip, until] of this.lockedUntil) {
      if (until <= now) this.lockedUntil.delete(ip);
    }
  }
}
