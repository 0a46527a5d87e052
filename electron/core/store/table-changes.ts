import type BetterSqlite3 from 'better-sqlite3';

/** Stands for every table: a change whose tables are not known, an answer that depends on all. */
export const EVERY_TABLE = '*';

/** The tables a statement touches, its triggers and foreign key actions included. */
export interface StatementTables {
  readonly reads: readonly string[];
  /** [EVERY_TABLE] when not known (a schema change, a virtual table, a computed root page). */
  readonly writes: readonly string[];
  /** It may change the schema: root pages and other statements' tables are to be found again after it. */
  readonly changesSchema: boolean;
}

/** The b-tree opcodes whose root page says which table (or index of which table) is opened. */
const OPENS_FOR_READING = new Set(['OpenRead', 'ReopenIdx']);
const OPENS_FOR_WRITING = new Set(['OpenWrite']);
/** OP_Clear (DELETE without WHERE): the root page is P1, the database P2. */
const CLEARS = 'Clear';
/** Opcodes that change the schema or write where no root page says: every table may change. */
const CHANGES_UNKNOWN = new Set(['CreateBtree', 'Destroy', 'DropTable', 'DropIndex', 'DropTrigger', 'ParseSchema', 'VUpdate', 'VDestroy', 'VCreate']);
/** OPFLAG_P2ISREG: the root page is in a register, not in P2. */
const P2_IS_REGISTER = 0x10;
const MAIN_DATABASE = 0;
const SCHEMA_ROOT_PAGE = 1;

interface Opcode {
  opcode: string;
  p1: number;
  p2: number;
  p3: number;
  p5: number;
}

/** Root page -> table name of the main database (an index's root page names its table). */
export function rootPagesOf(connection: BetterSqlite3.Database): Map<number, string> {
  const roots = new Map<number, string>([[SCHEMA_ROOT_PAGE, 'sqlite_schema']]);
  const rows = connection.prepare('SELECT rootpage, tbl_name FROM main.sqlite_schema WHERE rootpage > 0').raw().all() as Array<[number, string]>;
  for (const [page, table] of rows) roots.set(page, table);
  return roots;
}

/**
 * The tables of `source`, read from its bytecode: EXPLAIN lists the programs of the triggers
 * and foreign key actions it may fire after its own, so a write to stock names products (the
 * stock_total trigger) and a delete of a sale names its payments (ON DELETE SET NULL). EXPLAIN
 * runs nothing; it is given the statement's own arguments only because every parameter must be
 * bound. Temporary tables are left out (they are the connection's scratch, not data).
 * Answers undefined when a root page is not in `roots` (the schema changed since they were read).
 */
export function explainTables(
  connection: BetterSqlite3.Database,
  source: string,
  args: ArrayLike<unknown>,
  roots: Map<number, string>,
): StatementTables | undefined {
  const explain = connection.prepare(`EXPLAIN ${source}`);
  const program = Reflect.apply(explain.all, explain, Array.from(args)) as Opcode[];
  const reads = new Set<string>();
  const writes = new Set<string>();
  let changesSchema = false;
  for (const { opcode, p1, p2, p3, p5 } of program) {
    if (CHANGES_UNKNOWN.has(opcode)) {
      writes.add(EVERY_TABLE);
      changesSchema = true;
      continue;
    }
    const reading = OPENS_FOR_READING.has(opcode);
    const writing = OPENS_FOR_WRITING.has(opcode);
    const clearing = opcode === CLEARS;
    if (!reading && !writing && !clearing) continue;
    const [root, database] = clearing ? [p1, p2] : [p2, p3];
    if (database !== MAIN_DATABASE) continue;
    if (!clearing && (p5 & P2_IS_REGISTER) !== 0) {
      (reading ? reads : writes).add(EVERY_TABLE);
      continue;
    }
    const table = roots.get(root);
    if (table === undefined) return undefined;
    if (table === 'sqlite_schema' && !reading) {
      writes.add(EVERY_TABLE);
      changesSchema = true;
    }
    (reading ? reads : writes).add(table);
  }
  return { reads: [...reads], writes: writes.has(EVERY_TABLE) ? [EVERY_TABLE] : [...writes], changesSchema };
}

/** Collects the tables an answer reads, and says later whether any of them changed (TableChanges). */
export interface AnswerDependencies {
  /** The change sequence number now: an answer whose making starts here is stale once a table it reads changes after it. */
  now(): number;
  /** Starts collecting the tables read from now on. */
  collect(): Dependencies;
  unchangedSince(tables: readonly string[], since: number): boolean;
}

/** A change sequence number, and the tables read while it was collected (see TableChanges.collect). */
export interface Dependencies {
  /** The sequence number when the collection began: changes after it make the answer stale. */
  readonly since: number;
  /** Stops collecting; the tables read meanwhile ([EVERY_TABLE] when not known). */
  stop(): readonly string[];
}

/** The tables written while it was open (see TableChanges.collectWrites). */
export interface WrittenTables {
  /** Stops collecting; the tables written meanwhile ([EVERY_TABLE] when not known), sorted. */
  stop(): readonly string[];
}

/**
 * Which tables this connection changed, and when (a sequence number moved by every write), and
 * which tables the reads of an answer went to. An answer made at sequence number `since` from
 * tables T is still right while no table of T changed after `since` (and no other connection
 * wrote: PRAGMA data_version, checked apart). Reads of concurrent answers are collected into
 * every open collection: a collection may hold more tables than its own answer read, never fewer.
 * Writes are collected the same way, for data.changed (announce-writes.ts).
 */
export class TableChanges implements AnswerDependencies {
  private sequence = 0;
  /** The last change whose tables were not known: every answer made before it is stale. */
  private everyChangedAt = 0;
  private readonly changedAt = new Map<string, number>();
  private readonly collecting = new Set<Set<string>>();
  private readonly collectingWrites = new Set<Set<string>>();
  /** Above 0 while an unannounced write runs (see unannounced). */
  private unannouncedDepth = 0;

  now(): number {
    return this.sequence;
  }

  /** Whether reads are being collected now (the statements' hot path checks this first). */
  get collects(): boolean {
    return this.collecting.size > 0;
  }

  /**
   * A statement wrote `tables`. `rowsChanged` false: it ran but changed no row (an UPDATE that
   * found nothing): answers made before still count as stale (the cache stays on the safe side),
   * but the write collections leave it out, as a write that changed nothing is not announced.
   */
  wrote(tables: readonly string[], rowsChanged = true): void {
    if (tables.length === 0) return;
    this.sequence += 1;
    for (const table of tables) {
      if (table === EVERY_TABLE) this.everyChangedAt = this.sequence;
      else this.changedAt.set(table, this.sequence);
    }
    if (rowsChanged && this.unannouncedDepth === 0) for (const collected of this.collectingWrites) for (const table of tables) collected.add(table);
  }

  /**
   * Runs a synchronous write that the write collections leave out: bookkeeping announced by
   * events of its own (a delivery attempt recorded: webhook.attempt; API log lines:
   * apiLog.appended), which would otherwise be named by whichever write was awaiting meanwhile.
   * Answers made before it still count as stale as with any write.
   */
  unannounced<T>(write: () => T): T {
    this.unannouncedDepth += 1;
    try {
      return write();
    } finally {
      this.unannouncedDepth -= 1;
    }
  }

  /** Anything may have changed (raw SQL, a schema change, another file swapped in). */
  wroteAnything(): void {
    this.wrote([EVERY_TABLE]);
  }

  read(tables: readonly string[]): void {
    for (const collected of this.collecting) for (const table of tables) collected.add(table);
  }

  collect(): Dependencies {
    const collected = new Set<string>();
    this.collecting.add(collected);
    return {
      since: this.sequence,
      stop: () => {
        this.collecting.delete(collected);
        return collected.has(EVERY_TABLE) ? [EVERY_TABLE] : [...collected];
      },
    };
  }

  /**
   * Starts collecting the tables written from now on: by statements that changed rows, by raw
   * SQL and by a swap (EVERY_TABLE). As with reads, every write of the connection goes into
   * every open collection: a write that awaits (a write batch, a file sent to the storage) may
   * find tables that others wrote meanwhile in its collection, never fewer than its own. A write
   * rolled back still counts (the collection errs on the side of more).
   */
  collectWrites(): WrittenTables {
    const collected = new Set<string>();
    this.collectingWrites.add(collected);
    return {
      stop: () => {
        this.collectingWrites.delete(collected);
        return collected.has(EVERY_TABLE) ? [EVERY_TABLE] : [...collected].sort();
      },
    };
  }

  unchangedSince(tables: readonly string[], since: number): boolean {
    if (this.everyChangedAt > since) return false;
    for (const table of tables) {
      if (table === EVERY_TABLE ? this.sequence > since : (this.changedAt.get(table) ?? 0) > since) return false;
    }
    return true;
  }
}
