import ipaddr from 'ipaddr.js';
import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';

/**
 * The one guard for outgoing URLs an admin can set (DESIGN §11): https only, every address the
 * name resolves to must be on the public internet, and that is checked again when the connection
 * is made (the address connected to is the one checked), so a name that resolved to a public
 * address when it was saved and to 127.0.0.1 later (DNS rebinding) is refused. Redirects are
 * never followed (undici follows none unless asked). Origins the operator set in the environment
 * are trusted and skip the address check.
 */

/** How host names are resolved: the system's resolver, or a stub in tests. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;
export const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Public IPv6 unicast is all inside 2000::/3; the rest (::/8, NAT64, ULA, link-local …) is not. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * Whether `address` (an IP in its usual text form) is on the public internet. An IPv4-mapped IPv6
 * address is judged as the IPv4 it carries. ipaddr.js names every special range (loopback,
 * private, link-local and the 169.254.169.254 metadata address, CGNAT, multicast, unspecified,
 * broadcast, documentation, benchmarking, 6to4, Teredo, NAT64 …); only plain `unicast` is public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // net.isIP only knows the usual forms: no "127.1", "0x7f.1" or "2130706433" slipping through
  if (!isIP(bare.split('%')[0]!)) return false;
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(bare);
  } catch {
    return false;
  }
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast';
  return ip.range() === 'unicast' && (ip as ipaddr.IPv6).match(GLOBAL_UNICAST);
}

/** Why a URL may not be called: a scheme other than https, a user:password part, or an address that is not public. */
export type OutboundRefusal =
  | { reason: 'not-url' }
  | { reason: 'not-https' }
  | { reason: 'credentials' }
  | { reason: 'not-public'; host: string; address?: string }
  | { reason: 'unresolved'; host: string };

const LOCAL_NAME = /(^|\.)localhost\.?$/i;

/**
 * Checks a URL as it is saved: null when it may be called, else why not. The name is resolved
 * now (a name that does not resolve, or resolves to any address that is not public, is refused);
 * the connection checks again (`outboundAgent`), since a name can change its answer later.
 */
export async function checkOutboundUrl(raw: string, resolve: Resolve = systemResolve): Promise<OutboundRefusal | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { reason: 'not-url' };
  }
  if (url.protocol !== 'https:') return { reason: 'not-https' };
  if (url.username || url.password) return { reason: 'credentials' };
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host)) return isPublicAddress(host) ? null : { reason: 'not-public', host, address: host };
  // RFC 6761: localhost and its subdomains are this machine, whatever a resolver says
  if (LOCAL_NAME.test(host)) return { reason: 'not-public', host };
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return { reason: 'unresolved', host };
  }
  if (!addresses.length) return { reason: 'unresolved', host };
  const bad = addresses.find((a) => !isPublicAddress(a.address));
  return bad ? { reason: 'not-public', host, address: bad.address } : null;
}

/** The message a form shows for a refusal, naming the field ("The PostHog host"). */
export function refusalMessage(label: string, refusal: OutboundRefusal): string {
  const rule = `${label} must be an https address on the public internet`;
  switch (refusal.reason) {
    case 'unresolved':
      return `${label} could not be found: ${refusal.host} does not resolve to any address`;
    case 'credentials':
      return `${rule}, without a user name or password in it`;
    case 'not-public':
      return refusal.address && refusal.address !== refusal.host
        ? `${rule}: ${refusal.host} resolves to ${refusal.address}, which is not public`
        : `${rule}: ${refusal.host} is not public`;
    default:
      return rule;
  }
}

/** The error a refused connection fails with (never a socket: nothing was sent). */
export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(
    readonly host: string,
    readonly why: string,
  ) {
    super(`outgoing connection to ${host} refused: ${why}`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls.connect that resolves with `resolve` and refuses when any address is not
 * public: Node connects to what this returns, so the address checked is the address used.
 */
export function publicLookup(resolve: Resolve) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    resolve(hostname).then(
      (all) => {
        const bad = all.find((a) => !isPublicAddress(a.address));
        if (bad) return callback(new OutboundRefusedError(hostname, `it resolves to ${bad.address}, which is not public`), '');
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = family ? all.filter((a) => a.family === family) : all;
        if (!usable.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
        if (options.all) return callback(null, usable);
        return callback(null, usable[0]!.address, usable[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

/**
 * An undici dispatcher for outgoing calls to admin-set hosts: each new connection to an origin not
 * in `trusted` must be https and reach only public addresses (checked in the connection's own
 * lookup, or on the IP itself when the host is one). TLS certificates are verified. `trusted`:
 * origins the operator set in the environment, connected to as they are.
 */
export function outboundAgent(opts: { trusted?: Iterable<string>; resolve?: Resolve; timeout?: number } = {}): Agent {
  const trusted = new Set<string>();
  for (const t of opts.trusted ?? []) {
    try {
      trusted.add(new URL(t).origin);
    } catch {
      // not a URL: nothing to trust
    }
  }
  const timeout = opts.timeout ?? 10_000;
  const plain = buildConnector({ timeout });
  const guarded = buildConnector({ timeout, lookup: publicLookup(opts.resolve ?? systemResolve) });
  const connect: buildConnector.connector = (o, callback) => {
    if (trusted.has(`${o.protocol}//${o.host}`)) return plain(o, callback);
    if (o.protocol !== 'https:') return callback(new OutboundRefusedError(o.hostname, 'only https is allowed'), null);
    if (isIP(o.hostname) && !isPublicAddress(o.hostname))
      return callback(new OutboundRefusedError(o.hostname, 'the address is not public'), null);
    return guarded(o, callback);
  };
  return new Agent({ connect });
}
