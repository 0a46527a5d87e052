import type { OperationInput, OperationName, OperationOutput } from '../../../shared/contract/operations.ts';
import { createHttpClient } from './transport-http.ts';
import { createIpcClient } from './transport-ipc.ts';

/** The one way screens reach the core, whatever carries the call. */
export interface ErpClient {
  invoke<K extends OperationName>(op: K, input: OperationInput<K>): Promise<OperationOutput<K>>;
}

export type Transport = 'ipc' | 'http';

/** The admin token the headless server prints in its Web UI address (`/?token=...`). */
export function tokenFromUrl(location: Location): string | null {
  const token = new URLSearchParams(location.search).get('token');
  return token ? token : null;
}

/** IPC inside the desktop window (the preload exposes window.erp), HTTP in a browser tab. */
export function createClient(): { client: ErpClient; transport: Transport; hasToken: boolean } {
  if (window.erp) return { client: createIpcClient(window.erp), transport: 'ipc', hasToken: true };
  const token = tokenFromUrl(window.location);
  return { client: createHttpClient({ baseUrl: window.location.origin, token }), transport: 'http', hasToken: token !== null };
}
