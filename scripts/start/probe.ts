// Whether the host Electron is downloaded from answers, asked before a download of ~100 MB: an
// offline machine, a mirror that does not exist or a firewall says so within seconds, instead of
// a download that hangs or fails with a stack trace.

export type ProbeResult =
  /** The host answered (any status but the two below: a redirect, a refused HEAD, a 5xx the download will report). */
  | { ok: true; status: number }
  /** The host answered that the file is not there (404, 410): the download would fail the same way. */
  | { ok: false; kind: 'missing'; status: number }
  /** No answer: refused, no DNS, no route, TLS refused, or nothing within the time. */
  | { ok: false; kind: 'unreachable'; reason: string };

/**
 * A HEAD request for `url`, not following redirects (GitHub answers a release asset with a redirect
 * to its storage host; the answer itself shows the host is reachable). Uses the global fetch, so a
 * proxy @electron/get installed (ELECTRON_GET_USE_PROXY) applies to the probe as to the download.
 */
export async function probeUrl(url: string, timeoutMs: number, signal?: AbortSignal): Promise<ProbeResult> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'HEAD',
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    // The body of a HEAD answer is empty; cancelling it frees the connection at once.
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return { ok: false, kind: 'missing', status: response.status };
    return { ok: true, status: response.status };
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted) return { ok: false, kind: 'unreachable', reason: `no answer within ${formatSeconds(timeoutMs)}` };
    return { ok: false, kind: 'unreachable', reason: describeNetworkError(error) };
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** The system error codes a failed connection carries, in words a user can act on. */
const CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the name does not resolve (no DNS: offline?)',
  EAI_AGAIN: 'the name does not resolve (no DNS: offline?)',
  ENETUNREACH: 'no route to the network (offline?)',
  EHOSTUNREACH: 'no route to the host (offline?)',
  ETIMEDOUT: 'no answer (a firewall?)',
  UND_ERR_CONNECT_TIMEOUT: 'no answer (a firewall?)',
  UND_ERR_SOCKET: 'the connection was closed',
};

/**
 * A failed fetch in a few words. Node's fetch throws `TypeError: fetch failed` and puts the reason
 * in `cause`: a system error (ECONNREFUSED with address and port), a TLS error (an intercepting
 * proxy's certificate), sometimes an AggregateError of one error per address tried.
 */
export function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const first = cause instanceof AggregateError && cause.errors.length > 0 ? (cause.errors[0] as unknown) : cause;
  if (first instanceof Error) {
    const { code, address, port } = first as NodeJS.ErrnoException & { address?: string; port?: number };
    const where = address ? ` (${address}${port ? `:${port}` : ''})` : '';
    if (code && CODES[code]) return `${CODES[code]}${where}`;
    if (code && /CERT|SSL|TLS/.test(code)) return `its TLS certificate is refused (${code}: a proxy that intercepts HTTPS? NODE_EXTRA_CA_CERTS names the proxy's certificate)`;
    return code ? `${first.message} (${code})` : first.message;
  }
  return String(first);
}
