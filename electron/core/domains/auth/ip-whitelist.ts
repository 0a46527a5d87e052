import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Reads an address, unwrapping IPv4-mapped IPv6 (::ffff:1.2.3.4) to plain IPv4. */
function parseAddress(text: string): Address | undefined {
  if (!ipaddr.isValid(text)) return undefined;
  const address = ipaddr.parse(text);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (address as ipaddr.IPv6).toIPv4Address();
  }
  return address;
}

/** Why a whitelist entry is not acceptable, or undefined when it is (address, CIDR or '*'). */
export function whitelistEntryProblem(entry: string): string | undefined {
  if (entry === '*') return undefined;
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return undefined;
    } catch {
      return `'${entry}' is not a valid CIDR range`;
    }
  }
  return parseAddress(entry) ? undefined : `'${entry}' is not an IP address, a CIDR range or '*'`;
}

/** True when the caller address matches an entry of the whitelist. */
export function ipAllowed(callerIp: string, whitelist: readonly string[]): boolean {
  const caller = parseAddress(callerIp);
  for (const entry of whitelist) {
    if (entry === '*') return true;
    if (!caller) continue;
    if (entry.includes('/')) {
      const [range, bits] = ipaddr.parseCIDR(entry);
      const rangeV4 = range.kind() === 'ipv6' && (range as ipaddr.IPv6).isIPv4MappedAddress()
        ? [(range as ipaddr.IPv6).toIPv4Address(), bits - 96] as const
        : [range, bits] as const;
      if (caller.kind() === rangeV4[0].kind() && caller.match(rangeV4[0], rangeV4[1])) return true;
      continue;
    }
    const allowed = parseAddress(entry);
    if (allowed && allowed.kind() === caller.kind() && allowed.toNormalizedString() === caller.toNormalizedString()) {
      return true;
    }
  }
  return false;
}
