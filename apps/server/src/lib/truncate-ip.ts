import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client's address as the evidence keeps it (docs/product.md#evidence): IPv4 cut to its /24
 * (203.0.113.0/24), IPv6 to its /48 (2001:db8:1::/48). Enough to show the network an answer came from, not
 * the person's own device.
 */
export function truncateIp(ip: string | undefined | null): string | null {
  if (!ip) return null;
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  const v4 = mapped?.[1] ?? ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return null;
  const [head = '', tail = ''] = ip.split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  const first = groups.slice(0, 3).map((g) => Number.parseInt(g || '0', 16).toString(16));
  return `${first.join(':')}::/48`;
}
