import { fileURLToPath } from 'node:url';
import { defaultDataDir, defaultUserDataDir } from '../core/paths.ts';
import type { StartedService } from '../lib/start-service.ts';
import type { TlsCertificate } from '../server/tls-certificate.ts';
import { parseServeArgs, resolveAdminToken, serveUsage, UsageError, type GivenToken, type ServeArgs } from './args.ts';
import { watchWrapper } from './wrapper-watch.ts';
import { isOperationError } from '../../shared/contract/errors.ts';
import type { FixturesResult } from '../../shared/contract/fixtures.ts';

/** serve's exit code when another service holds the data folder (docs/cli.md). */
const EXIT_DATA_FOLDER_IN_USE = 6;

/** The built web UI of this checkout (`npm run build:renderer`), served at `/`. */
const RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));

/** The TLS certificate of the data folder for a listener on `host` (made on first use). */
async function listenerCertificate(dataDir: string, host: string) {
  const { ensureTlsCertificate, certificateNames } = await import('../server/tls-certificate.ts');
  return ensureTlsCertificate(dataDir, certificateNames(host));
}

/**
 * The command this process was started with, for the usage text: the bin says so through
 * ERP_WORKBENCH_SERVE_COMMAND; npm run sets npm_lifecycle_event; else the script itself.
 */
function startCommand(env: NodeJS.ProcessEnv): string {
  if (env.ERP_WORKBENCH_SERVE_COMMAND) return env.ERP_WORKBENCH_SERVE_COMMAND;
  if (env.npm_lifecycle_event === 'serve') return 'npm run serve --';
  return `node ${process.argv[1] ?? 'serve.js'}`;
}

/** Reads flags and environment; --help and a bad flag answer here and exit. */
function readArgs(argv: string[]): { args: ServeArgs; givenToken: GivenToken | undefined } {
  try {
    const args = parseServeArgs(argv, process.env);
    return { args, givenToken: resolveAdminToken(args, process.env) };
  } catch (error) {
    if (error instanceof UsageError) {
      if (error.message) console.error(`error: ${error.message}`);
      console.error(serveUsage(startCommand(process.env)));
      process.exit(error.message ? 2 : 0);
    }
    throw error;
  }
}

/** A fixtures file, read and checked; a usage error (exit 2) naming the file and each problem. */
async function readFixtures(file: string) {
  const { readFixturesFile, FixturesFileError } = await import('../lib/fixtures-file.ts');
  try {
    return await readFixturesFile(file);
  } catch (error) {
    if (!(error instanceof FixturesFileError)) throw error;
    console.error(`error: --fixtures ${error.file}:\n  ${error.problems.join('\n  ')}`);
    process.exit(2);
  }
}

/** The recordings of --replay DIR, read and checked before anything starts; a usage error (exit 2) naming the file and the field. */
async function readReplay(dir: string) {
  const { loadReplayIndex, ReplayIndexError } = await import('../core/domains/fidelity/index.ts');
  try {
    return loadReplayIndex(dir);
  } catch (error) {
    if (!(error instanceof ReplayIndexError)) throw error;
    console.error(`error: --replay ${error.message}`);
    process.exit(2);
  }
}

/** "2 API users, 3 products, 1 order created; 1 product existed" */
function summary(result: FixturesResult): string {
  const count = (pick: (a: FixturesResult['accounts'][number]) => unknown[]) => result.accounts.reduce((n, a) => n + pick(a).length, 0);
  const created = [
    [count((a) => a.api_users.created), 'API user(s)'],
    [count((a) => a.products.created), 'product(s)'],
    [count((a) => a.contacts.created), 'contact(s)'],
    [count((a) => a.orders.created), 'order(s)'],
  ] as const;
  const existed = count((a) => [...a.api_users.existed, ...a.products.existed, ...a.contacts.existed, ...a.orders.existed]);
  const made = created.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  return `${made.length ? `${made.join(', ')} created` : 'nothing new'}; ${existed} existed already; ${count((a) => a.connectors.updated)} connector(s) updated`;
}

/** The REST API users of every account: the banner says how many exist instead of assuming none. */
async function countApiUsers(service: StartedService, companyIds: number[]): Promise<number> {
  let count = 0;
  for (const companyId of companyIds) count += (await service.core.invoke('apiUsers.list', { company_id: companyId })).length;
  return count;
}

/**
 * The headless service: the same core and HTTP doors as the desktop app, without a window.
 * Stops cleanly on SIGINT/SIGTERM/SIGHUP, and when the npm or npx wrapper that started it goes
 * away: no new connections, requests in flight finish, the database closes, exit 0.
 */
async function main(argv: string[]): Promise<void> {
  // Whoever reads our output may go away first (a closed pipe); losing log lines must not
  // turn a clean stop into a crash.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  const { args, givenToken } = readArgs(argv);
  // --json: stdout carries only the JSON line; the human lines go to stderr.
  const say = args.json ? (line: string) => console.error(line) : (line: string) => console.log(line);

  const { seedProgressBar } = await import('./progress.ts');
  // The settings file is read (through conf, ~0.2 s to load) only when a flag leaves it a say.
  const opened =
    args.host === undefined || args.port === undefined || args.https === undefined
      ? (await import('./user-settings.ts')).openConfUserSettings(defaultUserDataDir())
      : undefined;
  const settings = opened?.settings;
  if (opened?.setAside) {
    console.error(`warning: ${opened.file} could not be read (${opened.setAside.problem}); it was moved, unchanged, to ${opened.setAside.file}, and the default settings apply`);
  }
  const host = args.host ?? settings?.get('listenHost') ?? '127.0.0.1';
  const port = args.port ?? settings?.get('listenPort') ?? 8080;
  const https = args.https ?? settings?.get('listenHttps') ?? false;
  const dataDir = args.dataDir ?? defaultDataDir();
  // Read and checked before anything starts: a bad fixtures file stops here, naming its places.
  const fixtures = args.fixtures === undefined ? undefined : await readFixtures(args.fixtures);
  const replay = args.replay === undefined ? undefined : await readReplay(args.replay);

  const progress = seedProgressBar();
  // TLS: the certificate made once in the data folder (and reused), loaded only when asked for,
  // and only once the folder is ours (startService holds it first).
  let tls: TlsCertificate | undefined;
  const makeTls = async () => (tls = await listenerCertificate(dataDir, host));
  const { startService } = await import('../lib/start-service.ts');
  let service: StartedService;
  try {
    service = await startService({
      dataDir,
      host,
      port,
      seed: args.seed,
      scale: args.scale,
      adminToken: givenToken?.token,
      rendererDir: RENDERER_DIR,
      holder: { kind: 'serve', command: startCommand(process.env).replace(/ --$/, '') },
      ...(https && { makeTls }),
      ...(args.allowedHosts && { allowedHosts: args.allowedHosts }),
      ...(replay && { replay, replayFallback: args.replayFallback }),
      onSeedProgress: progress.onProgress,
      onSeedWait: (pid) => console.error(`another process (pid ${pid}) is seeding ${dataDir}; waiting for it to finish...`),
    });
  } catch (error) {
    progress.stop();
    const code = (error as { code?: unknown }).code;
    // By its code: the lock's module (and SQLite) is loaded by startService, not before it.
    if (code === 'ERP_DATA_FOLDER_IN_USE') {
      const { message, holder } = error as Error & { holder?: { url?: string } };
      console.error(`error: ${message}`);
      console.error("  Two services on one folder would lose each other's changes: stop that one first, or give this one another folder (--data DIR).");
      if (holder?.url) console.error(`  It serves this data at ${holder.url} already.`);
      process.exit(EXIT_DATA_FOLDER_IN_USE);
    }
    if (code === 'EADDRINUSE') console.error(`error: ${host}:${port} is already in use; choose another --port (0 picks a free one)`);
    // A system error of listen() (EACCES, EADDRNOTAVAIL...) names the address; anything else
    // (the store refused: a newer data folder; a folder that cannot be written) is
    // its own sentence.
    else if ((error as NodeJS.ErrnoException).syscall === 'listen') console.error(`error: cannot listen on ${host}:${port}: ${(error as Error).message}`);
    else console.error(`error: ${(error as Error).message}`);
    process.exit(1);
  }
  progress.stop();
  const { core } = service;
  const [{ REST_PREFIX }, accounts, health] = await Promise.all([
    import('../server/public/index.ts'),
    core.invoke('accounts.list', {}),
    core.invoke('service.health', {}),
  ]);
  let applied: FixturesResult | undefined;
  if (fixtures) {
    try {
      applied = await core.invoke('fixtures.apply', fixtures);
    } catch (error) {
      // All or nothing: the refusal changed nothing; the service does not run half-prepared.
      console.error(`error: ${args.fixtures}: ${isOperationError(error) ? error.messages.join('; ') : (error as Error).message}`);
      await service.stop();
      process.exit(1);
    }
  }
  const apiUsers = await countApiUsers(service, accounts.map((a) => a.company_id));
  const ftp = args.embeddedFtp ? await core.useEmbeddedFtpForAll() : undefined;

  const restBase = `${service.url}${REST_PREFIX}`;
  // A token the user gave is theirs to know: printed, it would land in `docker logs` and in
  // public CI logs. Only a generated one (which nobody knows otherwise) is shown.
  const shownToken = givenToken === undefined ? service.adminToken : undefined;
  const webUi = `${service.url}/?token=${shownToken === undefined ? '<admin token>' : encodeURIComponent(shownToken)}`;
  if (args.json) {
    // One line, first on stdout: a script reads it and knows where everything is.
    process.stdout.write(
      `${JSON.stringify({
        event: 'listening',
        version: health.version,
        pid: process.pid,
        host,
        port: service.port,
        url: service.url,
        rest_base: `${restBase}/{company_id}/`,
        control_base: `${service.url}/_sandbox/`,
        health_url: `${service.url}/_sandbox/health`,
        web_ui: shownToken === undefined ? `${service.url}/` : webUi,
        ...(shownToken !== undefined && { admin_token: shownToken }),
        token_generated: service.tokenGenerated,
        admin_token_from: givenToken?.from ?? 'generated',
        data_dir: dataDir,
        seeded: service.seeded ? { seed: args.seed, scale: args.scale } : null,
        accounts: accounts.map((a) => ({ company_id: a.company_id, name: a.name })),
        api_users: apiUsers,
        ...(applied && { fixtures: applied }),
        ...(ftp && { ftp: `ftp://${ftp.host}:${ftp.port}/` }),
        ...(replay && { replay: { dir: args.replay, entries: replay.entries, files: replay.files, without_body: replay.withoutBody, fallback: args.replayFallback } }),
        ...(tls && { tls: { ca_file: tls.caFile, fingerprint256: tls.fingerprint256 } }),
      })}\n`,
    );
  }
  const seedNote = !service.seeded
    ? ''
    : core.startState === 'interrupted'
      ? ` (an earlier seed was interrupted: seeded again: ${args.seed}, scale ${args.scale})`
      : ` (new, seeded: ${args.seed}, scale ${args.scale})`;
  say(`ERP Workbench ${health.version} — data in ${dataDir}${seedNote}`);
  say(`REST API:    ${restBase}/{company_id}/   accounts: ${accounts.map((a) => `${a.company_id} (${a.name})`).join(', ')}`);
  say(`Control API: ${service.url}/_sandbox/   (Authorization: Bearer ${shownToken ?? '<admin token>'})`);
  say(`Web UI:      ${webUi}`);
  if (givenToken) say(`Admin token: from ${givenToken.from} (not printed)`);
  if (tls) {
    const made = tls.generated === 'none' ? 'reused' : tls.generated === 'server' ? 'made now by the same CA' : 'made now with a new CA';
    say(`TLS:         certificate SHA-256 ${tls.fingerprint256} (${made}; valid until ${tls.validTo.toISOString().slice(0, 10)})`);
    say(`CA file:     ${tls.caFile}   (trust it: curl --cacert FILE, NODE_EXTRA_CA_CERTS=FILE)`);
  }
  say(
    apiUsers === 0
      ? 'No API user exists yet: create one with POST /_sandbox/accounts/{company_id}/api-users (or npx erp-workbench users create)'
      : `API users:   ${apiUsers} (list them: GET /_sandbox/accounts/{company_id}/api-users)`,
  );
  if (replay) {
    const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    say(`Replaying ${plural(replay.entries, 'recorded answer', 'recorded answers')} from ${args.replay} (${plural(replay.files, 'file', 'files')}); other requests: ${args.replayFallback}`);
    if (replay.withoutBody > 0) say(`  (${plural(replay.withoutBody, 'recorded call', 'recorded calls')} left out: recorded without the answer's body, such as documents)`);
  }
  if (applied) say(`Fixtures:    ${args.fixtures}: ${summary(applied)}`);
  if (ftp) say(`FTP storage: ftp://${ftp.host}:${ftp.port}/ (embedded, files in ${ftp.root}; accounts: ${ftp.accounts.join(', ') || 'none'})`);

  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    say(`${reason}: stopping (finishing requests in flight)...`);
    await service.stop();
    say('stopped');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
  watchWrapper(process.env, (why) => void stop(why));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
