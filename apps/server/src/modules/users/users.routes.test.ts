import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites, notifications, organizations, refreshTokens, users } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, createUser, TEST_PASSWORD } from '@/test/factories.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let other: Awaited<ReturnType<typeof createTeamOfRoles>>;
beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  other = await createTeamOfRoles(t.db);
  // Many invitations in one organization: Enterprise has no users limit (plan-limits.test.ts tests the limits).
  await t.db.update(organizations).set({ plan: 'enterprise' }).where(eq(organizations.id, team.org.id));
});
afterAll(async () => {
  await t.close();
});

const email = () => `novo-${randomUUID().slice(0, 8)}@empresa.pt`;

async function inviteAndGetToken(address: string, extra: Record<string, unknown> = {}) {
  const res = await as(t.app, team.admin)('POST', '/users/invite', {
    email: address,
    role: 'manager',
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  await t.app.outbox.drain();
  const mail = t.sentMail.filter((m) => m.to === address).at(-1);
  return {
    invite: res.json().data,
    token: new URL(mail?.links[0] ?? 'http://x').searchParams.get('token') ?? '',
    mail,
  };
}

describe('users', () => {
  it('greets the invitee by name in the invitation email, escaped, and plainly without a name', async () => {
    const named = await inviteAndGetToken(email(), { firstName: 'Inês <b>', lastName: 'Faria' });
    expect(named.mail?.text).toMatch(/^Olá Inês <b>,/);
    expect(named.mail?.html).toContain('Olá Inês &lt;b&gt;,');
    const unnamed = await inviteAndGetToken(email());
    expect(unnamed.mail?.text).toMatch(/^Olá,/);
  });

  it('lists the organization members with search, never another organization', async () => {
    const res = await as(t.app, team.viewer)(
      'GET',
      `/users?search=${encodeURIComponent(team.manager.email)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((u: { id: string }) => u.id)).toEqual([team.manager.id]);
    const all = await as(t.app, team.viewer)('GET', '/users');
    expect(all.json().data.map((u: { id: string }) => u.id)).not.toContain(other.admin.id);
    expect((await as(t.app, team.admin)('GET', `/users/${other.admin.id}`)).statusCode).toBe(404);
  });

  it('lets an admin change role and team, and nobody else', async () => {
    const teamRes = await as(t.app, team.admin)('POST', '/teams', { name: 'Norte' });
    const target = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
    const body = { firstName: 'Rui', lastName: 'Costa', role: 'manager', teamId: teamRes.json().data.id };
    for (const user of [team.manager, team.sales, team.viewer]) {
      expect((await as(t.app, user)('PUT', `/users/${target.id}`, body)).statusCode).toBe(403);
    }
    const res = await as(t.app, team.admin)('PUT', `/users/${target.id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ firstName: 'Rui', role: 'manager', team: { name: 'Norte' } });
    expect((await as(t.app, team.admin)('PUT', `/users/${other.sales.id}`, body)).statusCode).toBe(404);
    const badTeam = await as(t.app, team.admin)('PUT', `/users/${target.id}`, {
      ...body,
      teamId: randomUUID(),
    });
    expect(badTeam.statusCode).toBe(400);
    const empty = await as(t.app, team.admin)('PUT', `/users/${target.id}`, {
      firstName: '',
      lastName: '',
      role: 'x',
    });
    expect(empty.json().error.message).toBe(MESSAGES.userFormRequired);
  });

  it('refuses an admin demoting or deactivating themself', async () => {
    const admin = await createUser(t.db, { organizationId: team.org.id, role: 'admin' });
    const demote = await as(t.app, admin)('PUT', `/users/${admin.id}`, {
      firstName: 'A',
      lastName: 'B',
      role: 'sales',
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().error.message).toBe(MESSAGES.cannotChangeOwnRole);
    expect((await as(t.app, admin)('DELETE', `/users/${admin.id}`)).json().error.message).toBe(
      MESSAGES.cannotDeactivateSelf,
    );
  });

  it('deactivates a user: data kept, sessions revoked, sign-in refused', async () => {
    const target = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: target.email, password: TEST_PASSWORD },
    });
    expect((await as(t.app, team.manager)('DELETE', `/users/${target.id}`)).statusCode).toBe(403);
    const res = await as(t.app, team.admin)('DELETE', `/users/${target.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isActive).toBe(false);
    const tokens = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, target.id));
    expect(tokens.every((r) => r.revokedAt)).toBe(true);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: login.json().data.refreshToken },
    });
    expect(refresh.statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.id, target.id))).toHaveLength(1);
  });
});

describe('invitations', () => {
  it('invites by email with a 7-day link through the outbox, listed as pending', async () => {
    const address = email();
    const { invite, mail } = await inviteAndGetToken(address, { firstName: 'Nova', lastName: 'Pessoa' });
    expect(invite).toMatchObject({ email: address, role: 'manager', firstName: 'Nova' });
    const days = (new Date(invite.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeCloseTo(7, 1);
    expect(mail?.links[0]).toMatch(/\/accept-invite\?token=/);
    expect(mail?.subject).toContain('Convite');
    const list = await as(t.app, team.admin)('GET', '/users/invites?status=pending');
    expect(list.json().data.map((i: { email: string }) => i.email)).toContain(address);
    expect(list.json().data.find((i: { email: string }) => i.email === address).inviter).toBeTruthy();
  });

  it("brands the invitation email with the organization's colour and logo", async () => {
    const logo =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const org = await as(t.app, team.admin)('GET', '/settings/organization');
    const saved = await as(t.app, team.admin)('PUT', '/settings/organization', {
      ...org.json().data,
      branding: { primaryColor: '#8a2be2', logo },
    });
    expect(saved.statusCode).toBe(200);
    const { mail } = await inviteAndGetToken(email());
    expect(mail?.html).toContain('background:#8a2be2');
    expect(mail?.html).toMatch(/<img src="(data:image\/png|cid:)/);
    expect(mail?.html).toContain(org.json().data.name);
  });

  it('defaults the role to sales and refuses non-admins', async () => {
    const res = await as(t.app, team.admin)('POST', '/users/invite', { email: email() });
    expect(res.json().data.role).toBe('sales');
    for (const user of [team.manager, team.sales, team.viewer]) {
      expect((await as(t.app, user)('POST', '/users/invite', { email: email() })).statusCode).toBe(403);
      expect((await as(t.app, user)('GET', '/users/invites')).statusCode).toBe(403);
    }
  });

  it('answers 409 for a member of the organization or a pending invitation', async () => {
    // An account in another organization is answered like any address (issue 20): issue-20.test.ts.
    const existing = await as(t.app, team.admin)('POST', '/users/invite', { email: team.sales.email });
    expect(existing.statusCode).toBe(409);
    expect(existing.json().error.message).toBe(MESSAGES.alreadyMember);
    const address = email();
    await as(t.app, team.admin)('POST', '/users/invite', { email: address });
    const again = await as(t.app, team.admin)('POST', '/users/invite', { email: address });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MESSAGES.invitePending);
  });

  it('shows the invitation, and accepting creates a signed-in user with role and team, notifying the inviter', async () => {
    const teamId = (await as(t.app, team.admin)('POST', '/teams', { name: 'Sul' })).json().data.id;
    const address = email();
    const { token } = await inviteAndGetToken(address, { teamId });
    const shown = await t.app.inject({ url: `/api/v1/invites/${token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({
      email: address,
      role: 'manager',
      organization: { name: expect.any(String) },
    });

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invites/${token}/accept`,
      payload: { firstName: 'Nuno', lastName: 'Reis', password: 'segredo123' },
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().data.user).toMatchObject({
      email: address,
      role: 'manager',
      teamId,
      organizationId: team.org.id,
    });
    expect(accepted.json().data.accessToken).toEqual(expect.any(String));
    const note = await t.db.select().from(notifications).where(eq(notifications.userId, team.admin.id));
    expect(note.map((n) => n.type)).toContain('invite_accepted');

    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invites/${token}/accept`,
      payload: { firstName: 'Nuno', lastName: 'Reis', password: 'segredo123' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe(MESSAGES.inviteInvalid);
  });

  it('refuses an expired invitation and renews it on resend (old link dead)', async () => {
    const address = email();
    const { invite, token } = await inviteAndGetToken(address);
    await t.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, invite.id));
    expect((await t.app.inject({ url: `/api/v1/invites/${token}` })).statusCode).toBe(400);

    const resent = await as(t.app, team.admin)('POST', `/users/invites/${invite.token}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(new Date(resent.json().data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    await t.app.outbox.drain();
    const newToken = new URL(
      t.sentMail.filter((m) => m.to === address).at(-1)?.links[0] ?? '',
    ).searchParams.get('token');
    expect(newToken).not.toBe(token);
    expect((await t.app.inject({ url: `/api/v1/invites/${newToken}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/v1/invites/${token}` })).statusCode).toBe(400);
  });

  it('cancels an invitation, and never another organization one', async () => {
    const { invite, token } = await inviteAndGetToken(email());
    const theirs = (await as(t.app, other.admin)('POST', '/users/invite', { email: email() })).json().data;
    expect((await as(t.app, team.admin)('DELETE', `/users/invites/${theirs.token}`)).statusCode).toBe(404);
    expect((await as(t.app, team.admin)('POST', `/users/invites/${theirs.token}/resend`)).statusCode).toBe(
      404,
    );
    expect((await as(t.app, team.admin)('DELETE', `/users/invites/${invite.token}`)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/v1/invites/${token}` })).statusCode).toBe(400);
    expect(await t.db.select().from(invites).where(eq(invites.id, theirs.id))).toHaveLength(1);
    expect((await as(t.app, team.admin)('DELETE', '/users/invites/nao-existe')).statusCode).toBe(404);
  });
});
