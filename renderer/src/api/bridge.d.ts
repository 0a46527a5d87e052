import type { ErpBridge } from '../../../shared/contract/ipc.ts';

declare global {
  interface Window {
    /** Exposed by electron/preload in the desktop window; absent in a plain browser. */
    readonly erp?: ErpBridge;
  }
}

export {};
