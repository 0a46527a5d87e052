import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCoreEvents } from './events.ts';
import { changedByEvent, invalidateChanged } from './invalidation.ts';
import { createChangeBatcher } from './change-batcher.ts';

/**
 * Mounted once under the shell: every core event that changes data makes the open screens read
 * again exactly the queries whose operation reads what changed; a burst of events (a test suite
 * calling the REST API) is merged into one refresh per quarter second (change-batcher.ts).
 * Returns whether events arrive.
 */
export function useLiveInvalidation(): boolean {
  const queryClient = useQueryClient();
  const batcher = useMemo(() => createChangeBatcher((changed) => void invalidateChanged(queryClient, changed)), [queryClient]);
  useEffect(() => () => batcher.flush(), [batcher]);
  return useCoreEvents((event) => {
    const changed = changedByEvent(event);
    if (changed) batcher.push(changed);
  });
}
