import type { ResetStatus } from './operations-reset.ts';

/** Rows a write changed, by table: table name -> ids. */
export type ChangedRecords = Readonly<Record<string, readonly number[]>>;

/** Events the core pushes to its doors (the renderer over IPC, the control API's event stream). */
export interface CoreEvents {
  /**
   * Tables written by an operation or a REST call; '*' means everything (reset). `records`, when
   * the writer knows them without a query, names rows it wrote: table -> ids (a table of
   * `tables`; the ids the lists answer: bv_id, bocp_id, product_id, SERVICE_order_id, delivery_id
   * ...). Absent, or a table missing from it: any row of that table may have changed.
   */
  'data.changed': { company_id: number | null; tables: readonly string[]; records?: ChangedRecords };
  /** A request was recorded in the API log. */
  'apiLog.appended': { company_id: number | null; id: number; status: number };
  /** A webhook attempt finished and was recorded, with what it made of its delivery. */
  'webhook.attempt': {
    company_id: number;
    connector_id: number;
    delivery_id: number;
    attempt_no: number;
    http_status: number | null;
    error: string | null;
    duration_ms: number;
    outcome: 'delivered' | 'permanent_failure' | 'transient_failure';
    /** The delivery's status after it (pending: a retry is scheduled at next_attempt_ts). */
    status: string;
    next_attempt_ts: string | null;
  };
  /** An attachment upload under way: bytes written to the storage so far, of total. */
  'attachment.progress': { company_id: number; upload_id: string; bytes: number; total: number };
  /** The built-in inbox received a post. */
  'inbox.received': { name: string; id: number; status: number };
  /**
   * A reset under way (GET /_sandbox/reset answers the same): a few per second while it seeds,
   * and one at each change of state; the last one is `idle` with `last` saying how it ended.
   */
  'reset.progress': ResetStatus;
}
export type CoreEventName = keyof CoreEvents;
export const CORE_EVENT_NAMES: readonly CoreEventName[] = ['data.changed', 'apiLog.appended', 'webhook.attempt', 'attachment.progress', 'inbox.received', 'reset.progress'];
