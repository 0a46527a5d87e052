import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core/create-core.ts';
import { CORE_EVENT_NAMES } from '../../../shared/contract/events.ts';

const HEARTBEAT_MS = 15_000;
/** A client this far behind (bytes not yet taken) is cut off; it reconnects by itself (`retry:`). */
const MAX_BACKLOG = 1024 * 1024;

/**
 * GET /_sandbox/events: the core's event bus as server-sent events (`event: <name>`,
 * `data: <json>`), the push channel of the browser UI and of scripts that watch deliveries.
 * `?company_id=N` keeps the events of one account (and those of none). Streams end when the
 * server closes.
 */
export function registerEventStream(app: FastifyInstance, core: Core): void {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get('/events', (request, reply) => {
    const query = request.query as { company_id?: string };
    const company = query.company_id !== undefined && /^\d+$/.test(query.company_id) ? Number(query.company_id) : undefined;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 2000\n: ERP Workbench events (${CORE_EVENT_NAMES.join(', ')})\n\n`);
    const unsubscribers = CORE_EVENT_NAMES.map((name) =>
      core.events.on(name, (payload) => {
        const own = (payload as { company_id?: number | null }).company_id;
        if (company !== undefined && own !== undefined && own !== null && own !== company) return;
        if (res.writableLength > MAX_BACKLOG) return end();
        res.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
      }),
    );
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const end = () => {
      if (!open.delete(end)) return;
      clearInterval(heartbeat);
      for (const unsubscribe of unsubscribers) unsubscribe();
      res.end();
    };
    open.add(end);
    request.raw.on('close', end);
  });
}
