/** Events the core pushes to its doors (the renderer over IPC, the control API's event stream). */
export interface CoreEvents {
  /** Tables written by an operation or a REST call; '*' means everything (reset). */
  'data.changed': { company_id: number | null; tables: readonly string[] };
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
}
export type CoreEventName = keyof CoreEvents;
export const CORE_EVENT_NAMES: readonly CoreEventName[] = ['data.changed', 'apiLog.appended', 'webhook.attempt', 'attachment.progress', 'inbox.received'];
