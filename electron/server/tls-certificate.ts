import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { isIP } from 'node:net';
import { join } from 'node:path';

/** Where the certificates live inside the data folder. */
export const TLS_FOLDER = 'tls';
const FILES = { caCert: 'ca.pem', caKey: 'ca-key.pem', cert: 'server.pem', key: 'server-key.pem' } as const;

const DAY_MS = 86_400_000;
/** The local CA: long-lived, so a client told to trust it once keeps trusting it. */
const CA_VALIDITY_DAYS = 3650;
/** The server certificate: within what clients accept for a leaf (398 days), renewed by the CA without the client noticing. */
const SERVER_VALIDITY_DAYS = 397;
/** A certificate this close to its end is made again at a start rather than expiring while the service runs. */
const RENEW_BEFORE_MS = 7 * DAY_MS;

export interface TlsCertificate {
  /** PEM of the server's private key and certificate (what the listener presents). */
  key: string;
  cert: string;
  /** PEM of the CA that signed it: what a client trusts (also written to caFile). */
  ca: string;
  caFile: string;
  certFile: string;
  /** SHA-256 fingerprints, colon-separated hex (as browsers and openssl show them). */
  fingerprint256: string;
  caFingerprint256: string;
  validTo: Date;
  /** What this call had to make: nothing (reused), only the server certificate, or the CA too. */
  generated: 'none' | 'server' | 'ca-and-server';
}

interface Pem {
  cert: string;
  key: string;
}

/**
 * ECDSA P-256 with SHA-256: made in milliseconds (an RSA key takes seconds on a busy machine) and
 * accepted by every TLS client still in use (OpenSSL, Java, .NET, Go, browsers, curl).
 */
const KEY = { keyType: 'ec', curve: 'P-256', algorithm: 'sha256' } as const;

const WILDCARD = /^(0\.0\.0\.0|::|\[::\])$/;

/**
 * The names the server certificate must cover: loopback always; the listen host when it is a
 * specific name or address; on a wildcard listen also this machine's name and addresses (a
 * client on the network reaches it by those).
 */
export function certificateNames(listenHost: string): string[] {
  const names = new Set(['localhost', '127.0.0.1', '::1']);
  const host = listenHost.replace(/^\[|\]$/g, '');
  if (WILDCARD.test(listenHost)) {
    names.add(hostname());
    for (const addresses of Object.values(networkInterfaces())) {
      for (const address of addresses ?? []) if (!address.internal && !address.address.startsWith('fe80:')) names.add(address.address);
    }
  } else if (host) {
    names.add(host);
  }
  return [...names];
}

function readPem(folder: string, certName: string, keyName: string): Pem | undefined {
  try {
    return { cert: readFileSync(join(folder, certName), 'utf8'), key: readFileSync(join(folder, keyName), 'utf8') };
  } catch {
    return undefined;
  }
}

/** The certificate of a pair whose key matches it and that is valid from now until past the renewal margin; else undefined. */
function usable(pair: Pem | undefined, now: Date): X509Certificate | undefined {
  if (!pair) return undefined;
  try {
    const cert = new X509Certificate(pair.cert);
    if (!cert.checkPrivateKey(createPrivateKey(pair.key))) return undefined;
    if (new Date(cert.validFrom) > now || new Date(cert.validTo).getTime() - RENEW_BEFORE_MS <= now.getTime()) return undefined;
    return cert;
  } catch {
    return undefined;
  }
}

const covers = (cert: X509Certificate, name: string) => (isIP(name) ? cert.checkIP(name) : cert.checkHost(name)) !== undefined;

/** Writes a file whole or not at all (a crash never leaves half a key); private keys readable by the owner only. */
function writeAtomically(path: string, text: string, secret: boolean): void {
  const temporary = `${path}.tmp-${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, text, { mode: secret ? 0o600 : 0o644 });
  if (secret) chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

async function generateCa(now: Date): Promise<Pem> {
  const { generate } = await import('selfsigned');
  const made = await generate(
    [
      { name: 'commonName', value: `ERP Workbench local CA ${now.toISOString().slice(0, 10)} ${randomBytes(3).toString('hex')}` },
      { name: 'organizationName', value: 'ERP Workbench' },
    ],
    {
      ...KEY,
      notBeforeDate: new Date(now.getTime() - 3_600_000), // an hour of slack for a client clock a little behind
      notAfterDate: new Date(now.getTime() + CA_VALIDITY_DAYS * DAY_MS),
      extensions: [
        { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      ],
    },
  );
  return { cert: made.cert, key: made.private };
}

async function generateServer(ca: Pem, names: string[], now: Date): Promise<Pem> {
  const { generate } = await import('selfsigned');
  const made = await generate([{ name: 'commonName', value: 'localhost' }, { name: 'organizationName', value: 'ERP Workbench' }], {
    ...KEY,
    notBeforeDate: new Date(now.getTime() - 3_600_000),
    notAfterDate: new Date(now.getTime() + SERVER_VALIDITY_DAYS * DAY_MS),
    ca,
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: names.map((name) => (isIP(name) ? { type: 7 as const, ip: name } : { type: 2 as const, value: name })) },
    ],
  });
  return { cert: made.cert, key: made.private };
}

/**
 * The listener's TLS certificate, kept in `<dataDir>/tls/`: a local CA (ca.pem, the file a client
 * trusts) and a server certificate it signed for `names`. Made on first use and reused after;
 * the server certificate is made again (by the same CA, so clients keep trusting it) when it is
 * missing, expires within a week, or does not cover a name; the CA only when it is missing or
 * near its end itself.
 */
export async function ensureTlsCertificate(dataDir: string, names: string[], now = new Date()): Promise<TlsCertificate> {
  const folder = join(dataDir, TLS_FOLDER);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  let generated: TlsCertificate['generated'] = 'none';

  let ca = readPem(folder, FILES.caCert, FILES.caKey);
  let caCert = usable(ca, now);
  if (!ca || !caCert || !caCert.ca) {
    ca = await generateCa(now);
    caCert = new X509Certificate(ca.cert);
    writeAtomically(join(folder, FILES.caKey), ca.key, true);
    writeAtomically(join(folder, FILES.caCert), ca.cert, false);
    generated = 'ca-and-server';
  }

  let server = generated === 'none' ? readPem(folder, FILES.cert, FILES.key) : undefined;
  let serverCert = usable(server, now);
  const fits = serverCert && serverCert.checkIssued(caCert) && serverCert.verify(caCert.publicKey) && names.every((name) => covers(serverCert!, name));
  if (!server || !serverCert || !fits) {
    server = await generateServer(ca, names, now);
    serverCert = new X509Certificate(server.cert);
    writeAtomically(join(folder, FILES.key), server.key, true);
    writeAtomically(join(folder, FILES.cert), server.cert, false);
    if (generated === 'none') generated = 'server';
  }

  return {
    key: server.key,
    cert: server.cert,
    ca: ca.cert,
    caFile: join(folder, FILES.caCert),
    certFile: join(folder, FILES.cert),
    fingerprint256: serverCert.fingerprint256,
    caFingerprint256: caCert.fingerprint256,
    validTo: new Date(serverCert.validTo),
    generated,
  };
}
