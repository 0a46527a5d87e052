import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Core } from '../core/create-core.ts';
import { defaultDataDir, defaultUserDataDir } from '../core/paths.ts';
import type { RunningServer } from '../server/create-server.ts';
import { parseServeArgs, resolveAdminToken, UsageError, USAGE } from './args.ts';

/** The built web UI of this checkout (`npm run build:renderer`), served at `/`. */
const RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));

/** The TLS certificate of the data folder for a listener on `host` (made on first use). */
async function listenerCertificate(dataDir: string, host: string) {
  const { ensureTlsCertificate, certificateNames } = await import('../server/tls-certificate.ts');
  return ensureTlsCertificate(dataDir, certificateNames(host));
}

/**
 * The headless service: the same core and HTTP doors as the desktop app, without a window.
 * Stops cleanly on SIGINT/SIGTERM: no new connections, requests in flight finish, the
 * database closes, exit 0.
 */
async function main(argv: string[]): Promise<void> {
  // Whoever reads our output may go away first (a closed pipe); losing log lines must not
  // turn a clean stop into a crash.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  let args;
  let givenToken: string | undefined;
  try {
    args = parseServeArgs(argv);
    givenToken = resolveAdminToken(args, process.env);
  } catch (error) {
    if (error instanceof UsageError) {
      if (error.message) console.error(`error: ${error.message}`);
      console.error(USAGE);
      process.exit(error.message ? 2 : 0);
    }
    throw error;
  }
  // Loaded once the flags are good: --help and a bad flag answer at once.
  const [{ seedNewDataFolder }, { seedProgressBar }] = await Promise.all([import('../core/store/first-seed.ts'), import('./progress.ts')]);
  // The settings file is read (through conf, ~0.2 s to load) only when a flag leaves it a say.
  const settings =
    args.host === undefined || args.port === undefined || args.https === undefined
      ? (await import('./user-settings.ts')).createConfUserSettings(defaultUserDataDir())
      : undefined;
  const host = args.host ?? settings?.get('listenHost') ?? '127.0.0.1';
  const port = args.port ?? settings?.get('listenPort') ?? 8080;
  const https = args.https ?? settings?.get('listenHttps') ?? false;
  const dataDir = args.dataDir ?? defaultDataDir();
  const adminToken = givenToken ?? randomBytes(18).toString('base64url');

  const progress = seedProgressBar();
  let core: Core;
  let seededNow: boolean;
  try {
    // A new folder is seeded in a worker thread first, with nothing else loaded yet: the seed's
    // memory goes with the thread (first-seed.ts).
    seededNow = await seedNewDataFolder({
      dataDir,
      kind: args.seed,
      scale: args.scale,
      now: new Date(),
      onProgress: progress.onProgress,
      onWait: (pid) => console.error(`another process (pid ${pid}) is seeding ${dataDir}; waiting for it to finish...`),
    });
    const { createCore } = await import('../core/create-core.ts');
    core = createCore({ dataDir, seed: args.seed, scale: args.scale, onSeedProgress: progress.onProgress });
  } finally {
    progress.stop();
  }
  const [{ startServer }, { REST_PREFIX }] = await Promise.all([import('../server/create-server.ts'), import('../server/public/index.ts')]);
  // TLS: the certificate made once in the data folder (and reused), loaded only when asked for.
  const tls = https ? await listenerCertificate(dataDir, host) : undefined;
  let server: RunningServer;
  try {
    server = await startServer({ core, host, port, adminToken, rendererDir: RENDERER_DIR, ...(tls && { tls }) });
  } catch (error) {
    await core.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') console.error(`error: ${host}:${port} is already in use; choose another --port (0 picks a free one)`);
    else console.error(`error: cannot listen on ${host}:${port}: ${(error as Error).message}`);
    process.exit(1);
  }

  const accounts = (await core.invoke('accounts.list', {})).map((a) => `${a.company_id} (${a.name})`);
  const seedNote = !(seededNow || core.seeded)
    ? ''
    : core.startState === 'interrupted'
      ? ` (an earlier seed was interrupted: seeded again: ${args.seed}, scale ${args.scale})`
      : ` (new, seeded: ${args.seed}, scale ${args.scale})`;
  console.log(`ERP Workbench ${(await core.invoke('service.health', {})).version} — data in ${dataDir}${seedNote}`);
  console.log(`REST API:    ${server.url}${REST_PREFIX}/{company_id}/   accounts: ${accounts.join(', ')}`);
  console.log(`Control API: ${server.url}/_sandbox/   (Authorization: Bearer ${adminToken})`);
  console.log(`Web UI:      ${server.url}/?token=${encodeURIComponent(adminToken)}`);
  if (tls) {
    const made = tls.generated === 'none' ? 'reused' : tls.generated === 'server' ? 'made now by the same CA' : 'made now with a new CA';
    console.log(`TLS:         certificate SHA-256 ${tls.fingerprint256} (${made}; valid until ${tls.validTo.toISOString().slice(0, 10)})`);
    console.log(`CA file:     ${tls.caFile}   (trust it: curl --cacert FILE, NODE_EXTRA_CA_CERTS=FILE)`);
  }
  console.log('No API user exists until you create one: POST /_sandbox/accounts/{company_id}/api-users');
  if (args.embeddedFtp) {
    const ftp = await core.useEmbeddedFtpForAll();
    console.log(`FTP storage: ftp://${ftp.host}:${ftp.port}/ (embedded, files in ${ftp.root}; accounts: ${ftp.accounts.join(', ') || 'none'})`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping (finishing requests in flight)...`);
    try {
      await server.close();
    } finally {
      await core.close();
    }
    console.log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
