import { readFileSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import { UsageError, type Connection } from './client.ts';

/** The exit codes of every command (docs/control-api.md, "The CLI"). */
export const EXIT = { ok: 0, apiError: 1, usage: 2, unreachable: 3, verifyFailed: 4, driftAboveThreshold: 5 } as const;

/** The options every command takes (declared on the program, given before or after the command). */
export interface GlobalOptions {
  url?: string;
  token?: string;
  ca?: string;
  json?: boolean;
}

/** What a command's action works with: where the service is, and how to print. */
export interface CommandContext {
  /** The service to talk to; a UsageError when no token is known. */
  connection(): Connection;
  /** --json: one JSON object per line on stdout, for scripts. */
  json: boolean;
  /** Prints a result: `value` as one JSON line with --json, else `human` (lines of text). */
  print(value: unknown, human: () => string): void;
  /** Notes for a person (ready, stopped): stderr, so stdout stays the results alone. */
  note(text: string): void;
}

/** The service from the flags' values (or the environment's): a UsageError when one is bad or the token missing. */
export function connectionOf(url: string | undefined, token: string | undefined, caFile: string | undefined): Connection {
  const base = (url ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/?#]+$/.test(base)) throw new UsageError(`--url: '${base}' is not http(s)://host:port`);
  if (!token) throw new UsageError('no admin token: pass --token or set ERP_WORKBENCH_TOKEN (or ERP_WORKBENCH_ADMIN_TOKEN, which serve reads too; npx erp-workbench serve prints it)');
  let ca: string | undefined;
  if (caFile) {
    try {
      ca = readFileSync(caFile, 'utf8');
    } catch (error) {
      throw new UsageError(`--ca: cannot read ${caFile}: ${(error as Error).message}`);
    }
  }
  return { url: base, token, ca };
}

/**
 * The common options as given: after the command's name or before it (on the program), the
 * nearer one winning (commander's optsWithGlobals lets the program's win).
 */
export function commonOptions(command: Command): GlobalOptions {
  const chain: Command[] = [];
  for (let at: Command | null = command; at; at = at.parent) chain.unshift(at);
  const given = (at: Command) => Object.entries(at.opts<GlobalOptions>()).filter(([, value]) => value !== undefined);
  return chain.reduce<GlobalOptions>((all, at) => ({ ...all, ...Object.fromEntries(given(at)) }), {});
}

export function contextOf(command: Command, env: NodeJS.ProcessEnv = process.env): CommandContext {
  const options = commonOptions(command);
  const json = options.json === true;
  return {
    json,
    connection: () => connectionOf(options.url ?? env['ERP_WORKBENCH_URL'], options.token ?? env['ERP_WORKBENCH_TOKEN'] ?? env['ERP_WORKBENCH_ADMIN_TOKEN'], options.ca),
    print(value, human) {
      process.stdout.write(`${json ? JSON.stringify(value) : human()}\n`);
    },
    note(text) {
      process.stderr.write(`${text}\n`);
    },
  };
}

/** Commander's parser of a whole number option (ids, counts): anything else is a usage error naming the option. */
export function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError(`'${value}' is not a whole number of at least 1`);
  return Number(value);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
