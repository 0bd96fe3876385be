import { createHash } from 'node:crypto';
import { API_KEY_MESSAGES } from '@aceite/shared/schemas/api-keys';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createApiKey, createTeamOfRoles, createUser } from '@/test/factories.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
}, 60_000);

afterAll(async () => {
  await t.close();
});

const call = (
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

describe('API keys: creation and listing (admins)', () => {
  it('creates a key shown whole once, stores only its SHA-256, lists it without the secret and audits it', async () => {
    const res = await as(t.app, team.admin)('POST', '/settings/api-keys', {
      name: 'CRM',
      scope: 'read',
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { apiKey, secret } = res.json().data;
    expect(secret).toMatch(/^ak_[0-9A-Za-z]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'CRM',
      scope: 'read',
      prefix: secret.slice(0, 11),
      lastUsedAt: null,
    });
    expect(apiKey.createdByName).toBe('Teste Utilizador');

    const stored = await t.db.execute<Record<string, unknown>>(
      sql`select * from api_keys where id = ${apiKey.id}`,
    );
    const row = stored.rows[0] as Record<string, unknown>;
    expect(row.key_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.slice(11));

    const list = await as(t.app, team.admin)('GET', '/settings/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.json().data.map((k: { id: string }) => k.id)).toContain(apiKey.id);

    const audit = await t.db.execute<{ action: string; actor_id: string }>(
      sql`select action, actor_id from audit_logs where entity_id = ${apiKey.id}`,
    );
    expect(audit.rows).toEqual([{ action: 'api_key.created', actor_id: team.admin.id }]);
  });

  it('refuses every other role with 403 and a bad body with the field message', async () => {
    for (const role of ['manager', 'sales', 'viewer'] as const) {
      const res = await as(t.app, team[role])('POST', '/settings/api-keys', { name: 'X', scope: 'write' });
      expect(res.statusCode).toBe(403);
      expect((await as(t.app, team[role])('GET', '/settings/api-keys')).statusCode).toBe(403);
    }
    const bad = await as(t.app, team.admin)('POST', '/settings/api-keys', { name: ' ', scope: 'write' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toMatchObject({
      field: 'name',
      message: 'Indique um nome para a chave',
    });
    const past = await as(t.app, team.admin)('POST', '/settings/api-keys', {
      name: 'Velha',
      scope: 'read',
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe('A data de expiração tem de ser futura');
  });
});

describe('API keys: authentication', () => {
  it('a read-only key reads the organization as a viewer and cannot write', async () => {
    const key = await createApiKey(t.app, team.admin, 'read');
    await as(t.app, team.admin)('POST', '/clients', { name: 'Visível', email: 'visivel@x.pt' });
    const list = await call(key.headers, 'GET', '/clients');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain('visivel@x.pt');
    const write = await call(key.headers, 'POST', '/clients', { name: 'N', email: 'n@x.pt' });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('FORBIDDEN');
  });

  it('a read-write key writes as a manager; its proposal belongs to the key creator unless ownerId is given', async () => {
    const key = await createApiKey(t.app, team.admin, 'write');
    const client = await call(key.headers, 'POST', '/clients', { name: 'Via API', email: 'api@x.pt' });
    expect(client.statusCode, client.body).toBe(201);
    const created = await t.db.execute<{ created_by: string | null }>(
      sql`select created_by from clients where id = ${client.json().data.id}`,
    );
    expect(created.rows[0]?.created_by).toBeNull();
    const p = await call(key.headers, 'POST', '/proposals', {
      title: 'Da API',
      clientId: client.json().data.id,
    });
    expect(p.statusCode, p.body).toBe(201);
    expect(p.json().data.ownerId).toBe(team.admin.id);
    const forSales = await call(key.headers, 'POST', '/proposals', {
      title: 'Para vendas',
      clientId: client.json().data.id,
      ownerId: team.sales.id,
    });
    expect(forSales.statusCode, forSales.body).toBe(201);
    expect(forSales.json().data.ownerId).toBe(team.sales.id);
    const comment = await call(key.headers, 'POST', `/proposals/${p.json().data.id}/comments`, {
      content: 'Da API',
    });
    expect(comment.statusCode, comment.body).toBe(201);
    // Users management stays with admins, whatever the scope.
    const invite = await call(key.headers, 'POST', '/users/invite', { email: 'z@x.pt', role: 'sales' });
    expect(invite.statusCode).toBe(403);
  });

  it('never reaches the session, admin, settings, invitations, notifications or the keys themselves', async () => {
    const key = await createApiKey(t.app, team.admin, 'write');
    for (const [method, url] of [
      ['GET', '/auth/me'],
      ['POST', '/auth/logout'],
      ['GET', '/admin/users'],
      ['GET', '/settings/profile'],
      ['GET', '/settings/organization'],
      ['GET', '/settings/api-keys'],
      ['POST', '/settings/api-keys'],
      ['GET', '/users/invites'],
      ['GET', '/notifications'],
    ] as const) {
      const res = await call(
        key.headers,
        method,
        url,
        method === 'POST' ? { name: 'X', scope: 'write' } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'FORBIDDEN',
        message: 'As chaves de API não dão acesso a esta área.',
      });
    }
    // Reading the members (to choose an owner) is allowed.
    expect((await call(key.headers, 'GET', '/users')).statusCode).toBe(200);
  });

  it('answers 401 for an unknown, revoked or expired key; revocation is audited', async () => {
    const unknown = await call({ authorization: `Bearer ak_${'x'.repeat(43)}` }, 'GET', '/clients');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('UNAUTHENTICATED');

    const key = await createApiKey(t.app, team.admin, 'read');
    expect((await call(key.headers, 'GET', '/clients')).statusCode).toBe(200);
    const revoke = await as(t.app, team.admin)('DELETE', `/settings/api-keys/${key.id}`);
    expect(revoke.statusCode, revoke.body).toBe(200);
    const after = await call(key.headers, 'GET', '/clients');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe('Chave de API inválida, revogada ou expirada.');
    expect((await as(t.app, team.admin)('DELETE', `/settings/api-keys/${key.id}`)).statusCode).toBe(404);
    const list = await as(t.app, team.admin)('GET', '/settings/api-keys');
    expect(list.json().data.map((k: { id: string }) => k.id)).not.toContain(key.id);
    const audit = await t.db.execute<{ action: string }>(
      sql`select action from audit_logs where entity_id = ${key.id} order by created_at`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['api_key.created', 'api_key.revoked']);

    const expiring = await createApiKey(t.app, team.admin, 'read');
    expect((await call(expiring.headers, 'GET', '/clients')).statusCode).toBe(200);
    await t.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where id = ${expiring.id}`,
    );
    expect((await call(expiring.headers, 'GET', '/clients')).statusCode).toBe(401);
  });

  it('updates "last used" at most once a minute', async () => {
    const key = await createApiKey(t.app, team.admin, 'read');
    await call(key.headers, 'GET', '/clients');
    const first = await t.db.execute<{ last_used_at: string }>(
      sql`select last_used_at::text from api_keys where id = ${key.id}`,
    );
    expect(first.rows[0]?.last_used_at).toBeTruthy();
    await call(key.headers, 'GET', '/clients');
    const second = await t.db.execute<{ last_used_at: string }>(
      sql`select last_used_at::text from api_keys where id = ${key.id}`,
    );
    expect(second.rows[0]?.last_used_at).toBe(first.rows[0]?.last_used_at);
    await t.db.execute(
      sql`update api_keys set last_used_at = now() - interval '61 seconds' where id = ${key.id}`,
    );
    await call(key.headers, 'GET', '/clients');
    const third = await t.db.execute<{ recent: boolean }>(
      sql`select last_used_at > now() - interval '5 seconds' as recent from api_keys where id = ${key.id}`,
    );
    expect(third.rows[0]?.recent).toBe(true);
  });

  it('sends the RateLimit headers with the per-key limit of 600 a minute', async () => {
    const key = await createApiKey(t.app, team.admin, 'read');
    const res = await call(key.headers, 'GET', '/clients');
    expect(res.headers['ratelimit-limit']).toBe('600');
    expect(res.headers['ratelimit-remaining']).toBe('599');
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
  });
});

describe('API keys: owner of what a key creates, and the reference', () => {
  it('stops a key whose creator was removed (issue 34): no holder, no access', async () => {
    const key = await createApiKey(t.app, team.admin, 'write');
    await t.db.execute(sql`update api_keys set created_by = null where id = ${key.id}`);
    const res = await call(key.headers, 'GET', '/clients');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(API_KEY_MESSAGES.holderGone);
  });

  it('describes both security schemes in the OpenAPI document served at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const schemes = res.json().components.securitySchemes;
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(schemes.apiKeyAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'ak_…' });
    expect(res.json().paths['/api/v1/proposals'].get.security).toEqual([
      { bearerAuth: [] },
      { apiKeyAuth: [] },
    ]);
    expect(res.json().paths['/api/v1/auth/me'].get.security).toEqual([{ bearerAuth: [] }]);
  });
});

describe('API keys: per-key rate limit', () => {
  it('answers 429 with Retry-After past the limit, counting each key apart', async () => {
    const small = await buildTestApp({ apiKeyRateLimitPerMinute: 3 });
    try {
      const org = await createTeamOfRoles(small.db);
      const a = await createApiKey(small.app, org.admin, 'read');
      const b = await createApiKey(small.app, org.admin, 'read');
      const get = (h: Record<string, string>) =>
        small.app.inject({ method: 'GET', url: '/api/v1/clients', headers: h });
      for (let i = 0; i < 3; i++) expect((await get(a.headers)).statusCode).toBe(200);
      const over = await get(a.headers);
      expect(over.statusCode).toBe(429);
      expect(over.json().error.code).toBe('RATE_LIMITED');
      expect(over.headers['ratelimit-remaining']).toBe('0');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await get(b.headers)).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('API keys: logs', () => {
  it('never writes a key into the log', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ logLevel: 'info', logStream: { write: (l) => lines.push(l) } });
    try {
      const org = await createTeamOfRoles(logged.db);
      const res = await as(logged.app, org.admin)('POST', '/settings/api-keys', {
        name: 'Log',
        scope: 'read',
      });
      const { secret } = res.json().data as { secret: string };
      await logged.app.inject({
        method: 'GET',
        url: '/api/v1/clients',
        headers: { authorization: `Bearer ${secret}` },
      });
      await logged.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(secret.slice(3));
    } finally {
      await logged.close();
    }
  });
});

describe('API keys are bound to people (issue 34, M4)', () => {
  /** A second admin who makes the key, so the first can deactivate or demote them. */
  const keyOfNewAdmin = async () => {
    const creator = await createUser(t.db, { organizationId: team.org.id, role: 'admin' });
    const key = await createApiKey(t.app, creator, 'write');
    expect((await call(key.headers, 'GET', '/clients')).statusCode).toBe(200);
    return { creator, key };
  };
  const listed = async (id: string) => {
    const list = await as(t.app, team.admin)('GET', '/settings/api-keys');
    return list.json().data.find((k: { id: string }) => k.id === id);
  };

  it('answers 401 with the reason from the request after its creator is deactivated, and lists it inactive', async () => {
    const { creator, key } = await keyOfNewAdmin();
    expect(await listed(key.id)).toMatchObject({ isActive: true });
    const off = await as(t.app, team.admin)('DELETE', `/users/${creator.id}`);
    expect(off.statusCode, off.body).toBeLessThan(300);

    for (const [method, url, body] of [
      ['GET', '/clients', undefined],
      ['POST', '/clients', { name: 'Depois', email: 'depois@x.pt' }],
    ] as const) {
      const res = await call(key.headers, method, url, body);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: API_KEY_MESSAGES.holderGone,
      });
    }
    expect(await listed(key.id)).toMatchObject({ isActive: false });
  });

  it('answers 401 once its creator is no longer an admin, and works again when they are', async () => {
    const { creator, key } = await keyOfNewAdmin();
    const demote = (role: string) =>
      as(t.app, team.admin)('PUT', `/users/${creator.id}`, {
        firstName: 'Teste',
        lastName: 'Utilizador',
        role,
        teamId: null,
      });
    expect((await demote('manager')).statusCode).toBe(200);
    expect((await call(key.headers, 'GET', '/clients')).statusCode).toBe(401);
    expect(await listed(key.id)).toMatchObject({ isActive: false });
    expect((await demote('admin')).statusCode).toBe(200);
    expect((await call(key.headers, 'GET', '/clients')).statusCode).toBe(200);
  });

  it('transfers an inactive key to another active admin, audited, and the key works again', async () => {
    const { creator, key } = await keyOfNewAdmin();
    await as(t.app, team.admin)('DELETE', `/users/${creator.id}`);
    const res = await as(t.app, team.admin)('POST', `/settings/api-keys/${key.id}/transfer`, {
      userId: team.admin.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: key.id, isActive: true, createdByName: 'Teste Utilizador' });
    expect((await call(key.headers, 'GET', '/clients')).statusCode).toBe(200);

    const audit = await t.db.execute<{ actor_id: string; metadata: Record<string, unknown> }>(
      sql`select actor_id, metadata from audit_logs where entity_id = ${key.id} and action = 'api_key.transferred'`,
    );
    expect(audit.rows).toEqual([
      {
        actor_id: team.admin.id,
        metadata: expect.objectContaining({ fromUserId: creator.id, toUserId: team.admin.id }),
      },
    ]);
  });

  it('refuses to transfer to someone who may not hold a key: a manager, an inactive admin', async () => {
    const key = await createApiKey(t.app, team.admin, 'read');
    const inactive = await createUser(t.db, { organizationId: team.org.id, role: 'admin', isActive: false });
    for (const userId of [team.manager.id, inactive.id]) {
      const res = await as(t.app, team.admin)('POST', `/settings/api-keys/${key.id}/transfer`, { userId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { field: 'userId', message: API_KEY_MESSAGES.transferTargetNotAdmin },
      ]);
    }
    const other = await createTeamOfRoles(t.db);
    const foreign = await as(t.app, team.admin)('POST', `/settings/api-keys/${key.id}/transfer`, {
      userId: other.admin.id,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
