import type { Database } from 'better-sqlite3';
import {
  PRODUCT_ALWAYS_TRACKED,
  PRODUCT_PUSH_FIELDS,
  type Product,
  type ProductPush,
} from '../../../../shared/domain/products.ts';
import type { DomainDeps } from '../../domain-deps.ts';

/**
 * Product notifications (spec, Events): product_update when a tracked field, the stock or the
 * price of a published product changes, product_unpublished when it is deleted. They go into
 * the transactional outbox, in the transaction of the write that caused them, one packet per
 * product per connector publishing it (connector_products; the outbox skips inactive and
 * deleted connectors).
 *
 * Use from any domain that changes products, stock or prices (inside its transaction):
 *
 *     const before = products.push.capture(companyId, productIds);
 *     ... the writes ...
 *     products.push.enqueueChanges(before);
 */

/**
 * Opens a reader of an account's variants: the list record of a variant as one connector sees it,
 * stock of that workpoint (null, or a workpoint that is not live: every workpoint). The reader
 * lists the account's live workpoints once; use one per write.
 */
export type ProductReader = (companyId: number) => {
  record(productId: number, workpointId: number | null): Product | undefined;
  /** Whether the workpoint is a live workpoint of the account (a connector's stock scope). */
  isLive(workpointId: number): boolean;
};

/** A connector publishing a product: who gets its notifications, and what they look at. */
interface Audience {
  connectorId: number;
  /** The connector's workpoint (stock of the pushes); null = every workpoint. */
  workpointId: number | null;
  /** Field names whose change is notified: the connector's tracked_fields plus stock and price. */
  tracked: ReadonlySet<string>;
}

interface CapturedProduct {
  productId: number;
  audience: Audience[];
  /** connector id -> the record that connector saw before the write. */
  before: Map<number, Product>;
}

/** The state of some products before a write, per connector publishing them (see capture()). */
export interface ProductPushSnapshot {
  companyId: number;
  products: CapturedProduct[];
}

/** Field values are scalars, except a few lists (compared by their JSON). */
const same = (a: unknown, b: unknown): boolean =>
  a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

/** A few distinct selections per service: each parsed once. */
const trackedCache = new Map<string, ReadonlySet<string>>();

/** tracked_fields is a JSON list of product field names; anything else counts as an empty list. */
function trackedOf(json: string): ReadonlySet<string> {
  let cached = trackedCache.get(json);
  if (!cached) {
    if (trackedCache.size >= 100) trackedCache.clear();
    cached = parseTracked(json);
    trackedCache.set(json, cached);
  }
  return cached;
}

function parseTracked(json: string): Set<string> {
  const tracked = new Set<string>(PRODUCT_ALWAYS_TRACKED);
  try {
    const parsed: unknown = JSON.parse(json);
    if (Array.isArray(parsed)) for (const name of parsed) if (typeof name === 'string') tracked.add(name);
  } catch {
    // an unreadable selection tracks stock and price only
  }
  return tracked;
}

/** The spec's push fields of a record, in the spec's order (notification_type is added by the outbox). */
export function pushFieldsOf(record: Product): ProductPush {
  const payload: Record<string, unknown> = {};
  for (const key of PRODUCT_PUSH_FIELDS) payload[key] = record[key];
  return payload as ProductPush;
}

export function createProductPush(db: Database, deps: DomainDeps, read: ProductReader) {
  // Only connectors that will receive something (the outbox checks again when enqueuing). A
  // workpoint that is deleted (or not the account's) counts nowhere: the pushes then carry the
  // stock of every workpoint, as for a connector without one (the reader knows the live ones).
  const audienceOf = db.prepare<[number, number], { connector_id: number; workpoint_id: number | null; tracked_fields: string }>(
    `SELECT c.id AS connector_id, c.workpoint_id, c.tracked_fields
       FROM connector_products cp
       JOIN connectors c ON c.id = cp.connector_id
      WHERE cp.product_id = ? AND c.company_id = ? AND c.active = 1 AND c.deleted = 0
      ORDER BY c.id`,
  );

  /** Reads each (product, workpoint) once per call, whatever the number of connectors sharing it. */
  // Opened at the first use: most products have no connector publishing them, and opening one
  // reads the account's workpoints.
  function reader(companyId: number) {
    let opened: ReturnType<ProductReader> | undefined;
    const reading = () => (opened ??= read(companyId));
    const seen = new Map<string, Product | undefined>();
    const at = (productId: number, workpointId: number | null) => {
      const key = `${productId}|${workpointId}`;
      if (!seen.has(key)) seen.set(key, reading().record(productId, workpointId));
      return seen.get(key);
    };
    return { at, isLive: (workpointId: number) => reading().isLive(workpointId) };
  }

  return {
    /**
     * The push body of a product as a connector with that workpoint sees it (null: every
     * workpoint), without notification_type; undefined when the product is not in the account.
     */
    payload(companyId: number, productId: number, workpointId: number | null): ProductPush | undefined {
      const record = read(companyId).record(productId, workpointId);
      return record && pushFieldsOf(record);
    },

    /** The state of these products before a write, for every connector publishing them. */
    capture(companyId: number, productIds: Iterable<number>): ProductPushSnapshot {
      const ids = new Set(productIds);
      const products: CapturedProduct[] = [];
      if (ids.size === 0) return { companyId, products };
      const { at, isLive } = reader(companyId);
      for (const productId of ids) {
        const audience = audienceOf.all(productId, companyId).map((row) => ({
          connectorId: row.connector_id,
          workpointId: row.workpoint_id !== null && isLive(row.workpoint_id) ? row.workpoint_id : null,
          tracked: trackedOf(row.tracked_fields),
        }));
        const before = new Map<number, Product>();
        for (const a of audience) {
          const record = at(productId, a.workpointId);
          if (record) before.set(a.connectorId, record);
        }
        if (before.size > 0) products.push({ productId, audience, before });
      }
      return { companyId, products };
    },

    /**
     * Compares the products with their captured state and enqueues, per connector: a
     * product_unpublished when the product got deleted (only cod_produs), else a product_update
     * with the full current state when a field the connector tracks (or the stock, or the
     * price) changed; a changed cod_produs is a product_unpublished of the old code first. Call it inside the write's transaction. Answers the number enqueued.
     */
    enqueueChanges(snapshot: ProductPushSnapshot): number {
      const { companyId } = snapshot;
      if (snapshot.products.length === 0) return 0;
      const readAt = reader(companyId).at;
      let enqueued = 0;
      for (const { productId, audience, before } of snapshot.products) {
        for (const a of audience) {
          const old = before.get(a.connectorId);
          if (!old || old.deleted === 1) continue;
          const now = readAt(productId, a.workpointId);
          let id: number | undefined;
          if (!now || now.deleted === 1) {
            id = deps.outbox.enqueue({
              companyId,
              connectorId: a.connectorId,
              type: 'product_unpublished',
              payload: { cod_produs: (now ?? old).cod_produs },
            });
          } else {
            // Receivers key products by cod_produs: a new code is the old product gone and this
            // one in its full state.
            const recoded = old.cod_produs !== now.cod_produs;
            const changed =
              recoded || [...a.tracked].some((field) => field !== 'last_changed_ts' && !same(old[field as keyof Product], now[field as keyof Product]));
            if (!changed) continue;
            if (recoded) {
              deps.outbox.enqueue({ companyId, connectorId: a.connectorId, type: 'product_unpublished', payload: { cod_produs: old.cod_produs } });
            }
            id = deps.outbox.enqueue({ companyId, connectorId: a.connectorId, type: 'product_update', payload: pushFieldsOf(now) });
          }
          if (id !== undefined) enqueued++;
        }
      }
      return enqueued;
    },
  };
}
export type ProductPushes = ReturnType<typeof createProductPush>;
