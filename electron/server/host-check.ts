import ipaddr from 'ipaddr.js';
import type { FastifyInstance } from 'fastify';
import { sendError } from './envelope.ts';
import { REST_PREFIX } from './public/rest-path.ts';
import { MEDIA_PREFIX } from './media.ts';
import { DOCUMENTS_PREFIX } from '../core/domains/documents/index.ts';
import { ATTACHMENT_FILES_PREFIX } from '../core/domains/attachments/index.ts';

/*
 * DNS rebinding: a page on http://evil.test:8080 whose name the attacker re-points at 127.0.0.1
 * reaches a loopback-only listener from the user's own browser, with the page's origin, so it
 * may read the answers. The browser still sends `Host: evil.test:8080`; while the listener is
 * bound to loopback no legitimate caller uses such a name unless it was configured
 * (allowed_hosts: containers, /etc/hosts names), so those requests are refused.
 *
 * The REST API, media, document and attachment links are left out: credentials or the
 * unguessable keys in their links protect them, partners may reach a workbench under a custom
 * name (a tunnel, a reverse proxy) and the links in REST answers are built on the Host the
 * caller used. What is checked is everything else: the control API and the built-in inbox under
 * /_sandbox (the inbox takes posts without credentials from loopback sockets, which is exactly
 * what a rebound page has), the web UI at / with its files, and unknown paths.
 */

/** First path segments the check leaves alone (see above); a path equal to one or below it. */
const EXEMPT_PREFIXES = [REST_PREFIX, MEDIA_PREFIX, DOCUMENTS_PREFIX, ATTACHMENT_FILES_PREFIX];

/** True when `url` (path and query) is below one of the exempt prefixes. */
export function isExemptPath(url: string): boolean {
  for (const prefix of EXEMPT_PREFIXES) {
    if (!url.startsWith(prefix)) continue;
    const next = url.charCodeAt(prefix.length);
    // End of the URL, '/' or '?': /app/rest/v1x is not below /app/rest/v1.
    if (Number.isNaN(next) || next === 0x2f || next === 0x3f) return true;
  }
  return false;
}

/**
 * Whether a listen address is loopback: 'localhost', 127.0.0.0/8, ::1 (bracketed or not, and
 * IPv4-mapped ::ffff:127.x). Wildcards (0.0.0.0, ::) and every other address are not.
 */
export function isLoopbackListenHost(host: string): boolean {
  const name = host.trim().toLowerCase();
  if (name === 'localhost') return true;
  const bare = name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name;
  if (!ipaddr.isValid(bare)) return false;
  try {
    return ipaddr.process(bare).range() === 'loopback';
  } catch {
    return false;
  }
}

/**
 * The host name of a Host header, lowercase, without the port and a final dot; IPv6 literals
 * keep their brackets in RFC 5952 form ([::1]). Undefined when the header is missing or is not
 * `name[:port]` / `[ipv6][:port]`.
 */
export function hostNameOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const text = header.trim().toLowerCase();
  let name: string;
  let rest: string;
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) return undefined;
    const inner = text.slice(1, close);
    if (!ipaddr.IPv6.isValid(inner)) return undefined;
    name = `[${ipaddr.IPv6.parse(inner).toRFC5952String()}]`;
    rest = text.slice(close + 1);
  } else {
    const colon = text.indexOf(':');
    name = colon < 0 ? text : text.slice(0, colon);
    rest = colon < 0 ? '' : text.slice(colon);
    if (name.endsWith('.')) name = name.slice(0, -1);
    if (!/^[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?$/.test(name)) return undefined;
  }
  if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return undefined;
  return name;
}

/**
 * Names that always mean this machine: localhost and its subdomains (RFC 6761: they never
 * leave it), a dotted-quad 127.x.y.z, and [::1]. An IP literal cannot be rebound; other
 * addresses still need allowed_hosts, so the rule stays one sentence.
 */
export function isLoopbackHostName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (name === '[::1]') return true;
  return ipaddr.IPv4.isValidFourPartDecimal(name) && name.startsWith('127.');
}

/** One allowed_hosts entry in the form hostNameOf gives: lowercase, IPv6 in RFC 5952 form. */
function normalizedEntry(entry: string): string {
  const lower = entry.trim().toLowerCase();
  if (lower.startsWith('[') && lower.endsWith(']') && ipaddr.IPv6.isValid(lower.slice(1, -1))) {
    return `[${ipaddr.IPv6.parse(lower.slice(1, -1)).toRFC5952String()}]`;
  }
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/**
 * Whether `name` (from hostNameOf) is listed: an entry equal to it, or `*.example.test` for a
 * name below example.test (example.test itself needs its own entry).
 */
export function isAllowedHostName(name: string, allowedHosts: readonly string[]): boolean {
  for (const raw of allowedHosts) {
    const entry = normalizedEntry(raw);
    if (entry.startsWith('*.')) {
      if (name.length > entry.length - 1 && name.endsWith(entry.slice(1))) return true;
    } else if (entry === name) {
      return true;
    }
  }
  return false;
}

/**
 * The listener's own address as a browser would use it, for the refusal's remedy: a refused
 * caller cannot change allowed_hosts under that name, so the message says where it can.
 */
export function loopbackUrl(listenHost: string, scheme: string, port: number | undefined): string {
  const host = listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost}]` : listenHost;
  return `${scheme}://${host}${port === undefined ? '' : `:${port}`}`;
}

/** Why a Host is refused, or undefined when it may pass; `here` is loopbackUrl's answer. */
export function hostRefusal(header: string | undefined, here: () => string, allowedHosts: () => readonly string[]): string | undefined {
  const name = hostNameOf(header);
  if (name !== undefined && (isLoopbackHostName(name) || isAllowedHostName(name, allowedHosts()))) return undefined;
  if (header === undefined || header.trim() === '') {
    return `a Host header is required while the workbench listens on loopback: call ${here()}`;
  }
  const shown = name ?? header.slice(0, 100);
  return (
    `Host '${shown}' is not allowed while the workbench listens on loopback: add it to allowed_hosts ` +
    `(Service settings, or PATCH /_sandbox/settings, at ${here()}) to use this name`
  );
}

export interface HostCheckOptions {
  /** The address the listener is bound to; undefined (not known) or not loopback: no check. */
  listenHost: string | undefined;
  /** The allowed_hosts setting, read only for requests the check covers with an unknown name. */
  allowedHosts: () => readonly string[];
}

/**
 * Refuses, with a 403 envelope, requests whose Host is neither a loopback name nor in
 * allowed_hosts, while the listener is bound to loopback; REST and link routes pass untouched
 * (one prefix test). Installed on the root instance, before the routes, so it runs first.
 */
export function installHostCheck(app: FastifyInstance, options: HostCheckOptions): void {
  const { listenHost } = options;
  if (listenHost === undefined || !isLoopbackListenHost(listenHost)) return;
  app.addHook('onRequest', (request, reply, done) => {
    if (isExemptPath(request.url)) return done();
    const here = () => loopbackUrl(listenHost, request.protocol, request.socket.localPort);
    const refusal = hostRefusal(request.headers.host, here, options.allowedHosts);
    if (refusal === undefined) return done();
    // Answered here: the route (and the control API's token check) never runs.
    void sendError(request, reply, 403, [refusal]);
  });
}
