import { BrowserWindow, shell } from 'electron';
import type { UserSettings } from '../../shared/domain/user-settings.ts';

export interface WindowFiles {
  /** dist/renderer/index.html */
  indexHtml: string;
  /** dist/electron/preload/preload.cjs */
  preload: string;
}

/**
 * The one application window: sandboxed renderer, no Node, the preload's bridge only. Its size
 * and position come from the user settings and go back there when it closes.
 */
export function createMainWindow(files: WindowFiles, settings: UserSettings): BrowserWindow {
  const saved = settings.get('window');
  const window = new BrowserWindow({
    width: saved.width,
    height: saved.height,
    ...(saved.x !== undefined && saved.y !== undefined && { x: saved.x, y: saved.y }),
    title: 'ERP Workbench',
    show: false,
    // webviewTag and navigateOnDragDrop are off by default; stated, since a <webview> or a dropped
    // file would show a page that is not the app's (IPC refuses it anyway: ipc-sender.ts).
    webPreferences: { preload: files.preload, sandbox: true, contextIsolation: true, nodeIntegration: false, webviewTag: false, navigateOnDragDrop: false },
  });
  if (saved.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());

  // The page is local; links out open in the user's browser, never inside the app window.
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  // No frame leaves the app's page: will-navigate for the window, will-frame-navigate for any
  // subframe as well (in-page moves of the router's #/... are not navigations).
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.webContents.on('will-frame-navigate', (event) => event.preventDefault());

  window.on('close', () => {
    const bounds = window.getNormalBounds();
    settings.set('window', { ...bounds, maximized: window.isMaximized() });
  });

  void window.loadFile(files.indexHtml);
  return window;
}
