import ipaddr from 'ipaddr.js';

/**
 * What an IP address is, as far as the outbound policy cares (policy.ts decides from it):
 * - public: globally routable unicast; always allowed.
 * - loopback, private: this machine and the networks around it (127/8, ::1; RFC 1918, 100.64/10,
 *   fc00::/7); allowed for targets the admin configures, for targets REST callers name only
 *   while the listener is bound to loopback or the service setting outbound_allow_private is on.
 * - the others: never a place an image, a webhook receiver or an FTP server legitimately is, or a
 *   place that answers things it should not (cloud metadata); always refused.
 */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'unspecified'
  | 'link-local'
  | 'cloud-metadata'
  | 'multicast'
  | 'broadcast'
  | 'reserved';

export interface ClassifiedAddress {
  /** The canonical text of the address (IPv4 dotted quad; IPv6 compressed, no brackets). */
  address: string;
  family: 4 | 6;
  kind: AddressKind;
}

type Range = [string, AddressKind];

/**
 * IPv4 ranges, most specific first: the first that contains an address decides (a metadata
 * address inside link-local or shared space is named as metadata). Anything else is public.
 */
const IPV4_RANGES: Range[] = [
  ['169.254.169.254/32', 'cloud-metadata'], // AWS, GCP, Azure, Oracle, DigitalOcean...
  ['100.100.100.200/32', 'cloud-metadata'], // Alibaba Cloud
  ['0.0.0.0/8', 'unspecified'], // "this network": connecting to 0.0.0.0 reaches this machine
  ['127.0.0.0/8', 'loopback'],
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['100.64.0.0/10', 'private'], // shared address space (carrier-grade NAT, some cloud VPCs)
  ['169.254.0.0/16', 'link-local'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'], // future use
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'reserved'], // documentation (TEST-NET-1)
  ['198.51.100.0/24', 'reserved'], // documentation (TEST-NET-2)
  ['203.0.113.0/24', 'reserved'], // documentation (TEST-NET-3)
  ['198.18.0.0/15', 'reserved'], // benchmarking
  ['192.88.99.0/24', 'reserved'], // deprecated 6to4 relay anycast
];

/**
 * IPv6 ranges, most specific first. Outside 2000::/3 (global unicast) everything that is not
 * listed is reserved; the forms that embed an IPv4 address are classified by it (see classify).
 */
const IPV6_RANGES: Range[] = [
  ['fd00:ec2::254/128', 'cloud-metadata'], // AWS (inside fc00::/7)
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fc00::/7', 'private'], // unique local
  ['fe80::/10', 'link-local'],
  ['ff00::/8', 'multicast'],
  ['2001::/32', 'reserved'], // Teredo: tunnels to an IPv4 address we cannot see
  ['2001:2::/48', 'reserved'], // benchmarking
  ['2001:10::/28', 'reserved'], // ORCHID
  ['2001:20::/28', 'reserved'], // ORCHIDv2
  ['2001:db8::/32', 'reserved'], // documentation
  ['2002::/16', 'reserved'], // 6to4: tunnels to an IPv4 address we cannot see
  ['3fff::/20', 'reserved'], // documentation
  ['2000::/3', 'public'],
];

/** IPv6 forms that carry an IPv4 address in their last 32 bits, and reach (or stand for) it. */
const EMBEDDING_IPV4: string[] = [
  '::ffff:0:0/96', // IPv4-mapped: a dual-stack socket connects to the IPv4 address itself
  '::ffff:0:0:0/96', // IPv4-translated (SIIT)
  '64:ff9b::/96', // NAT64 well-known prefix: the gateway connects to the IPv4 address
];

const parsedV4 = IPV4_RANGES.map(([cidr, kind]) => [ipaddr.IPv4.parseCIDR(cidr), kind] as const);
const parsedV6 = IPV6_RANGES.map(([cidr, kind]) => [ipaddr.IPv6.parseCIDR(cidr), kind] as const);
const embedding = EMBEDDING_IPV4.map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/**
 * Parses an address as a host part may spell it: dotted quad, the odd IPv4 spellings inet_aton
 * and WHATWG URL accept (2130706433, 0x7f.1, 0177.0.0.1, 127.1), IPv6 with or without brackets
 * and zone. Undefined when it is not an IP address (a name to resolve).
 */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  let bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  // An IPv6 text ending in a dotted quad: written out as hex here, because ipaddr.js reads
  // ::a.b.c.d (IPv4-compatible) as ::ffff:a.b.c.d (IPv4-mapped), another address.
  const quad = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(%.*)?$/.exec(bare);
  if (quad) {
    const [a, b, c, d] = quad.slice(2, 6).map(Number) as [number, number, number, number];
    if (a > 255 || b > 255 || c > 255 || d > 255) return undefined;
    bare = `${quad[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}${quad[6] ?? ''}`;
  }
  if (!ipaddr.isValid(bare)) return undefined;
  try {
    return ipaddr.parse(bare);
  } catch {
    return undefined;
  }
}

function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  if (!embedding.some((range) => address.match(range))) return undefined;
  const bytes = address.toByteArray().slice(12);
  return new ipaddr.IPv4(bytes);
}

function kindOfV4(address: ipaddr.IPv4): AddressKind {
  return parsedV4.find(([range]) => address.match(range))?.[1] ?? 'public';
}

/**
 * The class of an IP address (any spelling parseAddress accepts); undefined for a text that is
 * not an IP address. IPv4-mapped addresses come back as the IPv4 address they are, so the check
 * and the connection see the same thing.
 */
export function classifyAddress(text: string): ClassifiedAddress | undefined {
  const parsed = parseAddress(text);
  if (!parsed) return undefined;
  if (parsed.kind() === 'ipv4') {
    const v4 = parsed as ipaddr.IPv4;
    return { address: v4.toString(), family: 4, kind: kindOfV4(v4) };
  }
  const v6 = parsed as ipaddr.IPv6;
  // A zone (fe80::1%eth0) names an interface, not another address: classified without it.
  const address = ipaddr.IPv6.parse(v6.toString().replace(/%.*$/, ''));
  if (address.isIPv4MappedAddress()) {
    const v4 = address.toIPv4Address();
    return { address: v4.toString(), family: 4, kind: kindOfV4(v4) };
  }
  const inner = embeddedIpv4(address);
  if (inner) {
    const kind = kindOfV4(inner);
    return { address: address.toString(), family: 6, kind };
  }
  return { address: address.toString(), family: 6, kind: parsedV6.find(([range]) => address.match(range))?.[1] ?? 'reserved' };
}

/** Loopback and private: allowed only where the target's kind of policy lets them be. */
export const isLocalKind = (kind: AddressKind): boolean => kind === 'loopback' || kind === 'private';

/**
 * Whether a connection to an address of this kind may be made: public always, loopback and
 * private when `allowLocal`, the rest (unspecified, link-local, metadata, multicast, broadcast,
 * reserved) never.
 */
export function isAllowedKind(kind: AddressKind, allowLocal: boolean): boolean {
  return kind === 'public' || (allowLocal && isLocalKind(kind));
}

const DESCRIPTIONS: Record<AddressKind, string> = {
  public: 'a public address',
  loopback: 'a loopback address',
  private: 'a private-network address',
  unspecified: 'an unspecified address (0.0.0.0/8, ::)',
  'link-local': 'a link-local address',
  'cloud-metadata': 'a cloud metadata address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
};

/** "a link-local address": for the admin's eyes (delivery log, stderr), never a REST caller's. */
export const describeKind = (kind: AddressKind): string => DESCRIPTIONS[kind];

/**
 * Whether a listen host (the address the REST listener is bound to) is loopback only: then
 * every caller is on this machine already, and may name its addresses.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost') return true;
  return classifyAddress(name)?.kind === 'loopback';
}
