import type { Clock } from '../../time.ts';

export interface LockoutPolicy {
  max_failures: number;
  window_s: number;
  lock_s: number;
}

/**
 * Counts failed authentications per caller IP in a sliding window and locks the IP once they
 * reach the limit. Kept in memory: a restart lifts the locks, which is acceptable for a local
 * service and keeps every request free of a database write.
 */
export class LockoutTracker {
  private readonly failures = new Map<string, number[]>();
  private readonly lockedUntil = new Map<string, number>();
  /** Password checks under way per IP: each may still become a failure. */
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly policy: () => LockoutPolicy,
  ) {}

  /** Seconds the IP stays locked (rounded up), or 0 when it is not locked. */
  retryAfterSeconds(ip: string): number {
    const until = this.lockedUntil.get(ip);
    if (until === undefined) return 0;
    const left = until - this.clock.now().getTime();
    if (left <= 0) {
      this.lockedUntil.delete(ip);
      return 0;
    }
    return Math.ceil(left / 1000);
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
    const recent = (this.failures.get(ip) ?? []).filter((t) => t > now - window_s * 1000).length;
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

  /** Records a failure; returns the lock in seconds when this failure locked the IP. */
  recordFailure(ip: string): number {
    const { max_failures, window_s, lock_s } = this.policy();
    const now = this.clock.now().getTime();
    const recent = (this.failures.get(ip) ?? []).filter((t) => t > now - window_s * 1000);
    recent.push(now);
    if (recent.length >= max_failures) {
      this.failures.delete(ip);
      this.lockedUntil.set(ip, now + lock_s * 1000);
      return lock_s;
    }
    this.failures.set(ip, recent);
    if (this.failures.size > 10_000) this.prune(now, window_s);
    return 0;
  }

  recordSuccess(ip: string): void {
    this.failures.delete(ip);
  }

  clear(): void {
    this.failures.clear();
    this.pending.clear();
    this.lockedUntil.clear();
  }

  private prune(now: number, windowS: number): void {
    for (const [ip, times] of this.failures) {
      if (times.every((t) => t <= now - windowS * 1000)) this.failures.delete(ip);
    }
  }
}
