import { useQueryClient } from '@tanstack/react-query';
import { useCoreEvents } from './events.ts';
import { changedByEvent, invalidateChanged } from './invalidation.ts';

/**
 * Mounted once under the shell: every core event that changes data makes the open screens read
 * again exactly the queries whose operation reads what changed. Returns whether events arrive.
 */
export function useLiveInvalidation(): boolean {
  const queryClient = useQueryClient();
  return useCoreEvents((event) => {
    const changed = changedByEvent(event);
    if (changed) void invalidateChanged(queryClient, changed);
  });
}
