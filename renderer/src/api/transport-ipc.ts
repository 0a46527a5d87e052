import type { ErpBridge } from '../../../shared/contract/ipc.ts';
import type { ErpClient } from './client.ts';
import { ErpError } from './errors.ts';

/** The desktop window: the preload's bridge to the main process, which calls the core. */
export function createIpcClient(bridge: ErpBridge): ErpClient {
  return {
    async invoke(op, input) {
      const result = await bridge.invoke(op, input);
      if (!result.ok) throw new ErpError(result.status, result.messages);
      return result.data;
    },
  };
}
