import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { withFields } from '../with-fields.ts';
import { CONFIGURED, pinnedHost, resolveChecked } from '../outbound/index.ts';

/** What one POST to a receiver came to: an answer (any status) or a network error. */
export interface PostResult {
  httpStatus: number | null;
  responseHeaders: Record<string, string> | null;
  /** The first RESPONSE_HEAD_BYTES of the answer's body. */
  responseBodyHead: string;
  durationMs: number;
  error: string | null;
  /** The headers as they went out (Host and Content-Length included). */
  requestHeaders: Record<string, string>;
}

export const RESPONSE_HEAD_BYTES = 4096;

// Keep-alive agents: a receiver taking thousands of notifications is not asked for a new
// connection (and a TLS handshake) each time. Sockets are bounded by the dispatcher's caps.
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 256, scheduling: 'lifo' }),
  https: new https.Agent({ keepAlive: true, maxSockets: 256, scheduling: 'lifo' }),
};

const trustedAuthorities = new Set<string>();

/**
 * Trusts a CA (PEM) besides the usual roots for every delivery: the local CA of this service's
 * own HTTPS listener (`--https`), so notifications to its built-in inbox, a path on that
 * listener, verify like any other.
 */
export function trustCertificateAuthority(pem: string): void {
  if (trustedAuthorities.has(pem)) return;
  trustedAuthorities.add(pem);
  agents.https.destroy();
  agents.https = new https.Agent({ keepAlive: true, maxSockets: 256, scheduling: 'lifo', ca: [...rootCertificates, ...trustedAuthorities] });
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * POSTs a body and reads the answer, never throwing: a timeout (no full answer within
 * timeoutMs), a refused connection, DNS or TLS trouble all come back as `error`. Redirects are
 * not followed (a 3xx is an answer like any other). `abort()` drops it (the service stops): its
 * promise then never settles.
 *
 * The receiver is a target the admin configured (electron/core/outbound): its host is resolved
 * once, every address checked (loopback and private allowed; unspecified, link-local, cloud
 * metadata, multicast, broadcast, reserved refused: `error` starts "address not allowed" and
 * nothing connects), and the connection goes to a checked address only.
 */
export function postJson(
  target: URL,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): { result: Promise<PostResult>; abort: () => void } {
  const started = performance.now();
  const requestHeaders: Record<string, string> = {
    host: target.host,
    ...headers,
    'content-length': String(Buffer.byteLength(body)),
  };
  let abort = () => {};
  const result = new Promise<PostResult>((resolve) => {
    let settled = false;
    let request: http.ClientRequest | undefined;
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: Omit<PostResult, 'durationMs' | 'requestHeaders'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(withFields(result, { durationMs: Math.round((performance.now() - started) * 100) / 100, requestHeaders }));
    };
    const failed = (error: string) =>
      finish({ httpStatus: null, responseHeaders: null, responseBodyHead: '', error });
    const describe = (error: NodeJS.ErrnoException) => {
      const code = error.code && !error.message.includes(error.code) ? `${error.code}: ` : '';
      return `${code}${error.message}`;
    };

    const secure = target.protocol === 'https:';
    if (!secure && target.protocol !== 'http:') return failed(`unsupported URL scheme ${target.protocol}`);
    abort = () => {
      settled = true;
      clearTimeout(timer);
      request?.destroy();
    };
    // The resolution counts in the attempt's time, like the connection and the answer.
    timer = setTimeout(() => {
      const timeout = new Error(`timeout: no complete answer within ${timeoutMs} ms`);
      if (request) request.destroy(timeout);
      else failed(timeout.message);
    }, timeoutMs);

    const send = (addresses: Awaited<ReturnType<typeof resolveChecked>>) => {
      if (settled) return; // aborted or timed out while resolving
      const sent = (secure ? https : http).request({
        protocol: target.protocol,
        // The checked addresses only; Host header and TLS server name stay the URL's name.
        ...pinnedHost(target, addresses),
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: requestHeaders,
        agent: secure ? agents.https : agents.http,
      });
      request = sent;
      sent.on('error', (error: NodeJS.ErrnoException) => failed(describe(error)));
      sent.on('response', (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept >= RESPONSE_HEAD_BYTES) return; // the rest is read and dropped
          const part = chunk.subarray(0, RESPONSE_HEAD_BYTES - kept);
          chunks.push(part);
          kept += part.length;
        });
        response.on('end', () =>
          finish({
            httpStatus: response.statusCode ?? null,
            responseHeaders: flatHeaders(response.headers),
            responseBodyHead: Buffer.concat(chunks).toString('utf8'),
            error: null,
          }),
        );
        response.on('error', (error) => failed(error.message));
      });
      sent.end(body);
    };
    // A refused address comes back as the attempt's error ("address not allowed: ..."), before any connect.
    resolveChecked(target.hostname, CONFIGURED).then(send, (error: NodeJS.ErrnoException) => failed(describe(error)));
  });
  return { result, abort: () => abort() };
}
