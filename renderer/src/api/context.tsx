import { createContext, useContext, type ReactNode } from 'react';
import type { ErpClient, Transport } from './client.ts';

export interface ClientInfo {
  client: ErpClient;
  transport: Transport;
  /** False in a browser tab opened without `?token=`: every control call will answer 401. */
  hasToken: boolean;
}

const ClientContext = createContext<ClientInfo | null>(null);

export function ClientProvider({ value, children }: { value: ClientInfo; children: ReactNode }) {
  return <ClientContext.Provider value={value}>{children}</ClientContext.Provider>;
}

export function useClientInfo(): ClientInfo {
  const info = useContext(ClientContext);
  if (!info) throw new Error('useClientInfo needs a ClientProvider above it');
  return info;
}
