import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, session } from 'electron';
import { createCore, type Core } from '../core/create-core.ts';
import { PACKAGED_SQLITE_BINDING, SQLITE_BINDING_ENV } from '../core/store/sqlite-binding.ts';
import { PRODUCT_NAME } from '../core/paths.ts';
import { startServer, type RunningServer, type ServerOptions } from '../server/create-server.ts';
import { certificateNames, ensureTlsCertificate, type TlsCertificate } from '../server/tls-certificate.ts';
import { preferencesIn, type UserSettings } from '../../shared/domain/user-settings.ts';
import { forwardCoreEvents, registerInvokeIpc } from './ipc.ts';
import { installPermissionPolicy } from './ipc-sender.ts';
import { createElectronUserSettings } from './user-settings.ts';
import { installMenu } from './menu.ts';
import { createMainWindow } from './window.ts';

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

let core: Core | undefined;
let server: RunningServer | undefined;
let window: BrowserWindow | undefined;
let tls: TlsCertificate | undefined;
const dataDir = () => join(app.getPath('userData'), 'data');

/** The configured port, or any free one when it is taken (the window needs no fixed port). */
async function listen(options: ServerOptions, settings: UserSettings): Promise<RunningServer> {
  const host = settings.get('listenHost');
  const port = settings.get('listenPort');
  if (settings.get('listenHttps')) {
    tls = await ensureTlsCertificate(dataDir(), certificateNames(host));
    options = { ...options, tls };
    console.log(`TLS: certificate SHA-256 ${tls.fingerprint256}; CA file ${tls.caFile}`);
  }
  try {
    return await startServer({ ...options, host, port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.warn(`[erp-workbench] ${host}:${port} is in use; listening on a free port instead`);
    return startServer({ ...options, host, port: 0 });
  }
}

function openWindow(settings: UserSettings, running: Core): void {
  const opened = createMainWindow({ indexHtml: INDEX_HTML, preload: PRELOAD }, settings);
  const stopForwarding = forwardCoreEvents(running, opened.webContents, RENDERER_URL);
  opened.on('closed', () => {
    stopForwarding();
    if (window === opened) window = undefined;
  });
  window = opened;
}

async function start(): Promise<void> {
  const settings = createElectronUserSettings();
  // Before any page exists: camera, microphone, notifications... are denied from the start.
  installPermissionPolicy(session.defaultSession, RENDERER_URL);
  core = createCore({ dataDir: dataDir(), preferences: preferencesIn(settings) });
  registerInvokeIpc(core, reportError, RENDERER_URL);
  const adminToken = randomBytes(18).toString('base64url');
  server = await listen({ core, adminToken, rendererDir: RENDERER_DIR, onUnexpectedError: reportError }, settings);
  console.log(`REST API: ${server.url}/app/rest/v1/{company_id}/`);
  console.log(`Web UI:   ${server.url}/?token=${encodeURIComponent(adminToken)}`);
  const listening = server;
  installMenu(
    { restBaseUrl: () => `${listening.url}/app/rest/v1/` },
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
  const running = core;
  openWindow(settings, running);
  app.on('activate', () => {
    if (!window) openWindow(settings, running);
  });
}

/** Stop the listener first (requests in flight finish), then close the database. */
async function shutdown(): Promise<void> {
  try {
    await server?.close();
  } finally {
    await core?.close();
  }
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
    .catch((error: unknown) => {
      dialog.showErrorBox('ERP Workbench cannot start', error instanceof Error ? error.message : String(error));
      void shutdown().finally(() => app.exit(1));
    });
}
