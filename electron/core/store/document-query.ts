import { Where } from './where.ts';

/** A document list request, already read from the filter grammar. Bounds are inclusive. */
export interface DocumentQuery {
  companyId: number;
  dateFrom?: string | undefined;
  dateThrough?: string | undefined;
  modifiedAfter?: string | undefined;
  modifiedThrough?: string | undefined;
  id?: number | undefined;
  minId?: number | undefined;
  skipCancelled?: boolean | undefined;
  /** Screen lists: only cancelled documents (true) or only live ones (false); absent: both. */
  cancelled?: boolean | undefined;
  /** Screen lists: the documents of one client. */
  clientId?: number | undefined;
  page: number;
  pageSize: number;
}

/** The filters of a document query, without its page (a screen window has none). */
export type DocumentFilters = Omit<DocumentQuery, 'page' | 'pageSize'>;

/** Column names of the standard filters on one table (with its alias when joined). */
export interface DocumentColumns {
  company: string;
  id: string;
  date: string;
  changed: string;
  cancelled?: string;
  client?: string;
}

export const plainColumns: DocumentColumns = {
  company: 'company_id',
  id: 'id',
  date: 'date',
  changed: 'last_changed_ts',
  cancelled: 'cancelled',
  client: 'client_id',
};

/**
 * The standard filters of the spec as one WHERE: the account, the date range, modifiedafter
 * (strictly after) / modifiedthrough (up to and including), id, minid (inclusive), skipcancelled;
 * and the two the screen lists add (cancelled, clientId), which REST requests never set.
 */
export function documentWhere(query: DocumentFilters, columns: DocumentColumns = plainColumns): Where {
  return new Where()
    .add(`${columns.company} = ?`, query.companyId)
    .add(`${columns.date} >= ?`, query.dateFrom)
    .add(`${columns.date} <= ?`, query.dateThrough)
    .add(`${columns.changed} > ?`, query.modifiedAfter)
    .add(`${columns.changed} <= ?`, query.modifiedThrough)
    .add(`${columns.id} = ?`, query.id)
    .add(`${columns.id} >= ?`, query.minId)
    .when(query.skipCancelled && columns.cancelled !== undefined, `${columns.cancelled} = 0`)
    .add(`${columns.cancelled} = ?`, columns.cancelled === undefined ? undefined : flag(query.cancelled))
    .add(`${columns.client} = ?`, columns.client === undefined ? undefined : query.clientId);
}

/** A tri-state filter as the 0/1 the store keeps; undefined: no condition. */
export const flag = (value: boolean | undefined): 0 | 1 | undefined => (value === undefined ? undefined : value ? 1 : 0);

/** Collects child rows by parent id (read in one query for a whole page: no query per row). */
export function groupByParent<T extends { parent_id: number }>(rows: T[]): Map<number, Omit<T, 'parent_id'>[]> {
  const groups = new Map<number, Omit<T, 'parent_id'>[]>();
  for (const { parent_id, ...rest } of rows) {
    const list = groups.get(parent_id);
    if (list) list.push(rest);
    else groups.set(parent_id, [rest]);
  }
  return groups;
}
