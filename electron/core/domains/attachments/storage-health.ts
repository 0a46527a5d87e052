import { OperationError } from '../../../../shared/contract/errors.ts';
import type { CoreEventBus } from '../../events.ts';
import { formatTimestamp, type Clock } from '../../time.ts';

interface Problem {
  message: string;
  since: string;
}

/**
 * The last outcome of each account's storage uses (test, upload, download, delete), for the
 * header's "needs attention" list: a use refused as unreachable (503) marks the storage, the next
 * use that works clears it. In memory: a restart starts with nothing marked, as nothing was tried.
 * A change of state is announced as data.changed of `storage_health` (attention.list reads it).
 */
export function createStorageHealth(events: CoreEventBus, clock: Clock) {
  const problems = new Map<number, Problem>();
  const announce = (companyId: number) => events.emit('data.changed', { company_id: companyId, tables: ['storage_health'] });

  function failed(companyId: number, message: string): void {
    const known = problems.get(companyId);
    if (known?.message === message) return;
    problems.set(companyId, { message, since: known?.since ?? formatTimestamp(clock.now()) });
    announce(companyId);
  }

  function worked(companyId: number): void {
    if (problems.delete(companyId)) announce(companyId);
  }

  return {
    failed,
    worked,
    /** Runs a use of the storage and records how it went: a 503 marks it, a success clears it. */
    async observe<T>(companyId: number, use: () => Promise<T>): Promise<T> {
      try {
        const result = await use();
        worked(companyId);
        return result;
      } catch (error) {
        if (error instanceof OperationError && error.status === 503) failed(companyId, error.message);
        throw error;
      }
    },
    problemOf: (companyId: number): Problem | undefined => problems.get(companyId),
    /** A new storage setting (or a reset, or the account gone): nothing is known of it yet. */
    forget(companyId?: number): void {
      if (companyId === undefined) problems.clear();
      else if (problems.delete(companyId)) announce(companyId);
    },
  };
}
