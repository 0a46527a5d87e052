/** Events the core pushes to its doors (the renderer over IPC, later the control API stream). */
export interface CoreEvents {
  /** Tables written by an operation or a REST call; '*' means everything (reset). */
  'data.changed': { company_id: number | null; tables: readonly string[] };
  /** A request was recorded in the API log. */
  'apiLog.appended': { company_id: number | null; id: number; status: number };
}
export type CoreEventName = keyof CoreEvents;
export const CORE_EVENT_NAMES: readonly CoreEventName[] = ['data.changed', 'apiLog.appended'];
