import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** IPv6 global unicast (RFC 4291, IANA): every public IPv6 address is inside it. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * The one SSRF guard (docs/product.md#webhooks): a URL an organization gives us is fetched by the server, so
 * its host must never be an address inside our network. Only global unicast addresses pass: loopback,
 * private, link-local (the cloud metadata address 169.254.169.254 among them), CGNAT, multicast, unique-local
 * IPv6, reserved ranges and IPv4 hidden inside IPv6 are refused. IPv6 is an allow-list (2000::/3 and
 * ipaddr.js's `unicast` there), so IPv4-compatible `::a.b.c.d` (`::/96`), `::ffff:0:0:0/96`, NAT64
 * `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4 `2002::/16`, Teredo and whatever IANA reserves next are refused
 * whatever IPv4 address they carry (a NAT64 gateway or 6to4 relay could be inside our network). Only the
 * IPv4-mapped form `::ffff:a.b.c.d` is judged by the IPv4 address it maps. Decimal, octal and hex IPv4 hosts
 * (`2130706433`, `0x7f.1`, `017700000001`) never get here as such: the WHATWG URL parser normalises them to
 * dotted quads first (ssrf-guard.test.ts proves it).
 */
export function isForbiddenAddress(address: string): boolean {
  const canonical = canonicalAddress(address);
  if (canonical === null) return true;
  let parsed = ipaddr.parse(canonical);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (!v6.isIPv4MappedAddress()) return !v6.match(GLOBAL_UNICAST_V6) || v6.range() !== 'unicast';
    parsed = v6.toIPv4Address();
  }
  return parsed.range() !== 'unicast';
}

/**
 * An address in the WHATWG URL parser's spelling (IPv6 compressed, in hex), or null if it is none. ipaddr.js
 * reads the dotted IPv4-compatible `::127.0.0.1` as the mapped `::ffff:127.0.0.1`, which would judge it by its
 * IPv4 address; in hex (`::7f00:1`) it is read for what it is.
 */
function canonicalAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return ipaddr.isValid(address) ? address : null;
  if (family !== 6) return null;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/** The ports a webhook may use unless WEBHOOKS_ALLOWED_PORTS says otherwise (docs/deployment.md). */
export const DEFAULT_ALLOWED_PORTS: readonly number[] = [443, 80, 8080, 8443];

/** The port a URL connects to (its scheme's default when it names none). */
export function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'http:' ? 80 : 443;
}

/** What a URL an organization gave may reach. */
export interface OutboundPolicy {
  /** WEBHOOKS_ALLOW_PRIVATE: the guard is off (http, any address, any port); tests and closed networks. */
  allowPrivate: boolean;
  /** WEBHOOKS_ALLOWED_PORTS; DEFAULT_ALLOWED_PORTS when absent. */
  allowedPorts?: readonly number[];
}

export function isAllowedPort(url: URL, policy: OutboundPolicy): boolean {
  return policy.allowPrivate || (policy.allowedPorts ?? DEFAULT_ALLOWED_PORTS).includes(portOf(url));
}

/** A refusal of the guard, at connection time; its `code` lets the delivery log say so (outbound-post.ts). */
export class ForbiddenAddressError extends Error {
  readonly code = 'E_FORBIDDEN_ADDRESS';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`address ${address} of ${host} is not allowed`);
    this.name = 'ForbiddenAddressError';
  }
}

/** The host of a URL as DNS and isIP expect it: IPv6 literals without their brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Every address the host resolves to (a literal resolves to itself). */
export async function resolveHost(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) =>
      error ? reject(error) : resolve(addresses.map((a) => a.address)),
    );
  });
}

export type UrlCheck =
  | { ok: true }
  | { ok: false; reason: 'not-https' | 'port' | 'forbidden' | 'unresolvable' };

/**
 * Checks a webhook URL when it is saved: https, an allowed port, and every address its host resolves to is
 * public. With allowPrivate (WEBHOOKS_ALLOW_PRIVATE=true, tests and closed networks only) anything passes.
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy): Promise<UrlCheck> {
  const url = new URL(raw);
  if (policy.allowPrivate) return { ok: true };
  if (url.protocol !== 'https:') return { ok: false, reason: 'not-https' };
  if (!isAllowedPort(url, policy)) return { ok: false, reason: 'port' };
  let addresses: string[];
  try {
    addresses = await resolveHost(hostOf(url));
  } catch {
    return { ok: false, reason: 'unresolvable' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'unresolvable' };
  return addresses.some(isForbiddenAddress) ? { ok: false, reason: 'forbidden' } : { ok: true };
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for node's http(s) request that refuses a forbidden address at connection time: the check runs
 * on the address actually connected to, so a DNS answer that changed since the URL was saved (DNS rebinding)
 * is still refused.
 */
export function guardedLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true, verbatim: true } as never, (error, addresses) => {
    if (error) return callback(error, '');
    const list = addresses as unknown as LookupAddress[];
    const bad = list.find((a) => isForbiddenAddress(a.address));
    if (bad) return callback(new ForbiddenAddressError(hostname, bad.address), '');
    const first = list[0];
    if (!first)
      return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
    if (options.all) return callback(null, list);
    callback(null, first.address, first.family);
  });
}
