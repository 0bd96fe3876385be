import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from '@/lib/log-redaction.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createOrg, createUser, TEST_PASSWORD, type TestUser } from '@/test/factories.ts';
import { startTestIdp, type TestIdp } from '@/test/oidc-idp.ts';

/*
 * Single sign-on with OpenID Connect (issue 40, docs/product.md#single-sign-on) against a real provider on
 * loopback (oidc-provider, src/test/oidc-idp.ts). The issuer is on 127.0.0.1, so the SSRF guard's test
 * allowance is on here (as in the webhook tests); the guard itself refusing a loopback issuer has its test below.
 * DNS is never asked: the TXT records are this map.
 */

const REDIRECT_URI = 'http://localhost:3000/entrar/sso';
const txt = new Map<string, string[][]>();

let t: TestApp;
let idp: TestIdp;
let org: Awaited<ReturnType<typeof createOrg>>;
let admin: TestUser;

function connection(overrides: Record<string, unknown> = {}) {
  return {
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    domains: ['empresa.pt'],
    defaultRole: 'sales',
    ...overrides,
  };
}

async function start(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sso/start', payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { mode: 'password' } | { mode: 'sso'; authorizationUrl: string };
}

async function callback(query: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1/auth/sso/callback?${query}` });
}

/** The whole round trip: start, the provider signs the person in, the callback. Answers the callback's answer. */
async function signInWithSso(email: string) {
  idp.signInAs({ email });
  const started = await start(email);
  if (started.mode !== 'sso') throw new Error('SSO did not start');
  return callback(await idp.authorize(started.authorizationUrl, REDIRECT_URI));
}

async function userByEmail(email: string) {
  const rows = await t.db.execute<{ id: string; role: string; organization_id: string }>(
    sql`select id, role, organization_id from users where email = ${email}`,
  );
  return rows.rows[0];
}

beforeAll(async () => {
  idp = await startTestIdp(REDIRECT_URI);
  t = await buildTestApp({
    webhooks: { allowPrivate: true },
    ssoResolveTxt: async (name) => {
      const records = txt.get(name);
      if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return records;
    },
  });
  org = await createOrg(t.db, { plan: 'enterprise' });
  admin = await createUser(t.db, { organizationId: org.id, role: 'admin', email: 'admin@empresa.pt' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await idp?.close();
});

describe('the connection (Configurações → Segurança)', () => {
  it('only Enterprise configures SSO: Starter and Professional get PLAN_LIMIT', async () => {
    for (const plan of ['starter', 'professional']) {
      const other = await createOrg(t.db, { plan });
      const otherAdmin = await createUser(t.db, { organizationId: other.id, role: 'admin' });
      const res = await as(t.app, otherAdmin)('PUT', '/settings/sso', connection({ domains: ['outra.pt'] }));
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('PLAN_LIMIT');
      expect(res.json().error.message).toContain('Enterprise');
      const read = await as(t.app, otherAdmin)('GET', '/settings/sso');
      expect(read.json().data).toMatchObject({ connection: null, available: false });
    }
  });

  it('a member who is not an admin is refused (403)', async () => {
    const sales = await createUser(t.db, { organizationId: org.id, role: 'sales' });
    const res = await as(t.app, sales)('PUT', '/settings/sso', connection());
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect((await as(t.app, sales)('GET', '/settings/sso')).statusCode).toBe(403);
  });

  it('needs the client secret the first time; bad input answers a Portuguese message', async () => {
    const noSecret = await as(t.app, admin)('PUT', '/settings/sso', connection({ clientSecret: undefined }));
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().error.details[0]).toMatchObject({ field: 'clientSecret' });
    const bad = await as(t.app, admin)(
      'PUT',
      '/settings/sso',
      connection({ issuer: 'não é url', domains: ['não domínio'], defaultRole: 'admin' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/[a-zçãé]/);
    const enforceAlone = await as(t.app, admin)('PUT', '/settings/sso', connection({ enforce: true }));
    expect(enforceAlone.statusCode).toBe(400);
    expect(enforceAlone.json().error.details[0].message).toContain('administrador');
  });

  it('reads the issuer when saved: 422 for what is not an OpenID provider, 503 when unreachable', async () => {
    const notOpenId = await as(t.app, admin)(
      'PUT',
      '/settings/sso',
      connection({ issuer: `${idp.issuer}/nao-e-um-emissor` }),
    );
    expect(notOpenId.statusCode, notOpenId.body).toBe(422);
    expect(notOpenId.json().error.details[0]).toMatchObject({ field: 'issuer' });
    expect(notOpenId.json().error.message).toContain('não é de um fornecedor OpenID Connect');
    const unreachable = await as(t.app, admin)(
      'PUT',
      '/settings/sso',
      connection({ issuer: 'http://127.0.0.1:1' }),
    );
    expect(unreachable.statusCode, unreachable.body).toBe(503);
    expect(unreachable.json().error.message).toContain('Não foi possível contactar');
    expect((await as(t.app, admin)('GET', '/settings/sso')).json().data.connection).toBeNull();
  });

  it('saves the connection with the secret encrypted at rest and never answered', async () => {
    const res = await as(t.app, admin)('PUT', '/settings/sso', connection());
    expect(res.statusCode, res.body).toBe(200);
    const { connection: saved, available } = res.json().data;
    expect(available).toBe(true);
    expect(saved).toMatchObject({
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecretSet: true,
      defaultRole: 'sales',
      enforce: false,
      redirectUri: REDIRECT_URI,
    });
    expect(saved.domains).toEqual([
      {
        domain: 'empresa.pt',
        recordName: '_aceite-verification.empresa.pt',
        recordValue: expect.stringMatching(/^aceite-verification=.+/),
        verifiedAt: null,
      },
    ]);
    expect(res.body).not.toContain(idp.clientSecret);
    expect((await as(t.app, admin)('GET', '/settings/sso')).body).not.toContain(idp.clientSecret);
    const stored = await t.db.execute<{ client_secret_encrypted: string }>(
      sql`select client_secret_encrypted from sso_connections where organization_id = ${org.id}`,
    );
    expect(stored.rows[0]?.client_secret_encrypted).toMatch(/^v1\./);
    expect(stored.rows[0]?.client_secret_encrypted).not.toContain(idp.clientSecret);
    const audit = await t.db.execute<{ metadata: unknown }>(
      sql`select metadata from audit_logs where organization_id = ${org.id} and action like 'sso_connection.%'`,
    );
    expect(audit.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit.rows)).not.toContain(idp.clientSecret);
    // Saved again without a secret: the one stored is kept.
    const again = await as(t.app, admin)('PUT', '/settings/sso', connection({ clientSecret: undefined }));
    expect(again.statusCode, again.body).toBe(200);
  });

  it('an unverified domain does not start SSO; the TXT record verifies it', async () => {
    expect(await start('ana@empresa.pt')).toEqual({ mode: 'password' });
    const missing = await as(t.app, admin)('POST', '/settings/sso/domains/empresa.pt/verify');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.message).toContain('registo TXT');
    const settings = (await as(t.app, admin)('GET', '/settings/sso')).json().data;
    const record = settings.connection.domains[0];
    txt.set(record.recordName, [
      ['v=spf1 -all'],
      [record.recordValue.slice(0, 10), record.recordValue.slice(10)],
    ]);
    const ok = await as(t.app, admin)('POST', '/settings/sso/domains/empresa.pt/verify');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.connection.domains[0].verifiedAt).not.toBeNull();
    const unknown = await as(t.app, admin)('POST', '/settings/sso/domains/outra.pt/verify');
    expect(unknown.statusCode).toBe(404);
    // An email of another domain still signs in with the password.
    expect(await start('ana@outra.pt')).toEqual({ mode: 'password' });
  });

  it('a domain verified by one organization cannot be verified by another (409)', async () => {
    const other = await createOrg(t.db, { plan: 'enterprise' });
    const otherAdmin = await createUser(t.db, { organizationId: other.id, role: 'admin' });
    const saved = await as(t.app, otherAdmin)('PUT', '/settings/sso', connection());
    expect(saved.statusCode, saved.body).toBe(200);
    const record = saved.json().data.connection.domains[0];
    txt.set(record.recordName, [[record.recordValue]]);
    const res = await as(t.app, otherAdmin)('POST', '/settings/sso/domains/empresa.pt/verify');
    expect(res.statusCode).toBe(409);
    expect((await as(t.app, otherAdmin)('DELETE', '/settings/sso')).statusCode).toBe(200);
  });
});

describe('the sign-in with the identity provider', () => {
  it('the first sign-in provisions the person with the connection role; the second signs the same person in', async () => {
    const first = await signInWithSso('nova.pessoa@empresa.pt');
    expect(first.statusCode, first.body).toBe(200);
    const session = first.json().data;
    expect(session.user).toMatchObject({
      email: 'nova.pessoa@empresa.pt',
      role: 'sales',
      organizationId: org.id,
      firstName: 'Ana',
      lastName: 'Silva',
    });
    expect(session.refreshToken).toEqual(expect.any(String));
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(me.statusCode).toBe(200);

    const second = await signInWithSso('nova.pessoa@empresa.pt');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.user.id).toBe(session.user.id);
    const count = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where email = 'nova.pessoa@empresa.pt'`,
    );
    expect(count.rows[0]?.n).toBe(1);
    const audit = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_logs where action = 'auth.sso_login' and actor_id = ${session.user.id}`,
    );
    expect(audit.rows[0]?.n).toBe(2);
  });

  it('the discovery document is read once per ten minutes, not at each start and callback; a save reads it again', async () => {
    const before = idp.discoveryReads();
    expect((await signInWithSso('cache@empresa.pt')).statusCode).toBe(200);
    expect((await signInWithSso('cache@empresa.pt')).statusCode).toBe(200);
    expect(idp.discoveryReads()).toBe(before);
    expect(
      (await as(t.app, admin)('PUT', '/settings/sso', connection({ clientSecret: undefined }))).statusCode,
    ).toBe(200);
    expect(idp.discoveryReads()).toBe(before + 1);
  });

  it('an existing member signs in as themselves, keeping their role', async () => {
    const manager = await createUser(t.db, {
      organizationId: org.id,
      role: 'manager',
      email: 'gestor@empresa.pt',
    });
    const res = await signInWithSso('gestor@empresa.pt');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: manager.id, role: 'manager' });
  });

  it('a deactivated member is refused', async () => {
    await createUser(t.db, { organizationId: org.id, email: 'saiu@empresa.pt', isActive: false });
    const res = await signInWithSso('saiu@empresa.pt');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ACCOUNT_DISABLED');
  });

  it("an email that is another organization's account is refused, not moved", async () => {
    const elsewhere = await createUser(t.db, { email: 'outra.conta@empresa.pt' });
    const res = await signInWithSso('outra.conta@empresa.pt');
    expect(res.statusCode).toBe(403);
    expect((await userByEmail('outra.conta@empresa.pt'))?.organization_id).toBe(elsewhere.organizationId);
  });

  it('a wrong state and a replayed state are refused', async () => {
    idp.signInAs({ email: 'replay@empresa.pt' });
    const started = await start('replay@empresa.pt');
    if (started.mode !== 'sso') throw new Error('SSO did not start');
    const query = await idp.authorize(started.authorizationUrl, REDIRECT_URI);
    const forged = new URLSearchParams(query);
    forged.set('state', 'estado-forjado');
    const wrong = await callback(forged.toString());
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('expirou ou já foi usado');
    expect((await callback(query)).statusCode).toBe(200);
    const replayed = await callback(query);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.code).toBe('INVALID_TOKEN');
  });

  it("an ID token whose nonce, or a code whose PKCE verifier, is not the flow's is refused", async () => {
    for (const column of ['nonce', 'code_verifier'] as const) {
      idp.signInAs({ email: 'forjado@empresa.pt' });
      const started = await start('forjado@empresa.pt');
      if (started.mode !== 'sso') throw new Error('SSO did not start');
      const query = await idp.authorize(started.authorizationUrl, REDIRECT_URI);
      await t.db.execute(
        sql`update sso_flows set ${sql.identifier(column)} = ${'x'.repeat(43)} where organization_id = ${org.id}`,
      );
      const res = await callback(query);
      expect(res.statusCode, column).toBe(401);
      expect(res.json().error.message).toContain('não confirmou');
    }
    expect(await userByEmail('forjado@empresa.pt')).toBeUndefined();
  });

  it('a wrong client secret is refused by the provider, and nobody signs in', async () => {
    await as(t.app, admin)('PUT', '/settings/sso', connection({ clientSecret: 'segredo-errado' }));
    try {
      const res = await signInWithSso('segredo@empresa.pt');
      expect(res.statusCode).toBe(401);
      expect(await userByEmail('segredo@empresa.pt')).toBeUndefined();
    } finally {
      await as(t.app, admin)('PUT', '/settings/sso', connection());
    }
  });

  it('a state older than ten minutes is refused', async () => {
    idp.signInAs({ email: 'lento@empresa.pt' });
    const started = await start('lento@empresa.pt');
    if (started.mode !== 'sso') throw new Error('SSO did not start');
    const query = await idp.authorize(started.authorizationUrl, REDIRECT_URI);
    await t.db.execute(sql`update sso_flows set expires_at = now() - interval '1 second'`);
    expect((await callback(query)).statusCode).toBe(400);
  });

  it("the callback's code and state never reach the log", () => {
    expect(redactUrl('/api/v1/auth/sso/callback?code=abc&state=def&iss=x')).toBe(
      `/api/v1/auth/sso/callback?code=${REDACTED}&state=${REDACTED}&iss=x`,
    );
  });

  it('the callback with a malformed query answers 400, never a crash', async () => {
    expect((await callback('state=')).statusCode).toBe(400);
    expect((await callback('')).statusCode).toBe(400);
  });
});

describe('"Exigir SSO"', () => {
  it('refuses the password of the members but not of the break-glass admin', async () => {
    const member = await createUser(t.db, {
      organizationId: org.id,
      role: 'sales',
      email: 'vendas@empresa.pt',
    });
    const notAdmin = await as(t.app, admin)(
      'PUT',
      '/settings/sso',
      connection({ clientSecret: undefined, enforce: true, breakGlassUserId: member.id }),
    );
    expect(notAdmin.statusCode).toBe(400);
    expect(notAdmin.json().error.details[0].field).toBe('breakGlassUserId');
    const res = await as(t.app, admin)(
      'PUT',
      '/settings/sso',
      connection({ clientSecret: undefined, enforce: true, breakGlassUserId: admin.id }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const login = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: TEST_PASSWORD },
      });
    const refused = await login(member.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'SSO_REQUIRED' });
    expect(refused.json().error.message).toContain('exige o início de sessão com SSO');
    expect((await login(admin.email)).statusCode).toBe(200);
    // A wrong password still says only that the credentials are wrong.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: member.email, password: 'errada-errada' },
    });
    expect(wrong.statusCode).toBe(401);
    // Through SSO the member signs in.
    expect((await signInWithSso(member.email)).statusCode).toBe(200);
    // A member whose email is of no verified domain could not sign in through the provider: the password stays.
    const contractor = await createUser(t.db, { organizationId: org.id, email: 'externo@gmail.example' });
    expect((await login(contractor.email)).statusCode).toBe(200);
    // Another organization's members are untouched.
    const outsider = await createUser(t.db, { role: 'sales' });
    expect((await login(outsider.email)).statusCode).toBe(200);
  });
});

describe('a plan without SSO', () => {
  it('neither starts SSO nor enforces it (a downgraded organization signs in with passwords again)', async () => {
    await t.db.execute(sql`update organizations set plan = 'professional' where id = ${org.id}`);
    try {
      expect(await start('vendas@empresa.pt')).toEqual({ mode: 'password' });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'vendas@empresa.pt', password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`update organizations set plan = 'enterprise' where id = ${org.id}`);
    }
  });
});

describe('the SSRF guard', () => {
  it('without the test allowance, a loopback issuer is never fetched: the sign-in answers 503', async () => {
    const guarded = await buildTestApp({ sameDatabaseAs: t });
    try {
      const res = await guarded.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sso/start',
        payload: { email: 'ana@empresa.pt' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('UNAVAILABLE');
    } finally {
      await guarded.close();
    }
  });
});

describe('removing the connection', () => {
  it('drops the domains: the sign-in falls back to the password', async () => {
    const res = await as(t.app, admin)('DELETE', '/settings/sso');
    expect(res.statusCode).toBe(200);
    expect(await start('vendas@empresa.pt')).toEqual({ mode: 'password' });
    expect((await as(t.app, admin)('DELETE', '/settings/sso')).statusCode).toBe(404);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'vendas@empresa.pt', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});
