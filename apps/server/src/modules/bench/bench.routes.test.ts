import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { authHeaders, createUser } from '@/test/factories.ts';

// The bench's pair of routes (docs/performance.md, "The session check"): they differ by the session look-up only.

let plain: TestApp;
let bench: TestApp;

beforeAll(async () => {
  [plain, bench] = await Promise.all([buildTestApp(), buildTestApp({ benchRoutes: true })]);
});
afterAll(async () => {
  await Promise.all([plain.close(), bench.close()]);
});

describe('bench routes', () => {
  it('do not exist unless BENCH_ROUTES is set, and never appear in the API document', async () => {
    const user = await createUser(plain.db);
    const headers = await authHeaders(plain.app, user);
    for (const path of ['/api/v1/bench/token-only', '/api/v1/bench/authenticated']) {
      expect((await plain.app.inject({ url: path, headers })).statusCode).toBe(404);
    }
    const doc = JSON.stringify(bench.app.swagger());
    expect(doc).not.toContain('/bench/');
  });

  it('both verify the token; only /bench/authenticated checks the session (refused once it ended)', async () => {
    const user = await createUser(bench.db);
    const headers = await authHeaders(bench.app, user);
    const get = (path: string, h: Record<string, string> = headers) =>
      bench.app.inject({ url: `/api/v1/bench/${path}`, headers: h });
    expect((await get('token-only')).json()).toEqual({ ok: true });
    expect((await get('authenticated')).json()).toEqual({ ok: true });
    expect((await get('token-only', {})).statusCode).toBe(401);
    expect((await get('authenticated', { authorization: 'Bearer forged' })).statusCode).toBe(401);

    await bench.db.execute(sql`update refresh_tokens set revoked_at = now() where user_id = ${user.id}`);
    expect((await get('authenticated')).statusCode).toBe(401);
    // The reference skips the look-up: that difference is what the bench measures.
    expect((await get('token-only')).statusCode).toBe(200);
  });
});
