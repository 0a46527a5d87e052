import type { OperationOutput } from '../../../../shared/contract/operations.ts';

type ConnectorConfig = OperationOutput<'connectors.get'>;

/** The connector's status_sync map (its status settings): each event it names, and the shop's status sent for it. */
export function statusSyncMap(config: ConnectorConfig | undefined): Record<string, string> {
  const value: unknown = config?.status_sync.map?.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([event, status]) => [event, String(status)]));
}

/** "delivered → Livrată" for each event of a map, as the status dialogs list them. */
export const mappedEvents = (map: Record<string, string>): string[] => Object.entries(map).map(([event, status]) => `${event} → ${status}`);

export interface ConnectorStatuses {
  name: string;
  map: Record<string, string>;
}

/**
 * The statuses offered for orders of one or more connectors: every event any of them names (a
 * status is also free text). `differ` when their maps are not the same: an event then reaches each
 * shop as its own connector maps it, and one its connector does not name is set as typed.
 */
export function statusChoices(connectors: readonly ConnectorStatuses[]): { events: string[]; differ: boolean } {
  const events = [...new Set(connectors.flatMap((c) => Object.keys(c.map)))];
  const lines = connectors.map((c) => JSON.stringify(mappedEvents(c.map).sort()));
  return { events, differ: new Set(lines).size > 1 };
}
