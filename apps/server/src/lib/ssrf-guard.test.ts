import { describe, expect, it } from 'vitest';
import { startReceiver } from '@/test/webhook-receiver.ts';
import { errorKindOf, postJson } from './outbound-post.ts';
import { checkOutboundUrl, isForbiddenAddress } from './ssrf-guard.ts';

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    'fe80::1',
    'fd00:ec2::254',
    'ff02::1',
    '::',
    '64:ff9b::7f00:1',
    // IPv4-compatible (::/96), dotted and in hex, as DNS and the URL parser spell them.
    '::127.0.0.1',
    '::7f00:1',
    '::10.0.0.1',
    '::a9fe:a9fe',
    '::8.8.8.8',
    // ::ffff:0:0/96 (SIIT), NAT64 (well-known and local-use prefixes), 6to4 and Teredo, whatever they carry.
    '::ffff:0:7f00:1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::808:808',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::1',
    '2002:a00:1::1',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    // Discard-only, documentation, deprecated site-local, outside 2000::/3.
    '100::1',
    '2001:db8::1',
    'fec0::1',
    '4000::1',
    'fe80::1%eth0',
    '127.1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '0:0:0:0:0:ffff:808:808'])(
    'allows %s',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );
});

const production = { allowPrivate: false };

describe('checkOutboundUrl (when an endpoint is saved)', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://[::1]/hook',
    'https://10.1.2.3/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:7f00:1]/hook',
    'https://localhost/hook',
    'https://[::127.0.0.1]/hook',
    'https://[::]/hook',
    'https://[64:ff9b::10.0.0.1]/hook',
    'https://[2002:a9fe:a9fe::1]/hook',
    // Decimal, hex and octal IPv4 literals: the URL parser turns them into 127.0.0.1 first.
    'https://2130706433/hook',
    'https://0x7f.1/hook',
    'https://017700000001/hook',
    'https://0x7f000001/hook',
    'https://0177.0.0.1/hook',
    'https://127.1/hook',
  ])('refuses %s', async (url) => {
    expect(await checkOutboundUrl(url, production)).toEqual({ ok: false, reason: 'forbidden' });
  });

  it('requires https', async () => {
    expect(await checkOutboundUrl('http://8.8.8.8/hook', production)).toEqual({
      ok: false,
      reason: 'not-https',
    });
  });

  it('allows only 443, 80, 8080 and 8443 unless configured', async () => {
    for (const port of ['', ':443', ':80', ':8080', ':8443'])
      expect(await checkOutboundUrl(`https://8.8.8.8${port}/hook`, production), port).toEqual({ ok: true });
    for (const port of [':22', ':25', ':5432', ':6379', ':9200', ':1'])
      expect(await checkOutboundUrl(`https://8.8.8.8${port}/hook`, production), port).toEqual({
        ok: false,
        reason: 'port',
      });
    const configured = { allowPrivate: false, allowedPorts: [9443] };
    expect(await checkOutboundUrl('https://8.8.8.8:9443/hook', configured)).toEqual({ ok: true });
    expect(await checkOutboundUrl('https://8.8.8.8/hook', configured)).toEqual({ ok: false, reason: 'port' });
  });

  it('allows a public address, and anything with WEBHOOKS_ALLOW_PRIVATE', async () => {
    expect(await checkOutboundUrl('https://8.8.8.8/hook', production)).toEqual({ ok: true });
    expect(await checkOutboundUrl('http://127.0.0.1:5432/hook', { allowPrivate: true })).toEqual({
      ok: true,
    });
  });
});

describe('postJson (at every delivery, on the address connected to)', () => {
  it('refuses loopback by literal and by a hostname resolving to it, and sends nothing', async () => {
    const receiver = await startReceiver();
    try {
      // The receiver's port is allowed: what refuses these is the address.
      const policy = { allowPrivate: false, allowedPorts: [receiver.port] };
      for (const url of [
        `http://127.0.0.1:${receiver.port}/hooks`,
        `http://localhost:${receiver.port}/hooks`,
        `http://[::ffff:127.0.0.1]:${receiver.port}/hooks`,
        `http://[::127.0.0.1]:${receiver.port}/hooks`,
        `http://2130706433:${receiver.port}/hooks`,
        `http://0x7f.1:${receiver.port}/hooks`,
      ]) {
        const result = await postJson(url, {}, '{}', { timeoutMs: 2000, ...policy });
        expect(result.status, url).toBeNull();
        expect(result.error, url).toBe('forbidden');
        expect(result.body, url).toBe('');
      }
      // A port outside the list is refused before any connection, even on an address the guard would pass.
      const port = await postJson(`http://8.8.8.8:${receiver.port}/hooks`, {}, '{}', {
        timeoutMs: 2000,
        allowPrivate: false,
      });
      expect(port.error).toBe('forbidden');
      expect(receiver.all).toHaveLength(0);
      const allowed = await postJson(receiver.url, {}, '{"a":1}', { timeoutMs: 2000, allowPrivate: true });
      expect(allowed.status).toBe(200);
      expect(receiver.all).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('follows no redirect and cuts a slow receiver at the timeout', async () => {
    const receiver = await startReceiver(302);
    try {
      const redirected = await postJson(receiver.url, {}, '{}', { timeoutMs: 2000, allowPrivate: true });
      expect(redirected.status).toBe(302);
      expect(receiver.all).toHaveLength(1);
      receiver.state.status = 200;
      receiver.state.delayMs = 1000;
      const slow = await postJson(receiver.url, {}, '{}', { timeoutMs: 200, allowPrivate: true });
      expect(slow.status).toBeNull();
      expect(slow.error).toBe('timeout');
      expect(slow.durationMs).toBeLessThan(900);
    } finally {
      await receiver.close();
    }
  });
});

describe('what a failed connection is called (never its own text)', () => {
  it('a closed port is "refused", a TLS failure "tls", a reset "reset"', async () => {
    const receiver = await startReceiver();
    const closedPort = receiver.port;
    await receiver.close();
    const refused = await postJson(`http://127.0.0.1:${closedPort}/hooks`, {}, '{}', {
      timeoutMs: 2000,
      allowPrivate: true,
    });
    expect(refused).toMatchObject({ status: null, error: 'refused', body: '' });
    const plain = await startReceiver();
    try {
      // https to a plain-http server: the TLS handshake fails.
      const tls = await postJson(`https://127.0.0.1:${plain.port}/hooks`, {}, '{}', {
        timeoutMs: 2000,
        allowPrivate: true,
      });
      expect(tls.status).toBeNull();
      expect(['tls', 'reset']).toContain(tls.error);
    } finally {
      await plain.close();
    }
    expect(errorKindOf(Object.assign(new Error('x'), { code: 'CERT_HAS_EXPIRED' }))).toBe('tls');
    expect(errorKindOf(Object.assign(new Error('x'), { code: 'ERR_TLS_CERT_ALTNAME_INVALID' }))).toBe('tls');
    expect(errorKindOf(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe('reset');
    expect(errorKindOf(Object.assign(new Error('x'), { code: 'ENOTFOUND' }))).toBe('dns');
    expect(errorKindOf(new Error('anything else'))).toBe('other');
  });
});
