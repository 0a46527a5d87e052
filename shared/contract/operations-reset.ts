import Type, { type Static } from 'typebox';
import { Account } from '../domain/accounts.ts';
import { op, Empty } from './operation-def.ts';

const SeedKind = Type.Union([Type.Literal('demo'), Type.Literal('empty')]);
const Timestamp = Type.String({ description: "'YYYY-MM-DD HH:MM:SS', Europe/Bucharest" });

/** Where a reset is; also the payload of the `reset.progress` event. */
export const ResetStatus = Type.Object({
  state: Type.Union([Type.Literal('idle'), Type.Literal('seeding'), Type.Literal('swapping')], {
    description: 'seeding: a worker fills a new file (the old data still answers); swapping: the new file replaces the old',
  }),
  seed: Type.Union([SeedKind, Type.Null()], { description: 'of the reset under way; null when idle' }),
  scale: Type.Union([Type.Integer(), Type.Null()]),
  phase: Type.Union([Type.String(), Type.Null()], { description: "what the seed is writing, e.g. 'sales'" }),
  done: Type.Integer({ description: 'units of the seed done so far, of total' }),
  total: Type.Integer(),
  started_at: Type.Union([Timestamp, Type.Null()]),
  last: Type.Union(
    [
      Type.Object({
        outcome: Type.Union([Type.Literal('done'), Type.Literal('failed'), Type.Literal('cancelled')]),
        seed: SeedKind,
        scale: Type.Integer(),
        started_at: Timestamp,
        finished_at: Timestamp,
        error: Type.Union([Type.String(), Type.Null()]),
      }),
      Type.Null(),
    ],
    { description: 'the last reset that ended since the service started; null before any' },
  ),
  last_error: Type.Optional(Type.String({ description: 'why the last reset did not replace the data (failed or cancelled); absent after one that did' })),
});
export type ResetStatus = Static<typeof ResetStatus>;

const Reset = Type.Object(
  {
    seed: Type.Optional(Type.Union([Type.Literal('demo'), Type.Literal('empty')], { default: 'demo' })),
    scale: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: 1 })),
  },
  { additionalProperties: false },
);

/** The reset of the whole store (control API /_sandbox/reset). */
export const resetOperations = {
  'service.reset': op({
    summary:
      'Wipe every account and seed again (settings and secrets are kept): a worker seeds a new file while the old data answers, ' +
      'then the file is swapped in; answers when done. Writes made during the seed go to the old data and are lost with it. ' +
      '409: another reset runs, or this one was cancelled; 503: the seed failed (the old data stays)',
    input: Reset,
    output: Type.Object({ seed: Type.String(), scale: Type.Integer(), accounts: Type.Array(Account) }),
    http: { method: 'POST', path: '/reset' },
    // Not announced by invoke: the reset announces '*' itself once the new data and its files are
    // in place (the reset's afterSwap), whoever started it.
  }),
  'service.resetStatus': op({
    summary: 'Progress of the reset under way (also pushed as reset.progress events) and how the last one ended',
    input: Empty,
    output: ResetStatus,
    http: { method: 'GET', path: '/reset' },
    // Kept in memory, not in tables: the reset.progress events carry its changes.
    reads: [],
  }),
  'service.cancelReset': op({
    summary: 'Stop the reset under way: its worker is ended, its new file deleted, the old data stays (404 when none runs, 409 once it is swapping)',
    input: Empty,
    output: ResetStatus,
    http: { method: 'DELETE', path: '/reset' },
  }),
};
