import type { Database } from 'better-sqlite3';
import { API_LOG_BODY_HEAD, type ApiLogEntry } from '../../../../shared/domain/api-log.ts';
import { formatTimestamp, type Clock } from '../../time.ts';

export interface ApiLogRecord {
  companyId: number | null;
  ip: string;
  user: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  requestBody: string;
  responseBody: string;
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
}

const TRIM_EVERY = 100;

/** Every REST request, newest kept: bounded by the api_log_max_rows setting. */
export function createApiLog(db: Database, clock: Clock, maxRows: () => number) {
  const insert = db.prepare(
    `INSERT INTO api_log (company_id, ts, ip, username, method, route, status, duration_ms, request_head, response_head)
     VALUES (@company_id, @ts, @ip, @username, @method, @route, @status, @duration_ms, @request_head, @response_head)`,
  );
  const trim = db.prepare<[number]>('DELETE FROM api_log WHERE id <= (SELECT max(id) FROM api_log) - ?');
  const list = db.prepare<[{ company: number; status: number | null; before: number | null; user: string | null; limit: number }], Row>(
    `SELECT * FROM api_log
      WHERE company_id = @company
        AND (@status IS NULL OR status = @status)
        AND (@before IS NULL OR id < @before)
        AND (@user IS NULL OR username = @user)
      ORDER BY id DESC LIMIT @limit`,
  );

  return {
    record(entry: ApiLogRecord): number {
      const id = Number(
        insert.run({
          company_id: entry.companyId,
          ts: formatTimestamp(clock.now()),
          ip: entry.ip,
          username: entry.user,
          method: entry.method,
          route: entry.route.slice(0, 2000),
          status: entry.status,
          duration_ms: Math.round(entry.durationMs * 100) / 100,
          request_head: entry.requestBody.slice(0, API_LOG_BODY_HEAD),
          response_head: entry.responseBody.slice(0, API_LOG_BODY_HEAD),
        }).lastInsertRowid,
      );
      // Trimming in batches keeps the insert cheap; the log holds at most max + TRIM_EVERY rows.
      if (id % TRIM_EVERY === 0) trim.run(maxRows());
      return id;
    },
    list(companyId: number, filter: { limit?: number; status?: number; user?: string; before_id?: number }): ApiLogEntry[] {
      return list
        .all({
          company: companyId,
          status: filter.status ?? null,
          before: filter.before_id ?? null,
          user: filter.user ?? null,
          limit: filter.limit ?? 100,
        })
        .map((row) => ({
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
        }));
    },
  };
}
export type ApiLog = ReturnType<typeof createApiLog>;
