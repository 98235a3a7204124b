import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { createServer, type Server } from 'node:http';
import { BlockList, type AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  isPublicAddress,
  outboundAgent,
  OutboundRefusedError,
  publicLookup,
  refusalMessage,
  systemResolve,
  type Resolve,
} from './outbound';

/** A resolver with fixed answers: nothing here touches the network. */
const stub =
  (answers: Record<string, string[]>): Resolve =>
  async (host) => {
    const list = answers[host];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
const PUBLIC_V4 = '93.184.216.34';

describe('which addresses are public', () => {
  const refused = [
    ['loopback', '127.0.0.1'],
    ['loopback', '127.255.255.254'],
    ['private', '10.0.0.1'],
    ['private', '172.16.0.1'],
    ['private', '172.31.255.255'],
    ['private', '192.168.1.1'],
    ['link-local, cloud metadata', '169.254.169.254'],
    ['link-local', '169.254.0.1'],
    ['CGNAT', '100.64.0.1'],
    ['CGNAT', '100.127.255.255'],
    ['unspecified', '0.0.0.0'],
    ['"this network"', '0.1.2.3'],
    ['multicast', '224.0.0.1'],
    ['multicast', '239.255.255.250'],
    ['broadcast', '255.255.255.255'],
    ['reserved', '240.0.0.1'],
    ['documentation', '192.0.2.1'],
    ['benchmarking', '198.18.0.1'],
    ['IPv6 unspecified', '::'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unique local', 'fc00::1'],
    ['IPv6 unique local', 'fd12:3456::1'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 link-local with a zone', 'fe80::1%eth0'],
    ['IPv6 site-local', 'fec0::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, hex', '::ffff:7f00:1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
    ['IPv4-compatible loopback', '::127.0.0.1'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['IPv6 documentation', '2001:db8::1'],
    ['IPv6 discard', '100::1'],
    ['bracketed IPv6 loopback', '[::1]'],
    ['short IPv4 form', '127.1'],
    ['hex IPv4 form', '0x7f000001'],
    ['integer IPv4 form', '2130706433'],
    ['octal IPv4 form', '0177.0.0.1'],
    ['a name', 'localhost'],
    ['nothing', ''],
  ] as const;
  it.each(refused)('refuses %s (%s)', (_kind, address) => expect(isPublicAddress(address)).toBe(false));

  const allowed = ['8.8.8.8', '1.1.1.1', PUBLIC_V4, '172.32.0.1', '172.15.255.255', '100.128.0.1', '11.0.0.1', '192.169.0.1'];
  const allowed6 = ['2606:4700:4700::1111', '2a00:1450:4001:81c::200e', '::ffff:8.8.8.8', '[2606:4700:4700::1111]'];
  it.each([...allowed, ...allowed6])('allows %s', (address) => expect(isPublicAddress(address)).toBe(true));

  // An oracle written apart from ipaddr.js: the IANA special-purpose IPv4 ranges (RFC 6890 and after).
  const special = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.31.196.0', 24],
    ['192.52.193.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['192.175.48.0', 24],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    special.addSubnet(net, prefix, 'ipv4');

  it('an IPv4 address is public exactly when it is in no special-purpose range (property)', () => {
    fc.assert(
      fc.property(fc.ipV4(), (a) => {
        expect([a, isPublicAddress(a)]).toEqual([a, !special.check(a, 'ipv4')]);
      }),
      { numRuns: 5_000 },
    );
  });

  it('an IPv4-mapped IPv6 address is judged as the IPv4 it carries, in either spelling (property)', () => {
    fc.assert(
      fc.property(fc.ipV4(), (a) => {
        const [w, x, y, z] = a.split('.').map(Number) as [number, number, number, number];
        const hex = `::ffff:${((w << 8) | x).toString(16)}:${((y << 8) | z).toString(16)}`;
        expect(isPublicAddress(`::ffff:${a}`)).toBe(isPublicAddress(a));
        expect(isPublicAddress(hex)).toBe(isPublicAddress(a));
      }),
      { numRuns: 2_000 },
    );
  });

  it('no IPv6 address outside 2000::/3 is public, nor any in fc00::/7, fe80::/10 or ff00::/8 (property)', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const groups = fc.array(group, { minLength: 7, maxLength: 7 });
    const within = (prefix: number, bits: number) =>
      fc.tuple(group, groups).map(([first, rest]) => {
        const mask = (0xffff << (16 - bits)) & 0xffff;
        return [((first & ~mask) | prefix) & 0xffff, ...rest].map((g) => g.toString(16)).join(':');
      });
    const mapped = (a: string) => ipaddr.IPv6.parse(a).isIPv4MappedAddress();
    fc.assert(
      fc.property(fc.oneof(within(0xfc00, 7), within(0xfe80, 10), within(0xff00, 8), within(0x0000, 3), within(0x4000, 2)), (a) => {
        if (!mapped(a)) expect(isPublicAddress(a)).toBe(false);
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(fc.ipV6(), (a) => {
        if (isPublicAddress(a) && !mapped(a)) expect(ipaddr.IPv6.parse(a).parts[0]! >> 13).toBe(1);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('checking a URL as it is saved', () => {
  const resolve = stub({
    'eu.i.posthog.com': [PUBLIC_V4, '2606:4700:4700::1111'],
    'intranet.test': ['10.1.2.3'],
    'metadata.test': ['169.254.169.254'],
    'half.test': [PUBLIC_V4, '127.0.0.1'],
    'mapped.test': ['::ffff:127.0.0.1'],
  });
  const refusals: Array<[string, string]> = [
    ['http://127.0.0.1:3302', 'not-https'],
    ['http://localhost', 'not-https'],
    ['http://eu.i.posthog.com', 'not-https'],
    ['ftp://eu.i.posthog.com', 'not-https'],
    ['https://10.0.0.1', 'not-public'],
    ['https://[::1]', 'not-public'],
    ['https://[::ffff:127.0.0.1]', 'not-public'],
    ['https://169.254.169.254', 'not-public'],
    ['https://0x7f000001', 'not-public'],
    ['https://2130706433:8443', 'not-public'],
    ['https://localhost', 'not-public'],
    ['https://localhost.', 'not-public'],
    ['https://api.localhost', 'not-public'],
    ['https://intranet.test', 'not-public'],
    ['https://metadata.test/latest', 'not-public'],
    ['https://half.test', 'not-public'],
    ['https://mapped.test', 'not-public'],
    ['https://nowhere.test', 'unresolved'],
    ['https://user:secret@eu.i.posthog.com', 'credentials'],
    ['not a url', 'not-url'],
  ];
  it.each(refusals)('refuses %s (%s)', async (url, reason) => expect(await checkOutboundUrl(url, resolve)).toMatchObject({ reason }));

  it('allows an https name whose every address is public', async () => {
    expect(await checkOutboundUrl('https://eu.i.posthog.com', resolve)).toBeNull();
    expect(await checkOutboundUrl('https://8.8.8.8:8443', resolve)).toBeNull();
  });

  it("with the system's resolver, localhost is refused (offline: /etc/hosts or the name rule)", async () => {
    expect(await checkOutboundUrl('https://localhost:3302', systemResolve)).toMatchObject({ reason: 'not-public' });
  });

  it('words each refusal for the form', () => {
    const label = 'The PostHog host';
    expect(refusalMessage(label, { reason: 'not-https' })).toBe('The PostHog host must be an https address on the public internet');
    expect(refusalMessage(label, { reason: 'not-public', host: 'intranet.test', address: '10.1.2.3' })).toBe(
      'The PostHog host must be an https address on the public internet: intranet.test resolves to 10.1.2.3, which is not public',
    );
    expect(refusalMessage(label, { reason: 'not-public', host: '10.0.0.1', address: '10.0.0.1' })).toBe(
      'The PostHog host must be an https address on the public internet: 10.0.0.1 is not public',
    );
    expect(refusalMessage(label, { reason: 'unresolved', host: 'nowhere.test' })).toBe(
      'The PostHog host could not be found: nowhere.test does not resolve to any address',
    );
  });
});

describe("the connection's own lookup", () => {
  const call = (resolve: Resolve, options: { all?: boolean; family?: number }) =>
    new Promise<{ err: Error | null; address: string | LookupAddress[]; family?: number }>((r) =>
      publicLookup(resolve)('x.test', options, (err, address, family) => r({ err, address, family })),
    );

  it('returns public answers as net.connect asks for them (one, all, one family)', async () => {
    const resolve = stub({ 'x.test': [PUBLIC_V4, '2606:4700:4700::1111'] });
    expect(await call(resolve, {})).toEqual({ err: null, address: PUBLIC_V4, family: 4 });
    expect((await call(resolve, { all: true })).address).toHaveLength(2);
    expect(await call(resolve, { family: 6 })).toEqual({ err: null, address: '2606:4700:4700::1111', family: 6 });
  });

  it('refuses when any answer is not public', async () => {
    for (const bad of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.0.0.7', '169.254.169.254']) {
      const { err } = await call(stub({ 'x.test': [PUBLIC_V4, bad] }), { all: true });
      expect(err).toBeInstanceOf(OutboundRefusedError);
      expect(err!.message).toContain(bad);
    }
  });
});

describe('connecting', () => {
  let local: Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    // stands in for an internal service on this machine
    local = createServer((req, res) => {
      if (req.url === '/hop') res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
      else res.end('internal');
    });
    local.on('connection', () => connections++);
    await new Promise<void>((r) => local.listen(0, '127.0.0.1', r));
    port = (local.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => local.close(r)));

  const get = async (agent: ReturnType<typeof outboundAgent>, origin: string, path = '/') => {
    try {
      const res = await agent.request({ origin, path, method: 'GET' });
      return { status: res.statusCode, location: res.headers.location, body: await res.body.text() };
    } catch (e) {
      return { error: e as Error };
    }
  };

  it('refuses, at connect time, a name that now resolves to this machine: no connection is made', async () => {
    let answer = PUBLIC_V4;
    const agent = outboundAgent({ resolve: async () => [{ address: answer, family: answer.includes(':') ? 6 : 4 }] });
    try {
      // saved while public ...
      expect(await checkOutboundUrl(`https://rebound.test:${port}`, async () => [{ address: answer, family: 4 }])).toBeNull();
      // ... resolving to this machine when called
      for (answer of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) {
        const before = connections;
        const r = await get(agent, `https://rebound.test:${port}`);
        expect(r.error).toBeDefined();
        expect(String((r.error as Error & { cause?: unknown }).cause ?? r.error)).toMatch(/refused/);
        expect(connections).toBe(before);
      }
    } finally {
      await agent.destroy();
    }
  });

  it('refuses plain http and non-public IP hosts unless the operator set them', async () => {
    const agent = outboundAgent({ resolve: stub({}), trusted: [`http://127.0.0.1:${port}`] });
    try {
      const before = connections;
      for (const origin of [
        `https://127.0.0.1:${port}`,
        `https://[::1]:${port}`,
        `http://localhost:${port}`,
        `http://[::ffff:7f00:1]:${port}`,
      ]) {
        const r = await get(agent, origin);
        expect([origin, r.error]).toEqual([origin, expect.anything()]);
      }
      expect(connections).toBe(before);
      // the operator's origin is trusted: reached as it is
      expect(await get(agent, `http://127.0.0.1:${port}`)).toMatchObject({ status: 200, body: 'internal' });
    } finally {
      await agent.destroy();
    }
  });

  it('never follows a redirect', async () => {
    const agent = outboundAgent({ trusted: [`http://127.0.0.1:${port}`] });
    try {
      expect(await get(agent, `http://127.0.0.1:${port}`, '/hop')).toMatchObject({ status: 302, body: '' });
    } finally {
      await agent.destroy();
    }
  });
});
