import Type, { type Static } from 'typebox';

export const ApiLogEntry = Type.Object({
  id: Type.Integer(),
  company_id: Type.Union([Type.Integer(), Type.Null()]),
  ts: Type.String(),
  ip: Type.String(),
  user: Type.String(),
  method: Type.String(),
  route: Type.String(),
  status: Type.Integer(),
  duration_ms: Type.Number(),
  request_head: Type.String({ description: 'first bytes of the request body' }),
  response_head: Type.String({ description: 'first bytes of the response body' }),
  fault: Type.Union([Type.String(), Type.Null()], {
    description: "what a fault switch or the heavy-list limit did to the call ('#3 status 503', '#4 latency 180 ms', '#5 drop', 'heavy_list_limit'), or where proxy mode forwarded it ('proxied to erp.example.ro'); null: nothing",
  }),
});
export type ApiLogEntry = Static<typeof ApiLogEntry>;

/** How many characters of each body the log keeps. */
export const API_LOG_BODY_HEAD = 2048;

/** How many API log entries match a filter (apiLog.count: the CLI's `verify`). */
export const ApiLogCount = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  first_ts: Type.Union([Type.String(), Type.Null()], { description: 'ts of the oldest matching entry (Europe/Bucharest)' }),
  last_ts: Type.Union([Type.String(), Type.Null()], { description: 'ts of the newest matching entry' }),
  latest_id: Type.Integer({ minimum: 0, description: "the newest id of the account's log whatever the filters: pass it as after_id later to count only the calls made since" }),
});
export type ApiLogCount = Static<typeof ApiLogCount>;
