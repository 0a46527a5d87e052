import { existsSync, renameSync, rmSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { openDatabase } from './database.ts';
import { makePrivate } from './private-files.ts';
import { BACKSTOP_AUTOCHECKPOINT_PAGES, startBackgroundCheckpoints, type BackgroundCheckpoints } from './background-checkpoints.ts';
import { EVERY_TABLE, explainTables, rootPagesOf, TableChanges, type StatementTables } from './table-changes.ts';

type Native = BetterSqlite3.Database;
type NativeStatement = BetterSqlite3.Statement<unknown[], unknown>;
type NativeTransaction = BetterSqlite3.Transaction<(...args: unknown[]) => unknown>;
type AnyFunction = (...args: never[]) => unknown;

/**
 * The core's one database object: a better-sqlite3 `Database` whose connection can be replaced
 * by another file (a reset seeds a new file in a worker and swaps it in). Every domain keeps
 * this object and the statements it prepared from it; they follow the swap by themselves.
 */
export type LiveDatabase = Database & {
  /** The live file's path. */
  readonly path: string;
  /** Bumped by every swap: a statement prepared on an older connection prepares itself again. */
  readonly generation: number;
  /**
   * Replaces the live file by `newFile` (a complete, closed SQLite file in the same folder) and
   * reopens. Synchronous: no request can run between the close and the reopen. When it throws,
   * the old file is open again, untouched.
   */
  swap(newFile: string): void;
  /**
   * Leaves the WAL checkpoints to a worker thread from now on (background-checkpoints.ts),
   * across swaps, until close(). Call it once the file is in place and no bulk load is to come
   * (a load that switches the journal mode needs the file to itself).
   */
  checkpointInBackground(): void;
  /** Checkpoints the worker thread ran so far; undefined without one (tests). */
  backgroundCheckpoints(): number | undefined;
  /** Times the worker thread rewound the WAL so far; undefined without one (tests). */
  backgroundRewinds(): number | undefined;
};

/** Whether writes to a database from openLiveDatabase should hold back: its checkpoint thread is rewinding the WAL. */
export function writesShouldWait(db: Database): boolean {
  return db instanceof LiveDb && db.writesShouldWait();
}

/** The table changes of a database from openLiveDatabase (undefined for any other: nothing tracks them). */
export function tableChangesOf(db: Database): TableChanges | undefined {
  return db instanceof LiveDb ? db.changes : undefined;
}

/** `write` run as TableChanges.unannounced of a database from openLiveDatabase (run as is on any other). */
export function unannounced<T>(db: Database, write: () => T): T {
  return db instanceof LiveDb ? db.changes.unannounced(write) : write();
}

/** The connection generation of a database from openLiveDatabase (0 for any other). */
export function connectionGeneration(db: Database): number {
  return db instanceof LiveDb ? db.generation : 0;
}

/** Opens `file` as openDatabase does (pragmas, migrations), as a swappable LiveDatabase. */
export function openLiveDatabase(file: string, open: (file: string) => Native = openDatabase): LiveDatabase {
  // The one cast of this module: LiveDb forwards every member of better-sqlite3's Database that
  // the core uses (and the rest), but TypeScript cannot see a class as that interface because
  // its statements and transactions are wrappers of their own (LiveStatement, LiveTransaction).
  return new LiveDb(file, open) as unknown as LiveDatabase;
}

type Mode = 'rows' | 'pluck' | 'expand' | 'raw';

/** Makes a row object from a raw row (the values in column order). */
type RowShape = ((values: unknown[]) => Record<string, unknown>) & { width: number };

/**
 * The row objects of a statement, made by an object literal with its column names as keys, in
 * their order (a later column of the same name wins, as in better-sqlite3's own objects).
 * better-sqlite3 adds the columns one by one to an empty object, which V8 keeps in dictionary
 * mode: measured on a page of 101 sales (23 columns), 600-740 µs to make the objects and 880 µs
 * with JSON.stringify, against 305 and 553 µs for raw rows turned into objects of one hidden
 * class by this literal (tests/unit/live-database.test.ts compares the objects). undefined when
 * a column is named __proto__, which a literal would take for the prototype.
 */
function rowShapeOf(native: NativeStatement): RowShape | undefined {
  const names = native.columns().map((column) => column.name);
  if (names.includes('__proto__')) return undefined;
  const literal = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  const shape = new Function('v', `return { ${literal} };`) as (values: unknown[]) => Record<string, unknown>;
  return Object.assign(shape, { width: names.length });
}

/**
 * A prepared statement that follows the swaps of its LiveDb: on its first use after one it is
 * prepared again on the new connection, with the same modes and bound parameters. The calls
 * forward `arguments` (no rest array, no spread): this is every query's hot path, and the check
 * costs one integer comparison. A statement that returns rows as objects (no pluck, expand or
 * raw asked for) runs in raw mode and makes its objects itself (rowShapeOf).
 */
class LiveStatement {
  private native: NativeStatement;
  private generation: number;
  private mode: Mode = 'rows';
  private safe: boolean | undefined;
  private bound: IArguments | undefined;
  /** Set while the native statement runs raw for us and its rows are to be made objects. */
  private shape: RowShape | undefined;
  /** The tables it reads and writes (table-changes.ts), found at its first run that needs them, for the schema then. */
  private tables: StatementTables | undefined;
  private tablesOfSchema = -1;

  constructor(
    readonly database: LiveDb,
    readonly source: string,
  ) {
    this.native = database.connection.prepare(source);
    this.generation = database.generation;
    this.shapeRows(this.native);
  }

  private current(): NativeStatement {
    return this.generation === this.database.generation ? this.native : this.prepareAgain();
  }

  private prepareAgain(): NativeStatement {
    const native = this.database.connection.prepare(this.source);
    if (this.safe !== undefined) native.safeIntegers(this.safe);
    if (this.mode === 'pluck') native.pluck();
    else if (this.mode === 'expand') native.expand();
    else if (this.mode === 'raw') native.raw();
    else this.shapeRows(native);
    if (this.bound) Reflect.apply(native.bind, native, this.bound);
    this.native = native;
    this.generation = this.database.generation;
    return native;
  }

  /**
   * Tells the connection's TableChanges what this run touched: the tables a writing statement
   * changes (after it ran: a run that throws changed nothing; `rowsChanged` false when run()
   * says it changed no row), and the tables read while reads are collected. A read-only
   * statement with no collection under way costs one check.
   */
  private touched(args: IArguments, rowsChanged = true): void {
    const changes = this.database.changes;
    if (this.native.readonly && !changes.collects) return;
    let tables = this.tables;
    if (tables === undefined || this.tablesOfSchema !== this.database.schemaEpoch) {
      tables = this.database.tablesOf(this.source, this.bound ?? args);
      // Tables not found this time (arguments that do not bind) are looked for again next time.
      this.tables = tables === UNKNOWN_TABLES ? undefined : tables;
      this.tablesOfSchema = this.database.schemaEpoch;
    }
    if (changes.collects) changes.read(tables.reads);
    if (!this.native.readonly && tables.writes.length > 0) this.database.wrote(tables, rowsChanged);
  }

  /** In rows mode, a statement that returns data runs raw and its rows go through a shape. */
  private shapeRows(native: NativeStatement): void {
    this.shape = native.reader ? rowShapeOf(native) : undefined;
    if (this.shape) native.raw(true);
  }

  /** The object of a raw row; a row of another width (the table changed under a SELECT *) gets a new shape first. */
  private object(values: unknown[]): Record<string, unknown> {
    let shape = this.shape!;
    if (values.length !== shape.width) {
      shape = rowShapeOf(this.native) ?? shape;
      this.shape = shape;
    }
    return shape(values);
  }

  run(): unknown {
    const native = this.current();
    const result = Reflect.apply(native.run, native, arguments) as BetterSqlite3.RunResult;
    // Rows changed by its triggers and foreign key actions follow rows of its own (per-row programs).
    this.touched(arguments, result.changes > 0);
    return result;
  }
  get(): unknown {
    const native = this.current();
    const row = Reflect.apply(native.get, native, arguments) as unknown[] | undefined;
    this.touched(arguments);
    return this.shape === undefined || row === undefined ? row : this.object(row);
  }
  all(): unknown {
    const native = this.current();
    const rows = Reflect.apply(native.all, native, arguments) as unknown[];
    this.touched(arguments);
    if (this.shape !== undefined) for (let i = 0; i < rows.length; i++) rows[i] = this.object(rows[i] as unknown[]);
    return rows;
  }
  iterate(): unknown {
    const native = this.current();
    // Before the loop: while it runs, the connection runs no other statement (EXPLAIN included).
    this.touched(arguments);
    const rows = Reflect.apply(native.iterate, native, arguments) as IterableIterator<unknown[]>;
    return this.shape === undefined ? rows : this.objects(rows);
  }
  /** Leaving the loop early (break, throw) returns the native iterator too: for-of calls its return(). */
  private *objects(rows: IterableIterator<unknown[]>): IterableIterator<Record<string, unknown>> {
    for (const row of rows) yield this.object(row);
  }
  columns(): BetterSqlite3.ColumnDefinition[] {
    return this.current().columns();
  }
  bind(): this {
    const native = this.current();
    Reflect.apply(native.bind, native, arguments);
    this.bound = arguments;
    return this;
  }
  pluck(on = true): this {
    return this.setMode('pluck', on);
  }
  expand(on = true): this {
    return this.setMode('expand', on);
  }
  raw(on = true): this {
    return this.setMode('raw', on);
  }
  safeIntegers(on = true): this {
    this.current().safeIntegers(on);
    this.safe = on;
    return this;
  }
  get reader(): boolean {
    return this.current().reader;
  }
  get readonly(): boolean {
    return this.current().readonly;
  }
  get busy(): boolean {
    return this.current().busy;
  }

  /**
   * The modes exclude each other, as better-sqlite3's do: turning one on turns the others off;
   * turning off one that is not on changes nothing (the native statement may be raw for shapes).
   */
  private setMode(mode: Exclude<Mode, 'rows'>, on: boolean): this {
    const native = this.current();
    if (on) {
      native[mode](true);
      this.mode = mode;
      this.shape = undefined;
    } else if (this.mode === mode) {
      native[mode](false);
      this.mode = 'rows';
      this.shapeRows(native);
    }
    return this;
  }
}

const TRANSACTION = Symbol('live transaction');

interface TransactionState {
  db: LiveDb;
  fn: (...args: unknown[]) => unknown;
  generation: number;
  native: NativeTransaction | undefined;
}

type LiveTransaction = ((...args: unknown[]) => unknown) & { [TRANSACTION]: TransactionState };

/** The better-sqlite3 transaction function of fn on the current connection (made once per connection). */
function nativeTransaction(state: TransactionState): NativeTransaction {
  if (state.native === undefined || state.generation !== state.db.generation) {
    state.native = state.db.connection.transaction(state.fn);
    state.generation = state.db.generation;
  }
  return state.native;
}

const variant = (pick: (t: NativeTransaction) => (...args: unknown[]) => unknown) =>
  function (this: LiveTransaction): unknown {
    return Reflect.apply(pick(nativeTransaction(this[TRANSACTION])), this, arguments);
  };

/** `.default`, `.deferred`, `.immediate`, `.exclusive` and `.database` of every live transaction function. */
const TRANSACTION_VARIANTS: object = Object.create(Function.prototype, {
  // The plain call's (immediate, see LiveDb.transaction), not better-sqlite3's deferred BEGIN.
  default: { value: variant((t) => t.immediate) },
  deferred: { value: variant((t) => t.deferred) },
  immediate: { value: variant((t) => t.immediate) },
  exclusive: { value: variant((t) => t.exclusive) },
  database: {
    get(this: LiveTransaction) {
      return this[TRANSACTION].db;
    },
  },
});

/** What must be registered again on every new connection (functions, extensions, flags). */
type Registration = (connection: Native) => void;

/** SQLite's own wal_autocheckpoint default (pages), given back when the checkpoint thread is gone. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/** A statement whose tables could not be found: it may read and write any table (the schema is not thought changed). */
const UNKNOWN_TABLES: StatementTables = { reads: [EVERY_TABLE], writes: [EVERY_TABLE], changesSchema: false };
/** Raw SQL and a swap: any table, and the schema, may have changed. */
const SCHEMA_CHANGE: StatementTables = { reads: [EVERY_TABLE], writes: [EVERY_TABLE], changesSchema: true };

/** Statements whose tables are remembered per connection (by source text); beyond it they are found again. */
const STATEMENT_TABLES_KEPT = 2000;

class LiveDb {
  connection: Native;
  generation = 0;
  /** What this connection changed, table by table (the answer cache's validity: table-changes.ts). */
  readonly changes = new TableChanges();
  private readonly registrations: Registration[] = [];
  private checkpointer: BackgroundCheckpoints | undefined;
  /** Moves when the schema may have changed (or the file was swapped): statements look into their tables again. */
  schemaEpoch = 0;
  /** The current connection's root pages and statements' tables; dropped at a schema change and a swap. */
  private roots: Map<number, string> | undefined;
  private readonly statementTables = new Map<string, StatementTables>();

  constructor(
    readonly path: string,
    private readonly openFile: (file: string) => Native,
  ) {
    this.connection = openFile(path);
  }

  prepare(source: string): LiveStatement {
    return new LiveStatement(this, source);
  }

  /** The tables of a statement (table-changes.ts): remembered by source for this connection. */
  tablesOf(source: string, args: ArrayLike<unknown>): StatementTables {
    const known = this.statementTables.get(source);
    if (known !== undefined) return known;
    let tables: StatementTables | undefined;
    try {
      this.roots ??= rootPagesOf(this.connection);
      tables = explainTables(this.connection, source, args, this.roots);
      if (tables === undefined) {
        // A table or an index made since the root pages were read: read them again, once.
        this.roots = rootPagesOf(this.connection);
        tables = explainTables(this.connection, source, args, this.roots);
      }
    } catch {
      // Not explainable with these arguments (an iterate() whose arguments do not bind throws
      // right after): every table this once, and not remembered.
      return UNKNOWN_TABLES;
    }
    tables ??= UNKNOWN_TABLES;
    if (this.statementTables.size >= STATEMENT_TABLES_KEPT) this.statementTables.clear();
    this.statementTables.set(source, tables);
    return tables;
  }

  /** Notes a write; one that may have changed the schema also forgets the root pages and the statements' tables. */
  wrote({ writes, changesSchema }: Pick<StatementTables, 'writes' | 'changesSchema'>, rowsChanged = true): void {
    this.changes.wrote(writes, rowsChanged);
    if (changesSchema) this.forgetSchema();
  }

  private forgetSchema(): void {
    this.schemaEpoch += 1;
    this.roots = undefined;
    this.statementTables.clear();
  }

  /**
   * fn in a transaction of the connection current when it is called. The transaction function
   * of each connection is made once (better-sqlite3 prepares its BEGIN/COMMIT statements then).
   * Write paths make one per request: the variants come from a shared prototype, not per call.
   *
   * Called as is, it begins IMMEDIATE (better-sqlite3's plain call is a deferred BEGIN): every
   * transaction of the service writes, and most read before their first write. A deferred one
   * takes a read snapshot with that read, and its first write must then upgrade to the write
   * lock; when another connection holds that lock at the moment (the checkpoint thread
   * rewinding the WAL, another process), SQLite answers SQLITE_BUSY at once, without the busy
   * timeout, as waiting could deadlock. BEGIN IMMEDIATE takes the lock first, waiting for it as
   * the busy timeout allows. Inside a transaction (a write batch) any variant is a savepoint.
   */
  transaction(fn: (...args: unknown[]) => unknown): LiveTransaction {
    const state: TransactionState = { db: this, fn, generation: -1, native: undefined };
    const wrapped: LiveTransaction = Object.assign(
      function (this: unknown): unknown {
        return Reflect.apply(nativeTransaction(state).immediate, this, arguments);
      },
      { [TRANSACTION]: state },
    );
    Object.setPrototypeOf(wrapped, TRANSACTION_VARIANTS);
    return wrapped;
  }

  /** Raw SQL: its tables are not looked into, so every table counts as changed (even when it throws halfway). */
  exec(source: string): this {
    try {
      this.connection.exec(source);
    } finally {
      this.wrote(SCHEMA_CHANGE);
    }
    return this;
  }
  pragma(source: string, options?: BetterSqlite3.PragmaOptions): unknown {
    return this.connection.pragma(source, options);
  }
  function(name: string, ...rest: [AnyFunction] | [BetterSqlite3.RegistrationOptions, AnyFunction]): this {
    return this.register((c) => Reflect.apply(c.function, c, [name, ...rest]));
  }
  aggregate(name: string, options: BetterSqlite3.AggregateOptions): this {
    return this.register((c) => c.aggregate(name, options));
  }
  table(name: string, options: Parameters<Native['table']>[1]): this {
    return this.register((c) => c.table(name, options));
  }
  loadExtension(path: string): this {
    return this.register((c) => c.loadExtension(path));
  }
  defaultSafeIntegers(on = true): this {
    return this.register((c) => c.defaultSafeIntegers(on));
  }
  unsafeMode(on = true): this {
    return this.register((c) => c.unsafeMode(on));
  }
  backup(destination: string, options?: BetterSqlite3.BackupOptions): Promise<BetterSqlite3.BackupMetadata> {
    return this.connection.backup(destination, options);
  }
  serialize(options?: BetterSqlite3.SerializeOptions): Buffer {
    return this.connection.serialize(options);
  }
  close(): this {
    // The worker's connection goes first: the main one, the file's last, then checkpoints and
    // removes the WAL as it closes.
    this.checkpointer?.standAside();
    this.checkpointer?.stop();
    this.checkpointer = undefined;
    this.connection.close();
    return this;
  }

  checkpointInBackground(): void {
    if (this.checkpointer !== undefined) return;
    const checkpointer = startBackgroundCheckpoints(this.path, (error) => {
      console.error('[erp-workbench] the WAL checkpoint thread stopped; SQLite checkpoints in the commits again:', error?.message);
      if (this.connection.open) this.connection.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    });
    this.checkpointer = checkpointer;
    this.register((c) => c.pragma(`wal_autocheckpoint = ${checkpointer.running() ? BACKSTOP_AUTOCHECKPOINT_PAGES : SQLITE_AUTOCHECKPOINT_PAGES}`));
  }

  backgroundCheckpoints(): number | undefined {
    return this.checkpointer?.checkpoints();
  }

  backgroundRewinds(): number | undefined {
    return this.checkpointer?.restarts();
  }

  writesShouldWait(): boolean {
    return this.checkpointer?.rewinding() ?? false;
  }

  get name(): string {
    return this.connection.name;
  }
  get open(): boolean {
    return this.connection.open;
  }
  get inTransaction(): boolean {
    return this.connection.inTransaction;
  }
  get readonly(): boolean {
    return this.connection.readonly;
  }
  get memory(): boolean {
    return this.connection.memory;
  }

  swap(newFile: string): void {
    if (!this.connection.open) throw new Error('the database is closed');
    if (this.connection.inTransaction) throw new Error('a transaction is open: the database cannot be replaced now');
    // Opening would create an empty store where none is.
    if (!existsSync(newFile)) throw new Error(`${newFile} does not exist`);
    // Open the new file once before anything changes: it must open (pragmas, migrations) for the
    // swap to go on. Closing that last connection to it also checkpoints and removes its WAL,
    // which would not follow the rename.
    const check = this.openFile(newFile);
    try {
      // Reads the header: a file that is not a database fails here (opening alone is lazy).
      check.pragma('schema_version');
    } finally {
      check.close();
    }
    if (existsSync(`${newFile}-wal`)) throw new Error(`${newFile}-wal remains after closing it: another connection holds the new file`);
    // The checkpoint thread closes its connection to the old file first, and opens the new one after.
    this.checkpointer?.standAside();
    try {
      // Throws while a statement is being iterated: then nothing has changed.
      this.connection.close();
      try {
        // A restored snapshot or a reset's file is the store now: owner only, as the store is.
        makePrivate(newFile);
        renameSync(newFile, this.path);
      } catch (error) {
        // The old file is where it was, whole: open it again and report.
        this.reopen();
        throw error;
      }
      // A WAL (and its index) left by another connection to the old file would be read as the
      // new file's on open: they belong to the replaced file, remove them first.
      for (const suffix of ['-wal', '-shm']) rmSync(`${this.path}${suffix}`, { force: true });
      this.reopen();
    } finally {
      this.checkpointer?.resume();
    }
  }

  private reopen(): void {
    this.connection = this.openFile(this.path);
    for (const registration of this.registrations) registration(this.connection);
    this.generation += 1;
    this.wrote(SCHEMA_CHANGE);
  }

  private register(registration: Registration): this {
    registration(this.connection);
    this.registrations.push(registration);
    return this;
  }
}
