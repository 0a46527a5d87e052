import { parseArgs } from 'node:util';

export interface ServeArgs {
  dataDir: string | undefined;
  host: string | undefined;
  port: number | undefined;
  seed: 'demo' | 'empty';
  scale: number;
  adminToken: string | undefined;
  /** Start the embedded FTP server and point every account without storage at it. */
  embeddedFtp: boolean;
  /** Serve over TLS (a certificate made once in the data folder); undefined: the user setting decides. */
  https: boolean | undefined;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = `Usage: npm run serve -- [--data DIR] [--host 127.0.0.1] [--port 8080] [--seed demo|empty]
                      [--scale N] [--admin-token TOKEN] [--embedded-ftp] [--https | --no-https]
       (or: npx erp-workbench serve [the same flags])`;

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
  if (token !== undefined && !/^[\x21-\x7e]{8,200}$/.test(token)) {
    throw new UsageError('--admin-token: use 8 to 200 printable characters without spaces');
  }
  if (values.host !== undefined && values.host.trim() === '') throw new UsageError('--host: empty');
  if (values.https && values['no-https']) throw new UsageError('--https and --no-https: give one of them');
  return {
    dataDir: values.data,
    host: values.host,
    port,
    seed: values.seed,
    scale: Number(values.scale),
    adminToken: token,
    embeddedFtp: values['embedded-ftp'] === true,
    https: values['no-https'] ? false : values.https,
  };
}
