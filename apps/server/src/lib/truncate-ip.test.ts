import { describe, expect, it } from 'vitest';
import { truncateIp } from './truncate-ip.ts';

describe('truncateIp', () => {
  it('keeps an IPv4 network /24, also when mapped into IPv6', () => {
    expect(truncateIp('203.0.113.77')).toBe('203.0.113.0/24');
    expect(truncateIp('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
  });
  it('keeps an IPv6 network /48, with or without ::', () => {
    expect(truncateIp('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::/48');
    expect(truncateIp('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(truncateIp('::1')).toBe('0:0:0::/48');
  });
  it('answers null for nothing or something that is not an address', () => {
    expect(truncateIp(undefined)).toBeNull();
    expect(truncateIp('localhost')).toBeNull();
  });
});
