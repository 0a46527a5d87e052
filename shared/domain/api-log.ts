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
    description: "what a fault switch or the heavy-list limit did to the call ('#3 status 503', '#4 latency 180 ms', '#5 drop', 'heavy_list_limit'); null: nothing",
  }),
});
export type ApiLogEntry = Static<typeof ApiLogEntry>;

/** How many characters of each body the log keeps. */
export const API_LOG_BODY_HEAD = 2048;
