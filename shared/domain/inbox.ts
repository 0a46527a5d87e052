import Type, { type Static } from 'typebox';

export const InboxName = Type.String({ pattern: '^[A-Za-z0-9._-]{1,64}$', description: 'letters, digits, . _ -; up to 64' });

/** What the built-in inbox answers to the next posts. */
export const InboxBehaviour = Type.Object(
  {
    status: Type.Union([Type.Integer({ minimum: 200, maximum: 599 }), Type.Array(Type.Integer({ minimum: 200, maximum: 599 }), { minItems: 1, maxItems: 100 })], {
      description: 'the answer status; a list is a sequence used one post at a time, its last status then repeats (e.g. [500, 500, 200])',
    }),
    delay_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 300000, description: 'wait this long before answering (a slow or hanging receiver)' })),
  },
  { additionalProperties: false },
);
export type InboxBehaviour = Static<typeof InboxBehaviour>;

export const InboxState = Type.Object({
  name: Type.String(),
  behaviour: Type.Object({
    status: Type.Union([Type.Integer(), Type.Array(Type.Integer())]),
    delay_ms: Type.Integer(),
    /** The statuses still queued of a sequence (their last repeats). */
    upcoming: Type.Array(Type.Integer()),
  }),
  received_count: Type.Integer({ description: 'posts received since the inbox was created or cleared' }),
  kept_count: Type.Integer({ description: 'posts it still holds (received_count = kept_count + dropped_count)' }),
  dropped_count: Type.Integer({
    description: 'posts received but no longer held: the oldest go past 1,000 in an inbox, or when all inboxes together pass the inbox_budget_mb setting',
  }),
  kept_bytes: Type.Integer({
    description:
      'memory its captures hold as the budget counts it (an estimate on the high side: body text, headers, the parsed JSON and the record); all inboxes together stay within inbox_budget_mb',
  }),
});
export type InboxState = Static<typeof InboxState>;

/** One post the inbox received. */
export const InboxMessage = Type.Object({
  id: Type.Integer({ description: 'grows by one per post to this inbox' }),
  ts: Type.String({ description: 'Europe/Bucharest' }),
  received_at_ms: Type.Number({ description: 'epoch milliseconds' }),
  ip: Type.String(),
  method: Type.String(),
  headers: Type.Record(Type.String(), Type.String()),
  body: Type.String({
    description: "the raw body as text: whole, or its first 65,536 bytes of UTF-8 (whole characters) followed by '… (N bytes in all)'",
  }),
  json: Type.Unknown({ description: 'the body parsed as JSON; null when it is not JSON, was cut, or its parse alone outweighed inbox_budget_mb' }),
  answered_status: Type.Integer(),
});
export type InboxMessage = Static<typeof InboxMessage>;
