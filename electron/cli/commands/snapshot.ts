import type { Command } from 'commander';
import { invoke } from './client.ts';
import { contextOf } from './context.ts';
import type { Snapshot } from '../../../shared/contract/operations-snapshots.ts';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const describe = (s: Snapshot) =>
  `${s.name}  ${s.created_ts}  ${megabytes(s.size_bytes)}  accounts: ${s.holds.accounts.map((a) => a.company_id).join(', ') || 'none'}`;

/** snapshot save|restore|list|delete: the control API's /_sandbox/snapshots (shared/contract/operations-snapshots.ts). */
export function registerSnapshot(program: Command): void {
  const snapshot = program.command('snapshot').description('Save the whole state under a name and put it back (a test suite restores before every test)');

  snapshot
    .command('save')
    .description('Save the whole data under a name (409 when it exists: --overwrite)')
    .argument('<name>', "1 to 64 letters, digits, '.', '_' or '-'")
    .option('--overwrite', 'replace a snapshot of the same name')
    .action(async (name: string, options: { overwrite?: boolean }, command: Command) => {
      const ctx = contextOf(command);
      const saved = await invoke(ctx.connection(), 'snapshots.save', { name, ...(options.overwrite && { overwrite: true }) });
      ctx.print(saved, () => `saved ${describe(saved)}`);
    });

  snapshot
    .command('restore')
    .description('Put the data of a snapshot back, in one step between two requests')
    .argument('<name>')
    .action(async (name: string, _options: unknown, command: Command) => {
      const ctx = contextOf(command);
      const restored = await invoke(ctx.connection(), 'snapshots.restore', { name });
      ctx.print(restored, () => `restored ${describe(restored.snapshot)}`);
    });

  snapshot
    .command('list')
    .description('The saved snapshots, newest first')
    .action(async (_options: unknown, command: Command) => {
      const ctx = contextOf(command);
      const list = await invoke(ctx.connection(), 'snapshots.list', {});
      if (ctx.json) for (const item of list) ctx.print(item, () => '');
      else ctx.print(list, () => (list.length ? list.map(describe).join('\n') : 'no snapshots'));
    });

  snapshot
    .command('delete')
    .description('Delete a snapshot')
    .argument('<name>')
    .action(async (name: string, _options: unknown, command: Command) => {
      const ctx = contextOf(command);
      const deleted = await invoke(ctx.connection(), 'snapshots.delete', { name });
      ctx.print(deleted, () => `deleted ${deleted.deleted}`);
    });
}
