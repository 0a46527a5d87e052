import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, session, shell } from 'electron';
import { PACKAGED_SQLITE_BINDING, SQLITE_BINDING_ENV } from '../core/store/sqlite-binding.ts';
import { PRODUCT_NAME } from '../core/paths.ts';
import type { UserSettings } from '../../shared/domain/user-settings.ts';
import type { Core } from '../core/create-core.ts';
import { forwardCoreEvents, registerInvokeIpc } from './ipc.ts';
import { installPermissionPolicy } from './ipc-sender.ts';
import { openElectronSettingsStore } from './user-settings.ts';
import { installMenu } from './menu.ts';
import { createMainWindow } from './window.ts';
import { startDesktop, type DesktopServices } from './startup.ts';
import { describeStartupFailure } from './startup-messages.ts';
import { showStartupFailure, showStartupNotice, type NativeDialogs } from './startup-dialogs.ts';

// Paths inside the bundle: this file is dist/electron/main/main.js.
const RENDERER_DIR = fileURLToPath(new URL('../../renderer/', import.meta.url));
const PRELOAD = fileURLToPath(new URL('../preload/preload.cjs', import.meta.url));
// The one page allowed to use IPC and web permissions (ipc-sender.ts): the file the window loads.
const INDEX_HTML = join(RENDERER_DIR, 'index.html');
const RENDERER_URL = pathToFileURL(INDEX_HTML).href;

// The better-sqlite3 binary built for this Electron (node_modules' is built for Node): an installed
// app has it in its resources folder; `npm start` names its own build in the variable already.
if (app.isPackaged) process.env[SQLITE_BINDING_ENV] = join(process.resourcesPath, PACKAGED_SQLITE_BINDING);

// Electron names userData after package.json's `name`; the headless CLI (electron/core/paths.ts)
// uses the product name. Pin it so both find the same settings and data.
app.setPath('userData', join(app.getPath('appData'), PRODUCT_NAME));

const reportError = (error: unknown) => console.error('[erp-workbench] unexpected error', error);

/** Electron's dialog and shell, as the start's messages use them (startup-dialogs.ts). */
const dialogs: NativeDialogs<BrowserWindow> = {
  showMessageBox: (options, parent) => (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options)),
  showItemInFolder: (path) => shell.showItemInFolder(path),
};

let services: DesktopServices | undefined;
let window: BrowserWindow | undefined;

function openWindow(settings: UserSettings, running: Core): BrowserWindow {
  const opened = createMainWindow({ indexHtml: INDEX_HTML, preload: PRELOAD }, settings);
  const stopForwarding = forwardCoreEvents(running, opened.webContents, RENDERER_URL);
  opened.on('closed', () => {
    stopForwarding();
    if (window === opened) window = undefined;
  });
  window = opened;
  return opened;
}

/**
 * Settings, data-folder lock, core and listener (startup.ts); a failure there has closed what it
 * opened: it is shown, and the app quits with 1. Then IPC, the menu and the window.
 */
async function start(): Promise<void> {
  // Before any page exists: camera, microphone, notifications... are denied from the start.
  installPermissionPolicy(session.defaultSession, RENDERER_URL);
  const adminToken = randomBytes(18).toString('base64url');
  const userDataDir = app.getPath('userData');
  const started = await startDesktop({
    userDataDir,
    dataDir: join(userDataDir, 'data'),
    openSettingsStore: openElectronSettingsStore,
    server: { adminToken, rendererDir: RENDERER_DIR, onUnexpectedError: reportError },
  });
  if (!started.ok) {
    console.error(`[erp-workbench] ${started.failure.title}: ${started.failure.message}`, started.error);
    await showStartupFailure(dialogs, started.failure);
    for (const notice of started.notices) await showStartupNotice(dialogs, notice, undefined);
    app.exit(1);
    return;
  }
  services = started.services;
  const { settings, core, url, tls } = services;
  registerInvokeIpc(core, reportError, RENDERER_URL);
  console.log(`REST API: ${url}/app/rest/v1/{company_id}/`);
  console.log(`Web UI:   ${url}/?token=${encodeURIComponent(adminToken)}`);
  installMenu(
    { restBaseUrl: () => `${url}/app/rest/v1/` },
    {
      on: settings.get('listenHttps'),
      caFile: tls?.caFile,
      set: (on) => {
        settings.set('listenHttps', on);
        app.relaunch();
        app.quit();
      },
    },
  );
  const shown = openWindow(settings, core);
  for (const notice of services.notices) void showStartupNotice(dialogs, notice, shown).catch(reportError);
  app.on('activate', () => {
    if (!window) openWindow(settings, core);
  });
}

/** Stop the listener first (requests in flight finish), then close the database, then release the folder. */
async function shutdown(): Promise<void> {
  await services?.close();
}

// One instance per user: a second one would open the same database and port.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Hold the quit until the server and the database are closed, then quit for real.
  let stopping = false;
  let stopped = false;
  app.on('will-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    if (stopping) return;
    stopping = true;
    void shutdown()
      .catch(reportError)
      .finally(() => {
        stopped = true;
        app.quit();
      });
  });

  app
    .whenReady()
    .then(start)
    .catch(async (error: unknown) => {
      // Past the core's start (IPC, the menu, the window): closed first, then said, then exit 1.
      reportError(error);
      // Hidden, not closed: closing the last window would start the quit while the box is up.
      window?.hide();
      await shutdown().catch(reportError);
      const userDataDir = app.getPath('userData');
      const failure = describeStartupFailure(error, { step: 'window', userDataDir, dataDir: join(userDataDir, 'data'), settingsFile: services?.settingsFile ?? '' });
      await showStartupFailure(dialogs, failure).catch(reportError);
      app.exit(1);
    });
}
