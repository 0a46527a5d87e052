import { request } from 'node:https';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/create-core.ts';
import { startServer, type RunningServer } from '../../electron/server/create-server.ts';
import { certificateNames, ensureTlsCertificate, type TlsCertificate } from '../../electron/server/tls-certificate.ts';
import { ADMIN_TOKEN } from './harness.ts';

const dirs: string[] = [];
let core: Core;
let server: RunningServer;
let tls: TlsCertificate;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'erpwb-https-'));
  dirs.push(dataDir);
  core = createCore({ dataDir, seed: 'demo', scale: 1 });
  tls = await ensureTlsCertificate(dataDir, certificateNames('127.0.0.1'));
  server = await startServer({ core, host: '127.0.0.1', port: 0, adminToken: ADMIN_TOKEN, tls });
});
afterAll(async () => {
  await server?.close();
  await core?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A control API call over node's https client; `ca` undefined: only the system's roots are trusted. */
function call(method: string, path: string, ca: string | undefined, body?: unknown): Promise<{ status: number; body: { data: unknown } }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${server.url}/_sandbox${path}`);
    const req = request(
      url,
      {
        method,
        ...(ca !== undefined && { ca }),
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { data: unknown } }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe('HTTPS listener', () => {
  it('answers a request verified against the generated CA file', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const caFromFile = readFileSync(tls.caFile, 'utf8');
    const answer = await call('GET', '/health', caFromFile);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'ok' });
  });

  it('fails verification for a client that does not trust the CA', async () => {
    await expect(call('GET', '/health', undefined)).rejects.toMatchObject({
      code: expect.stringMatching(/SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY/),
    });
  });

  it('builds its links on https; deliveries to its own inbox still arrive (its CA trusted)', async () => {
    const info = await call('GET', '/info', tls.ca);
    expect(info.body.data).toMatchObject({ rest_base_url: `${server.url}/app/rest/v1/` });
    const before = (await call('GET', '/inbox/demo-shop', tls.ca)).body.data as { messages: unknown[] };
    const published = await call('POST', '/accounts/1/connectors/1/products/1/publish', tls.ca);
    expect(published.status).toBe(200);
    const deadline = Date.now() + 15_000;
    let messages = before.messages;
    while (messages.length === before.messages.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      messages = ((await call('GET', '/inbox/demo-shop', tls.ca)).body.data as { messages: unknown[] }).messages;
    }
    expect(messages.length).toBeGreaterThan(before.messages.length);
    const deliveries = (await call('GET', '/accounts/1/webhooks?connector_id=1&limit=1', tls.ca)).body.data as Array<{ status: string; url: string }>;
    expect(deliveries[0]).toMatchObject({ status: 'delivered' });
  });
});

describe('the certificate in the data folder', () => {
  it('covers localhost and the loopback addresses, signed by the CA, the private keys readable by the owner only', () => {
    const cert = new X509Certificate(tls.cert);
    const ca = new X509Certificate(tls.ca);
    expect(cert.checkIssued(ca) && cert.verify(ca.publicKey)).toBe(true);
    expect(ca.ca).toBe(true);
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(cert.checkIP('::1')).toBe('::1');
    expect(tls.fingerprint256).toBe(cert.fingerprint256);
    expect(tls.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(statSync(join(dataDir, 'tls', 'server-key.pem')).mode & 0o077).toBe(0);
    expect(statSync(join(dataDir, 'tls', 'ca-key.pem')).mode & 0o077).toBe(0);
  });

  it('is reused at the next start; the server certificate alone is made again when it expires or misses a name; the CA when it is gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'erpwb-tls-'));
    dirs.push(dir);
    const names = certificateNames('127.0.0.1');
    const first = await ensureTlsCertificate(dir, names);
    expect(first.generated).toBe('ca-and-server');
    const again = await ensureTlsCertificate(dir, names);
    expect(again).toMatchObject({ generated: 'none', fingerprint256: first.fingerprint256, caFingerprint256: first.caFingerprint256 });

    const nextYear = new Date(Date.now() + 400 * 86_400_000);
    const renewed = await ensureTlsCertificate(dir, names, nextYear);
    expect(renewed.generated).toBe('server');
    expect(renewed.caFingerprint256).toBe(first.caFingerprint256);
    expect(renewed.fingerprint256).not.toBe(first.fingerprint256);

    const named = await ensureTlsCertificate(dir, certificateNames('workbench.test'));
    expect(named.generated).toBe('server');
    expect(new X509Certificate(named.cert).checkHost('workbench.test')).toBe('workbench.test');

    unlinkSync(join(dir, 'tls', 'ca.pem'));
    const fresh = await ensureTlsCertificate(dir, names);
    expect(fresh.generated).toBe('ca-and-server');
    expect(fresh.caFingerprint256).not.toBe(first.caFingerprint256);
  });
});
