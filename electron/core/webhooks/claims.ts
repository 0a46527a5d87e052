import type { SendableRow } from './delivery-store.ts';

/**
 * The rows the dispatcher holds in memory: queued for a free slot, under way, or finished and
 * not yet written. Claims live only here: the rows stay pending in the table, so after a crash
 * they are simply due again. A held row's ordering key (one order, one product) is held too, so
 * no later notification of the same order starts before this one's result is written.
 */
export class ClaimBook {
  private readonly queues = new Map<number, SendableRow[]>();
  private readonly held = new Map<number, { connectorId: number; key: string | null; queued: boolean }>();
  private readonly keys = new Set<string>();
  private readonly active = new Map<number, number>();
  private activeTotal = 0;
  private rotation = 0;

  private static keyOf(connectorId: number, key: string): string {
    return `${connectorId}\u0000${key}`;
  }

  get size(): number {
    return this.held.size;
  }

  get totalActive(): number {
    return this.activeTotal;
  }

  isHeld(id: number): boolean {
    return this.held.has(id);
  }

  /** Under way, or finished and not yet written (not merely queued). */
  isBusy(id: number): boolean {
    const claim = this.held.get(id);
    return claim !== undefined && !claim.queued;
  }

  heldIdsOf(connectorId: number): number[] {
    const ids: number[] = [];
    for (const [id, claim] of this.held) if (claim.connectorId === connectorId) ids.push(id);
    return ids;
  }

  holdsKey(connectorId: number, key: string | null): boolean {
    return key !== null && this.keys.has(ClaimBook.keyOf(connectorId, key));
  }

  queuedOf(connectorId: number): number {
    return this.queues.get(connectorId)?.length ?? 0;
  }

  activeOf(connectorId: number): number {
    return this.active.get(connectorId) ?? 0;
  }

  /** Claims a row and queues it behind its connector's others. */
  enqueue(row: SendableRow): void {
    this.hold(row, true);
    const queue = this.queues.get(row.connector_id) ?? [];
    queue.push(row);
    this.queues.set(row.connector_id, queue);
  }

  /** Claims a row that starts at once (retry now). */
  start(row: SendableRow): void {
    this.hold(row, false);
    this.markActive(row.connector_id, 1);
  }

  /** The next queued row of a connector, now under way. */
  take(connectorId: number): SendableRow | undefined {
    const queue = this.queues.get(connectorId);
    const row = queue?.shift();
    if (queue && queue.length === 0) this.queues.delete(connectorId);
    if (!row) return undefined;
    this.held.get(row.id)!.queued = false;
    this.markActive(connectorId, 1);
    return row;
  }

  /** The attempt is over; the row stays held until its result is written. */
  finished(row: SendableRow): void {
    this.markActive(row.connector_id, -1);
  }

  /** The result is in the table: the row and its ordering key are free. */
  written(id: number): void {
    const claim = this.held.get(id);
    if (!claim) return;
    this.held.delete(id);
    if (claim.key !== null) this.keys.delete(ClaimBook.keyOf(claim.connectorId, claim.key));
  }

  /** Gives back queued rows (not those under way) of a connector, or one row; answers their ids. */
  release(filter: { connectorId?: number; id?: number }): number[] {
    const released: number[] = [];
    for (const [connectorId, queue] of this.queues) {
      if (filter.connectorId !== undefined && filter.connectorId !== connectorId) continue;
      const kept = queue.filter((row) => {
        if (filter.id !== undefined && row.id !== filter.id) return true;
        released.push(row.id);
        this.written(row.id);
        return false;
      });
      if (kept.length > 0) this.queues.set(connectorId, kept);
      else this.queues.delete(connectorId);
    }
    return released;
  }

  /** Connectors with queued rows, starting one further each call: no connector always goes first. */
  rotatedQueues(): number[] {
    return rotate([...this.queues.keys()], this.rotation++);
  }

  clear(): void {
    this.queues.clear();
    this.held.clear();
    this.keys.clear();
    this.active.clear();
    this.activeTotal = 0;
  }

  private hold(row: SendableRow, queued: boolean): void {
    this.held.set(row.id, { connectorId: row.connector_id, key: row.ordering_key, queued });
    if (row.ordering_key !== null) this.keys.add(ClaimBook.keyOf(row.connector_id, row.ordering_key));
  }

  private markActive(connectorId: number, delta: number): void {
    const next = (this.active.get(connectorId) ?? 0) + delta;
    if (next > 0) this.active.set(connectorId, next);
    else this.active.delete(connectorId);
    this.activeTotal += delta;
  }
}

/** The list started at `offset` (mod its length). */
export function rotate<T>(items: readonly T[], offset: number): T[] {
  if (items.length === 0) return [];
  const start = offset % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}
