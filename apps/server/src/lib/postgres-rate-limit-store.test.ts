import { MESSAGES } from '@aceite/shared/messages';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { createUser, TEST_PASSWORD } from '@/test/factories.ts';
import { postgresRateLimitStore } from './postgres-rate-limit-store.ts';

// Two apps on one database: two processes (or machines) of the same deployment (docs/deployment.md).
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  one = await buildTestApp({ authRateLimitMax: 6, authAccountFailureLimit: 4 });
  two = await buildTestApp({
    authRateLimitMax: 6,
    authAccountFailureLimit: 4,
    sharedDatabaseUrl: one.databaseUrl,
  });
});
afterAll(async () => {
  await two.close();
  await one.close();
});

const login = (t: TestApp, email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('rate limits shared through PostgreSQL', () => {
  it('counts one per-IP sign-in limit across two processes: the 7th attempt is refused on either', async () => {
    const user = await createUser(one.db);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await login(i % 2 ? two : one, user.email, TEST_PASSWORD, '203.0.113.7');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.code).toBe('RATE_LIMITED');
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    // Another address still signs in.
    expect((await login(two, user.email, TEST_PASSWORD, '203.0.113.8')).statusCode).toBe(200);
  });

  it('refuses an account after 4 failed sign-ins from different addresses, on both processes', async () => {
    const user = await createUser(one.db);
    for (let i = 0; i < 4; i++) {
      const res = await login(i % 2 ? two : one, user.email.toUpperCase(), 'errada-123', `198.51.100.${i}`);
      expect(res.statusCode).toBe(401);
    }
    for (const t of [one, two]) {
      // Even the right password: the account waits out the window (or resets its password).
      const res = await login(t, user.email, TEST_PASSWORD, '198.51.100.99');
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.accountSignInLimit });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Successful sign-ins of another account are not counted against anyone.
    const other = await createUser(one.db);
    for (let i = 0; i < 5; i++) {
      expect((await login(one, other.email, TEST_PASSWORD, `192.0.2.${i}`)).statusCode).toBe(200);
    }
  });

  it('counts concurrent increments exactly once each, and starts a new window when one ends', async () => {
    const other = new pg.Pool({ connectionString: one.databaseUrl, max: 5 });
    try {
      const Store = postgresRateLimitStore(one.pool);
      const OtherStore = postgresRateLimitStore(other);
      const route = { routeInfo: { method: 'POST', url: '/x' } };
      const a = new Store({}).child(route as never);
      const b = new OtherStore({}).child(route as never);
      const incr = (store: typeof a, window: number) =>
        new Promise<{ current: number; ttl: number }>((resolve, reject) =>
          store.incr(
            'k',
            (error, result) => (error || !result ? reject(error) : resolve(result)),
            window,
            100,
          ),
        );
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => incr(i % 2 ? a : b, 60_000)));
      expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      for (const r of results) expect(r.ttl).toBeGreaterThan(55_000);
      // Another route's key of the same name is its own counter.
      const elsewhere = new Store({}).child({ routeInfo: { method: 'POST', url: '/y' } } as never);
      expect((await incr(elsewhere, 60_000)).current).toBe(1);
      // A window that has ended: the row's end is moved into the past instead of waiting for it.
      await one.pool.query(
        `update rate_limit_counters set window_ends_at = now() - interval '1 second' where key = 'POST /x|k'`,
      );
      expect((await incr(a, 60_000)).current).toBe(1);
    } finally {
      await other.end();
    }
  });
});
