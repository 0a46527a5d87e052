import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { describeNetworkError, probeUrl } from '../../scripts/start/probe.ts';
import { closedPort } from '../support/stand-in-electron.ts';

// The probe npm start makes of Electron's download host before a download, against real sockets
// on 127.0.0.1: a closed port, a server answering, a server that accepts and says nothing.

const servers: Array<{ close(): void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** An HTTP server answering every request with `status`; records the methods it got. */
async function answering(status: number, headers: Record<string, string> = {}): Promise<{ url: string; methods: string[] }> {
  const methods: string[] = [];
  const server = createServer((request, response) => {
    methods.push(request.method ?? '');
    response.writeHead(status, headers).end('body');
  });
  servers.push(server);
  return { url: `http://127.0.0.1:${await listen(server)}/v45.4.1/electron-v45.4.1-linux-x64.zip`, methods };
}

describe('probeUrl', () => {
  it('a closed port: unreachable, connection refused, at once', async () => {
    const port = await closedPort();
    const started = performance.now();
    const result = await probeUrl(`http://127.0.0.1:${port}/v45.4.1/x.zip`, 4000);
    expect(result).toEqual({ ok: false, kind: 'unreachable', reason: `connection refused (127.0.0.1:${port})` });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a host that accepts the connection and never answers: unreachable once the time is up', async () => {
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => sockets.push(socket));
    servers.push({ close: () => (sockets.forEach((socket) => socket.destroy()), silent.close()) });
    const port = await listen(silent);
    const started = performance.now();
    const result = await probeUrl(`http://127.0.0.1:${port}/x.zip`, 300);
    expect(result).toEqual({ ok: false, kind: 'unreachable', reason: 'no answer within 0.3 s' });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('asks with HEAD and does not follow a redirect (the answer is enough)', async () => {
    const host = await answering(302, { location: 'http://127.0.0.1:1/elsewhere' });
    expect(await probeUrl(host.url, 4000)).toEqual({ ok: true, status: 302 });
    expect(host.methods).toEqual(['HEAD']);
  });

  it('a 200, a refused HEAD or a server error: reachable (the download says the rest)', async () => {
    for (const status of [200, 405, 503]) expect(await probeUrl((await answering(status)).url, 4000)).toEqual({ ok: true, status });
  });

  it('404 and 410: the file is not there', async () => {
    for (const status of [404, 410]) expect(await probeUrl((await answering(status)).url, 4000)).toEqual({ ok: false, kind: 'missing', status });
  });

  it("throws when the user's signal aborts it (an interruption is not an unreachable host)", async () => {
    const controller = new AbortController();
    controller.abort('SIGINT');
    await expect(probeUrl((await answering(200)).url, 4000, controller.signal)).rejects.toBeDefined();
  });
});

describe('describeNetworkError', () => {
  const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });
  const systemError = (code: string, message: string, more: object = {}) => Object.assign(new Error(message), { code, ...more });

  it('names what a user can act on', () => {
    expect(describeNetworkError(fetchFailed(systemError('ENOTFOUND', 'getaddrinfo ENOTFOUND github.com')))).toBe('the name does not resolve (no DNS: offline?)');
    expect(describeNetworkError(fetchFailed(systemError('ENETUNREACH', 'connect ENETUNREACH', { address: '140.82.121.3', port: 443 })))).toBe(
      'no route to the network (offline?) (140.82.121.3:443)',
    );
    expect(describeNetworkError(fetchFailed(systemError('UND_ERR_CONNECT_TIMEOUT', 'Connect Timeout Error')))).toBe('no answer (a firewall?)');
  });

  it('takes the first of the errors of each address tried', () => {
    const both = new AggregateError([systemError('ECONNREFUSED', 'connect ECONNREFUSED ::1:80', { address: '::1', port: 80 }), systemError('ECONNREFUSED', 'x')]);
    expect(describeNetworkError(fetchFailed(both))).toBe('connection refused (::1:80)');
  });

  it('a TLS refusal points at an intercepting proxy and NODE_EXTRA_CA_CERTS', () => {
    const tls = describeNetworkError(fetchFailed(systemError('SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain')));
    expect(tls).toContain('SELF_SIGNED_CERT_IN_CHAIN');
    expect(tls).toContain('NODE_EXTRA_CA_CERTS');
  });

  it('an error it does not know: its own message and code', () => {
    expect(describeNetworkError(fetchFailed(systemError('EPROTO', 'write EPROTO')))).toBe('write EPROTO (EPROTO)');
    expect(describeNetworkError(new Error('plain'))).toBe('plain');
  });
});
