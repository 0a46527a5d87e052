import type { Database } from 'better-sqlite3';
import { badRequest, notFound, OperationError } from '../../../../shared/contract/errors.ts';
import type { Fault, FaultLatency, NewFault } from '../../../../shared/domain/faults.ts';
import type { CoreEventBus } from '../../events.ts';
import { formatTimestamp, type Clock } from '../../time.ts';
import { connectionGeneration } from '../../store/live-database.ts';
import { compilePathPattern, pathPatternProblem, type PathPattern } from './path-pattern.ts';

export { HeavyListLimiter, isHeavyList, HEAVY_LISTS } from './heavy-lists.ts';
export { compilePathPattern, pathPatternProblem } from './path-pattern.ts';

interface Row {
  id: number;
  company_id: number;
  method: string;
  path: string;
  status: number | null;
  latency_min_ms: number | null;
  latency_max_ms: number | null;
  drop_connection: number;
  storage_down: number;
  probability: number;
  count: number | null;
  remaining: number | null;
  fired: number;
  created_ts: string;
}

/** An active fault as the request path checks it. */
interface Armed {
  row: Row;
  pattern: PathPattern;
}

/** What the faults that fired for one REST call do to it. */
export interface FaultHit {
  /** For the API log line: '#3 latency 180 ms; #4 status 503'. */
  note: string;
  /** Wait this long first (0: no wait); removing a fault that added to it ends the wait. */
  latencyMs: number;
  /** Then: close the connection without an answer ... */
  drop: boolean;
  /** ... or answer this status in the envelope with `message` (neither: the call goes on). */
  status: number | undefined;
  message: string;
  faultIds: number[];
}

/** The 503 of a storage_down fault: the storage refused, and the log line says which fault did it. */
export class StorageFaultError extends OperationError {
  constructor(
    message: string,
    readonly note: string,
  ) {
    super(503, message);
  }
}

export interface FaultsDeps {
  db: Database;
  clock: Clock;
  events: CoreEventBus;
  /** 404 for an account that does not exist. */
  requireAccount(companyId: number): void;
  /** Draws in [0, 1): a fault fires when the draw is below its probability (1 always, 0 never). */
  random?: () => number;
}

const latencyOf = (row: Row): FaultLatency | null =>
  row.latency_min_ms === null || row.latency_max_ms === null
    ? null
    : row.latency_min_ms === row.latency_max_ms
      ? row.latency_min_ms
      : { min: row.latency_min_ms, max: row.latency_max_ms };

const faultOf = (row: Row): Fault => ({
  fault_id: row.id,
  company_id: row.company_id,
  method: row.method,
  path: row.path,
  status: row.status,
  latency_ms: latencyOf(row),
  drop: row.drop_connection === 1,
  storage_down: row.storage_down === 1,
  probability: row.probability,
  count: row.count,
  remaining: row.remaining,
  fired: row.fired,
  created_ts: row.created_ts,
});

/**
 * Fault switches per account (docs/control-api.md, "Fault switches"). The active ones are kept in memory, so
 * a call to an account without faults costs one Map lookup; they are read again after the store
 * changed under them (a reset, a restored snapshot, a removed account).
 */
export function createFaults(deps: FaultsDeps) {
  const { db } = deps;
  const random = deps.random ?? Math.random;
  const insert = db.prepare<[number, string, string, number | null, number | null, number | null, number, number, number, number | null, number | null, string]>(
    `INSERT INTO sandbox_faults (company_id, method, path, status, latency_min_ms, latency_max_ms, drop_connection, storage_down, probability, count, remaining, created_ts)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const ofAccount = db.prepare<[number], Row>('SELECT * FROM sandbox_faults WHERE company_id = ? ORDER BY id');
  const one = db.prepare<[number, number], Row>('SELECT * FROM sandbox_faults WHERE company_id = ? AND id = ?');
  const allActive = db.prepare<[], Row>('SELECT * FROM sandbox_faults WHERE remaining IS NULL OR remaining > 0 ORDER BY id');
  const remove = db.prepare<[number, number]>('DELETE FROM sandbox_faults WHERE company_id = ? AND id = ?');
  const use = db.prepare<[number]>(
    'UPDATE sandbox_faults SET fired = fired + 1, remaining = CASE WHEN remaining IS NULL THEN NULL ELSE remaining - 1 END WHERE id = ?',
  );

  // Rows this domain wrote, so the store's change counter can leave them out: no REST answer is
  // made of them (a call of an account with faults skips the answer cache instead).
  let ownChanges = 0;
  let armed: Map<number, Armed[]> | undefined;
  let armedGeneration = -1;
  /** Calls waiting out a latency, by the faults that added to it: removing one lets them go. */
  const holds = new Map<number, Set<() => void>>();

  function load(): Map<number, Armed[]> {
    const generation = connectionGeneration(db);
    if (armed && armedGeneration === generation) return armed;
    const next = new Map<number, Armed[]>();
    if (db.open) {
      for (const row of allActive.all()) {
        const list = next.get(row.company_id) ?? [];
        list.push({ row, pattern: compilePathPattern(row.path) });
        next.set(row.company_id, list);
      }
    }
    armed = next;
    armedGeneration = generation;
    return next;
  }
  const forget = () => void (armed = undefined);
  // Rows changed by others: a reset ('*'), a removed account, a restored snapshot.
  deps.events.on('data.changed', ({ tables }) => {
    if (tables.some((table) => table === '*' || table === 'accounts')) forget();
  });

  /** Counts a use of the fault (store and memory); a used-up one stops matching. */
  function fire(entry: Armed): void {
    ownChanges += use.run(entry.row.id).changes;
    entry.row.fired += 1;
    if (entry.row.remaining !== null) {
      entry.row.remaining -= 1;
      if (entry.row.remaining <= 0) {
        const list = armed?.get(entry.row.company_id)?.filter((other) => other !== entry) ?? [];
        if (list.length === 0) armed?.delete(entry.row.company_id);
        else armed?.set(entry.row.company_id, list);
      }
    }
    deps.events.emit('data.changed', { company_id: entry.row.company_id, tables: ['sandbox_faults'] });
  }

  const drawLatency = (row: Row): number => {
    const min = row.latency_min_ms ?? 0;
    const max = row.latency_max_ms ?? min;
    return min + Math.floor(random() * (max - min + 1));
  };

  /** The account's faults, oldest first (faults.list). */
  function list(companyId: number): Fault[] {
    deps.requireAccount(companyId);
    return ofAccount.all(companyId).map(faultOf);
  }

  /** faults.add: every rule between the fields is a 400 naming the field. */
  function add(companyId: number, input: NewFault): Fault {
    deps.requireAccount(companyId);
    const method = input.method ?? '*';
    const path = input.path ?? '*';
    const drop = input.drop === true;
    const storageDown = input.storage_down === true;
    const latency = input.latency_ms;
    const problem = pathPatternProblem(path);
    if (problem) throw badRequest(`path: ${problem}`);
    if (input.status === undefined && latency === undefined && !drop && !storageDown) {
      throw badRequest('status, latency_ms, drop or storage_down: a fault needs at least one of them (status 400-599, latency_ms, drop: true, storage_down: true)');
    }
    if (storageDown && (input.status !== undefined || latency !== undefined || drop)) {
      throw badRequest('storage_down: stands alone (the storage refuses, the attachment calls answer their own 503): add status, latency_ms or drop as another fault');
    }
    if (storageDown && method !== '*') throw badRequest("method: a storage_down fault is not tied to a route: leave method out or '*'");
    if (storageDown && path !== '*' && path !== '/*') throw badRequest("path: a storage_down fault is not tied to a route: leave path out or '*'");
    const [min, max] = latency === undefined ? [null, null] : typeof latency === 'number' ? [latency, latency] : [latency.min, latency.max];
    if (min !== null && max !== null && min > max) throw badRequest(`latency_ms.min: ${min} is above latency_ms.max ${max}`);
    const count = input.count ?? null;
    const inserted = insert.run(
      companyId, method, compilePathPattern(path).source, input.status ?? null, min, max, drop ? 1 : 0, storageDown ? 1 : 0,
      input.probability ?? 1, count, count, formatTimestamp(deps.clock.now()),
    );
    ownChanges += inserted.changes;
    const id = Number(inserted.lastInsertRowid);
    forget();
    return faultOf(one.get(companyId, id)!);
  }

  function release(faultId: number): void {
    const waiting = holds.get(faultId);
    holds.delete(faultId);
    for (const go of waiting ?? []) go();
  }

  /** faults.delete: the calls it holds in a latency go on at once. */
  function removeFault(companyId: number, faultId: number): { deleted_id: number } {
    deps.requireAccount(companyId);
    const removed = remove.run(companyId, faultId).changes;
    if (removed === 0) throw notFound(`fault ${faultId} does not exist in account ${companyId}`);
    ownChanges += removed;
    forget();
    release(faultId);
    return { deleted_id: faultId };
  }

  return {
    list,
    add,
    remove: removeFault,
    /** Rows of sandbox_faults this connection wrote (the data version leaves them out). */
    ownChanges: () => ownChanges,
    /** True when the account has a fault that can still fire (its REST GETs then skip the answer cache). */
    active: (companyId: number): boolean => load().has(companyId),
    /**
     * The faults that fire for a REST call (each drawn against its probability, each firing one
     * use of its count); undefined when none did. `segments` are the raw path's below the account.
     */
    hit(companyId: number, method: string, segments: readonly string[]): FaultHit | undefined {
      const list = load().get(companyId);
      if (!list) return undefined;
      const path = `/${segments.join('/')}`;
      const notes: string[] = [];
      const hit: FaultHit = { note: '', latencyMs: 0, drop: false, status: undefined, message: '', faultIds: [] };
      for (const entry of [...list]) {
        const { row } = entry;
        if (row.storage_down === 1 || (row.method !== '*' && row.method !== method) || !entry.pattern.matches(path)) continue;
        if (!(random() < row.probability)) continue;
        fire(entry);
        hit.faultIds.push(row.id);
        if (row.latency_min_ms !== null) {
          const wait = drawLatency(row);
          hit.latencyMs += wait;
          notes.push(`#${row.id} latency ${wait} ms`);
        }
        const decided = hit.drop || hit.status !== undefined;
        if (row.drop_connection === 1) {
          notes.push(`#${row.id} drop`);
          if (!decided) hit.drop = true;
        } else if (row.status !== null) {
          notes.push(`#${row.id} status ${row.status}`);
          if (!decided) {
            hit.status = row.status;
            hit.message =
              `sandbox fault #${row.id}: forced ${row.status} for ${row.method} ${row.path} ` +
              `(remove it with DELETE /_sandbox/accounts/${companyId}/faults/${row.id})`;
          }
        }
      }
      if (hit.faultIds.length === 0) return undefined;
      hit.note = notes.join('; ');
      return hit;
    },
    /** Waits out the hit's latency; resolves early when one of its faults is removed (or at close). */
    wait(hit: FaultHit): Promise<void> {
      if (hit.latencyMs <= 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          for (const id of hit.faultIds) holds.get(id)?.delete(done);
          resolve();
        };
        const timer = setTimeout(done, hit.latencyMs);
        for (const id of hit.faultIds) {
          const set = holds.get(id) ?? new Set();
          set.add(done);
          holds.set(id, set);
        }
      });
    },
    /** A storage_down fault that fires for this use of the account's storage: the error to refuse with. */
    storageRefusal(companyId: number): StorageFaultError | undefined {
      const list = load().get(companyId);
      for (const entry of list ?? []) {
        if (entry.row.storage_down !== 1 || !(random() < entry.row.probability)) continue;
        fire(entry);
        const note = `#${entry.row.id} storage_down`;
        return new StorageFaultError(
          `the FTP storage of account ${companyId} is unreachable or refused: sandbox fault #${entry.row.id} (storage_down; ` +
            `remove it with DELETE /_sandbox/accounts/${companyId}/faults/${entry.row.id})`,
          note,
        );
      }
      return undefined;
    },
    /** Lets every held call go (the server is closing). */
    releaseAll(): void {
      for (const id of [...holds.keys()]) release(id);
    },
  };
}
export type Faults = ReturnType<typeof createFaults>;
