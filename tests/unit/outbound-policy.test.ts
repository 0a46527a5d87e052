import { describe, expect, it } from 'vitest';
import {
  AddressNotAllowed,
  classifyAddress,
  CONFIGURED,
  configuredTargetRefusal,
  createOutboundPolicy,
  isAllowedKind,
  isLoopbackHost,
  oddlyWrittenLiteral,
  pinnedLookup,
  resolveChecked,
  type AddressKind,
  type Reach,
  type Resolver,
} from '../../electron/core/outbound/index.ts';

// The address classification of the outbound policy (electron/core/outbound/addresses.ts) and
// the resolve-check-pin steps of policy.ts. No test here resolves through DNS or connects.

const CALLER_STRICT: Reach = { allowLocal: false, namedBy: 'caller', canonicalLiterals: true };

describe('classifyAddress', () => {
  const cases: Array<[string, string, AddressKind]> = [
    // loopback, in every spelling inet_aton and WHATWG URL accept
    ['127.0.0.1', '127.0.0.1', 'loopback'],
    ['127.0.0.2', '127.0.0.2', 'loopback'],
    ['2130706433', '127.0.0.1', 'loopback'],
    ['0x7f.1', '127.0.0.1', 'loopback'],
    ['0x7f000001', '127.0.0.1', 'loopback'],
    ['0177.0.0.1', '127.0.0.1', 'loopback'],
    ['127.1', '127.0.0.1', 'loopback'],
    ['::1', '::1', 'loopback'],
    ['[::1]', '::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', '::1', 'loopback'],
    // IPv4-mapped IPv6 is the IPv4 address
    ['::ffff:127.0.0.1', '127.0.0.1', 'loopback'],
    ['[::ffff:7f00:1]', '127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', '169.254.169.254', 'cloud-metadata'],
    ['::ffff:8.8.8.8', '8.8.8.8', 'public'],
    // NAT64 and SIIT carry an IPv4 address: classified by it
    ['64:ff9b::7f00:1', '64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', '64:ff9b::a9fe:a9fe', 'cloud-metadata'],
    ['64:ff9b::808:808', '64:ff9b::808:808', 'public'],
    ['::ffff:0:a00:1', '::ffff:0:a00:1', 'private'],
    // IPv4-compatible (deprecated): nothing legitimate is there
    ['::127.0.0.1', '::7f00:1', 'reserved'],
    // unspecified
    ['0.0.0.0', '0.0.0.0', 'unspecified'],
    ['0', '0.0.0.0', 'unspecified'],
    ['0.1.2.3', '0.1.2.3', 'unspecified'],
    ['::', '::', 'unspecified'],
    ['[::]', '::', 'unspecified'],
    // private networks
    ['10.0.0.1', '10.0.0.1', 'private'],
    ['172.16.0.1', '172.16.0.1', 'private'],
    ['172.31.255.255', '172.31.255.255', 'private'],
    ['192.168.1.1', '192.168.1.1', 'private'],
    ['100.64.0.1', '100.64.0.1', 'private'],
    ['fc00::1', 'fc00::1', 'private'],
    ['fd12:3456::1', 'fd12:3456::1', 'private'],
    // link-local and cloud metadata
    ['169.254.1.1', '169.254.1.1', 'link-local'],
    ['169.254.169.254', '169.254.169.254', 'cloud-metadata'],
    ['0xa9fea9fe', '169.254.169.254', 'cloud-metadata'],
    ['100.100.100.200', '100.100.100.200', 'cloud-metadata'],
    ['fd00:ec2::254', 'fd00:ec2::254', 'cloud-metadata'],
    ['fe80::1', 'fe80::1', 'link-local'],
    ['fe80::1%eth0', 'fe80::1', 'link-local'],
    // multicast, broadcast, reserved
    ['224.0.0.1', '224.0.0.1', 'multicast'],
    ['239.255.255.250', '239.255.255.250', 'multicast'],
    ['ff02::1', 'ff02::1', 'multicast'],
    ['255.255.255.255', '255.255.255.255', 'broadcast'],
    ['240.0.0.1', '240.0.0.1', 'reserved'],
    ['192.0.2.1', '192.0.2.1', 'reserved'],
    ['198.51.100.7', '198.51.100.7', 'reserved'],
    ['203.0.113.9', '203.0.113.9', 'reserved'],
    ['198.18.0.1', '198.18.0.1', 'reserved'],
    ['2001:db8::1', '2001:db8::1', 'reserved'],
    ['2002:7f00:1::', '2002:7f00:1::', 'reserved'],
    ['2001:0:4136:e378::1', '2001:0:4136:e378::1', 'reserved'],
    ['fec0::1', 'fec0::1', 'reserved'],
    ['100::1', '100::1', 'reserved'],
    // public
    ['8.8.8.8', '8.8.8.8', 'public'],
    ['172.32.0.1', '172.32.0.1', 'public'],
    ['100.128.0.1', '100.128.0.1', 'public'],
    ['169.255.0.1', '169.255.0.1', 'public'],
    ['2a00:1450:4001::1', '2a00:1450:4001::1', 'public'],
  ];
  it.each(cases)('%s is %s, %s', (text, address, kind) => {
    expect(classifyAddress(text)).toMatchObject({ address, kind });
  });

  it('says a name is no address', () => {
    for (const name of ['localhost', 'example.com', 'img.example.com.', '08.1.1.1', '', '1.2.3.4.5']) {
      expect(classifyAddress(name), name).toBeUndefined();
    }
  });
});

describe('isAllowedKind', () => {
  it('allows public always, loopback and private only when local targets are allowed, the rest never', () => {
    const always: AddressKind[] = ['public'];
    const local: AddressKind[] = ['loopback', 'private'];
    const never: AddressKind[] = ['unspecified', 'link-local', 'cloud-metadata', 'multicast', 'broadcast', 'reserved'];
    for (const kind of always) expect([isAllowedKind(kind, false), isAllowedKind(kind, true)], kind).toEqual([true, true]);
    for (const kind of local) expect([isAllowedKind(kind, false), isAllowedKind(kind, true)], kind).toEqual([false, true]);
    for (const kind of never) expect([isAllowedKind(kind, false), isAllowedKind(kind, true)], kind).toEqual([false, false]);
  });
});

describe('isLoopbackHost (the listener bind address)', () => {
  it('is true for loopback addresses and localhost, false for wildcards, others and unknown', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost', 'LOCALHOST', 'localhost.']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '[::]', '192.168.1.5', '10.0.0.1', 'example.com', undefined]) expect(isLoopbackHost(host), String(host)).toBe(false);
  });
});

describe('resolveChecked', () => {
  /** A resolver that answers fixed addresses and records what it was asked. */
  function fixed(answers: Record<string, string[]>): Resolver & { asked: string[] } {
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      const found = answers[host];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    return Object.assign(resolve, { asked });
  }

  it('checks a literal without resolving it, normalised', async () => {
    const resolve = fixed({});
    expect(await resolveChecked('8.8.8.8', CALLER_STRICT, resolve)).toEqual([{ address: '8.8.8.8', family: 4, kind: 'public' }]);
    expect(await resolveChecked('[::ffff:7f00:1]', CONFIGURED, resolve)).toEqual([{ address: '127.0.0.1', family: 4, kind: 'loopback' }]);
    await expect(resolveChecked('2130706433', CALLER_STRICT, resolve)).rejects.toBeInstanceOf(AddressNotAllowed);
    expect(resolve.asked).toEqual([]);
  });

  it('resolves a name once and checks every address: one refused address refuses the name', async () => {
    const resolve = fixed({
      'img.example.test': ['93.184.216.34', '2606:2800:220:1::1'],
      'mixed.example.test': ['93.184.216.34', '10.0.0.5'],
      'meta.example.test': ['169.254.169.254'],
      'mapped.example.test': ['::ffff:127.0.0.1'],
    });
    expect((await resolveChecked('img.example.test', CALLER_STRICT, resolve)).map((a) => a.address)).toEqual(['93.184.216.34', '2606:2800:220:1::1']);
    const mixed = await resolveChecked('mixed.example.test', CALLER_STRICT, resolve).catch((error: unknown) => error);
    expect(mixed).toBeInstanceOf(AddressNotAllowed);
    expect((mixed as Error).message).toMatch(/^address not allowed: mixed\.example\.test \(10\.0\.0\.5\) is a private-network address: URLs sent by API callers/);
    // The admin's targets may be private, never metadata.
    expect((await resolveChecked('mixed.example.test', CONFIGURED, resolve)).length).toBe(2);
    await expect(resolveChecked('meta.example.test', CONFIGURED, resolve)).rejects.toThrow(/address not allowed: meta\.example\.test \(169\.254\.169\.254\) is a cloud metadata address$/);
    await expect(resolveChecked('mapped.example.test', CALLER_STRICT, resolve)).rejects.toThrow(/\(127\.0\.0\.1\) is a loopback address/);
    expect(resolve.asked).toEqual(['img.example.test', 'mixed.example.test', 'mixed.example.test', 'meta.example.test', 'mapped.example.test']);
  });

  it('passes a resolution failure on as it is for the admin; refuses it for a caller (no oracle of internal names)', async () => {
    await expect(resolveChecked('nowhere.example.test', CONFIGURED, fixed({}))).rejects.toMatchObject({ code: 'ENOTFOUND' });
    const refused = await resolveChecked('nowhere.example.test', CALLER_STRICT, fixed({})).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AddressNotAllowed);
    expect((refused as Error).message).toBe('address not allowed: nowhere.example.test does not resolve (ENOTFOUND)');
    await expect(resolveChecked('empty.example.test', CALLER_STRICT, fixed({ 'empty.example.test': [] }))).rejects.toBeInstanceOf(AddressNotAllowed);
  });
});

describe('configuredTargetRefusal (a webhook URL or FTP host as the admin saves it)', () => {
  it('refuses IP literals that are never connected to, however spelled', () => {
    expect(configuredTargetRefusal('169.254.1.1')).toBe('address not allowed: 169.254.1.1 is a link-local address');
    expect(configuredTargetRefusal('[fe80::1]')).toBe('address not allowed: fe80::1 is a link-local address');
    expect(configuredTargetRefusal('2852039166')).toMatch(/^address not allowed: 2852039166 \(169\.254\.169\.254\) is a cloud metadata address/);
    expect(configuredTargetRefusal('[::ffff:169.254.169.254]')).toMatch(/cloud metadata address/);
    expect(configuredTargetRefusal('[::]')).toMatch(/^address not allowed: :: is an unspecified address/);
    expect(configuredTargetRefusal('224.0.0.1')).toBe('address not allowed: 224.0.0.1 is a multicast address');
  });

  it('lets loopback and private addresses pass (the admin runs receivers there), and names (checked at use)', () => {
    for (const host of ['127.0.0.1', '[::1]', '10.0.0.1', '192.168.1.5', 'localhost', 'receiver.example.test']) {
      expect(configuredTargetRefusal(host), host).toBeUndefined();
    }
  });
});

describe('pinnedLookup', () => {
  const addresses = [
    { address: '127.0.0.2', family: 4 as const, kind: 'loopback' as const },
    { address: '::1', family: 6 as const, kind: 'loopback' as const },
  ];
  const ask = (options: { family?: number; all?: boolean }) =>
    new Promise<unknown[]>((resolve) => pinnedLookup(addresses)('anything.example', options, (...args) => resolve(args)));

  it('answers only the checked addresses, in the form asked, whatever the name', async () => {
    expect(await ask({})).toEqual([null, '127.0.0.2', 4]);
    expect(await ask({ family: 6 })).toEqual([null, '::1', 6]);
    expect(await ask({ all: true })).toEqual([null, [{ address: '127.0.0.2', family: 4 }, { address: '::1', family: 6 }]]);
    expect(await ask({ all: true, family: 4 })).toEqual([null, [{ address: '127.0.0.2', family: 4 }]]);
  });

  it('fails rather than answer an address of a family it was not given', async () => {
    const [error] = await new Promise<unknown[]>((resolve) => pinnedLookup([addresses[0]!])('x', { family: 6 }, (...args) => resolve(args)));
    expect(error).toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('oddlyWrittenLiteral (callers must write IP addresses as the URL standard does)', () => {
  const odd = (written: string) => oddlyWrittenLiteral(new URL(written), written);
  it('finds the spellings that normalise to another text, and IPv4-mapped IPv6', () => {
    for (const written of [
      'http://2130706433/a.png',
      'http://0x7f.1/a.png',
      'http://0x7f000001/a.png',
      'http://0177.0.0.1/a.png',
      'http://127.1/a.png',
      'http://%31%32%37.0.0.1/a.png',
      'http://[::ffff:127.0.0.1]/a.png',
      'http://[::ffff:7f00:1]/a.png',
      'http://[::ffff:8.8.8.8]/a.png',
      'http://[0:0:0:0:0:0:0:1]/a.png',
      'HTTP:\\\\2130706433\\a.png',
    ]) {
      expect(odd(written), written).toBe(true);
    }
  });
  it('leaves canonical literals and names alone', () => {
    for (const written of ['http://127.0.0.1:8080/a.png', 'http://127.0.0.1./a.png', 'http://[::1]/a.png', 'https://cdn.example.test/a.png', 'http://0x7f.example.test/']) {
      expect(odd(written), written).toBe(false);
    }
  });
});

describe('createOutboundPolicy (targets REST callers name)', () => {
  it('allows local targets only on a loopback listener or with outbound_allow_private', () => {
    let allowPrivate = false;
    const policy = createOutboundPolicy({ allowPrivate: () => allowPrivate });
    // No listener yet: the strict answer.
    expect(policy.callerReach()).toEqual({ allowLocal: false, namedBy: 'caller', canonicalLiterals: true });
    policy.setListenHost('127.0.0.1');
    expect(policy.callerReach().allowLocal).toBe(true);
    policy.setListenHost('0.0.0.0');
    expect(policy.callerReach().allowLocal).toBe(false);
    allowPrivate = true;
    expect(policy.callerReach().allowLocal).toBe(true);
  });
});
