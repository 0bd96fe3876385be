import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one SSRF guard (docs/product.md#webhooks): a URL an organization gives us is fetched by the server, so
 * its host must never be an address inside our network. Only global unicast addresses pass: loopback,
 * private, link-local (the cloud metadata address 169.254.169.254 among them), CGNAT, multicast, unique-local
 * IPv6, reserved ranges and IPv4 hidden inside IPv6 (mapped, NAT64, 6to4, Teredo) are refused.
 */
export function isForbiddenAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() !== 'unicast';
}

export class ForbiddenAddressError extends Error {
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

export type UrlCheck = { ok: true } | { ok: false; reason: 'not-https' | 'forbidden' | 'unresolvable' };

/**
 * Checks a webhook URL when it is saved: https, and every address its host resolves to is public. With
 * allowPrivate (WEBHOOKS_ALLOW_PRIVATE=true, tests and closed networks only) http and any address pass.
 */
export async function checkOutboundUrl(raw: string, allowPrivate: boolean): Promise<UrlCheck> {
  const url = new URL(raw);
  if (allowPrivate) return { ok: true };
  if (url.protocol !== 'https:') return { ok: false, reason: 'not-https' };
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
