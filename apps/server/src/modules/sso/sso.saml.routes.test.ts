import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createOrg, createUser, TEST_PASSWORD, type TestUser } from '@/test/factories.ts';
import { type SamlResponseOptions, type SamlTestIdp, startSamlIdp } from '@/test/saml-idp.ts';

/*
 * Single sign-on with SAML 2.0 (issue 40, docs/product.md#single-sign-on) against an identity provider on
 * loopback (src/test/saml-idp.ts: real XML signatures by xml-crypto). The metadata URL is on 127.0.0.1, so the
 * SSRF guard's test allowance is on here, as in the OIDC tests. DNS is never asked: the TXT records are this map.
 */

const APP_URL = 'http://localhost:3000';
const ACS = `${APP_URL}/api/v1/auth/sso/saml/acs`;
const txt = new Map<string, string[][]>();

let t: TestApp;
let idp: SamlTestIdp;
let org: Awaited<ReturnType<typeof createOrg>>;
let admin: TestUser;

function samlConnection(overrides: Record<string, unknown> = {}) {
  return { protocol: 'saml', samlMetadataUrl: idp.metadataUrl, domains: ['saml.pt'], ...overrides };
}

async function start(email: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sso/start', payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  if (data.mode !== 'sso') throw new Error('SSO did not start');
  return data.authorizationUrl as string;
}

function postAcs(form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sso/saml/acs',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

function callback(location: string) {
  const query = new URL(location).search;
  return t.app.inject({ method: 'GET', url: `/api/v1/auth/sso/callback${query}` });
}

/** Start, the IdP's response posted to the ACS: the ACS's answer. */
async function acs(email: string, options: SamlResponseOptions = {}) {
  idp.signInAs({ email });
  const answer = idp.respond(await start(email), options);
  expect(answer.acsUrl).toBe(ACS);
  return postAcs({ SAMLResponse: answer.SAMLResponse, RelayState: answer.RelayState });
}

/** The whole round trip: the callback's answer. */
async function signInWithSaml(email: string, options: SamlResponseOptions = {}) {
  const res = await acs(email, options);
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toMatch(new RegExp(`^${APP_URL}/entrar/sso\\?code=[^&]+&state=`));
  return callback(String(res.headers.location));
}

async function userByEmail(email: string) {
  const rows = await t.db.execute<{ id: string; role: string }>(
    sql`select id, role from users where email = ${email}`,
  );
  return rows.rows[0];
}

beforeAll(async () => {
  idp = await startSamlIdp();
  t = await buildTestApp({
    webhooks: { allowPrivate: true },
    ssoResolveTxt: async (name) => {
      const records = txt.get(name);
      if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return records;
    },
  });
  org = await createOrg(t.db, { plan: 'enterprise' });
  admin = await createUser(t.db, { organizationId: org.id, role: 'admin', email: 'admin@saml.pt' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await idp?.close();
});

describe('the SAML connection (Configurações → Segurança)', () => {
  it('bad metadata answers a Portuguese message: none (400), not SAML (422), unreachable (503)', async () => {
    const none = await as(t.app, admin)(
      'PUT',
      '/settings/sso',
      samlConnection({ samlMetadataUrl: undefined }),
    );
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().error.details[0]).toMatchObject({ field: 'samlMetadataUrl' });
    const notSaml = await as(t.app, admin)(
      'PUT',
      '/settings/sso',
      samlConnection({ samlMetadataXml: '<html><body>olá</body></html>' }),
    );
    expect(notSaml.statusCode, notSaml.body).toBe(422);
    expect(notSaml.json().error.details[0]).toMatchObject({ field: 'samlMetadataXml' });
    expect(notSaml.json().error.message).toContain('metadados SAML não são válidos');
    const dtd = await as(t.app, admin)(
      'PUT',
      '/settings/sso',
      samlConnection({ samlMetadataXml: `<!DOCTYPE x [<!ENTITY a "b">]>${idp.metadataXml}` }),
    );
    expect(dtd.statusCode).toBe(422);
    const unreachable = await as(t.app, admin)(
      'PUT',
      '/settings/sso',
      samlConnection({ samlMetadataUrl: 'http://127.0.0.1:1/metadata' }),
    );
    expect(unreachable.statusCode, unreachable.body).toBe(503);
    expect(unreachable.json().error.message).toContain('Não foi possível obter os metadados SAML');
  });

  it('only Enterprise saves a SAML connection, and the metadata is not read before the plan allows it', async () => {
    const other = await createOrg(t.db, { plan: 'professional' });
    const otherAdmin = await createUser(t.db, { organizationId: other.id, role: 'admin' });
    const res = await as(t.app, otherAdmin)(
      'PUT',
      '/settings/sso',
      samlConnection({ domains: ['outra.pt'] }),
    );
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.code).toBe('PLAN_LIMIT');
  });

  it('without the test allowance, a loopback metadata URL is never fetched (503)', async () => {
    const guarded = await buildTestApp({ sameDatabaseAs: t });
    try {
      const res = await as(guarded.app, admin)('PUT', '/settings/sso', samlConnection());
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error.code).toBe('UNAVAILABLE');
    } finally {
      await guarded.close();
    }
  });

  it('reads the metadata URL through the server into entity id, SSO URL and certificate; shows our SP', async () => {
    const res = await as(t.app, admin)('PUT', '/settings/sso', samlConnection());
    expect(res.statusCode, res.body).toBe(200);
    const { connection, samlSp } = res.json().data;
    expect(connection).toMatchObject({
      protocol: 'saml',
      issuer: idp.entityId,
      clientId: null,
      clientSecretSet: false,
      samlIdp: {
        metadataUrl: idp.metadataUrl,
        ssoUrl: idp.metadataUrl.replace('/metadata', '/sso'),
        certificateFingerprints: [expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/)],
      },
    });
    expect(samlSp).toEqual({
      entityId: `${APP_URL}/api/v1/auth/sso/saml/${org.id}/metadata`,
      acsUrl: ACS,
      metadataUrl: `${APP_URL}/api/v1/auth/sso/saml/${org.id}/metadata`,
    });
    // Pasted XML does the same; saved again without metadata keeps it.
    const pasted = await as(t.app, admin)(
      'PUT',
      '/settings/sso',
      samlConnection({ samlMetadataUrl: undefined, samlMetadataXml: idp.metadataXml }),
    );
    expect(pasted.statusCode, pasted.body).toBe(200);
    expect(pasted.json().data.connection.samlIdp.metadataUrl).toBeNull();
    const kept = await as(t.app, admin)(
      'PUT',
      '/settings/sso',
      samlConnection({ samlMetadataUrl: undefined }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.connection.issuer).toBe(idp.entityId);
  });

  it("our SP metadata is public XML with the organization's entity id and the ACS; 404 without SAML", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/auth/sso/saml/${org.id}/metadata` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(res.body).toContain(`entityID="${APP_URL}/api/v1/auth/sso/saml/${org.id}/metadata"`);
    expect(res.body).toContain(`Location="${ACS}"`);
    const other = await createOrg(t.db, { plan: 'enterprise' });
    const none = await t.app.inject({ method: 'GET', url: `/api/v1/auth/sso/saml/${other.id}/metadata` });
    expect(none.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/auth/sso/saml/nao-uuid/metadata' });
    expect(bad.statusCode).toBe(400);
  });

  it('the domain is verified by its TXT record, as for OpenID Connect', async () => {
    const settings = (await as(t.app, admin)('GET', '/settings/sso')).json().data;
    const record = settings.connection.domains[0];
    txt.set(record.recordName, [[record.recordValue]]);
    const ok = await as(t.app, admin)('POST', '/settings/sso/domains/saml.pt/verify');
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('the sign-in with the SAML identity provider', () => {
  it('start answers an HTTP-Redirect AuthnRequest to the IdP, with a RelayState', async () => {
    const url = new URL(await start('alguem@saml.pt'));
    expect(`${url.origin}${url.pathname}`).toBe(idp.metadataUrl.replace('/metadata', '/sso'));
    expect(url.searchParams.get('SAMLRequest')).toBeTruthy();
    expect(url.searchParams.get('RelayState')).toMatch(/^[\w-]{20,}$/);
  });

  it('the first sign-in provisions the person with the connection role; the second signs the same person in', async () => {
    const first = await signInWithSaml('nova@saml.pt');
    expect(first.statusCode, first.body).toBe(200);
    const session = first.json().data;
    expect(session.user).toMatchObject({
      email: 'nova@saml.pt',
      role: 'sales',
      organizationId: org.id,
      firstName: 'Ana',
      lastName: 'Silva',
    });
    const second = await signInWithSaml('nova@saml.pt');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.user.id).toBe(session.user.id);
    const audit = await t.db.execute<{ metadata: { protocol: string } }>(
      sql`select metadata from audit_logs where action = 'auth.sso_login' and actor_id = ${session.user.id}`,
    );
    expect(audit.rows).toHaveLength(2);
    expect(audit.rows[0]?.metadata.protocol).toBe('saml');
  });

  it('a response signed as a whole (not its assertion) is accepted too', async () => {
    const res = await signInWithSaml('resposta@saml.pt', { signed: 'response' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the one-time code is used once, and only with its own flow', async () => {
    const res = await acs('codigo@saml.pt');
    expect(res.statusCode, res.body).toBe(303);
    const location = new URL(String(res.headers.location));
    const wrong = new URL(location);
    wrong.searchParams.set('code', 'codigo-errado');
    const refused = await callback(wrong.href);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('expirou ou já foi usado');
    // The wrong code spent the flow: the right code is refused after it too.
    expect((await callback(location.href)).statusCode).toBe(400);
    expect(await userByEmail('codigo@saml.pt')).toBeUndefined();
  });

  it('forged responses are refused: another key, an edit after signing, no signature', async () => {
    const cases: SamlResponseOptions[] = [
      { signWith: 'other' },
      { tamper: (xml) => xml.replaceAll('forjado@saml.pt', 'admin@saml.pt') },
      { signWith: 'none' },
    ];
    for (const options of cases) {
      const res = await acs('forjado@saml.pt', options);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error.message).toContain('resposta SAML do fornecedor de identidade não é válida');
    }
    expect(await userByEmail('forjado@saml.pt')).toBeUndefined();
  });

  it('a wrong audience, recipient or destination is refused', async () => {
    const cases: SamlResponseOptions[] = [
      { audience: 'https://outro-sp.example/metadata' },
      { recipient: 'https://outro-sp.example/acs' },
      { destination: 'https://outro-sp.example/acs' },
    ];
    for (const options of cases) {
      const res = await acs('errado@saml.pt', options);
      expect(res.statusCode, JSON.stringify(options)).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect(await userByEmail('errado@saml.pt')).toBeUndefined();
  });

  it('an unsolicited response is refused: no InResponseTo, another request, no RelayState', async () => {
    const noIrt = await acs('avulso@saml.pt', { inResponseTo: null });
    expect(noIrt.statusCode, noIrt.body).toBe(400);
    expect(noIrt.json().error.message).toContain('não corresponde a um pedido');
    const otherRequest = await acs('avulso@saml.pt', { inResponseTo: '_outro-pedido' });
    expect(otherRequest.statusCode, otherRequest.body).toBe(400);
    idp.signInAs({ email: 'avulso@saml.pt' });
    const answer = idp.respond(await start('avulso@saml.pt'));
    const noRelay = await postAcs({ SAMLResponse: answer.SAMLResponse });
    expect(noRelay.statusCode).toBe(400);
    expect(noRelay.json().error.code).toBe('INVALID_TOKEN');
    expect(await userByEmail('avulso@saml.pt')).toBeUndefined();
  });

  it('a replayed response is refused, and so is a replayed assertion in a new flow', async () => {
    idp.signInAs({ email: 'replay@saml.pt' });
    const answer = idp.respond(await start('replay@saml.pt'), { assertionId: '_assercao-repetida' });
    const form = { SAMLResponse: answer.SAMLResponse, RelayState: answer.RelayState };
    expect((await postAcs(form)).statusCode).toBe(303);
    const again = await postAcs(form);
    expect(again.statusCode).toBe(400);
    // The same assertion (same ID) for a new request: the flow is new, the assertion is not.
    const replayed = await acs('replay@saml.pt', { assertionId: '_assercao-repetida' });
    expect(replayed.statusCode, replayed.body).toBe(401);
    expect(replayed.json().error.message).toContain('já foi usada');
    const stored = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sso_saml_assertions where assertion_id = '_assercao-repetida'`,
    );
    expect(stored.rows[0]?.n).toBe(1);
  });

  it("a person's browser refused is sent back to /entrar/sso with the failure, not shown JSON", async () => {
    idp.signInAs({ email: 'browser@saml.pt' });
    const answer = idp.respond(await start('browser@saml.pt'), { signWith: 'other' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sso/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,*/*' },
      payload: new URLSearchParams({
        SAMLResponse: answer.SAMLResponse,
        RelayState: answer.RelayState,
      }).toString(),
    });
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${APP_URL}/entrar/sso`);
    expect(location.searchParams.get('error')).toBe('unauthenticated');
    expect(location.searchParams.get('code')).toBeNull();
    expect(location.searchParams.get('state')).toBe(answer.RelayState);
  });

  it('a deactivated member is refused', async () => {
    await createUser(t.db, { organizationId: org.id, email: 'saiu@saml.pt', isActive: false });
    const res = await signInWithSaml('saiu@saml.pt');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ACCOUNT_DISABLED');
  });

  it('bad input to the ACS answers 400, never a crash', async () => {
    expect((await postAcs({})).statusCode).toBe(400);
    expect((await postAcs({ SAMLResponse: 'não é base64', RelayState: 'x' })).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sso/saml/acs',
      payload: { SAMLResponse: 'x', RelayState: 'y' },
    });
    expect(json.statusCode).toBe(400);
  });
});

describe('"Exigir SSO" with SAML', () => {
  it("refuses the members' password but not the break-glass admin's", async () => {
    const member = await createUser(t.db, { organizationId: org.id, role: 'sales', email: 'vendas@saml.pt' });
    const res = await as(t.app, admin)(
      'PUT',
      '/settings/sso',
      samlConnection({ samlMetadataUrl: undefined, enforce: true, breakGlassUserId: admin.id }),
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
    expect(refused.json().error.code).toBe('SSO_REQUIRED');
    expect((await login(admin.email)).statusCode).toBe(200);
    expect((await signInWithSaml(member.email)).statusCode).toBe(200);
  });
});

describe('switching protocol', () => {
  it('a flow started with SAML cannot be finished after the connection became OpenID Connect', async () => {
    const res = await acs('troca@saml.pt');
    expect(res.statusCode).toBe(303);
    await t.db.execute(
      sql`update sso_connections set protocol = 'oidc', client_id = 'c', client_secret_encrypted = 'v1.x'
          where organization_id = ${org.id}`,
    );
    try {
      expect((await callback(String(res.headers.location))).statusCode).toBe(400);
    } finally {
      await t.db.execute(
        sql`update sso_connections set protocol = 'saml', client_id = null, client_secret_encrypted = null
            where organization_id = ${org.id}`,
      );
    }
  });
});
