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
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = `Usage: npm run serve -- [--data DIR] [--host 127.0.0.1] [--port 8080] [--seed demo|empty]
                      [--scale N] [--admin-token TOKEN | --admin-token-file FILE]
                      [--embedded-ftp] [--https | --no-https]
       (or: npx erp-workbench serve [the same flags])
The admin token also comes from ERP_WORKBENCH_ADMIN_TOKEN; without any, a random one is printed.`;

/** The environment variable that gives the admin token without showing it in `ps`. */
export const ADMIN_TOKEN_ENV = 'ERP_WORKBENCH_ADMIN_TOKEN';

const TOKEN = /^[\x21-\x7e]{8,200}$/;
const TOKEN_RULE = 'use 8 to 200 printable characters without spaces';

/** Reads the contract's serve flags; a bad value is a UsageError that names the flag. */
export function parseServeArgs(argv: string[]): ServeArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        data: { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        seed: { type: 'string', default: 'demo' },
        scale: { type: 'string', default: '1' },
        'admin-token': { type: 'string' },
        'admin-token-file': { type: 'string' },
        'embedded-ftp': { type: 'boolean', default: false },
        https: { type: 'boolean' },
        'no-https': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) throw new UsageError('');
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!/^\d+$/.test(values.port!) || port > 65535)) {
    throw new UsageError(`--port: '${values.port}' is not a port number (0-65535; 0 picks a free port)`);
  }
  if (values.seed !== 'demo' && values.seed !== 'empty') {
    throw new UsageError(`--seed: '${values.seed}' is not one of demo, empty`);
  }
  if (!/^\d+$/.test(values.scale!) || Number(values.scale) < 1 || Number(values.scale) > 10000) {
    throw new UsageError(`--scale: '${values.scale}' is not a whole number from 1 to 10000`);
  }
  const token = values['admin-token'];
  if (token !== undefined && !TOKEN.test(token)) throw new UsageError(`--admin-token: ${TOKEN_RULE}`);
  if (token !== undefined && values['admin-token-file'] !== undefined) {
    throw new UsageError('--admin-token and --admin-token-file: give one of them');
  }
  if (values['admin-token-file'] === '') throw new UsageError('--admin-token-file: empty');
  if (values.host !== undefined && values.host.trim() === '') throw new UsageError('--host: empty');
  if (values.https && values['no-https']) throw new UsageError('--https and --no-https: give one of them');
  return {
    dataDir: values.data,
    host: values.host,
    port,
    seed: values.seed,
    scale: Number(values.scale),
    adminToken: token,
    adminTokenFile: values['admin-token-file'],
    embeddedFtp: values['embedded-ftp'] === true,
    https: values['no-https'] ? false : values.https,
  };
}

/**
 * The admin token to use, or undefined for a random one: --admin-token-file, else --admin-token,
 * else ERP_WORKBENCH_ADMIN_TOKEN. A token on the command line shows in `ps` to every user of the
 * machine; the file and the variable do not. The file may end with a newline (`echo x > file`).
 */
export function resolveAdminToken(args: Pick<ServeArgs, 'adminToken' | 'adminTokenFile'>, env: NodeJS.ProcessEnv): string | undefined {
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
    return fromFile;
  }
  if (args.adminToken !== undefined) return args.adminToken;
  const fromEnv = env[ADMIN_TOKEN_ENV];
  if (fromEnv === undefined || fromEnv === '') return undefined;
  if (!TOKEN.test(fromEnv)) throw new UsageError(`${ADMIN_TOKEN_ENV}: ${TOKEN_RULE}`);
  return fromEnv;
}
