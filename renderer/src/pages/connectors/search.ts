/** The Connectors & API users screen's state in the address: the selected connector and the tab. */
export interface ConnectorsSearch {
  connector_id?: number;
  tab?: ConnectorsTab;
}

export const CONNECTORS_TABS = ['connectors', 'apiUsers'] as const;
export type ConnectorsTab = (typeof CONNECTORS_TABS)[number];

/**
 * validateSearch of the screen: a connector id (a whole number from 1) and a known tab; anything
 * else in the address is dropped (set undefined, as searchOf does for the list screens).
 */
export function connectorsSearch(search: Record<string, unknown>): ConnectorsSearch {
  const dropped = Object.fromEntries(Object.keys(search).map((key) => [key, undefined]));
  const out: ConnectorsSearch = {};
  const id = typeof search.connector_id === 'string' ? Number(search.connector_id) : search.connector_id;
  if (typeof id === 'number' && Number.isInteger(id) && id >= 1) out.connector_id = id;
  if (CONNECTORS_TABS.includes(search.tab as ConnectorsTab)) out.tab = search.tab as ConnectorsTab;
  return { ...dropped, ...out };
}
