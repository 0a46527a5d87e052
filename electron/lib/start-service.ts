import { randomBytes } from 'node:crypto';
import type { Core } from '../core/create-core.ts';
import type { RunningServer, ServerOptions } from '../server/create-server.ts';
import type { SeedProgress } from '../core/store/seed/index.ts';
import { holdDataFolder, type HolderKind } from '../core/store/data-folder-lock.ts';

/** What it takes to start the service: the headless CLI and the in-process API both come here. */
export interface StartServiceOptions {
  dataDir: string;
  host: string;
  port: number;
  seed: 'demo' | 'empty';
  scale: number;
  /** Undefined: a random one is made (`tokenGenerated`). */
  adminToken: string | undefined;
  /** The built web UI folder, served at `/`; absent: no web UI. */
  rendererDir?: string;
  /** PEM key and certificate of an https listener. */
  tls?: { key: string; cert: string; ca?: string };
  /** Makes them, once the data folder is held (they are kept in it: serve --https). */
  makeTls?: () => Promise<{ key: string; cert: string; ca?: string }>;
  /** Names added to the allowed_hosts setting (kept there, like a change made in the window). */
  allowedHosts?: readonly string[];
  /** serve --replay: recorded answers first (server/public/replay.ts), and what answers the rest. */
  replay?: ServerOptions['replay'];
  replayFallback?: ServerOptions['replayFallback'];
  /** Seed progress (a new data folder only). */
  onSeedProgress?: SeedProgress;
  /** Another process seeds the same folder: we wait for it. */
  onSeedWait?: (pid: number) => void;
  /** Who holds the data folder, for the message a second start on it shows (default: the library). */
  holder?: { kind: HolderKind; command?: string };
}

export interface StartedService {
  core: Core;
  server: RunningServer;
  /** http(s)://host:port of the listener (the port bound, also when 0 was asked). */
  url: string;
  port: number;
  adminToken: string;
  /** True when no token was given and one was made now. */
  tokenGenerated: boolean;
  /** True when this start seeded the data folder (new, or an interrupted seed redone). */
  seeded: boolean;
  /** Stops accepting, finishes requests in flight, closes the database. Safe to call twice. */
  stop(): Promise<void>;
}

/** The port of an http(s)://host:port URL. */
function portOf(url: string): number {
  return Number(new URL(url).port);
}

/**
 * Takes the data folder (a second service on it is refused: DataFolderInUseError, naming the
 * first), seeds it when new (in a worker thread, before the core loads: its memory goes with the
 * thread), opens the core and starts the HTTP listener. On a failure what was opened is closed
 * again and the folder released, and the error thrown as it came (EADDRINUSE ...).
 */
export async function startService(options: StartServiceOptions): Promise<StartedService> {
  const lock = holdDataFolder(options.dataDir, options.holder ?? { kind: 'library' });
  let started: StartedService;
  try {
    started = await startHeld(options);
  } catch (error) {
    lock.release();
    throw error;
  }
  lock.listening(started.core.publicUrl());
  const stop = started.stop;
  let stopped: Promise<void> | undefined;
  return { ...started, stop: () => (stopped ??= stop().finally(() => lock.release())) };
}

async function startHeld(options: StartServiceOptions): Promise<StartedService> {
  const tls = options.tls ?? (options.makeTls && (await options.makeTls()));
  const { seedNewDataFolder } = await import('../core/store/first-seed.ts');
  const seededNow = await seedNewDataFolder({
    dataDir: options.dataDir,
    kind: options.seed,
    scale: options.scale,
    now: new Date(),
    ...(options.onSeedProgress && { onProgress: options.onSeedProgress }),
    ...(options.onSeedWait && { onWait: options.onSeedWait }),
  });
  const { createCore } = await import('../core/create-core.ts');
  const core = createCore({
    dataDir: options.dataDir,
    seed: options.seed,
    scale: options.scale,
    ...(options.onSeedProgress && { onSeedProgress: options.onSeedProgress }),
  });
  const adminToken = options.adminToken ?? randomBytes(18).toString('base64url');
  let server: RunningServer;
  try {
    if (options.allowedHosts?.length) {
      const current = (await core.invoke('settings.get', {})).allowed_hosts;
      const missing = options.allowedHosts.filter((name) => !current.includes(name.toLowerCase()));
      if (missing.length) await core.invoke('settings.update', { allowed_hosts: [...current, ...missing] });
    }
    const { startServer } = await import('../server/create-server.ts');
    server = await startServer({
      core,
      host: options.host,
      port: options.port,
      adminToken,
      ...(options.rendererDir && { rendererDir: options.rendererDir }),
      ...(tls && { tls }),
      ...(options.replay && { replay: options.replay, replayFallback: options.replayFallback ?? 'twin' }),
    });
  } catch (error) {
    await core.close();
    throw error;
  }
  let stopped: Promise<void> | undefined;
  return {
    core,
    server,
    url: server.url,
    port: portOf(server.url),
    adminToken,
    tokenGenerated: options.adminToken === undefined,
    seeded: seededNow || core.seeded,
    stop: () =>
      (stopped ??= (async () => {
        try {
          await server.close();
        } finally {
          await core.close();
        }
      })()),
  };
}
