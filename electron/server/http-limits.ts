import type { IncomingMessage, Server as HttpServer, ServerOptions as HttpServerOptions, ServerResponse } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How long the listener waits on a client, and how much of a refused body it reads. Every field
 * has a default (DEFAULT_HTTP_LIMITS); tests pass small ones.
 */
export interface HttpLimits {
  /** From a new connection, or a request's first byte, to the end of the request's headers (408 after). */
  headersTimeoutMs: number;
  /** From the first byte of a request to the last byte of its body, not the answer (408 after). */
  requestTimeoutMs: number;
  /**
   * A connection on which no byte moves either way for this long is closed while the client owes
   * the next bytes (headers, body, reading the answer). Not while the service owes the answer:
   * the inbox's deliberate delays (delay_ms up to 300 s) and long computations are not cut.
   */
  idleTimeoutMs: number;
  /** An idle keep-alive connection waits this long for its next request (Fastify's default). */
  keepAliveTimeoutMs: number;
  /**
   * A request answered before its body was read (413, 415, a refusal before parsing): the rest of
   * the body is read and thrown away, so a client that writes the whole body before it reads
   * (Node's http client, most libraries) gets the answer instead of EPIPE. Up to this many bytes
   * of the request in all; past them, or when Content-Length says more, the connection closes.
   */
  refusedBodyDrainBytes: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  // A client sends its headers in one packet; 30 s is for a slow link's first round trips only.
  headersTimeoutMs: 30_000,
  // The largest upload, a 25 MiB attachment (a control API base64 upload is ~34 MiB), takes
  // ~210 s (~280 s) at 1 Mbit/s: 600 s leaves room for links slower than that.
  requestTimeoutMs: 600_000,
  // Two minutes without a byte: a stalled client, not a slow link (TCP retries within that).
  idleTimeoutMs: 120_000,
  keepAliveTimeoutMs: 72_000,
  // Beyond the 34 MiB of the largest legitimate body, with room; what a refusal may cost to read.
  refusedBodyDrainBytes: 64 * 1024 * 1024,
};

/**
 * The timeouts Node's http(s) server takes at construction. The checking interval is when an
 * expired headers or request timeout is noticed: a quarter of the headers timeout (at most 5 s),
 * so a 30 s timeout cuts at 30-35 s instead of Node's 30-60 s.
 */
export function serverTimeoutOptions(limits: HttpLimits): HttpServerOptions {
  const requestTimeout = limits.requestTimeoutMs;
  // Node refuses a headers timeout longer than the request timeout.
  const headersTimeout = requestTimeout > 0 ? Math.min(limits.headersTimeoutMs, requestTimeout) : limits.headersTimeoutMs;
  return {
    headersTimeout,
    requestTimeout,
    connectionsCheckingInterval: Math.max(10, Math.min(5_000, Math.floor(headersTimeout / 4))),
  };
}

/** The request a connection is on, and where its bytes started (for the drain bound). */
interface OnSocket {
  response: ServerResponse;
  /** socket.bytesRead when the request arrived. */
  startBytes: number;
}

/**
 * The limits a listener enforces on its connections: the idle timeout with its exception for
 * answers the service owes, the connection cap (max_connections, read at every new connection so
 * a change applies without a restart), and the drain of refused bodies.
 */
export class ConnectionGuard {
  private readonly current = new WeakMap<Socket, OnSocket>();
  private readonly sockets = new Set<Socket>();
  private open = 0;

  constructor(
    readonly limits: HttpLimits,
    private readonly maxConnections: () => number,
  ) {}

  /** Called by the server's request listener, first thing: one map entry per request. */
  arrived(request: IncomingMessage, response: ServerResponse): void {
    this.current.set(request.socket, { response, startBytes: request.socket.bytesRead });
  }

  /** The answer in progress or last given on `socket`. */
  responseOn(socket: Socket): ServerResponse | undefined {
    return this.current.get(socket)?.response;
  }

  /**
   * At close: ends the connections that carry no request in flight. Node's closeIdleConnections
   * leaves out a connection that never sent a byte (a client's pool may open one ahead of its
   * next request): it would hold the close until the headers timeout. A connection whose answer
   * is complete, or that has had no request, is ended; one with an answer under way is left to finish.
   */
  closeWithoutRequestInFlight(): void {
    for (const socket of this.sockets) {
      const response = this.current.get(socket)?.response;
      if (response === undefined || (response.writableFinished && response.req.complete)) socket.destroy();
    }
  }

  /** Installs the idle timeout and the connection cap on a server made for Fastify. */
  install(server: HttpServer | HttpsServer): void {
    server.keepAliveTimeout = this.limits.keepAliveTimeoutMs;
    server.setTimeout(this.limits.idleTimeoutMs);
    // With a listener here Node no longer destroys a socket that times out: this decides.
    server.on('timeout', (socket: Socket) => {
      const response = this.current.get(socket)?.response;
      const serviceOwesAnswer =
        response !== undefined && response.req.complete && !response.writableEnded && socket.writableLength === 0;
      if (!serviceOwesAnswer) socket.destroy();
    });
    server.maxConnections = this.maxConnections();
    // Node refuses a connection past server.maxConnections before this event; counting here as
    // well makes a lowered setting apply to the connection at hand, not only the next one.
    server.on('connection', (socket: Socket) => {
      const max = this.maxConnections();
      server.maxConnections = max;
      this.open++;
      this.sockets.add(socket);
      socket.once('close', () => {
        this.open--;
        this.sockets.delete(socket);
      });
      if (this.open > max) socket.destroy();
    });
  }

  /**
   * Before an answer goes out (an onSend hook): when the request's body is not read to its end
   * (a refusal before or while parsing: 413, 415, 401 ...), the rest is read and discarded, so a
   * client that writes its whole body before reading gets the answer instead of EPIPE. The
   * answer is written at once (its Content-Length lets the client read it) but ends only when
   * the body has: until then Node neither closes the connection (after `Connection: close`, or
   * for a client that asked for it) nor reuses it. Past refusedBodyDrainBytes of the request in
   * all the connection is closed; a Content-Length saying more is answered with
   * `Connection: close` and not read.
   */
  holdAnswerForBody(request: FastifyRequest, reply: FastifyReply): void {
    const raw = request.raw;
    // Read already: a socket's request (complete) or an in-process one (app.inject: readableEnded, never complete).
    if (raw.complete || raw.readableEnded || raw.destroyed) return;
    const bound = this.limits.refusedBodyDrainBytes;
    const socket = raw.socket;
    if (Number(raw.headers['content-length']) > bound) {
      void reply.header('connection', 'close');
      return;
    }
    const startBytes = this.current.get(socket)?.startBytes ?? socket.bytesRead;
    const response = reply.raw;
    // end() writes what it is given now and finishes the answer once the body is read: the same
    // wrapping of end() as compression middleware uses, so the payload and the other onSend
    // hooks (the API log's head of the answer) stay as they are.
    const end = response.end;
    let finish: (() => void) | undefined;
    let bodyDone = false;
    response.end = ((...args: unknown[]) => {
      response.end = end;
      const callback = typeof args[args.length - 1] === 'function' ? (args.pop() as () => void) : undefined;
      const [chunk, encoding] = args;
      if (typeof chunk === 'string') response.write(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      else if (chunk instanceof Uint8Array) response.write(chunk);
      finish = () => (callback ? response.end(callback) : response.end());
      if (bodyDone) finish();
      return response;
    }) as typeof response.end;
    const stop = () => {
      raw.off('data', onData);
      raw.off('end', stop);
      raw.off('close', stop);
      bodyDone = true;
      finish?.();
    };
    const onData = () => {
      if (socket.bytesRead - startBytes <= bound) return;
      stop();
      socket.destroy();
    };
    // A multipart reader may still be piped to the request, and would hold it paused.
    raw.unpipe();
    raw.on('data', onData);
    raw.once('end', stop);
    raw.once('close', stop);
    raw.resume();
  }
}
