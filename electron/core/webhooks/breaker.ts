/**
 * Per-connector pause after repeated failures without a usable answer (refused connections,
 * DNS or TLS errors, timeouts, 5xx): a dead receiver stops taking the dispatcher's time from the
 * others. After FAILURES_TO_PAUSE such failures in a row the connector pauses (1 s, doubling up
 * to 60 s); then one probe at a time goes out until an attempt gets an answer. Deliveries held
 * meanwhile are not attempted (their schedule is not used up). The state of a paused connector is
 * kept in the store too (receiver-health.ts): a restart goes on probing where it stood, rather
 * than sending a known-dead receiver a full round; fewer failures than that start afresh.
 */
const FAILURES_TO_PAUSE = 5;
const MAX_PAUSE_MS = 60_000;

export interface BreakerState {
  consecutive: number;
  /** The service clock's milliseconds: no attempt before then, one probe at a time after. */
  pausedUntil: number;
}

export class ReceiverBreaker {
  private readonly states = new Map<number, BreakerState>();

  /** Starts from the paused connectors kept in the store (after a restart or a swap of the data). */
  load(paused: Iterable<[connectorId: number, state: BreakerState]>): void {
    this.states.clear();
    for (const [connectorId, state] of paused) this.states.set(connectorId, { ...state });
  }

  /** The state of a paused or probing connector (what the store keeps), undefined otherwise. */
  pauseOf(connectorId: number): Readonly<BreakerState> | undefined {
    const state = this.states.get(connectorId);
    return state && state.consecutive >= FAILURES_TO_PAUSE ? state : undefined;
  }

  /** Records an attempt's result; answers true when this failure paused the connector. */
  record(connectorId: number, answered: boolean, now: number): boolean {
    if (answered) {
      this.states.delete(connectorId);
      return false;
    }
    const state = this.states.get(connectorId) ?? { consecutive: 0, pausedUntil: 0 };
    state.consecutive++;
    this.states.set(connectorId, state);
    if (state.consecutive < FAILURES_TO_PAUSE) return false;
    state.pausedUntil = now + Math.min(MAX_PAUSE_MS, 1000 * 2 ** (state.consecutive - FAILURES_TO_PAUSE));
    return true;
  }

  /** How many attempts the connector may have under way now (0 while paused, 1 while probing). */
  allowance(connectorId: number, cap: number, now: number): number {
    const state = this.states.get(connectorId);
    if (!state || state.consecutive < FAILURES_TO_PAUSE) return cap;
    return now < state.pausedUntil ? 0 : 1;
  }

  /** Whether the connector has failed enough in a row to be paused or probed (until an attempt is answered). */
  isPausing(connectorId: number): boolean {
    return (this.states.get(connectorId)?.consecutive ?? 0) >= FAILURES_TO_PAUSE;
  }

  /** Connectors paused or probing: failed in a row and not answered since (attention.list). */
  pausing(): number[] {
    return [...this.states].filter(([, s]) => s.consecutive >= FAILURES_TO_PAUSE).map(([id]) => id);
  }

  /** Connectors paused at `now`. */
  paused(now: number): number[] {
    return [...this.states].filter(([, s]) => s.consecutive >= FAILURES_TO_PAUSE && now < s.pausedUntil).map(([id]) => id);
  }

  /** The earliest end of a pause after `now`, if any (the dispatcher wakes then). */
  nextResume(now: number): number | null {
    let next: number | null = null;
    for (const { pausedUntil } of this.states.values()) if (pausedUntil > now && (next === null || pausedUntil < next)) next = pausedUntil;
    return next;
  }

  /** Forgets a connector (deleted with its account: its id may be given to another). */
  forget(connectorId: number): void {
    this.states.delete(connectorId);
  }

  clear(): void {
    this.states.clear();
  }
}
