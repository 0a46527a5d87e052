import Type, { type Static } from 'typebox';
import { op, Empty } from './operation-def.ts';

/** The latest a clock may be set or advanced to (dates are written with four-digit years). */
export const CLOCK_LATEST = '2099-12-31 23:59:59';
/** The earliest a frozen clock may show. */
export const CLOCK_EARLIEST = '2000-01-01 00:00:00';

/** What the clock is and shows; the answer of both clock operations. */
export const ClockState = Type.Object({
  mode: Type.Union([Type.Literal('system'), Type.Literal('frozen'), Type.Literal('offset')], {
    description: "system: the machine's time; frozen: stands still until set or advanced; offset: the machine's time plus offset_s (keeps running)",
  }),
  now: Type.String({ description: "the service's now, 'YYYY-MM-DD HH:MM:SS' Europe/Bucharest (as the ERP writes times)" }),
  offset_s: Type.Optional(Type.Number({ description: "mode 'offset' only: seconds ahead of the machine's time (negative: behind)" })),
});
export type ClockState = Static<typeof ClockState>;

/**
 * One of: {"mode":"system"}; {"mode":"frozen","now":"2026-12-01 09:00:00"} (now optional: freeze
 * at the current time); {"mode":"offset","offset_s":3600}; {"advance_s":86400}. The rules between
 * fields are checked by the core (a 400 naming the field).
 */
export const ClockUpdate = Type.Object(
  {
    mode: Type.Optional(Type.Union([Type.Literal('system'), Type.Literal('frozen'), Type.Literal('offset')], { description: 'system, frozen or offset' })),
    now: Type.Optional(
      Type.String({
        maxLength: 40,
        description: "with mode frozen: 'YYYY-MM-DD HH:MM:SS' Europe/Bucharest wall clock, or ISO 8601 with Z or an offset (converted); default: the current time",
      }),
    ),
    offset_s: Type.Optional(Type.Number({ description: "with mode offset: seconds ahead of the machine's time (negative: behind)" })),
    advance_s: Type.Optional(
      Type.Number({
        minimum: 0,
        description: 'alone: moves the clock forward this many seconds (frozen: stays frozen; system: becomes offset, keeps running); due webhook retries run at once',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ClockUpdate = Static<typeof ClockUpdate>;

/**
 * The test clock (Stripe's test clocks are the model): every "now" of the core reads it (document
 * dates, default payment date, next-day scheduling, lock-outs, BNR rate of the day,
 * last_changed_ts, the API log, the webhook retry schedule). Kept in the database: it survives
 * restarts and resets.
 */
export const clockOperations = {
  'clock.get': op({
    summary: "The service's clock: its mode (system, frozen, offset) and its now (Europe/Bucharest)",
    input: Empty,
    output: ClockState,
    http: { method: 'GET', path: '/clock' },
    reads: ['clock'],
  }),
  'clock.update': op({
    summary:
      'Set the test clock: {"mode":"system"}, {"mode":"frozen","now":"2026-12-01 09:00:00"} (Europe/Bucharest), ' +
      '{"mode":"offset","offset_s":3600} or {"advance_s":86400} (a frozen clock stays frozen, a system clock becomes an offset clock). ' +
      'Webhook retries the new time makes due are sent at once; with a frozen clock, retries due later wait until the clock is moved. 400 names the field',
    input: ClockUpdate,
    output: ClockState,
    http: { method: 'PATCH', path: '/clock' },
    // Every screen may show something of "today" (default dates, the rate of the day, prices in force),
    // and the clock is kept in memory: no statement shows its move.
    unmeasuredChanges: ['*'],
  }),
} as const;
