import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { createOrg, createUser, TEST_PASSWORD } from '@/test/factories.ts';
import { proposals, teams, users } from './schema/index.ts';
import { upsertSuperadmin } from './superadmin.ts';

// The core of `npm run superadmin` (src/cli/superadmin.ts), which only parses arguments around it.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const address = () => `super-${randomUUID().slice(0, 8)}@aceite.pt`;

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

/** Signs in and opens the admin area with the session; returns the session. */
async function signInAsSuperadmin(email: string, password: string) {
  const res = await login(email, password);
  expect(res.statusCode, res.body).toBe(200);
  const session = res.json().data;
  expect(session.user).toMatchObject({ email, role: 'superadmin', organizationId: null });
  const admin = await t.app.inject({
    url: '/api/v1/admin/users',
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  expect(admin.statusCode).toBe(200);
  return session as { accessToken: string; refreshToken: string };
}

const rowsWithEmail = (email: string) => t.db.select().from(users).where(eq(users.email, email));

describe('upsertSuperadmin', () => {
  it('creates a platform superadmin, outside any organization, who can sign in to the admin area', async () => {
    const email = address();
    const created = await upsertSuperadmin(t.db, {
      email,
      password: 'primeira-senha',
      firstName: 'Super',
      lastName: 'Admin',
    });
    expect(created).toBe(true);
    const rows = await rowsWithEmail(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      role: 'superadmin',
      organizationId: null,
      teamId: null,
      isActive: true,
      firstName: 'Super',
      lastName: 'Admin',
    });
    expect(rows[0]?.passwordHash).not.toContain('primeira-senha');
    await signInAsSuperadmin(email, 'primeira-senha');
  });

  it('run again with another password resets it: the old one is refused, the new one works, sessions end', async () => {
    const email = address();
    await upsertSuperadmin(t.db, { email, password: 'senha-antiga', firstName: 'Super', lastName: 'Admin' });
    const before = await signInAsSuperadmin(email, 'senha-antiga');

    const created = await upsertSuperadmin(t.db, {
      email,
      password: 'senha-nova-123',
      firstName: 'Outro',
      lastName: 'Nome',
    });
    expect(created).toBe(false);
    const rows = await rowsWithEmail(email);
    expect(rows).toHaveLength(1);
    // A reset keeps the account as it was named.
    expect(rows[0]).toMatchObject({ role: 'superadmin', firstName: 'Super', lastName: 'Admin' });

    const old = await login(email, 'senha-antiga');
    expect(old.statusCode).toBe(401);
    expect(old.json().error.message).toBe(MESSAGES.invalidCredentials);
    await signInAsSuperadmin(email, 'senha-nova-123');
    // Whoever held the old password is signed out too.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: before.refreshToken },
    });
    expect(refreshed.statusCode).toBe(400);
  });

  it('turns an existing organization account with that email into an active superadmin, out of its organization', async () => {
    const org = await createOrg(t.db);
    const [team] = await t.db.insert(teams).values({ organizationId: org.id, name: 'Norte' }).returning();
    const member = await createUser(t.db, { organizationId: org.id, role: 'admin', isActive: false });
    await t.db.update(users).set({ teamId: team?.id }).where(eq(users.id, member.id));
    const [proposal] = await t.db
      .insert(proposals)
      .values({ organizationId: org.id, ownerId: member.id, title: 'Dele', publicToken: randomUUID() })
      .returning();

    const created = await upsertSuperadmin(t.db, {
      email: member.email,
      password: 'senha-da-plataforma',
      firstName: 'Super',
      lastName: 'Admin',
    });
    expect(created).toBe(false);
    const rows = await rowsWithEmail(member.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: member.id,
      role: 'superadmin',
      organizationId: null,
      teamId: null,
      isActive: true,
    });
    expect((await login(member.email, TEST_PASSWORD)).statusCode).toBe(401);
    await signInAsSuperadmin(member.email, 'senha-da-plataforma');
    // The organization's records stay where they were.
    const [kept] = await t.db
      .select()
      .from(proposals)
      .where(eq(proposals.id, proposal?.id as string));
    expect(kept).toMatchObject({ organizationId: org.id, ownerId: member.id });
  });
});
