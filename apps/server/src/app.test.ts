import { MESSAGES } from '@aceite/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ authRateLimitMax: 3 });
});
afterAll(async () => {
  await t.close();
});

describe('the API surface', () => {
  it('reports health with a database check', async () => {
    const res = await t.app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', database: 'ok' } });
  });

  it('answers liveness without the database and readiness with it, for load balancers', async () => {
    const live = await t.app.inject({ url: '/api/v1/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ data: { status: 'ok' } });
    const ready = await t.app.inject({ url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ data: { status: 'ok', database: 'ok' } });
  });

  it('answers readiness 503 in the envelope when the database is gone, liveness still 200', async () => {
    const broken = await buildTestApp();
    try {
      // The pool ended: every query fails, as when the database is unreachable.
      await broken.pool.end();
      const ready = await broken.app.inject({ url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error).toMatchObject({
        code: 'UNAVAILABLE',
        message: 'Base de dados indisponível',
      });
      expect((await broken.app.inject({ url: '/api/v1/health/live' })).statusCode).toBe(200);
    } finally {
      // Its database goes with the test cluster (the pool is already ended, so close() would fail).
      await broken.app.close();
    }
  });

  it('answers unknown API routes with the JSON 404 envelope', async () => {
    const res = await t.app.inject({ url: '/api/v1/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.routeNotFound });
  });

  it('answers malformed JSON with 400 and a Portuguese message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: MESSAGES.invalidJson });
  });

  it('answers a body of the wrong type with 400 and never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2,3]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('rate limits sign-in attempts per IP with a 429 envelope', async () => {
    const attempt = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: ip,
        payload: { email: 'ninguem@example.pt', password: 'x' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt('10.0.0.7')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await attempt('10.0.0.7');
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests });
    // Another address is not affected.
    expect((await attempt('10.0.0.8')).statusCode).toBe(401);
  });

  it('publishes an OpenAPI document generated from the route schemas, and a reference page', async () => {
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/auth/register', '/api/v1/health']),
    );
    expect(
      spec.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('rememberMe');
    const page = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/api/v1/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
  });

  it('lets the browser reach only the configured error reporting origin, besides its own', async () => {
    const reporting = await buildTestApp({ reportingOrigins: ['https://o1.ingest.sentry.io'] });
    try {
      const res = await reporting.app.inject({ url: '/api/v1/health' });
      expect(String(res.headers['content-security-policy'])).toContain(
        "connect-src 'self' https://o1.ingest.sentry.io;",
      );
    } finally {
      await reporting.close();
    }
  });
});
