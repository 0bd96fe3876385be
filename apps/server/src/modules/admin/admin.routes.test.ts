import { randomUUID } from 'node:crypto';
import { MESSAGES, PLAN_MESSAGES } from '@aceite/shared/messages';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, clients, organizations, proposals, refreshTokens, users } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import {
  as,
  createOrg,
  createTeamOfRoles,
  createUser,
  TEST_PASSWORD,
  type TestUser,
} from '@/test/factories.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let other: Awaited<ReturnType<typeof createTeamOfRoles>>;
let superadmin: TestUser;
let superadmin2: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  other = await createTeamOfRoles(t.db);
  superadmin = await createUser(t.db, { role: 'superadmin' });
  superadmin2 = await createUser(t.db, { role: 'superadmin' });
});
afterAll(async () => {
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A real sign-in of the user (a live refresh family), as the browser does it. */
async function signIn(user: TestUser, rememberMe = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: user.email, password: TEST_PASSWORD, rememberMe },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { accessToken: string; refreshToken: string };
}

describe('/admin', () => {
  it('answers 403 to every organization role', async () => {
    for (const user of [team.admin, team.manager, team.sales, team.viewer]) {
      for (const [method, url] of [
        ['GET', '/admin/users'],
        ['GET', '/admin/organizations'],
        ['GET', `/admin/users/${team.sales.id}`],
        ['POST', `/admin/impersonate/${team.sales.id}`],
        ['POST', `/admin/users/${team.sales.id}/reactivate`],
        ['GET', '/admin/upgrade-requests'],
        ['POST', `/admin/upgrade-requests/${randomUUID()}/apply`],
        ['POST', `/admin/upgrade-requests/${randomUUID()}/dismiss`],
      ] as const) {
        const res = await as(t.app, user)(method, url);
        expect(res.statusCode, `${user.role} ${method} ${url}`).toBe(403);
      }
      for (const [method, url, body] of [
        ['PUT', `/admin/organizations/${team.org.id}/plan`, { plan: 'enterprise' }],
        ['POST', `/admin/organizations/${team.org.id}/trial`, { days: 5 }],
      ] as const) {
        const res = await as(t.app, user)(method, url, body);
        expect(res.statusCode, `${user.role} ${method} ${url}`).toBe(403);
      }
    }
  });

  it('lists users across organizations with search, role, status and paging', async () => {
    const call = as(t.app, superadmin);
    const all = (await call('GET', '/admin/users?limit=2')).json().data;
    expect(all).toMatchObject({ page: 1, users: expect.any(Array) });
    expect(all.users).toHaveLength(2);
    expect(all.totalPages).toBe(Math.ceil(all.total / 2));
    const one = (await call('GET', `/admin/users?search=${encodeURIComponent(other.viewer.email)}`)).json()
      .data;
    expect(one.users.map((u: { id: string }) => u.id)).toEqual([other.viewer.id]);
    expect(one.users[0].organization.id).toBe(other.org.id);
    const admins = (await call('GET', `/admin/users?role=admin&organizationId=${team.org.id}`)).json().data;
    expect(admins.users.map((u: { id: string }) => u.id)).toEqual([team.admin.id]);
    const inactive = await createUser(t.db, { organizationId: team.org.id, isActive: false });
    const off = (await call('GET', `/admin/users?isActive=false&organizationId=${team.org.id}`)).json().data;
    expect(off.users.map((u: { id: string }) => u.id)).toEqual([inactive.id]);
    const orgs = (await call('GET', '/admin/organizations?limit=200')).json().data;
    const mine = orgs.organizations.find((o: { id: string }) => o.id === team.org.id);
    expect(mine).toMatchObject({ userCount: 5, proposalCount: 0 });
  });

  it('refuses impersonating oneself, another superadmin or an inactive user', async () => {
    const call = as(t.app, superadmin);
    const self = await call('POST', `/admin/impersonate/${superadmin.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(MESSAGES.impersonateSelf);
    expect((await call('POST', `/admin/impersonate/${superadmin2.id}`)).json().error.message).toBe(
      MESSAGES.impersonateSuperadmin,
    );
    const inactive = await createUser(t.db, { organizationId: team.org.id, isActive: false });
    expect((await call('POST', `/admin/impersonate/${inactive.id}`)).json().error.message).toBe(
      MESSAGES.impersonateInactive,
    );
  });

  it('impersonates: acts with the target organization and role only, audits writes, and stops back to superadmin', async () => {
    const own = await signIn(superadmin);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/impersonate/${team.sales.id}`,
      headers: bearer(own.accessToken),
    });
    expect(res.statusCode).toBe(200);
    const session = res.json().data;
    expect(session).toMatchObject({
      isImpersonating: true,
      user: { id: team.sales.id },
      originalUser: { id: superadmin.id },
    });
    expect(session).not.toHaveProperty('refreshToken');
    const token = session.accessToken as string;

    const me = await t.app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.json().data).toMatchObject({ id: team.sales.id, role: 'sales' });
    // The sales role applies: no product writes, no admin area, nothing of another organization.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/products',
          headers: bearer(token),
          payload: { name: 'X', price: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/admin/users', headers: bearer(token) })).statusCode).toBe(403);
    const otherClient = (
      await as(t.app, other.sales)('POST', '/clients', { name: 'Outro', email: 'o@o.pt' })
    ).json().data;
    expect(
      (await t.app.inject({ url: `/api/v1/clients/${otherClient.id}`, headers: bearer(token) })).statusCode,
    ).toBe(404);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/clients',
      headers: bearer(token),
      payload: { name: 'Criado a impersonar', email: 'imp@x.pt' },
    });
    expect(created.statusCode).toBe(201);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, created.json().data.id));
    expect(row?.organizationId).toBe(team.org.id);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.impersonatorId, superadmin.id), isNotNull(auditLogs.metadata)));
    expect(audit.map((a) => a.action)).toContain('impersonated.POST /api/v1/clients');
    expect(audit.find((a) => a.action === 'impersonated.POST /api/v1/clients')).toMatchObject({
      actorId: team.sales.id,
      organizationId: team.org.id,
    });

    const stopped = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/stop-impersonate',
      headers: bearer(token),
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().data).toMatchObject({
      isImpersonating: false,
      user: { id: superadmin.id, role: 'superadmin' },
    });
    const back = await t.app.inject({
      url: '/api/v1/admin/users',
      headers: bearer(stopped.json().data.accessToken),
    });
    expect(back.statusCode).toBe(200);
  });

  it('stop replaces the session impersonated from, keeping remember-me; signing out ends both', async () => {
    const own = await signIn(superadmin, true);
    const start = async (accessToken: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/impersonate/${team.manager.id}`,
          headers: bearer(accessToken),
        })
      ).json().data.accessToken as string;
    const stopped = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/stop-impersonate',
      headers: bearer(await start(own.accessToken)),
    });
    expect(stopped.statusCode).toBe(200);
    const fresh = stopped.json().data as { accessToken: string; refreshToken: string };

    // The old family is revoked: its refresh token no longer works; the new one does, with remember-me kept.
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: own.refreshToken },
    });
    expect(old.statusCode).toBe(400);
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, superadmin.id));
    // (The earlier test's session, without remember-me, is still live too.)
    const live = rows.filter((r) => !r.revokedAt && !r.rotatedAt && r.rememberMe);
    expect(live).toHaveLength(1);
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: fresh.refreshToken },
    });
    expect(renewed.statusCode).toBe(200);

    // Signing out while impersonating ends the superadmin's session too: stopping afterwards is refused.
    const again = await start(renewed.json().data.accessToken);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(again) })).statusCode,
    ).toBeLessThan(300);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/stop-impersonate',
      headers: bearer(again),
    });
    // The impersonation token itself stops working with the session it rode on (issue 20).
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(MESSAGES.sessionEnded);
  });

  it('refuses stop without an impersonation session', async () => {
    const res = await as(t.app, superadmin)('POST', '/admin/stop-impersonate');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.notImpersonating);
  });

  it('shows one user of any organization, or of none, and answers 404 for an unknown id', async () => {
    const call = as(t.app, superadmin);
    const res = await call('GET', `/admin/users/${other.manager.id}`);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, other.manager.id));
    expect(res.json().data).toEqual({
      id: other.manager.id,
      email: other.manager.email,
      firstName: 'Teste',
      lastName: 'Utilizador',
      role: 'manager',
      isActive: true,
      organization: { id: other.org.id, name: other.org.name },
      lastLoginAt: null,
      createdAt: row?.createdAt.toISOString(),
    });
    expect((await call('GET', `/admin/users/${superadmin2.id}`)).json().data).toMatchObject({
      id: superadmin2.id,
      role: 'superadmin',
      organization: null,
    });
    const unknown = await call('GET', `/admin/users/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.userNotFound });
  });

  it('lists organizations filtered by search (name or domain), plan and status, newest first, paged', async () => {
    const tag = `filtro${randomUUID().slice(0, 8)}`;
    const at = (minute: number) => new Date(`2030-01-01T10:0${minute}:00Z`);
    const alfa = await createOrg(t.db, { name: `${tag} Alfa`, plan: 'professional', createdAt: at(1) });
    const beta = await createOrg(t.db, { name: `${tag} Beta`, plan: 'starter', createdAt: at(2) });
    const gama = await createOrg(t.db, {
      name: `${tag} Gama`,
      plan: 'professional',
      isActive: false,
      createdAt: at(3),
    });
    const delta = await createOrg(t.db, { name: `${tag} Delta`, plan: 'enterprise', createdAt: at(4) });
    const byDomain = await createOrg(t.db, {
      name: 'Sem nome comum',
      domain: `${tag.toUpperCase()}.pt`,
      plan: 'professional',
      createdAt: at(5),
    });
    // Some people and one proposal in Alfa, for the counts.
    const owner = await createUser(t.db, { organizationId: alfa.id, role: 'admin' });
    await createUser(t.db, { organizationId: alfa.id, role: 'sales' });
    await t.db.insert(proposals).values({
      organizationId: alfa.id,
      ownerId: owner.id,
      title: 'Contagem',
      publicToken: randomUUID(),
    });

    const call = as(t.app, superadmin);
    const list = async (query: string) => {
      const res = await call('GET', `/admin/organizations?search=${tag}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      return { ...data, ids: data.organizations.map((o: { id: string }) => o.id) };
    };

    const all = await list('');
    expect(all).toMatchObject({ total: 5, page: 1, totalPages: 1 });
    expect(all.ids).toEqual([byDomain.id, delta.id, gama.id, beta.id, alfa.id]);
    expect(all.organizations[4]).toEqual({
      id: alfa.id,
      name: `${tag} Alfa`,
      domain: null,
      plan: 'professional',
      trialEndsAt: null,
      isActive: true,
      userCount: 2,
      proposalCount: 1,
      usage: { proposalsThisMonth: 1, users: 2, templates: 0, storageBytes: 0 },
      createdAt: '2030-01-01T10:01:00.000Z',
    });
    expect(all.organizations[2]).toMatchObject({ isActive: false, userCount: 0, proposalCount: 0 });
    // The search ignores case and finds the domain too.
    expect((await call('GET', `/admin/organizations?search=${tag.toUpperCase()}`)).json().data.total).toBe(5);

    expect((await list('&plan=professional')).ids).toEqual([byDomain.id, gama.id, alfa.id]);
    expect((await list('&plan=starter')).ids).toEqual([beta.id]);
    // A plan that does not exist is bad input, said in Portuguese.
    const unknownPlan = await call('GET', `/admin/organizations?plan=gratuito`);
    expect(unknownPlan.statusCode).toBe(400);
    expect(unknownPlan.json().error.details).toEqual([{ field: 'plan', message: PLAN_MESSAGES.planInvalid }]);
    expect((await list('&isActive=false')).ids).toEqual([gama.id]);
    expect((await list('&isActive=true')).ids).toEqual([byDomain.id, delta.id, beta.id, alfa.id]);
    expect(await list('&plan=professional&isActive=true')).toMatchObject({
      ids: [byDomain.id, alfa.id],
      total: 2,
    });
    expect((await list(' Gama')).ids).toEqual([gama.id]);

    expect(await list('&limit=2')).toMatchObject({
      ids: [byDomain.id, delta.id],
      total: 5,
      page: 1,
      totalPages: 3,
    });
    expect(await list('&limit=2&page=2')).toMatchObject({ ids: [gama.id, beta.id], page: 2, totalPages: 3 });
    expect(await list('&limit=2&page=3')).toMatchObject({ ids: [alfa.id], page: 3, totalPages: 3 });
    expect(await list('&limit=2&page=4')).toMatchObject({ ids: [], total: 5, page: 4, totalPages: 3 });
    expect((await call('GET', '/admin/organizations?limit=0')).statusCode).toBe(400);
    expect((await call('GET', '/admin/organizations?isActive=talvez')).statusCode).toBe(400);
  });

  it('pages organizations created at the same instant without repeating or skipping any', async () => {
    const tag = `mesmo${randomUUID().slice(0, 8)}`;
    const created = await t.db
      .insert(organizations)
      .values(Array.from({ length: 6 }, (_, i) => ({ name: `${tag} ${i}` })))
      .returning({ id: organizations.id, createdAt: organizations.createdAt });
    expect(new Set(created.map((o) => o.createdAt.getTime())).size).toBe(1);
    const seen: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const res = await as(t.app, superadmin)(
        'GET',
        `/admin/organizations?search=${tag}&limit=1&page=${page}`,
      );
      seen.push(...res.json().data.organizations.map((o: { id: string }) => o.id));
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen)).toEqual(new Set(created.map((o) => o.id)));
  });

  it('answers 404 to impersonating an unknown user, and audits nothing', async () => {
    const [before] = await t.db.select({ n: count() }).from(auditLogs);
    const res = await as(t.app, superadmin)('POST', `/admin/impersonate/${randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.userNotFound });
    expect(res.json().data).toBeUndefined();
    const [after] = await t.db.select({ n: count() }).from(auditLogs);
    expect(after?.n).toBe(before?.n);
  });
});
