import type { Database, Statement } from 'better-sqlite3';
import type { Where } from './where.ts';

export interface Page<T> {
  rows: T[];
  hasMore: boolean;
}

export interface PageRequest {
  /** FROM clause: a table, or a table with joins (the id column must be unambiguous). */
  from: string;
  columns: string;
  where: Where;
  /** The ascending key of the list, e.g. 'id' or 's.id'. */
  idColumn: string;
  /** Name of that key in the selected rows, e.g. 'bv_id'. */
  idKey: string;
  page: number;
  pageSize: number;
  /** Ascending (default, oldest first) or descending (newest first) by the key. */
  order?: 'asc' | 'desc';
}

/** A window of a screen list: any offset, a sort on an indexed column, both directions. */
export interface WindowRequest {
  /** FROM of the rows (joins allowed). */
  from: string;
  /**
   * FROM of the id query and the count: the table alone when the filters read only its columns,
   * so a covering index answers them (default `from`).
   */
  keysFrom?: string;
  columns: string;
  where: Where;
  /** The unique key, e.g. 'id' or 's.id': the last sort term, so every row has one place. */
  idColumn: string;
  /** Name of that key in the selected rows, e.g. 'bv_id'. */
  idKey: string;
  /** What an index orders by (idColumn for the id order), e.g. 'date', 'p.product_name COLLATE NOCASE'. */
  sort: string;
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface Window<T> {
  rows: T[];
  /** Rows matching the filters, in all windows. */
  total: number;
  offset: number;
}

/** What a screen asks of a list besides its filters (the domain maps `sort` to its column). */
export interface WindowOptions<S extends string> {
  offset: number;
  limit: number;
  sort: S;
  direction: 'asc' | 'desc';
}

/** What a Pager remembers at most: the memory it holds stays bounded however clients page. */
export interface PagerLimits {
  /** Queries (shape and parameters) with remembered page starts or boundaries. */
  queries: number;
  /** Page starts remembered from walks, in all queries together (~40 bytes each in a Map). */
  pageStarts: number;
  /** Page boundaries found by index walks, in all queries together (8 bytes each in an array). */
  boundaries: number;
  /** Prepared statements kept (each holds SQLite's compiled program, a few KB to tens of KB). */
  statements: number;
}

/** ~4 MB of page starts, ~4 MB of boundaries (a walk of 500k pages), 200 prepared statements. */
export const DEFAULT_PAGER_LIMITS: PagerLimits = { queries: 2000, pageStarts: 100_000, boundaries: 500_000, statements: 200 };

/**
 * Pages of a list in id order (ascending, or descending for newest-first lists), read by
 * keyset: page n continues after the last id of
 * page n-1, which is remembered when page n-1 is answered, so a client walking the pages never
 * pays an OFFSET scan and a deep page costs what page 1 costs. Asked cold, page n finds its
 * start once through the index (an id-only OFFSET) and is remembered from then on.
 *
 * Rows added while a client walks (new ids are higher) appear at the end, never twice or
 * shifted; a row that leaves the filter meanwhile is simply not on the later pages.
 */
export class Pager {
  private readonly statements = new Map<string, Statement<unknown[]>>();
  /** query shape + parameters -> page number -> the id after which that page starts */
  private readonly starts = new Map<string, Map<number, number>>();
  /**
   * query shape + parameters -> the last id of pages 1, 2, 3 ... found together by one index
   * walk (see findStart): element n - 2 is where page n starts.
   */
  private readonly boundaries = new Map<string, number[]>();
  private boundaryCount = 0;
  private startCount = 0;

  constructor(
    private readonly db: Database,
    private readonly limits: PagerLimits = DEFAULT_PAGER_LIMITS,
  ) {}

  /** How much is remembered (for the tests of the limits). */
  remembered(): { queries: number; pageStarts: number; boundaries: number; statements: number } {
    return { queries: this.starts.size + this.boundaries.size, pageStarts: this.startCount, boundaries: this.boundaryCount, statements: this.statements.size };
  }

  page<T extends Record<string, unknown>>(request: PageRequest): Page<T> {
    const { from, columns, where, idColumn, idKey, page, pageSize } = request;
    const desc = request.order === 'desc';
    const key = `${from}|${where}|${JSON.stringify(where.params)}|${pageSize}|${desc ? 'desc' : 'asc'}`;
    let after: number | undefined;
    if (page > 1) {
      after = this.starts.get(key)?.get(page) ?? this.findStart(request, key);
      if (after === undefined) return { rows: [], hasMore: false };
    }
    const sql =
      `SELECT ${columns} FROM ${from} WHERE ${where}${after === undefined ? '' : ` AND ${idColumn} ${desc ? '<' : '>'} ?`}` +
      ` ORDER BY ${idColumn}${desc ? ' DESC' : ''} LIMIT ?`;
    const params = [...where.params, ...(after === undefined ? [] : [after]), pageSize + 1];
    const fetched = this.prepare(sql).all(...params) as T[];
    const hasMore = fetched.length > pageSize;
    const rows = hasMore ? fetched.slice(0, pageSize) : fetched;
    if (hasMore) this.remember(key, page + 1, rows[rows.length - 1]![idKey] as number);
    return { rows, hasMore };
  }

  /**
   * A window at any offset by "late row lookup": the ids of the window are read first, on the
   * index that orders by (company, sort, id) and holds the filtered columns (the OFFSET then skips
   * index entries, not rows), and only those rows are read with their columns. The total is a
   * count over the same WHERE, skipped when the window itself shows where the list ends.
   */
  window<T extends Record<string, unknown>>(request: WindowRequest): Window<T> {
    const { from, columns, where, idColumn, idKey, sort, offset, limit } = request;
    const keysFrom = request.keysFrom ?? from;
    const dir = request.direction === 'desc' ? ' DESC' : '';
    const order = sort === idColumn ? `${idColumn}${dir}` : `${sort}${dir}, ${idColumn}${dir}`;
    const ids = this.prepare(`SELECT ${idColumn} FROM ${keysFrom} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .pluck()
      .all(...where.params, limit, offset) as number[];
    const ended = ids.length > 0 && ids.length < limit;
    const total =
      ended || (offset === 0 && ids.length === 0)
        ? offset + ids.length
        : (this.prepare(`SELECT count(*) FROM ${keysFrom} WHERE ${where}`).pluck().get(...where.params) as number);
    if (ids.length === 0) return { rows: [], total, offset };
    // The ids come from the account's filtered query just run (better-sqlite3 is synchronous:
    // nothing wrote in between); the rows are read by primary key, then put in the window's order.
    const fetched = this.prepare(`SELECT ${columns} FROM ${from} WHERE ${idColumn} IN (SELECT value FROM json_each(?))`).all(
      JSON.stringify(ids),
    ) as T[];
    const byId = new Map(fetched.map((row) => [row[idKey] as number, row]));
    const rows = ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
    return { rows, total, offset };
  }

  /** Forget every remembered page start (after a reset renumbers the data). */
  clear(): void {
    this.starts.clear();
    this.boundaries.clear();
    this.boundaryCount = 0;
    this.startCount = 0;
  }

  /**
   * Where a page nobody walked to starts: one walk of the id index from the last boundary known
   * (or the list's start) to this page notes the last id of every page on the way, so the cost
   * is the distance from the nearest known page, once; after it every page up to this one is
   * read by keyset, as fast as page 1. (An OFFSET per page would pay the whole depth every time.)
   */
  private findStart({ from, where, idColumn, page, pageSize, order }: PageRequest, key: string): number | undefined {
    const known = this.boundaries.get(key) ?? [];
    if (known.length < page - 1) {
      const desc = order === 'desc';
      const last = known.at(-1);
      const bound = last === undefined ? '' : ` AND ${idColumn} ${desc ? '<' : '>'} ?`;
      const ordered = `${idColumn}${desc ? ' DESC' : ''}`;
      const sql =
        `SELECT id FROM (SELECT ${idColumn} AS id, row_number() OVER (ORDER BY ${ordered}) AS n FROM ${from}` +
        ` WHERE ${where}${bound} ORDER BY ${ordered} LIMIT ?) WHERE n % ? = 0`;
      const found = this.prepare(sql)
        .pluck()
        .all(...where.params, ...(last === undefined ? [] : [last]), (page - 1 - known.length) * pageSize, pageSize) as number[];
      for (const id of found) known.push(id);
      const start = known[page - 2];
      this.keepBoundaries(key, known, found.length);
      return start;
    }
    return known[page - 2];
  }

  /** Records `known` (just extended by `added`) as the most recent, within the limits. */
  private keepBoundaries(key: string, known: number[], added: number): void {
    this.boundaries.delete(key);
    this.boundaryCount += added;
    this.boundaries.set(key, known); // most recently extended last
    const { boundaries: most, queries } = this.limits;
    for (const [oldKey, old] of this.boundaries) {
      if (this.boundaryCount <= most && this.boundaries.size <= queries) break;
      if (oldKey === key) break;
      this.boundaries.delete(oldKey);
      this.boundaryCount -= old.length;
    }
    // One walk deeper than the whole limit keeps its nearest part: a later page beyond it walks again.
    if (this.boundaryCount > most) {
      const dropped = known.length - most;
      known.length = most;
      this.boundaryCount -= dropped;
    }
  }

  private remember(key: string, page: number, after: number): void {
    let pages = this.starts.get(key);
    if (!pages) {
      pages = new Map();
      this.starts.set(key, pages);
    }
    const size = pages.size;
    pages.set(page, after);
    this.startCount += pages.size - size;
    // The queries first remembered go first (the list most walked is found again by one index walk).
    for (const [oldKey, old] of this.starts) {
      if (this.startCount <= this.limits.pageStarts && this.starts.size <= this.limits.queries) break;
      if (oldKey === key) {
        // This query alone is over the limit: it keeps the starts it had.
        pages.delete(page);
        this.startCount -= 1;
        break;
      }
      this.starts.delete(oldKey);
      this.startCount -= old.size;
    }
  }

  /** The statement of `sql`, prepared once; beyond the limit the least recently used is dropped. */
  private prepare(sql: string): Statement<unknown[]> {
    let statement = this.statements.get(sql);
    if (statement) {
      this.statements.delete(sql);
    } else {
      statement = this.db.prepare<unknown[]>(sql);
      if (this.statements.size >= this.limits.statements) this.statements.delete(this.statements.keys().next().value!);
    }
    this.statements.set(sql, statement);
    return statement;
  }
}
