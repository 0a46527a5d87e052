import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { classifyAddress, describeKind, isAllowedKind, isLocalKind, isLoopbackHost, type ClassifiedAddress } from './addresses.ts';

/**
 * Where one outbound connection may go. Two kinds of targets:
 * - named by a REST caller (an image URL): anyone who can reach the API names it, so loopback
 *   and private addresses are reachable only when every caller is on this machine already (the
 *   listener is bound to loopback) or the admin said so (setting outbound_allow_private);
 * - configured by the admin (a webhook URL, the FTP storage host): loopback and private allowed,
 *   the admin runs receivers and storage next to the service.
 * Neither ever reaches unspecified, link-local, cloud metadata, multicast, broadcast or reserved
 * addresses (addresses.ts).
 */
export interface Reach {
  /** Loopback and private addresses may be connected to. */
  allowLocal: boolean;
  /** Who named the target: says in the admin's message why a local address was refused. */
  namedBy: 'caller' | 'admin';
  /**
   * An IP address in a URL must be written as the URL standard writes it (dotted decimal, not
   * 2130706433 or 0x7f.1; not IPv4-mapped IPv6). Those spellings exist to slip past filters,
   * here or in whatever later reads the stored URL; no image server needs them. Callers' URLs only.
   */
  canonicalLiterals: boolean;
}

/** Targets the admin configures: webhook receivers, the FTP storage. */
export const CONFIGURED: Reach = Object.freeze({ allowLocal: true, namedBy: 'admin', canonicalLiterals: false });

/**
 * A target the policy refuses. Its message is for the admin (delivery log, stderr): it names
 * the host and the address. A REST caller sees only "<field>: address not allowed".
 */
export class AddressNotAllowed extends Error {
  override name = 'AddressNotAllowed';
  constructor(
    readonly host: string,
    /** Why, after the host: "is a link-local address", "(127.0.0.1) is a loopback address: ...". */
    reason: string,
  ) {
    super(`address not allowed: ${host} ${reason}`);
  }

  /** The refusal of an address the policy does not let `reach` connect to. */
  static of(host: string, refused: ClassifiedAddress, reach: Reach): AddressNotAllowed {
    const where = host === refused.address ? '' : `(${refused.address}) `;
    const why =
      reach.namedBy === 'caller' && isLocalKind(refused.kind)
        ? ': URLs sent by API callers may name loopback and private addresses only while the listener is bound to loopback or the service setting outbound_allow_private is on'
        : '';
    return new AddressNotAllowed(host, `${where}is ${describeKind(refused.kind)}${why}`);
  }
}

export const isAddressNotAllowed = (error: unknown): error is AddressNotAllowed => error instanceof AddressNotAllowed;

/** Every address of a name; the system resolver (hosts file, then DNS) unless a test gives one. */
export type Resolver = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * The addresses a connection to `host` may use: an IP literal (any spelling, normalised) as it
 * is, a name resolved once to all its addresses. Every address is checked; one refused address
 * refuses the host (a name that also points inward is not half-trusted). The connection must
 * then go to these addresses and no others (pinnedLookup, or the address itself), so a second
 * resolution cannot answer differently between the check and the connect (DNS rebinding).
 */
export async function resolveChecked(host: string, reach: Reach, resolve: Resolver = systemResolver): Promise<ClassifiedAddress[]> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const literal = classifyAddress(bare);
  let entries: Array<{ address: string; family: number }> = [];
  if (!literal) {
    try {
      entries = await resolve(bare);
    } catch (error) {
      // For a caller, a name that does not resolve is refused like one that resolves inward:
      // otherwise the two answers would tell which internal names exist.
      if (reach.namedBy === 'caller') {
        const code = (error as { code?: unknown }).code;
        throw new AddressNotAllowed(bare, `does not resolve${typeof code === 'string' ? ` (${code})` : ''}`);
      }
      throw error;
    }
  }
  const found = literal
    ? [literal]
    : entries.map(
        (entry): ClassifiedAddress => classifyAddress(entry.address) ?? { address: entry.address, family: entry.family === 6 ? 6 : 4, kind: 'reserved' },
      );
  if (found.length === 0) {
    if (reach.namedBy === 'caller') throw new AddressNotAllowed(bare, 'does not resolve');
    throw Object.assign(new Error(`${bare} has no address`), { code: 'ENOTFOUND' });
  }
  for (const address of found) {
    if (!isAllowedKind(address.kind, reach.allowLocal)) throw AddressNotAllowed.of(bare, address, reach);
  }
  const seen = new Set<string>();
  return found.filter((address) => !seen.has(address.address) && seen.add(address.address));
}

/**
 * Why a target the admin is saving (a webhook URL's host, the FTP host) will never be connected
 * to, or undefined: "address not allowed: 169.254.1.1 is a link-local address". Judged on what
 * the host says by itself, so the form can say it at once: an IP literal (any spelling) is
 * classified now; a name is resolved and checked when it is used (its answer then is the one the
 * connection gets, and may differ from one at save time), as is every target at every use.
 */
export function configuredTargetRefusal(host: string): string | undefined {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const literal = classifyAddress(bare);
  if (!literal || isAllowedKind(literal.kind, CONFIGURED.allowLocal)) return undefined;
  return AddressNotAllowed.of(bare, literal, CONFIGURED).message;
}

/** Whether `host` is an IP literal (then it is connected to as checked, no lookup happens). */
export const isAddressLiteral = (host: string): boolean =>
  classifyAddress(host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host) !== undefined;

/**
 * A `lookup` for net/http/https/tls connections that answers the checked addresses, whatever it
 * is asked: the socket connects to what resolveChecked allowed, while the Host header and the TLS
 * server name stay the name. With several addresses (options.all, as Node's Happy Eyeballs asks)
 * all are offered, in the resolver's order.
 */
export function pinnedLookup(addresses: readonly ClassifiedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    const usable = wanted === 0 ? addresses : addresses.filter((address) => address.family === wanted);
    // Asynchronous like dns.lookup: the socket's listeners are in place when it answers.
    process.nextTick(() => {
      if (usable.length === 0) {
        callback(Object.assign(new Error(`no IPv${wanted} address was allowed`), { code: 'ENOTFOUND' }), '');
      } else if (options.all) {
        callback(null, usable.map((address) => ({ address: address.address, family: address.family })));
      } else {
        callback(null, usable[0]!.address, usable[0]!.family);
      }
    });
  };
}

/**
 * The core's outbound policy: what it needs to know beyond the address (the listener's bind
 * address, the service setting) to decide for targets REST callers name.
 */
export function createOutboundPolicy(options: { allowPrivate: () => boolean }) {
  // Unknown until a door listens: then REST callers cannot exist yet, and the strict answer holds.
  let listenHost: string | undefined;
  return {
    /** The address the REST listener is bound to (startServer tells the core). */
    setListenHost(host: string): void {
      listenHost = host;
    },
    /** Where targets named by REST callers (image URLs) may be, as of now. */
    callerReach(): Reach {
      return { allowLocal: isLoopbackHost(listenHost) || options.allowPrivate(), namedBy: 'caller', canonicalLiterals: true };
    },
  };
}
export type OutboundPolicy = ReturnType<typeof createOutboundPolicy>;

/**
 * A refused or failed connection, for the admin: the REST caller was told only "address not
 * allowed" or "download failed", the details (host, address, status, error code) go to stderr,
 * where the service's log is kept.
 */
export function reportOutbound(line: string): void {
  console.warn(`[erp-workbench] outbound: ${line}`);
}
