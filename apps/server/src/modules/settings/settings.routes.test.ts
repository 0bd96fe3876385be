import { MESSAGES } from '@aceite/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, createUser, TEST_PASSWORD } from '@/test/factories.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

describe('settings', () => {
  it('reads and updates the own profile with locale and timezone', async () => {
    const call = as(t.app, team.viewer);
    expect((await call('GET', '/settings/profile')).json().data).toMatchObject({
      locale: 'pt-PT',
      timezone: 'Europe/Lisbon',
    });
    const res = await call('PUT', '/settings/profile', {
      firstName: 'Luís',
      lastName: 'Lopes',
      locale: 'en-GB',
      timezone: 'Europe/London',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ firstName: 'Luís', locale: 'en-GB', timezone: 'Europe/London' });
    const bad = await call('PUT', '/settings/profile', { firstName: '', lastName: '', locale: 'xx-XX' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MESSAGES.profileRequired);
  });

  it('changes the password after checking the current one', async () => {
    const user = await createUser(t.db, { organizationId: team.org.id });
    const call = as(t.app, user);
    const wrong = await call('PUT', '/settings/password', {
      currentPassword: 'errada',
      newPassword: 'nova123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(MESSAGES.currentPasswordWrong);
    const short = await call('PUT', '/settings/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: '12345',
    });
    expect(short.json().error.message).toBe(MESSAGES.newPasswordTooShort);
    expect(
      (await call('PUT', '/settings/password', { currentPassword: TEST_PASSWORD, newPassword: 'nova123' }))
        .statusCode,
    ).toBe(200);
    expect((await login(user.email, 'nova123')).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('a platform account without an organization manages its own profile and password', async () => {
    const superadmin = await createUser(t.db, { role: 'superadmin' });
    const call = as(t.app, superadmin);
    const saved = await call('PUT', '/settings/profile', {
      firstName: 'Sara',
      lastName: 'Plataforma',
      locale: 'pt-PT',
      timezone: 'Europe/Lisbon',
    });
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', '/settings/profile')).json().data).toMatchObject({
      firstName: 'Sara',
      email: superadmin.email,
    });
    expect(
      (
        await call('PUT', '/settings/password', {
          currentPassword: TEST_PASSWORD,
          newPassword: 'plataforma1',
        })
      ).statusCode,
    ).toBe(200);
    expect((await login(superadmin.email, 'plataforma1')).statusCode).toBe(200);
    // Organization data stays out of reach.
    expect((await call('GET', '/settings/organization/branding')).statusCode).toBe(403);
    expect((await call('GET', '/settings/organization')).statusCode).toBe(403);
  });

  it('lets only admins read and update the organization', async () => {
    for (const user of [team.manager, team.sales, team.viewer]) {
      expect((await as(t.app, user)('GET', '/settings/organization')).statusCode).toBe(403);
      expect((await as(t.app, user)('PUT', '/settings/organization', { name: 'X' })).statusCode).toBe(403);
    }
    const logo =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const res = await as(t.app, team.admin)('PUT', '/settings/organization', {
      name: 'Nova Lda',
      domain: 'nova.pt',
      branding: { primaryColor: '#123abc', logo },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Nova Lda',
      domain: 'nova.pt',
      branding: { primaryColor: '#123abc', logo },
    });
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, team.org.id));
    expect(row?.name).toBe('Nova Lda');
    // Every member sees the name and brand (the top bar), never the settings or another organization's.
    for (const user of [team.admin, team.manager, team.sales, team.viewer]) {
      const branding = await as(t.app, user)('GET', '/settings/organization/branding');
      expect(branding.statusCode).toBe(200);
      // …and the proposal validity in days, which the editor fills in (Aceite's 30 when not set).
      expect(branding.json().data).toEqual({
        name: 'Nova Lda',
        primaryColor: '#123abc',
        logo,
        proposalValidityDays: 30,
        vatRegion: 'continente',
      });
    }
    await as(t.app, team.admin)('PUT', '/settings/organization', {
      name: 'Nova Lda',
      domain: 'nova.pt',
      branding: { primaryColor: '#123abc', logo },
      settings: { proposalValidityDays: 15 },
    });
    expect(
      (await as(t.app, team.sales)('GET', '/settings/organization/branding')).json().data
        .proposalValidityDays,
    ).toBe(15);
    const stranger = await createUser(t.db, { role: 'admin' });
    expect((await as(t.app, stranger)('GET', '/settings/organization/branding')).json().data.logo).toBeNull();
    const bad = await as(t.app, team.admin)('PUT', '/settings/organization', {
      name: '',
      branding: { primaryColor: 'azul', logo: 'data:image/svg+xml;base64,PHN2Zz4=' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: MESSAGES.organizationNameRequired },
        { field: 'branding.primaryColor', message: MESSAGES.colorInvalid },
        { field: 'branding.logo', message: MESSAGES.logoInvalid },
      ]),
    );
  });

  it('keeps a privacy contact that is an email or a web address, and refuses anything else', async () => {
    // docs/product.md#personal-data: linked from the public page's statement.
    const put = (privacyContact: unknown) =>
      as(t.app, team.admin)('PUT', '/settings/organization', {
        name: 'Nova Lda',
        settings: { privacyContact },
      });
    for (const good of ['dpo@nova.pt', 'https://nova.pt/privacidade', 'http://nova.pt', '']) {
      const res = await put(good);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.settings.privacyContact).toBe(good);
    }
    const trimmed = await put('  dpo@nova.pt  ');
    expect(trimmed.json().data.settings.privacyContact).toBe('dpo@nova.pt');
    for (const bad of ['dpo', 'javascript:alert(1)', 'https://', 'ftp://nova.pt', 'https://nova pt', 42]) {
      const res = await put(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { field: 'settings.privacyContact', message: MESSAGES.privacyContactInvalid },
      ]);
    }
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, team.org.id));
    expect(row?.settings.privacyContact).toBe('dpo@nova.pt');
  });
});
