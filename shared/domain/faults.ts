import Type, { type Static } from 'typebox';

/** Methods a fault matches ('*': any). */
export const FAULT_METHODS = ['*', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Longest added latency: a fault can hold a call this long (removing the fault lets it go at once). */
export const FAULT_MAX_LATENCY_MS = 600_000;

const LatencyMs = Type.Integer({ minimum: 0, maximum: FAULT_MAX_LATENCY_MS });

export const FaultLatency = Type.Union([
  LatencyMs,
  Type.Object({ min: LatencyMs, max: LatencyMs }, { additionalProperties: false }),
], { description: 'added latency in ms: fixed (200) or a range drawn from at each call ({"min":100,"max":500})' });
export type FaultLatency = Static<typeof FaultLatency>;

const PATH_DESCRIPTION =
  "REST path below /app/rest/v1/{company_id}, e.g. '/sales/list/*': segments match exactly; '*' as a whole segment is " +
  "one segment, as the last segment the rest of the path (none included); '*' inside a segment any characters of it " +
  "('page:*'); a lone '*' every path. The query string is ignored, a trailing / is optional";

/** What POST /_sandbox/accounts/{id}/faults takes (besides the account). */
export const NewFault = Type.Object(
  {
    method: Type.Optional(Type.Enum([...FAULT_METHODS], { default: '*', description: "the HTTP method, exactly, or '*'" })),
    path: Type.Optional(Type.String({ minLength: 1, maxLength: 500, default: '*', description: PATH_DESCRIPTION })),
    status: Type.Optional(Type.Integer({ minimum: 400, maximum: 599, description: 'answer this status in the envelope instead of the real answer' })),
    latency_ms: Type.Optional(FaultLatency),
    drop: Type.Optional(Type.Boolean({ description: 'close the connection without an answer' })),
    storage_down: Type.Optional(
      Type.Boolean({
        description:
          "the account's FTP storage refuses (attachment upload, delete and download answer their 503); not tied to a route: method and path stay '*'",
      }),
    ),
    probability: Type.Optional(Type.Number({ minimum: 0, maximum: 1, default: 1, description: 'chance that a matching call is faulted, 0..1' })),
    count: Type.Optional(Type.Integer({ minimum: 1, description: 'faulted calls before the fault is used up; absent: until removed' })),
  },
  { additionalProperties: false },
);
export type NewFault = Static<typeof NewFault>;

export const Fault = Type.Object({
  fault_id: Type.Integer(),
  company_id: Type.Integer(),
  method: Type.String(),
  path: Type.String(),
  status: Type.Union([Type.Integer(), Type.Null()]),
  latency_ms: Type.Union([FaultLatency, Type.Null()]),
  drop: Type.Boolean(),
  storage_down: Type.Boolean(),
  probability: Type.Number(),
  count: Type.Union([Type.Integer(), Type.Null()], { description: 'the count it was added with (null: none)' }),
  remaining: Type.Union([Type.Integer(), Type.Null()], { description: 'uses left (0: used up, no longer matches; null: no count)' }),
  fired: Type.Integer({ description: 'calls it acted on so far' }),
  created_ts: Type.String(),
});
export type Fault = Static<typeof Fault>;
