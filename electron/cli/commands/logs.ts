import type { Command } from 'commander';
import { followEvents, invoke, UnreachableError } from './client.ts';
import { contextOf, wholeNumber } from './context.ts';
import type { ApiLogEntry } from '../../../shared/domain/api-log.ts';

const line = (e: ApiLogEntry) =>
  `${e.ts}  ${e.status}  ${e.method.padEnd(6)} ${e.route}  ${e.user || '-'}@${e.ip}  ${e.duration_ms} ms${e.fault ? `  [fault: ${e.fault}]` : ''}`;

/** logs: the REST API log of an account, live (apiLog.appended on the event stream; each entry read once). */
export function registerLogs(program: Command): void {
  program
    .command('logs')
    .description('The REST API log of an account, printed live as calls arrive (Ctrl-C stops)')
    .option('--company <id>', 'account', wholeNumber, 1)
    .option('--status <code>', 'only calls answered with this status', wholeNumber)
    .option('--tail <n>', 'first print the last n entries', wholeNumber)
    .action(async (options: { company: number; status?: number; tail?: number }, command: Command) => {
      const ctx = contextOf(command);
      const conn = ctx.connection();
      const show = (entry: ApiLogEntry) => {
        if (options.status === undefined || entry.status === options.status) ctx.print(entry, () => line(entry));
      };
      if (options.tail) {
        const last = await invoke(conn, 'apiLog.list', { company_id: options.company, limit: options.tail });
        last.reverse().forEach(show);
      }
      // Entries are read in the order they were logged, one at a time (a burst is not reordered).
      let queue = Promise.resolve();
      const stream = await followEvents(conn, options.company, (event) => {
        if (event.name !== 'apiLog.appended' || event.data.company_id !== options.company) return;
        const { id } = event.data;
        queue = queue.then(() => invoke(conn, 'apiLog.get', { company_id: options.company, id }).then(show, () => undefined));
      });
      ctx.note(`Listening to the API log of account ${options.company} at ${conn.url} (Ctrl-C stops)`);
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.once(signal, () => {
          stream.close();
          process.exit(0);
        });
      }
      await stream.ended;
      throw new UnreachableError(`the event stream of ${conn.url} ended: the service stopped`);
    });
}
