import { createCore, type Core } from '../core/create-core.ts';
import { holdDataFolder } from '../core/store/data-folder-lock.ts';
import { openUserSettings, type OpenSettingsStore } from '../core/user-settings-file.ts';
import { startServer, type RunningServer, type ServerOptions } from '../server/create-server.ts';
import { certificateNames, ensureTlsCertificate, type TlsCertificate } from '../server/tls-certificate.ts';
import { preferencesIn, type UserSettings } from '../../shared/domain/user-settings.ts';
import { describeStartupFailure, type StartupContext, type StartupMessage } from './startup-messages.ts';
import { listenerMovedNotice, settingsSetAsideNotice } from './startup-notices.ts';

/*
 * The desktop app's start, without Electron (main.ts hands in electron-store and shows the
 * outcome in native dialogs): the settings, the data folder's lock, the core, the listener, in
 * that order. A step that fails closes what the earlier ones opened, so the app never half-starts:
 * no listener, no open database, no folder lock, no window; and the failure comes back as words a
 * person can act on (startup-messages.ts).
 */

export interface DesktopStartOptions {
  /** Electron's userData: config.json lives here. */
  userDataDir: string;
  /** The business data (SQLite, files): userData/data. */
  dataDir: string;
  /** electron-store in the app; conf under Node (tests). */
  openSettingsStore: OpenSettingsStore;
  /** What the listener serves besides the core. */
  server: Omit<ServerOptions, 'core' | 'tls' | 'listenHost'>;
  /** Start-up lines (the listener's address, the TLS fingerprint). */
  log?: (line: string) => void;
}

export interface DesktopServices {
  settings: UserSettings;
  settingsFile: string;
  core: Core;
  server: RunningServer;
  /** The address the listener is reached at (loopback for a wildcard bind). */
  url: string;
  tls: TlsCertificate | undefined;
  /** What the person should know although the app started: settings moved aside, another port. */
  notices: StartupMessage[];
  /** Stops the listener (requests in flight finish), closes the core, releases the folder. Once. */
  close(): Promise<void>;
}

export type DesktopStart =
  | { ok: true; services: DesktopServices }
  /** `notices`: what an earlier step did that the person should still know (settings moved aside). */
  | { ok: false; failure: StartupMessage; notices: StartupMessage[]; error: unknown };

/** Codes on which the configured listener gives way to one that works (the window needs no fixed address). */
const TAKEN = new Set(['EADDRINUSE', 'EACCES']);
const NOT_HERE = 'EADDRNOTAVAIL';

/**
 * The configured host and port; on a port taken (or reserved) any free one on the same host; on
 * an address this machine no longer has (a laptop on another network) loopback. `moved` says why.
 */
async function listen(options: ServerOptions, host: string, port: number) {
  const attempts: Array<{ host: string; port: number }> = [{ host, port }];
  let lastError: unknown;
  for (let i = 0; i < attempts.length; i += 1) {
    const attempt = attempts[i]!;
    try {
      const server = await startServer({ ...options, host: attempt.host, port: attempt.port });
      const moved = i === 0 ? undefined : { code: (lastError as NodeJS.ErrnoException).code ?? '' };
      return { server, moved };
    } catch (error) {
      lastError = error;
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (i > 0) throw error;
      if (TAKEN.has(code)) attempts.push({ host, port: 0 });
      else if (code === NOT_HERE) attempts.push({ host: '127.0.0.1', port });
      else throw error;
    }
  }
  throw lastError;
}

export async function startDesktop(options: DesktopStartOptions): Promise<DesktopStart> {
  const log = options.log ?? ((line: string) => console.log(line));
  const context: StartupContext = { step: 'settings', userDataDir: options.userDataDir, dataDir: options.dataDir, settingsFile: '' };
  // What is open, in order; closed in reverse when a later step fails.
  const opened: Array<() => unknown> = [];
  const closeOpened = async () => {
    for (const close of opened.splice(0).reverse()) {
      try {
        await close();
      } catch (error) {
        console.error('[erp-workbench] while closing after a failed start', error);
      }
    }
  };
  const notices: StartupMessage[] = [];
  try {
    const { settings, file: settingsFile, setAside } = openUserSettings(options.userDataDir, options.openSettingsStore);
    context.settingsFile = settingsFile;
    if (setAside) notices.push(settingsSetAsideNotice(settingsFile, setAside));

    context.step = 'data folder';
    const lock = holdDataFolder(options.dataDir, { kind: 'desktop' });
    opened.push(() => lock.release());

    context.step = 'database';
    const core = createCore({ dataDir: options.dataDir, preferences: preferencesIn(settings) });
    opened.push(() => core.close());

    context.step = 'listener';
    const host = settings.get('listenHost');
    const port = settings.get('listenPort');
    const tls = settings.get('listenHttps') ? await ensureTlsCertificate(options.dataDir, certificateNames(host)) : undefined;
    if (tls) log(`TLS: certificate SHA-256 ${tls.fingerprint256}; CA file ${tls.caFile}`);
    const { server, moved } = await listen({ ...options.server, core, ...(tls && { tls }) }, host, port);
    opened.push(() => server.close());
    const url = core.publicUrl();
    if (moved) notices.push(listenerMovedNotice({ host, port, code: moved.code, url, settingsFile }));
    lock.listening(url);

    let closing: Promise<void> | undefined;
    return {
      ok: true,
      services: { settings, settingsFile, core, server, url, tls, notices, close: () => (closing ??= closeOpened()) },
    };
  } catch (error) {
    await closeOpened();
    return { ok: false, failure: describeStartupFailure(error, context), notices, error };
  }
}
