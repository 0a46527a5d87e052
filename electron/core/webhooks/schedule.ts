/**
 * The spec's answer table, exactly: 200 closes the notification; any 4xx closes it as a
 * permanent error, never retried (unlike most webhook senders, where 4xx is retried); anything
 * else (another 2xx such as 201 or 204, a 3xx, a 5xx, no answer at all) is transient and retried.
 */
export type AttemptOutcome = 'delivered' | 'permanent_failure' | 'transient_failure';

export function outcomeOf(httpStatus: number | null): AttemptOutcome {
  if (httpStatus === 200) return 'delivered';
  if (httpStatus !== null && httpStatus >= 400 && httpStatus <= 499) return 'permanent_failure';
  return 'transient_failure';
}

/** +-20% jitter, so receivers that failed together are not all retried in the same second. */
export function withJitter(delaySeconds: number, random: () => number = Math.random): number {
  return Math.round(delaySeconds * 1000 * (0.8 + 0.4 * random()));
}

/**
 * When to try again after the n-th attempt (1-based) failed transiently, or null when the
 * schedule is used up (its length is the number of retries).
 */
export function nextDelayMs(schedule: readonly number[], attemptsMade: number, random?: () => number): number | null {
  const delay = schedule[attemptsMade - 1];
  return delay === undefined ? null : withJitter(delay, random);
}
