import type { Database } from 'better-sqlite3';
import { API_LOG_BODY_HEAD, type ApiLogCount, type ApiLogEntry } from '../../../../shared/domain/api-log.ts';
import { formatTimestamp, type Clock } from '../../time.ts';
import { notFound } from '../../../../shared/contract/errors.ts';
import { Pager, type Window, type WindowOptions } from '../../store/paging.ts';
import { Where } from '../../store/where.ts';
import { unannounced } from '../../store/live-database.ts';

export interface ApiLogRecord {
  companyId: number | null;
  ip: string;
  user: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  /**
   * The head of the request body as it was received (the JSON parser keeps its first bytes:
   * server/json-body.ts), never the parsed body serialized again; cut to API_LOG_BODY_HEAD here.
   */
  requestBody: string;
  responseBody: string;
  /**
   * The same answer logged before (the answer cache's entry): its head is written once and the
   * later lines refer to that line instead of repeating it. The log sets `loggedAs`.
   */
  sameAnswer?: LoggedAnswer | undefined;
  /** What a fault switch (or the heavy-list limit) did to the call; absent: nothing. */
  fault?: string | undefined;
}

/** An answer whose head the log holds in one line (see ApiLogRecord.sameAnswer). */
export interface LoggedAnswer {
  loggedAs?: number;
}

interface Row {
  id: number;
  company_id: number | null;
  ts: string;
  ip: string;
  username: string;
  method: string;
  route: string;
  status: number;
  duration_ms: number;
  request_head: string;
  response_head: string;
  fault: string | null;
}

const TRIM_EVERY = 100;
/**
 * Log lines wait at most this long before they are written together: the fewer commits, the
 * fewer times the same pages are written. A transaction holds at most BATCH lines (a few ms of
 * work), so requests waiting meanwhile are never held up longer; more waiting lines are written
 * in further transactions, between requests.
 */
const FLUSH_AFTER_MS = 100;
const BATCH = 300;

interface PendingRow extends Omit<Row, 'id'> {
  sameAnswer: LoggedAnswer | undefined;
}

/** What the screens filter the log by (each served by an index on company_id and the column). */
export interface ApiLogFilter {
  status?: number | undefined;
  /** '4xx': every status of that class. */
  statusClass?: '2xx' | '3xx' | '4xx' | '5xx' | undefined;
  user?: string | undefined;
  /** The start of the route ('/sales' finds '/sales/', '/sales/12/' ...). */
  route?: string | undefined;
  method?: string | undefined;
  /** ts range, whole days: 'YYYY-MM-DD' (Europe/Bucharest), inclusive. */
  dateFrom?: string | undefined;
  dateThrough?: string | undefined;
  /** The route exactly (instead of its start). */
  routeExact?: boolean | undefined;
  /** Only entries written after this id (a mark taken before the calls being checked). */
  afterId?: number | undefined;
  /** ts range to the second: 'YYYY-MM-DD HH:MM:SS' (Europe/Bucharest), inclusive. */
  tsFrom?: string | undefined;
  tsThrough?: string | undefined;
  /** Only calls answered 400 or above. */
  errors?: boolean | undefined;
}


// A line that refers to another for its answer's head reads it there (by primary key).
const COLUMNS =
  'id, company_id, ts, ip, username, method, route, status, duration_ms, request_head, fault, ' +
  'CASE WHEN response_head_of IS NULL THEN response_head ELSE coalesce((SELECT h.response_head FROM api_log h WHERE h.id = api_log.response_head_of), \'\') END AS response_head';

/** Past every character a route can hold: a prefix's range ends here (binary order of UTF-8). */
const PAST_PREFIX = '\u{10FFFF}';

function whereOf(companyId: number, filter: ApiLogFilter): Where {
  const route = filter.route === undefined ? undefined : filter.route.startsWith('/') ? filter.route : `/${filter.route}`;
  const hundreds = filter.statusClass === undefined ? undefined : Number(filter.statusClass[0]) * 100;
  return (
    new Where()
      .add('company_id = ?', companyId)
      .add('status = ?', filter.status)
      .add('status >= ? AND status <= ?', hundreds, hundreds === undefined ? undefined : hundreds + 99)
      .add('username = ?', filter.user)
      // A range of the route index (LIKE would not use it: the column is case-sensitive).
      .add('route >= ? AND route < ?', filter.routeExact ? undefined : route, route === undefined ? undefined : `${route}${PAST_PREFIX}`)
      .add('route = ?', filter.routeExact ? route : undefined)
      .add('method = ?', filter.method)
      .add('ts >= ?', filter.dateFrom)
      .add('ts <= ?', filter.dateThrough === undefined ? undefined : `${filter.dateThrough} 23:59:59`)
      .add('id > ?', filter.afterId)
      .add('ts >= ?', filter.tsFrom)
      .add('ts <= ?', filter.tsThrough)
      .when(filter.errors === true, 'status >= 400')
  );
}

/**
 * The first API_LOG_BODY_HEAD characters of a body, as a string of their own: V8 makes a cut of
 * a long string a view that keeps the whole string alive, and a line waits for its batch (longer
 * under load) holding the whole answer (a list page, an export) instead of its 2 KiB head.
 */
function headOf(body: string): string {
  return body.length <= API_LOG_BODY_HEAD ? body : Buffer.from(body.slice(0, API_LOG_BODY_HEAD), 'utf8').toString('utf8');
}

const entryOf = (row: Row): ApiLogEntry => ({
  id: row.id,
  company_id: row.company_id,
  ts: row.ts,
  ip: row.ip,
  user: row.username,
  method: row.method,
  route: row.route,
  status: row.status,
  duration_ms: row.duration_ms,
  request_head: row.request_head,
  response_head: row.response_head,
  fault: row.fault,
});

/**
 * Every REST request, newest kept: bounded by the api_log_max_rows setting. Lines are written
 * in batches (one transaction per FLUSH_AFTER_MS) so a busy listener does not pay a commit per
 * request; reading the log writes what is pending first, and close() flushes.
 */
export function createApiLog(
  db: Database,
  clock: Clock,
  maxRows: () => number,
  onAppended: (entry: { company_id: number | null; id: number; status: number }) => void = () => undefined,
) {
  const insert = db.prepare<[number | null, string, string, string, string, string, number, number, string, string, number | null, string | null]>(
    `INSERT INTO api_log (company_id, ts, ip, username, method, route, status, duration_ms, request_head, response_head, response_head_of, fault)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const trim = db.prepare<[number]>('DELETE FROM api_log WHERE id <= (SELECT max(id) FROM api_log) - ?');
  const one = db.prepare<[number, number], Row>(`SELECT ${COLUMNS} FROM api_log WHERE company_id = ? AND id = ?`);
  const pager = new Pager(db);
  const list = db.prepare<[{ company: number; status: number | null; before: number | null; user: string | null; limit: number }], Row>(
    `SELECT ${COLUMNS} FROM api_log
      WHERE company_id = @company
        AND (@status IS NULL OR status = @status)
        AND (@before IS NULL OR id < @before)
        AND (@user IS NULL OR username = @user)
      ORDER BY id DESC LIMIT @limit`,
  );

  // Rows this log wrote or trimmed, so the store's change counter can leave them out: a log line
  // is not a change of the data that answers are made of.
  let ownChanges = 0;
  let pending: PendingRow[] = [];
  /** The newest line's id (a line's distance from it says whether trimming will soon reach it). */
  let lastId = (db.prepare<[], number>('SELECT coalesce(max(id), 0) FROM api_log').pluck().get() as number) ?? 0;
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;

  const writeBatch = db.transaction((rows: PendingRow[]) => {
    const written: Array<{ company_id: number | null; id: number; status: number }> = [];
    const keep = maxRows();
    for (const row of rows) {
      // The line holding the head must outlive the lines referring to it: once it is half the
      // log's length behind, the head is written again and later lines refer to the new line.
      const holder = row.sameAnswer?.loggedAs;
      const refer = holder !== undefined && holder <= lastId && lastId - holder < keep / 2;
      const id = Number(
        insert.run(
          row.company_id, row.ts, row.ip, row.username, row.method, row.route, row.status, row.duration_ms, row.request_head,
          refer ? '' : row.response_head,
          refer ? holder : null,
          row.fault,
        ).lastInsertRowid,
      );
      lastId = id;
      if (row.sameAnswer && !refer) row.sameAnswer.loggedAs = id;
      ownChanges += 1;
      if (id % TRIM_EVERY === 0) ownChanges += trim.run(keep).changes;
      written.push({ company_id: row.company_id, id, status: row.status });
    }
    return written;
  });

  /** Writes up to `limit` waiting lines in one transaction. */
  function write(limit: number): void {
    if (pending.length === 0 || !db.open) return;
    const rows = pending.length <= limit ? pending : pending.slice(0, limit);
    pending = rows === pending ? [] : pending.slice(limit);
    // Announced as apiLog.appended, not by a write awaiting meanwhile.
    for (const entry of unannounced(db, () => writeBatch(rows))) onAppended(entry);
  }

  /** The timer's and the busy listener's turn: one batch, the rest at the next turn of the loop. */
  function drain(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    immediate = undefined;
    write(BATCH);
    if (pending.length >= BATCH) immediate ??= setImmediate(drain);
    else if (pending.length > 0) schedule();
  }

  function schedule(): void {
    if (timer || immediate) return;
    timer = setTimeout(drain, FLUSH_AFTER_MS);
    timer.unref();
  }

  /** Writes every waiting line now (before the log is read, and at close). */
  function flush(): void {
    if (timer) clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
    timer = undefined;
    immediate = undefined;
    write(Number.POSITIVE_INFINITY);
  }

  return {
    ownChanges: () => ownChanges,
    flush,
    record(entry: ApiLogRecord): void {
      pending.push({
        company_id: entry.companyId,
        ts: formatTimestamp(clock.now()),
        ip: entry.ip,
        username: entry.user,
        method: entry.method,
        route: entry.route.slice(0, 2000),
        status: entry.status,
        duration_ms: Math.round(entry.durationMs * 100) / 100,
        request_head: headOf(entry.requestBody),
        response_head: headOf(entry.responseBody),
        sameAnswer: entry.sameAnswer,
        fault: entry.fault ?? null,
      });
      if (pending.length >= BATCH) immediate ??= setImmediate(drain);
      else schedule();
    },
    list(companyId: number, filter: { limit?: number; status?: number; user?: string; before_id?: number }): ApiLogEntry[] {
      flush();
      return list
        .all({
          company: companyId,
          status: filter.status ?? null,
          before: filter.before_id ?? null,
          user: filter.user ?? null,
          limit: filter.limit ?? 100,
        })
        .map(entryOf);
    },
    /** The screens' window: newest first by default, the filters, the total. */
    window(companyId: number, filter: ApiLogFilter, options: WindowOptions<'id'>): Window<ApiLogEntry> {
      flush();
      const found = pager.window<Row & Record<string, unknown>>({
        from: 'api_log',
        columns: COLUMNS,
        where: whereOf(companyId, filter),
        idColumn: 'id',
        idKey: 'id',
        sort: 'id',
        direction: options.direction,
        offset: options.offset,
        limit: options.limit,
      });
      return { ...found, rows: found.rows.map(entryOf) };
    },
    /** How many entries match (the CLI's verify, a test's assertion on the calls its code made). */
    count(companyId: number, filter: ApiLogFilter): ApiLogCount {
      flush();
      const where = whereOf(companyId, filter);
      const found = db
        .prepare<unknown[], { count: number; first_ts: string | null; last_ts: string | null }>(
          `SELECT count(*) AS count, min(ts) AS first_ts, max(ts) AS last_ts FROM api_log WHERE ${where}`,
        )
        .get(...where.params)!;
      const latest = db.prepare<[number], number>('SELECT coalesce(max(id), 0) FROM api_log WHERE company_id = ?').pluck().get(companyId) as number;
      return { ...found, latest_id: latest };
    },
    /** One entry of an account (404 when it is not, or no longer, kept). */
    get(companyId: number, id: number): ApiLogEntry {
      flush();
      const row = one.get(companyId, id);
      if (!row) throw notFound(`API log entry ${id} does not exist in account ${companyId} (the log keeps the newest entries only)`);
      return entryOf(row);
    },
  };
}
export type ApiLog = ReturnType<typeof createApiLog>;
