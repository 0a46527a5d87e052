import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

export interface ServeArgs {
  dataDir: string | undefined;
  host: string | undefined;
  port: number | undefined;
  seed: 'demo' | 'empty';
  scale: number;
  adminToken: string | undefined;
  /** A file holding the admin token (kept out of `ps`, unlike --admin-token). */
  adminTokenFile: string | undefined;
  /** Start the embedded FTP server and point every account without storage at it. */
  embeddedFtp: boolean;
  /** Serve over TLS (a certificate made once in the data folder); undefined: the user setting decides. */
  https: boolean | undefined;
  /** Print one JSON line describing the started service instead of the banner. */
  json: boolean;
  /** A fixtures file (JSON or YAML) applied once the service runs. */
  fixtures: string | undefined;
  /** Host names added to the allowed_hosts setting (DNS-rebinding check) at start. */
  allowedHosts: string[] | undefined;
  /** A folder of HAR recordings whose answers are replayed (docs/fidelity.md, Replay). */
  replay: string | undefined;
  /** What answers the requests no recording holds: the twin (default) or a 404. */
  replayFallback: 'twin' | '404';
}

export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * The environment variables serve reads when the flag is absent (a flag always wins): a
 * container or a CI service is configured this way.
 */
export const SERVE_ENV = {
  data: 'ERP_WORKBENCH_DATA',
  host: 'ERP_WORKBENCH_HOST',
  port: 'ERP_WORKBENCH_PORT',
  seed: 'ERP_WORKBENCH_SEED',
  scale: 'ERP_WORKBENCH_SCALE',
  'allowed-hosts': 'ERP_WORKBENCH_ALLOWED_HOSTS',
  fixtures: 'ERP_WORKBENCH_FIXTURES',
} as const;

/** The environment variable that gives the admin token without showing it in `ps`. */
export const ADMIN_TOKEN_ENV = 'ERP_WORKBENCH_ADMIN_TOKEN';

/** The usage text, naming the command the way this process was started (`npm run serve --` or `npx erp-workbench serve`). */
export function serveUsage(command = 'npm run serve --'): string {
  const pad = ' '.repeat(command.length + 8);
  return `Usage: ${command} [--data DIR] [--host 127.0.0.1] [--port 8080] [--seed demo|empty]
${pad}[--scale N] [--admin-token TOKEN | --admin-token-file FILE]
${pad}[--embedded-ftp] [--https | --no-https] [--json]
${pad}[--fixtures FILE] [--allowed-hosts NAME,...]
${pad}[--replay DIR [--replay-fallback twin|404]]

  --port 0        picks a free port (printed, and in --json's "port")
  --json          one JSON line on stdout before anything else: urls, port, pid, token_generated
  --fixtures FILE declared users, connectors, products, contacts and orders (JSON or YAML), applied idempotently
  --allowed-hosts extra Host names accepted while listening on loopback (the allowed_hosts setting)
  --replay DIR    answer REST requests found in DIR's *.har recordings with the recorded answer
                  (method, path, filters, query, body hash); the others: --replay-fallback twin (default) or 404

Environment (a flag wins): ${ADMIN_TOKEN_ENV}, ${Object.values(SERVE_ENV).join(', ')}.
Without any admin token a random one is made and printed; a given one is never printed
(the start-up lines say where it came from).`;
}

/** The usage text of `npm run serve` (kept for callers of the constant). */
export const USAGE = serveUsage();

const TOKEN = /^[\x21-\x7e]{8,200}$/;
const TOKEN_RULE = 'use 8 to 200 printable characters without spaces';

/** The flags given, completed by the environment for those absent; names the source of a bad value. */
function withEnvironment(values: Record<string, string | boolean | undefined>, env: NodeJS.ProcessEnv): Map<string, string> {
  const source = new Map<string, string>();
  for (const [flag, variable] of Object.entries(SERVE_ENV)) {
    if (values[flag] !== undefined) {
      source.set(flag, `--${flag}`);
    } else if (env[variable] !== undefined && env[variable] !== '') {
      values[flag] = env[variable];
      source.set(flag, variable);
    } else {
      source.set(flag, `--${flag}`);
    }
  }
  return source;
}

/** Reads the contract's serve flags (then the environment); a bad value is a UsageError that names the flag or variable. */
export function parseServeArgs(argv: string[], env: NodeJS.ProcessEnv = {}): ServeArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        data: { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        seed: { type: 'string' },
        scale: { type: 'string' },
        'admin-token': { type: 'string' },
        'admin-token-file': { type: 'string' },
        'embedded-ftp': { type: 'boolean', default: false },
        https: { type: 'boolean' },
        'no-https': { type: 'boolean' },
        json: { type: 'boolean', default: false },
        fixtures: { type: 'string' },
        'allowed-hosts': { type: 'string' },
        replay: { type: 'string' },
        'replay-fallback': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) throw new UsageError('');
  const from = withEnvironment(values, env);
  const seed = values.seed ?? 'demo';
  const scale = values.scale ?? '1';
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!/^\d+$/.test(values.port!) || port > 65535)) {
    throw new UsageError(`${from.get('port')}: '${values.port}' is not a port number (0-65535; 0 picks a free port)`);
  }
  if (seed !== 'demo' && seed !== 'empty') {
    throw new UsageError(`${from.get('seed')}: '${seed}' is not one of demo, empty`);
  }
  if (!/^\d+$/.test(scale) || Number(scale) < 1 || Number(scale) > 10000) {
    throw new UsageError(`${from.get('scale')}: '${scale}' is not a whole number from 1 to 10000`);
  }
  const token = values['admin-token'];
  if (token !== undefined && !TOKEN.test(token)) throw new UsageError(`--admin-token: ${TOKEN_RULE}`);
  if (token !== undefined && values['admin-token-file'] !== undefined) {
    throw new UsageError('--admin-token and --admin-token-file: give one of them');
  }
  if (values['admin-token-file'] === '') throw new UsageError('--admin-token-file: empty');
  if (values.host !== undefined && values.host.trim() === '') throw new UsageError(`${from.get('host')}: empty`);
  if (values.data !== undefined && values.data.trim() === '') throw new UsageError(`${from.get('data')}: empty`);
  if (values.fixtures !== undefined && values.fixtures.trim() === '') throw new UsageError(`${from.get('fixtures')}: empty`);
  if (values.replay !== undefined && values.replay.trim() === '') throw new UsageError('--replay: empty (give the folder holding the .har files)');
  const replayFallback = values['replay-fallback'] ?? 'twin';
  if (replayFallback !== 'twin' && replayFallback !== '404') throw new UsageError(`--replay-fallback: '${replayFallback}' is not one of twin, 404`);
  if (values['replay-fallback'] !== undefined && values.replay === undefined) throw new UsageError('--replay-fallback needs --replay DIR');
  if (values.https && values['no-https']) throw new UsageError('--https and --no-https: give one of them');
  return {
    dataDir: values.data,
    host: values.host,
    port,
    seed,
    scale: Number(scale),
    adminToken: token,
    adminTokenFile: values['admin-token-file'],
    embeddedFtp: values['embedded-ftp'] === true,
    https: values['no-https'] ? false : values.https,
    json: values.json === true,
    fixtures: values.fixtures,
    allowedHosts: values['allowed-hosts'] === undefined ? undefined : parseHostList(values['allowed-hosts'], from.get('allowed-hosts')!),
    replay: values.replay,
    replayFallback,
  };
}

/** `a.example,b.example` -> the names; an empty entry or one with spaces or a scheme is refused. */
function parseHostList(text: string, source: string): string[] {
  const names = text.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!/^(\*\.)?[A-Za-z0-9_.[\]:-]+$/.test(name)) {
      throw new UsageError(`${source}: '${name}' is not a host name (a comma-separated list such as erp.test,*.ci.internal; no scheme, no port)`);
    }
  }
  return names;
}

/** An admin token the user gave, and where it came from (said at start-up in its place: it is never printed). */
export interface GivenToken {
  token: string;
  /** `--admin-token-file FILE`, `--admin-token` or `ERP_WORKBENCH_ADMIN_TOKEN`. */
  from: string;
}

/**
 * The admin token to use, or undefined for a random one: --admin-token-file, else --admin-token,
 * else ERP_WORKBENCH_ADMIN_TOKEN. A token on the command line shows in `ps` to every user of the
 * machine; the file and the variable do not. The file may end with a newline (`echo x > file`).
 */
export function resolveAdminToken(args: Pick<ServeArgs, 'adminToken' | 'adminTokenFile'>, env: NodeJS.ProcessEnv): GivenToken | undefined {
  if (args.adminTokenFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(args.adminTokenFile, 'utf8');
    } catch (error) {
      throw new UsageError(`--admin-token-file: cannot read ${args.adminTokenFile} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    const fromFile = text.replace(/\r?\n$/, '');
    if (fromFile === '') throw new UsageError(`--admin-token-file: ${args.adminTokenFile} is empty`);
    if (!TOKEN.test(fromFile)) throw new UsageError(`--admin-token-file: the token in ${args.adminTokenFile} is not valid (${TOKEN_RULE}, on one line)`);
    return { token: fromFile, from: `--admin-token-file ${args.adminTokenFile}` };
  }
  if (args.adminToken !== undefined) return { token: args.adminToken, from: '--admin-token' };
  const fromEnv = env[ADMIN_TOKEN_ENV];
  if (fromEnv === undefined || fromEnv === '') return undefined;
  if (!TOKEN.test(fromEnv)) throw new UsageError(`${ADMIN_TOKEN_ENV}: ${TOKEN_RULE}`);
  return { token: fromEnv, from: ADMIN_TOKEN_ENV };
}
