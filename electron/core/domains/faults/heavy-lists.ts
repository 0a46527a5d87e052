/**
 * The real service's limit on heavy list requests (../shared/docs/real-service.md, "Auth,
 * limits, errors"): about six invoice pages at once from one user fail with 429, two pass. Heavy
 * are the lists whose rows carry document lines, the slow ones: sales, invoices, proformas and
 * fiscal receipts (every call of them, whatever its include:).
 */
export const HEAVY_LISTS = ['sales', 'invoices', 'proformas', 'fiscalreceipts'] as const;

const HEAVY = new Set<string>(HEAVY_LISTS);

/** True for a GET of a heavy list; `segments` are the path's below the account ('invoices', 'list', ...). */
export function isHeavyList(method: string, segments: readonly string[]): boolean {
  return (method === 'GET' || method === 'HEAD') && segments[1] === 'list' && HEAVY.has(segments[0]!);
}

/**
 * Heavy list requests in flight per API user. A request enters when it arrives (after
 * authentication) and leaves when its answer is sent or its connection closes, whichever comes
 * first; a refused one never entered.
 */
export class HeavyListLimiter {
  private readonly inFlight = new Map<number, number>();

  /** Counts the request in, or returns false when `max` of the user's are in flight already. */
  enter(userId: number, max: number): boolean {
    const now = this.inFlight.get(userId) ?? 0;
    if (now >= max) return false;
    this.inFlight.set(userId, now + 1);
    return true;
  }

  leave(userId: number): void {
    const now = this.inFlight.get(userId) ?? 0;
    if (now <= 1) this.inFlight.delete(userId);
    else this.inFlight.set(userId, now - 1);
  }

  /** Requests of the user in flight now (tests, diagnostics). */
  count(userId: number): number {
    return this.inFlight.get(userId) ?? 0;
  }
}
