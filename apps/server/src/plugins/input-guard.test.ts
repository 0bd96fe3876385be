import { MESSAGES } from '@aceite/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasNul } from '@/lib/has-nul.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';

let t: TestApp;
let call: ReturnType<typeof as>;

beforeAll(async () => {
  t = await buildTestApp();
  call = as(t.app, (await createTeamOfRoles(t.db)).admin);
});
afterAll(async () => {
  await t.close();
});

describe('NUL characters in input', () => {
  it('finds them in strings, keys and nested values', () => {
    expect(hasNul('a\u0000b')).toBe(true);
    expect(hasNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(hasNul({ 'k\u0000': 1 })).toBe(true);
    expect(hasNul({ a: ['ok', 1, null, { b: 'ção 🙂' }] })).toBe(false);
  });

  it('answers 400 in the envelope for a query, a body or a path value, never a database error', async () => {
    for (const [method, url, body] of [
      ['GET', '/clients?search=a%00b', undefined],
      ['POST', '/clients', { name: 'Nome\u0000', email: 'n@x.pt' }],
      ['GET', '/clients/%00', undefined],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: MESSAGES.invalidData });
    }
  });

  it('answers 404 in the envelope for a path value over the router limit', async () => {
    const res = await call('GET', `/clients/${'x'.repeat(5000)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
