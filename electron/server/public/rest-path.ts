export const REST_PREFIX = '/app/rest/v1';

/** A REST request path, read once from the raw URL (before any decoding). */
export interface RestPath {
  /** The account segment as written. */
  company: string;
  /** The account id when the segment is a well-formed id, else null. */
  companyId: number | null;
  /** Raw segments below the account: ['sales', 'list', 'year:2024', ''] */
  segments: string[];
  /** First segment below the account: sales, invoices, connector, ... */
  module: string;
  /** For /connector/{id}/... paths: the id. */
  connectorId?: number;
}

const COMPANY_ID = /^[1-9]\d{0,9}$/;

/** Reads `/app/rest/v1/{company}/...`; undefined for paths outside the REST API. */
export function parseRestPath(url: string): RestPath | undefined {
  const path = url.split('?', 1)[0] ?? '';
  if (!path.startsWith(`${REST_PREFIX}/`)) return undefined;
  const [company = '', ...segments] = path.slice(REST_PREFIX.length + 1).split('/');
  const module = segments[0] ?? '';
  const next = segments[1];
  return {
    company,
    companyId: COMPANY_ID.test(company) ? Number(company) : null,
    segments,
    module,
    ...(module === 'connector' && next !== undefined && /^\d{1,10}$/.test(next) && { connectorId: Number(next) }),
  };
}
