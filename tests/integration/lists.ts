import { expect } from 'vitest';
import type { Caller, Envelope } from './harness.ts';

/**
 * `get(path, status = 200)`: GET /1{path} as the demo's API user, expecting `status` (the path
 * and the answer's messages are in the failure text); answers the envelope. `D` is the type of
 * `data` when a call names none.
 */
export function restGet<D = unknown>(demo: Caller) {
  return async function get<T = D>(path: string, status = 200): Promise<Envelope<T>> {
    const answer = await demo.h.rest<T>('GET', `/1${path}`, demo.user);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body.messages)}`).toBe(status);
    return answer.body;
  };
}

/** What a walk checks on every page besides collecting its rows. */
export interface PageChecks {
  /** Each answer's `page` echoes the page asked for. */
  echoesPage?: boolean;
  /** Every page before the last holds exactly this many rows. */
  pageSize?: number;
  /** The last page holds at most `pageSize` rows. */
  lastPageFits?: boolean;
}

export interface ListClient<T> {
  /** GET /1{base}{filters}, expecting 200; the envelope. */
  list(filters: string): Promise<Envelope<T[]>>;
  /** Every row of `filters`, walking page:1/, page:2/, … while has_more_pages is true. */
  walk<R = T>(filters: string): Promise<R[]>;
}

/** The list and walk helpers of one list endpoint (`base` as '/sales/list/'; '' to name the endpoint in each call). */
export function listClient<T = Record<string, unknown>>(demo: Caller, base: string, checks: PageChecks = {}): ListClient<T> {
  const get = restGet(demo);
  return {
    list: (filters) => get<T[]>(`${base}${filters}`),
    async walk<R = T>(filters: string): Promise<R[]> {
      const rows: R[] = [];
      for (let page = 1; ; page++) {
        const body = await get<R[]>(`${base}${filters}page:${page}/`);
        if (checks.echoesPage) expect(body.page).toBe(page);
        rows.push(...body.data);
        if (!body.has_more_pages) {
          if (checks.lastPageFits) expect(body.data.length).toBeLessThanOrEqual(checks.pageSize!);
          return rows;
        }
        if (checks.pageSize !== undefined) expect(body.data).toHaveLength(checks.pageSize);
      }
    },
  };
}
