import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { invoke } from './client.ts';
import { contextOf, wholeNumber } from './context.ts';
import type { NewApiUser } from '../../../shared/domain/accounts.ts';

const list = (value: string) => value.split(',').map((item) => item.trim()).filter(Boolean);

interface CreateOptions {
  company: number;
  username?: string;
  password?: string;
  ip?: string[];
  methods?: string[];
  routes?: string[];
  connector?: number;
}

/** users create: an API user of an account; its password is printed this once (only its hash is kept). */
export function registerUsers(program: Command): void {
  const users = program.command('users').description('API users (the Basic credentials of the REST API)');
  users
    .command('create')
    .description('Create an API user; prints its password once (it is never shown again)')
    .option('--company <id>', 'account', wholeNumber, 1)
    .option('--username <name>', '3-64 characters: letters, digits, . _ @ - (default: a random one)')
    .option('--password <password>', 'at least 12 characters (default: generated)')
    .option('--ip <list>', 'comma-separated IP whitelist (default: any)', list)
    .option('--methods <list>', 'comma-separated HTTP methods allowed, e.g. GET,POST (default: all)', list)
    .option('--routes <list>', 'comma-separated REST modules allowed (default: all)', list)
    .option('--connector <id>', 'tie the user to a connector', wholeNumber)
    .action(async (options: CreateOptions, command: Command) => {
      const ctx = contextOf(command);
      const created = await invoke(ctx.connection(), 'apiUsers.create', {
        company_id: options.company,
        username: options.username ?? `cli-${randomBytes(4).toString('hex')}`,
        ...(options.password && { password: options.password }),
        ...(options.ip && { ip_whitelist: options.ip }),
        // Checked by the service (a 400 naming the field), like every other value.
        ...(options.methods && { methods: options.methods as NewApiUser['methods'] }),
        ...(options.routes && { routes: options.routes as NewApiUser['routes'] }),
        ...(options.connector && { connector_id: options.connector }),
      });
      ctx.print(created, () =>
        [
          `API user ${created.username} of account ${options.company} (id ${created.id})`,
          `password: ${created.password}`,
          'The password is shown only now: keep it.',
        ].join('\n'),
      );
    });
}
