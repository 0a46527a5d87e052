import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Reads an address strictly: IPv4 only as four decimal parts (no octal '010.0.0.1', no short
 * '127.1', which inet_aton-style parsers read differently from what a person means), IPv6 as
 * written; IPv4-mapped IPv6 (::ffff:1.2.3.4) is unwrapped to plain IPv4.
 */
function parseAddress(text: string): Address | undefined {
  if (text.includes(':')) {
    if (!ipaddr.IPv6.isValid(text)) return undefined;
    const address = ipaddr.IPv6.parse(text);
    return address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
  }
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) || text.split('.').some((part) => part.length > 1 && part.startsWith('0'))) {
    return undefined;
  }
  return ipaddr.IPv4.parse(text);
}

/** A CIDR range as [network, prefix bits], IPv4-mapped IPv6 ranges turned into IPv4 ones. */
function parseRange(entry: string): [Address, number] | undefined {
  const slash = entry.indexOf('/');
  const network = parseAddress(entry.slice(0, slash));
  const bitsText = entry.slice(slash + 1);
  if (!network || !/^\d{1,3}$/.test(bitsText)) return undefined;
  let bits = Number(bitsText);
  const written = entry.slice(0, slash).includes(':') ? 'ipv6' : 'ipv4';
  if (written === 'ipv6' && network.kind() === 'ipv4') {
    // ::ffff:a.b.c.d/n covers IPv4 only from /96 on.
    if (bits < 96) return undefined;
    bits -= 96;
  }
  if (bits > (network.kind() === 'ipv4' ? 32 : 128)) return undefined;
  return [network, bits];
}

/** Why a whitelist entry is not acceptable, or undefined when it is (address, CIDR or '*'). */
export function whitelistEntryProblem(entry: string): string | undefined {
  if (entry === '*') return undefined;
  if (entry.includes('/')) return parseRange(entry) ? undefined : `'${entry}' is not a valid CIDR range`;
  return parseAddress(entry) ? undefined : `'${entry}' is not an IP address (a.b.c.d or IPv6), a CIDR range or '*'`;
}

/** True when the caller address matches an entry of the whitelist. */
export function ipAllowed(callerIp: string, whitelist: readonly string[]): boolean {
  // Most users allow everyone: no need to read the caller's address.
  if (whitelist.includes('*')) return true;
  const caller = parseAddress(callerIp);
  for (const entry of whitelist) {
    if (entry === '*') return true;
    if (!caller) continue;
    if (entry.includes('/')) {
      const range = parseRange(entry);
      if (range && caller.kind() === range[0].kind() && caller.match(range[0], range[1])) return true;
      continue;
    }
    const allowed = parseAddress(entry);
    if (allowed && allowed.kind() === caller.kind() && allowed.toNormalizedString() === caller.toNormalizedString()) {
      return true;
    }
  }
  return false;
}
