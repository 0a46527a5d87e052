import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: Record<string, string>;
  body: string;
  json: Record<string, unknown>;
  at: number;
}

/** What the receiver does with a request: a status (and body), or 'hang' (never answers). */
export type Behaviour = (request: Received, index: number) => number | 'hang' | { status: number; body?: string };

/** A real webhook receiver on 127.0.0.1:0 whose answers a test decides. */
export async function startReceiver(behaviour: Behaviour = () => 200) {
  const received: Received[] = [];
  let decide = behaviour;
  const hanging = new Set<ServerResponse>();
  const waiters: (() => void)[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        // not JSON: json stays empty
      }
      const request = { headers, body, json, at: Date.now() };
      received.push(request);
      const answer = decide(request, received.length - 1);
      for (const wake of waiters.splice(0)) wake();
      if (answer === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      const { status, body: text } = typeof answer === 'number' ? { status: answer, body: 'ok' } : answer;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 204 ? undefined : (text ?? 'ok'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    answer(next: Behaviour) {
      decide = next;
    },
    /** Resolves once `count` requests arrived (or rejects after `ms`). */
    async waitFor(count: number, ms = 10_000): Promise<Received[]> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${count} requests in ${ms} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers something truthy (or fails after `ms`). */
export async function eventually<T>(check: () => T | Promise<T>, ms = 10_000, what = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
