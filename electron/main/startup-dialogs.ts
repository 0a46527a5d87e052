import type { MessageBoxOptions } from 'electron';
import type { StartupMessage } from './startup-messages.ts';

/**
 * The two calls of Electron's dialog and shell the start uses (main.ts passes the real ones; a
 * test passes its own): a message box, with or without a parent window, and "show in folder".
 */
export interface NativeDialogs<Window> {
  showMessageBox(options: MessageBoxOptions, parent?: Window): Promise<{ response: number }>;
  showItemInFolder(path: string): void;
}

const SHOW = process.platform === 'darwin' ? 'Show in Finder' : 'Show in folder';

/** One native message box: the title as its headline, what happened and what to do below. */
export function messageBoxFor(message: StartupMessage, type: 'error' | 'warning', closeLabel: string): MessageBoxOptions {
  return {
    type,
    title: 'ERP Workbench',
    message: message.title,
    detail: `${message.message}\n\n${message.action}`,
    buttons: message.path ? [closeLabel, SHOW] : [closeLabel],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
}

/** A start that failed (everything it opened is closed already): resolves once the person closed the box. */
export async function showStartupFailure<Window>(dialogs: NativeDialogs<Window>, failure: StartupMessage): Promise<void> {
  const { response } = await dialogs.showMessageBox(messageBoxFor(failure, 'error', 'Quit'));
  if (response === 1 && failure.path) dialogs.showItemInFolder(failure.path);
}

/** Something to know although the app started: shown over the window, which goes on meanwhile. */
export async function showStartupNotice<Window>(dialogs: NativeDialogs<Window>, notice: StartupMessage, parent: Window | undefined): Promise<void> {
  const { response } = await dialogs.showMessageBox(messageBoxFor(notice, 'warning', 'OK'), parent);
  if (response === 1 && notice.path) dialogs.showItemInFolder(notice.path);
}
