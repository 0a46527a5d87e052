import { ipcMain, type WebContents } from 'electron';
import type { Core } from '../core/create-core.ts';
import { isOperationError } from '../../shared/contract/errors.ts';
import { CORE_EVENT_NAMES } from '../../shared/contract/events.ts';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, type CoreEventMessage, type IpcResult } from '../../shared/contract/ipc.ts';
import { operations, type OperationName } from '../../shared/contract/operations.ts';
import { foreignSenderMessage, isOwnRenderer } from './ipc-sender.ts';

function isOperationName(value: unknown): value is OperationName {
  return typeof value === 'string' && Object.hasOwn(operations, value);
}

/**
 * The one invoke channel: checks the sender is the app's own page (ipc-sender.ts), the
 * operation name against the operations map, and hands the input to core.invoke, which
 * validates it. No business logic here: every door shares the core's.
 * `rendererUrl`: the file: URL of the renderer's index.html the window loads.
 */
export function registerInvokeIpc(core: Core, onUnexpectedError: (error: unknown) => void, rendererUrl: string): () => void {
  ipcMain.handle(IPC_INVOKE_CHANNEL, async (event, op: unknown, input: unknown): Promise<IpcResult> => {
    // senderFrame is null once the frame navigated or closed: nothing to answer then either.
    const senderUrl = event.senderFrame?.url;
    if (!isOwnRenderer(senderUrl, rendererUrl)) {
      console.warn(`[erp-workbench] IPC from a foreign frame refused: ${senderUrl ?? '(no frame)'}`);
      return { ok: false, status: 403, messages: [foreignSenderMessage(senderUrl)] };
    }
    if (!isOperationName(op)) return { ok: false, status: 404, messages: [`unknown operation: ${String(op)}`] };
    try {
      return { ok: true, data: await core.invoke(op, input ?? {}) };
    } catch (error) {
      if (isOperationError(error)) return { ok: false, status: error.status, messages: error.messages };
      // Like the HTTP doors: a bug is logged here and its details stay out of the window.
      onUnexpectedError(error);
      return { ok: false, status: 500, messages: ['internal error: the operation was not completed; see the application log'] };
    }
  });
  return () => ipcMain.removeHandler(IPC_INVOKE_CHANNEL);
}

/**
 * Pushes every core event to the window, so it can refetch what changed; only while it shows
 * the app's own page (`rendererUrl`), the same rule as for invoke.
 */
export function forwardCoreEvents(core: Core, target: WebContents, rendererUrl: string): () => void {
  const unsubscribers = CORE_EVENT_NAMES.map((name) =>
    core.events.on(name, (payload) => {
      if (target.isDestroyed() || !isOwnRenderer(target.getURL(), rendererUrl)) return;
      const message = { name, payload } as CoreEventMessage;
      target.send(IPC_EVENT_CHANNEL, message);
    }),
  );
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
