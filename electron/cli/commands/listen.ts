import type { Command } from 'commander';
import { followEvents, invoke, UnreachableError, type Connection } from './client.ts';
import { watchWrapper } from '../wrapper-watch.ts';
import { contextOf, wholeNumber } from './context.ts';
import type { CoreEvents } from '../../../shared/contract/events.ts';

type Attempt = CoreEvents['webhook.attempt'];

interface ListenOptions {
  company: number;
  connector?: number;
  forwardTo?: string;
}

/** What a delivery line says: the attempt and what the delivery it belongs to carries. */
interface DeliveryLine extends Attempt {
  notification_type: string | null;
  order_unique_id: string | null;
  url: string | null;
}

const human = (d: DeliveryLine) =>
  `${new Date().toISOString().slice(11, 23)}  delivery ${d.delivery_id}  ${d.notification_type ?? '?'}${d.order_unique_id ? ` ${d.order_unique_id}` : ''}` +
  `  connector ${d.connector_id}  attempt ${d.attempt_no}  ` +
  `${d.http_status ?? d.error ?? 'no answer'}  ${d.status}  ${d.duration_ms} ms${d.next_attempt_ts ? `  next ${d.next_attempt_ts}` : ''}`;

/**
 * --forward-to: points the connector's receiver at the URL for this session and answers how to put
 * the old one back. The old one is kept as it is stored: a path of the built-in inbox stays a path.
 */
async function forward(conn: Connection, options: ListenOptions & { connector: number }, url: string): Promise<() => Promise<void>> {
  const ref = { company_id: options.company, connector_id: options.connector };
  const [config, info] = await Promise.all([invoke(conn, 'connectors.get', ref), invoke(conn, 'service.info', {})]);
  const base = info.control_base_url.replace(/\/_sandbox\/$/, '');
  const previous = config.connector.order_event_notification_url;
  const stored = previous.startsWith(`${base}/_sandbox/inbox/`) ? previous.slice(base.length) : previous;
  await invoke(conn, 'connectors.update', { ...ref, order_event_notification_url: url });
  return async () => {
    await invoke(conn, 'connectors.update', { ...ref, order_event_notification_url: stored });
  };
}

async function describe(conn: Connection, attempt: Attempt): Promise<DeliveryLine> {
  try {
    const delivery = await invoke(conn, 'webhooks.get', { company_id: attempt.company_id, delivery_id: attempt.delivery_id });
    return { ...attempt, notification_type: delivery.notification_type, order_unique_id: delivery.order_unique_id, url: delivery.url };
  } catch {
    return { ...attempt, notification_type: null, order_unique_id: null, url: null };
  }
}

/** listen: webhook deliveries printed live as each attempt finishes, like `stripe listen`. */
export function registerListen(program: Command): void {
  program
    .command('listen')
    .description("Print a connector's webhook deliveries live, with status and duration (like `stripe listen`); Ctrl-C stops")
    .option('--company <id>', 'account', wholeNumber, 1)
    .option('--connector <id>', 'only this connector (default: all of the account; 1 with --forward-to)', wholeNumber)
    .option('--forward-to <url>', "point the connector's receiver (order_event_notification_url) at this URL while listening; the old one is put back at Ctrl-C")
    .action(async (options: ListenOptions, command: Command) => {
      const ctx = contextOf(command);
      const conn = ctx.connection();
      let restore: (() => Promise<void>) | undefined;
      if (options.forwardTo) {
        const connector = options.connector ?? 1;
        restore = await forward(conn, { ...options, connector }, options.forwardTo);
        options.connector = connector;
      }
      // Lines come out in the order the attempts finished, each once its delivery was read.
      let queue = Promise.resolve();
      const stream = await followEvents(conn, options.company, (event) => {
        if (event.name !== 'webhook.attempt' || event.data.company_id !== options.company) return;
        if (options.connector !== undefined && event.data.connector_id !== options.connector) return;
        const attempt = event.data;
        queue = queue.then(async () => {
          const line = await describe(conn, attempt);
          ctx.print(line, () => human(line));
        });
      });
      const scope = options.connector === undefined ? `account ${options.company}` : `connector ${options.connector} of account ${options.company}`;
      ctx.note(`Ready: deliveries of ${scope}${options.forwardTo ? ` now go to ${options.forwardTo}` : ''} (Ctrl-C stops${restore ? ' and puts the old receiver back' : ''})`);
      let stopping = false;
      const stop = async (code: number) => {
        if (stopping) return;
        stopping = true;
        stream.close();
        try {
          await restore?.();
          if (restore) ctx.note('the old receiver URL is back');
          process.exit(code);
        } catch (error) {
          process.stderr.write(`error: could not put the old receiver URL back: ${(error as Error).message}\n`);
          process.exit(1);
        }
      };
      // Every way this process can end puts the receiver back: Ctrl-C, a kill, a closed terminal,
      // the npx wrapper killed (it does not pass the signal on), a crash of this process.
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stop(0));
      watchWrapper(process.env, (why) => {
        ctx.note(`${why}: stopping`);
        void stop(0);
      });
      const crashed = (error: unknown) => {
        process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
        void stop(1);
      };
      process.once('uncaughtException', crashed);
      process.once('unhandledRejection', crashed);
      await stream.ended;
      if (!stopping) throw new UnreachableError(`the event stream of ${conn.url} ended: the service stopped`);
      await new Promise(() => undefined); // stop() exits
    });
}
