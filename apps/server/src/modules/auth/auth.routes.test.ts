import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  emailOutbox,
  organizations,
  passwordResetTokens,
  refreshTokens,
  users,
} from '@/db/schema/index.ts';
import { hashToken } from '@/lib/tokens.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { authHeaders, createUser, TEST_PASSWORD } from '@/test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const uniqueEmail = () => `pessoa-${randomUUID().slice(0, 8)}@empresa.pt`;

function post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });
}

async function registerUser(overrides: Record<string, unknown> = {}) {
  const body = {
    email: uniqueEmail(),
    password: 'segredo123',
    firstName: 'Maria',
    lastName: 'Silva',
    ...overrides,
  };
  const res = await post('/auth/register', body);
  return { res, body };
}

describe('POST /auth/register', () => {
  it('creates an organization and its first admin user, and returns a session', async () => {
    const { res, body } = await registerUser({
      organizationName: 'Silva & Filhos',
      organizationDomain: 'silva.pt',
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.user).toMatchObject({
      email: body.email,
      firstName: 'Maria',
      lastName: 'Silva',
      role: 'admin',
    });
    expect(data.user.organization.name).toBe('Silva & Filhos');
    expect(data.accessToken).toEqual(expect.any(String));
    expect(data.refreshToken).toEqual(expect.any(String));
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|argon2/);

    const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(row?.role).toBe('admin');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const [org] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, row?.organizationId ?? ''));
    expect(org).toMatchObject({ name: 'Silva & Filhos', domain: 'silva.pt' });
  });

  it('defaults the organization name to the full name and the domain to the email domain', async () => {
    const { res } = await registerUser({ firstName: 'João', lastName: 'Costa', email: 'joao@costa-lda.pt' });
    expect(res.statusCode).toBe(201);
    const [org] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, res.json().data.user.organizationId));
    expect(org).toMatchObject({ name: 'João Costa', domain: 'costa-lda.pt' });
  });

  it('stores the email lower-cased and answers 409 for an email that already has an account', async () => {
    const email = uniqueEmail();
    await registerUser({ email });
    const { res } = await registerUser({ email: email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'EMAIL_TAKEN', message: MESSAGES.emailTaken });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('answers one of two simultaneous registrations of the same email with 409, never 500', async () => {
    const email = uniqueEmail();
    const results = await Promise.all([registerUser({ email }), registerUser({ email })]);
    expect(results.map((r) => r.res.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers 400 with field details and the spec messages for bad input', async () => {
    const res = await post('/auth/register', {
      email: 'não-é-email',
      password: 'curta',
      firstName: ' ',
      lastName: '',
    });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.requestId).toEqual(expect.any(String));
    expect(error.details).toEqual(
      expect.arrayContaining([
        { field: 'email', message: MESSAGES.emailInvalid },
        { field: 'password', message: MESSAGES.passwordTooShort },
        { field: 'firstName', message: MESSAGES.namesRequired },
        { field: 'lastName', message: MESSAGES.namesRequired },
      ]),
    );
  });

  it('ignores a role or organizationId smuggled into the body', async () => {
    const { res } = await registerUser({ role: 'superadmin', organizationId: randomUUID() });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.role).toBe('admin');
  });
});

describe('POST /auth/login', () => {
  it('signs in with the right password and records the sign-in', async () => {
    const user = await createUser(t.db, { role: 'manager' });
    const res = await post('/auth/login', { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: user.id, role: 'manager' });
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.actorId, user.id));
    expect(audit.map((a) => a.action)).toContain('auth.login');
  });

  it('gives one message for an unknown email and for a wrong password', async () => {
    const user = await createUser(t.db);
    const wrong = await post('/auth/login', { email: user.email, password: 'errada-123' });
    const unknown = await post('/auth/login', { email: uniqueEmail(), password: 'errada-123' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: MESSAGES.invalidCredentials,
      });
    }
  });

  it('refuses an inactive user with "Conta desativada"', async () => {
    const user = await createUser(t.db, { isActive: false });
    const res = await post('/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'ACCOUNT_DISABLED', message: MESSAGES.accountDisabled });
  });

  it('keeps a remember-me session 30 days and a plain one 24 hours', async () => {
    const user = await createUser(t.db);
    const remembered = await post('/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
      rememberMe: true,
    });
    const plain = await post('/auth/login', { email: user.email, password: TEST_PASSWORD });
    const lifetimeHours = async (token: string) => {
      const [row] = await t.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)));
      return ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    };
    expect(await lifetimeHours(remembered.json().data.refreshToken)).toBeCloseTo(24 * 30, 0);
    expect(await lifetimeHours(plain.json().data.refreshToken)).toBeCloseTo(24, 0);
  });

  it('stores refresh tokens only as hashes', async () => {
    const user = await createUser(t.db);
    const res = await post('/auth/login', { email: user.email, password: TEST_PASSWORD });
    const token = res.json().data.refreshToken as string;
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers 400 when email or password is missing', async () => {
    const res = await post('/auth/login', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toEqual(['email', 'password']);
  });
});

describe('GET /auth/me', () => {
  it('returns the signed-in user with the organization name', async () => {
    const user = await createUser(t.db, { role: 'viewer' });
    const res = await t.app.inject({ url: '/api/v1/auth/me', headers: await authHeaders(t.app, user) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: user.id,
      role: 'viewer',
      organizationId: user.organizationId,
    });
    expect(res.json().data.organization.name).toMatch(/^Org /);
  });

  it('answers 401 without a token and with a forged one', async () => {
    const none = await t.app.inject({ url: '/api/v1/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHENTICATED');
    const forged = await t.app.inject({
      url: '/api/v1/auth/me',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a token signed with another key, and one with alg none', async () => {
    const user = await createUser(t.db);
    const claims = { org: user.organizationId, role: 'admin', sid: randomUUID() };
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setAudience('aceite-api')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: user.id, aud: 'aceite-api', iat: now, exp: now + 600 })}.`;
    for (const token of [otherKey, unsigned]) {
      const res = await t.app.inject({
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 401 TOKEN_EXPIRED for an expired access token', async () => {
    const user = await createUser(t.db);
    const token = await t.app.accessTokens.sign(
      { userId: user.id, organizationId: user.organizationId, role: 'sales', sessionId: randomUUID() },
      -10,
    );
    const res = await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('TOKEN_EXPIRED');
  });
});

describe('POST /auth/refresh', () => {
  async function signIn() {
    const user = await createUser(t.db);
    const res = await post('/auth/login', { email: user.email, password: TEST_PASSWORD });
    return { user, session: res.json().data as { accessToken: string; refreshToken: string } };
  }

  it('rotates the refresh token and issues a working access token', async () => {
    const { user, session } = await signIn();
    const res = await post('/auth/refresh', { refreshToken: session.refreshToken });
    expect(res.statusCode).toBe(200);
    const next = res.json().data;
    expect(next.refreshToken).not.toBe(session.refreshToken);
    const me = await t.app.inject({
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${next.accessToken}` },
    });
    expect(me.json().data.id).toBe(user.id);
    const [old] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(session.refreshToken)));
    expect(old?.rotatedAt).toBeInstanceOf(Date);
  });

  it('revokes the whole session family when a rotated token is presented again', async () => {
    const { user, session } = await signIn();
    const first = await post('/auth/refresh', { refreshToken: session.refreshToken });
    const stolenReplay = await post('/auth/refresh', { refreshToken: session.refreshToken });
    expect(stolenReplay.statusCode).toBe(400);
    expect(stolenReplay.json().error).toMatchObject({
      code: 'INVALID_TOKEN',
      message: MESSAGES.invalidOrExpiredToken,
    });
    // The legitimate holder's newer token died with the family.
    const legit = await post('/auth/refresh', { refreshToken: first.json().data.refreshToken });
    expect(legit.statusCode).toBe(400);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.actorId, user.id));
    expect(audit.map((a) => a.action)).toContain('auth.refresh_token_reuse');
  });

  it('lets exactly one of two concurrent refreshes of the same token win', async () => {
    const { session } = await signIn();
    const results = await Promise.all([
      post('/auth/refresh', { refreshToken: session.refreshToken }),
      post('/auth/refresh', { refreshToken: session.refreshToken }),
    ]);
    expect(results.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
  });

  it('refuses an unknown or expired refresh token', async () => {
    expect((await post('/auth/refresh', { refreshToken: 'nao-existe' })).statusCode).toBe(400);
    const { session } = await signIn();
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(session.refreshToken)));
    expect((await post('/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(400);
  });

  it('refuses to refresh the session of a user deactivated meanwhile', async () => {
    const { user, session } = await signIn();
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await post('/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(400);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the presented session so its refresh token stops working', async () => {
    const user = await createUser(t.db);
    const session = (await post('/auth/login', { email: user.email, password: TEST_PASSWORD })).json().data;
    const res = await post('/auth/logout', undefined, { authorization: `Bearer ${session.accessToken}` });
    expect(res.statusCode).toBe(200);
    expect((await post('/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(400);
  });

  it('leaves other sessions of the same user signed in', async () => {
    const user = await createUser(t.db);
    const a = (await post('/auth/login', { email: user.email, password: TEST_PASSWORD })).json().data;
    const b = (await post('/auth/login', { email: user.email, password: TEST_PASSWORD })).json().data;
    await post('/auth/logout', {}, { authorization: `Bearer ${a.accessToken}` });
    expect((await post('/auth/refresh', { refreshToken: b.refreshToken })).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await post('/auth/logout')).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  async function requestReset(email: string) {
    const res = await post('/auth/forgot-password', { email });
    expect(res.statusCode).toBe(200);
    await t.app.outbox.drain();
    const mail = t.sentMail.filter((m) => m.to === email).at(-1);
    const link = mail?.links[0];
    return { mail, token: link ? (new URL(link).searchParams.get('token') ?? '') : '' };
  }

  it('answers 200 for an unknown email and sends nothing', async () => {
    const email = uniqueEmail();
    const { mail } = await requestReset(email);
    expect(mail).toBeUndefined();
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toHaveLength(0);
  });

  it('queues a pt-PT email with a one-hour link to /reset-password', async () => {
    const user = await createUser(t.db);
    const { mail, token } = await requestReset(user.email);
    expect(mail?.subject).toBe('Redefinir a sua password do Aceite');
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    expect(mail?.text).toContain(mail?.links[0]);
    expect(token.length).toBeGreaterThanOrEqual(22);
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    expect(((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000).toBeCloseTo(60, 0);
    const [queued] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    expect(queued?.status).toBe('sent');
  });

  it('validates the token and names its account', async () => {
    const user = await createUser(t.db);
    const { token } = await requestReset(user.email);
    const res = await t.app.inject({ url: `/api/v1/auth/validate-reset-token/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toEqual({ firstName: 'Teste', lastName: 'Utilizador', email: user.email });
    const bad = await t.app.inject({ url: '/api/v1/auth/validate-reset-token/invalido' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MESSAGES.invalidOrExpiredToken);
  });

  it('sets the new password once, signs out every session and refuses the link afterwards', async () => {
    const user = await createUser(t.db);
    const session = (await post('/auth/login', { email: user.email, password: TEST_PASSWORD })).json().data;
    const { token } = await requestReset(user.email);

    const res = await post('/auth/reset-password', { token, password: 'nova-password-1' });
    expect(res.statusCode).toBe(200);
    expect((await post('/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: user.email, password: 'nova-password-1' })).statusCode).toBe(
      200,
    );
    expect((await post('/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(400);

    const again = await post('/auth/reset-password', { token, password: 'outra-password-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_TOKEN');
  });

  it('refuses an expired link and a short password', async () => {
    const user = await createUser(t.db);
    const { token } = await requestReset(user.email);
    const short = await post('/auth/reset-password', { token, password: 'curta' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(MESSAGES.passwordTooShort);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    expect((await post('/auth/reset-password', { token, password: 'nova-password-1' })).statusCode).toBe(400);
  });

  it('answers 400 "Token de recuperação não encontrado" without a token', async () => {
    const res = await post('/auth/reset-password', { password: 'nova-password-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual({ field: 'token', message: MESSAGES.resetTokenMissing });
  });
});
