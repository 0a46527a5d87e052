import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, type CoreEventMessage, type ErpBridge } from '../../shared/contract/ipc.ts';
import { OPERATION_NAMES } from '../../shared/contract/operations.ts';

/*
 * Runs sandboxed before the page: exposes window.erp = { invoke, onEvent } and nothing else.
 * The allowlist is the operations map's keys, so a page script cannot reach other channels.
 */
const allowed = new Set<string>(OPERATION_NAMES);

const bridge: ErpBridge = {
  invoke(op, input) {
    if (!allowed.has(op)) return Promise.resolve({ ok: false, status: 404, messages: [`unknown operation: ${String(op)}`] });
    return ipcRenderer.invoke(IPC_INVOKE_CHANNEL, op, input);
  },
  onEvent(listener) {
    // The page never sees the IpcRendererEvent (it would carry the sender object).
    const handler = (_event: IpcRendererEvent, message: CoreEventMessage) => listener(message);
    ipcRenderer.on(IPC_EVENT_CHANNEL, handler);
    return () => void ipcRenderer.removeListener(IPC_EVENT_CHANNEL, handler);
  },
};

contextBridge.exposeInMainWorld('erp', bridge);
