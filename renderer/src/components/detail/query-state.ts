/** What a DetailPanel shows while its record is read: the skeleton, the error and its Retry, from the record's query. */
export function queryState(query: { isPending: boolean; error: Error | null; refetch: () => Promise<unknown> }): { loading: boolean; error: Error | null; onRetry: () => void } {
  return { loading: query.isPending, error: query.error, onRetry: () => void query.refetch() };
}
