import { describe, expect, it } from 'vitest';
import { startReceiver } from '@/test/webhook-receiver.ts';
import { postJson } from './outbound-post.ts';
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
    'not an address',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe('checkOutboundUrl (when an endpoint is saved)', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://[::1]/hook',
    'https://10.1.2.3/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:7f00:1]/hook',
    'https://localhost/hook',
  ])('refuses %s', async (url) => {
    expect(await checkOutboundUrl(url, false)).toEqual({ ok: false, reason: 'forbidden' });
  });

  it('requires https', async () => {
    expect(await checkOutboundUrl('http://8.8.8.8/hook', false)).toEqual({ ok: false, reason: 'not-https' });
  });

  it('allows a public address, and anything with WEBHOOKS_ALLOW_PRIVATE', async () => {
    expect(await checkOutboundUrl('https://8.8.8.8/hook', false)).toEqual({ ok: true });
    expect(await checkOutboundUrl('http://127.0.0.1/hook', true)).toEqual({ ok: true });
  });
});

describe('postJson (at every delivery, on the address connected to)', () => {
  it('refuses loopback by literal and by a hostname resolving to it, and sends nothing', async () => {
    const receiver = await startReceiver();
    try {
      for (const url of [
        `http://127.0.0.1:${receiver.port}/hooks`,
        `http://localhost:${receiver.port}/hooks`,
        `http://[::ffff:127.0.0.1]:${receiver.port}/hooks`,
      ]) {
        const result = await postJson(url, {}, '{}', { timeoutMs: 2000, allowPrivate: false });
        expect(result.status, url).toBeNull();
        expect(result.body, url).toMatch(/not allowed/);
      }
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
      expect(slow.body).toMatch(/timeout/);
      expect(slow.durationMs).toBeLessThan(900);
    } finally {
      await receiver.close();
    }
  });
});
