import type { CoreEventName, CoreEvents } from './events.ts';
import type { OperationInput, OperationName, OperationOutput } from './operations.ts';

/**
 * The IPC surface between the desktop window and the main process, shared by electron/main,
 * electron/preload and the renderer so the channel names and shapes exist once. Channel names
 * say their direction: `renderer:*` requests, `main:*` pushes.
 */
export const IPC_INVOKE_CHANNEL = 'renderer:invoke';
export const IPC_EVENT_CHANNEL = 'main:event';

/**
 * What the invoke channel answers. Errors travel as values, not rejections: Electron turns a
 * rejected handler into a bare message string and drops the status and the message list.
 */
export type IpcResult<T = unknown> =
  | { ok: true; data: T }
  | { ok: false; status: number; messages: string[] };

/** One core event as pushed on the event channel. */
export type CoreEventMessage = { [K in CoreEventName]: { name: K; payload: CoreEvents[K] } }[CoreEventName];

/** What the preload exposes as `window.erp`: nothing but these two. */
export interface ErpBridge {
  invoke<K extends OperationName>(op: K, input: OperationInput<K>): Promise<IpcResult<OperationOutput<K>>>;
  /** Subscribes to core events; returns the unsubscribe function. */
  onEvent(listener: (event: CoreEventMessage) => void): () => void;
}
