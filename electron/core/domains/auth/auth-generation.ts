import type { Database } from 'better-sqlite3';
import { connectionGeneration } from '../../store/live-database.ts';

/**
 * A token that moves whenever an account or an API user changes, by this process, another one
 * or by hand: the auth_generation counter kept by triggers (migration 021), and the connection's
 * generation, since a reset or a restore swaps in another file whose counter starts anew. A
 * counter row deleted by hand gives a new token at every call: nothing is remembered then.
 */
export function createAuthGeneration(db: Database): () => string {
  const counter = db.prepare<[], number>('SELECT n FROM auth_generation WHERE id = 1').pluck();
  let withoutCounter = 0;
  return () => `${connectionGeneration(db)}:${counter.get() ?? `none-${++withoutCounter}`}`;
}
