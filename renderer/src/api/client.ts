import type { OperationInput, OperationName, OperationOutput } from '../../../shared/contract/operations.ts';
import { createHttpClient } from './transport-http.ts';
import { createIpcClient } from './transport-ipc.ts';

/** The one way screens reach the core, whatever carries the call. */
export interface ErpClient {
  invoke<K extends OperationName>(op: K, input: OperationInput<K>): Promise<OperationOutput<K>>;
}

export type Transport = 'ipc' | 'http';

/** Where a browser tab keeps the admin token once it has left the address bar. */
export const TOKEN_STORAGE_KEY = 'erp-workbench.control-token';

/** The admin token the headless server prints in its Web UI address (`/?token=...`). */
export function tokenFromUrl(location: Location): string | null {
  const token = new URLSearchParams(location.search).get('token');
  return token ? token : null;
}

let token: string | null | undefined;

/**
 * The admin token of this tab: taken from `?token=` once, kept in sessionStorage (this tab only,
 * gone when it closes) and removed from the address bar with history.replaceState, so it is not
 * left in the history, in a copied link or in a screenshot. A reload finds it in the session.
 */
export function controlToken(): string | null {
  if (token !== undefined) return token;
  const fromUrl = tokenFromUrl(window.location);
  let stored: string | null = null;
  try {
    if (fromUrl) window.sessionStorage.setItem(TOKEN_STORAGE_KEY, fromUrl);
    stored = window.sessionStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage refused (a locked-down profile): the token lives in memory for this page only.
  }
  if (fromUrl) {
    const url = new URL(window.location.href);
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  token = fromUrl ?? stored;
  return token;
}

/** IPC inside the desktop window (the preload exposes window.erp), HTTP in a browser tab. */
export function createClient(): { client: ErpClient; transport: Transport; hasToken: boolean } {
  if (window.erp) return { client: createIpcClient(window.erp), transport: 'ipc', hasToken: true };
  const current = controlToken();
  return { client: createHttpClient({ baseUrl: window.location.origin, token: current }), transport: 'http', hasToken: current !== null };
}
