import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { expect as baseExpect, DEMO, DEMO_PASSWORD, expectAccessible, signIn, test } from './fixtures.ts';
import { linkFromOutbox } from './mail.ts';
import { scaled } from './timing.ts';

const IMPERSONATION_BANNER = 'Modo Impersonation Ativo';
// Every filter change is a debounced server round trip, and impersonating and stopping reload the whole app:
// more patience than the default when the machine is busy (several suites share it).
const expect = baseExpect.configure({ timeout: scaled(12_000) });
const AFTER_RELOAD = { timeout: scaled(20_000) };

test.describe.configure({ timeout: scaled(90_000) });

async function openAdminUsers(page: Page): Promise<void> {
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Utilizadores da plataforma' })).toBeVisible(
    AFTER_RELOAD,
  );
  await expect(page.getByText(/^\d+ utilizador(es)?$/)).toBeVisible(AFTER_RELOAD);
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Pesquisar utilizadores').fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/\./g, '\\.')}`));
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** Signs in as the demo superadmin and impersonates Vera (vendas@) through the users screen. */
async function impersonateVera(page: Page): Promise<void> {
  await signIn(page, DEMO.superadmin);
  await openAdminUsers(page);
  await search(page, DEMO.sales);
  await expect(page.getByText('1 utilizador', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Impersonar Vera Vieira' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impersonar utilizador' });
  await expect(dialog.getByText('Vera Vieira')).toBeVisible();
  await dialog.getByRole('button', { name: 'Impersonar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, AFTER_RELOAD);
  await expect(page.getByText(IMPERSONATION_BANNER)).toBeVisible(AFTER_RELOAD);
}

interface Tenant {
  tag: string;
  adminName: string;
  inactiveName: string;
}

/**
 * A fresh organization with an active admin and a deactivated viewer (invited, accepted, then deactivated),
 * all named with one unique tag so a search finds exactly them while other tests add users in parallel.
 */
async function createTenantWithInactiveUser(request: APIRequestContext): Promise<Tenant> {
  const tag = randomUUID().slice(0, 8);
  const register = await request.post('/api/v1/auth/register', {
    data: {
      email: `admin-${tag}@e2e-admin.pt`,
      password: DEMO_PASSWORD,
      firstName: 'Adriana',
      lastName: `Admin${tag}`,
      organizationName: `Org ${tag}`,
    },
  });
  expect(register.status()).toBe(201);
  const { accessToken } = (await register.json()).data;
  const auth = { Authorization: `Bearer ${accessToken}` };

  const viewerEmail = `leitor-${tag}@e2e-admin.pt`;
  const invite = await request.post('/api/v1/users/invite', {
    headers: auth,
    data: { email: viewerEmail, firstName: 'Lia', lastName: `Leitor${tag}`, role: 'viewer' },
  });
  expect(invite.status()).toBe(201);
  const link = new URL(await linkFromOutbox(viewerEmail, '/accept-invite'));
  const token = link.searchParams.get('token') ?? '';
  const accept = await request.post(`/api/v1/invites/${encodeURIComponent(token)}/accept`, {
    data: { firstName: 'Lia', lastName: `Leitor${tag}`, password: DEMO_PASSWORD },
  });
  expect(accept.status()).toBe(201);
  const viewerId = (await accept.json()).data.user.id;
  const deactivate = await request.delete(`/api/v1/users/${viewerId}`, { headers: auth });
  expect(deactivate.ok()).toBe(true);
  return { tag, adminName: `Adriana Admin${tag}`, inactiveName: `Lia Leitor${tag}` };
}

test.describe('platform administration @mobile', () => {
  test('the superadmin impersonates a sales user, sees the banner and their data, then stops', async ({
    page,
  }) => {
    await signIn(page, DEMO.superadmin);
    await openAdminUsers(page);
    await expectAccessible(page);

    await search(page, DEMO.sales);
    await expect(page.getByText('1 utilizador', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Impersonar Vera Vieira' }).click();
    const dialog = page.getByRole('dialog', { name: 'Impersonar utilizador' });
    await expect(dialog).toContainText(DEMO.sales);
    await expect(dialog).toContainText('Demo Lda');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Impersonar' }).click();

    await expect(page).toHaveURL(/\/dashboard$/, AFTER_RELOAD);
    const banner = page.getByText(IMPERSONATION_BANNER);
    await expect(banner).toBeVisible(AFTER_RELOAD);
    await expect(page.getByText(DEMO.superadmin)).toBeVisible();
    await expect(page.getByRole('heading', { name: /Olá, Vera/ })).toBeVisible(AFTER_RELOAD);
    expect(await stored(page, 'refreshToken')).toBeNull();
    const impersonation = JSON.parse((await stored(page, 'impersonation')) ?? 'null');
    expect(impersonation.originalUser.email).toBe(DEMO.superadmin);
    expect(impersonation.originalRefreshToken).toBeTruthy();
    expect(JSON.parse((await stored(page, 'user')) ?? 'null').email).toBe(DEMO.sales);
    // The target is no superadmin: no platform menu, and the admin screen sends them to the dashboard.
    await expect(page.getByRole('link', { name: 'Administração' })).toHaveCount(0);
    // The bar sits inside the fixed top bar, and nothing of the screen is hidden under them.
    const header = await page.getByRole('banner').boundingBox();
    const bannerBox = await banner.boundingBox();
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    const headerBottom = (header?.y ?? 0) + (header?.height ?? 0);
    expect(bannerBox?.y ?? -1).toBeGreaterThanOrEqual(header?.y ?? 0);
    expect((bannerBox?.y ?? 0) + (bannerBox?.height ?? 0)).toBeLessThanOrEqual(headerBottom);
    expect(heading?.y ?? 0).toBeGreaterThanOrEqual(headerBottom);
    await expectAccessible(page);

    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/dashboard$/, AFTER_RELOAD);
    await expect(banner).toBeVisible(AFTER_RELOAD);

    await page.getByRole('button', { name: 'Parar Impersonation' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/, AFTER_RELOAD);
    await expect(page.getByRole('heading', { level: 1, name: 'Utilizadores da plataforma' })).toBeVisible(
      AFTER_RELOAD,
    );
    await expect(page.getByText(IMPERSONATION_BANNER)).toHaveCount(0);
    expect(await stored(page, 'impersonation')).toBeNull();
    expect(await stored(page, 'refreshToken')).toBeTruthy();
    expect(JSON.parse((await stored(page, 'user')) ?? 'null').email).toBe(DEMO.superadmin);
  });

  test('a non-superadmin is sent from /admin/users to the dashboard and the API answers 403', {
    tag: '@desktop',
  }, async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/dashboard$/, AFTER_RELOAD);
    await expect(page.getByRole('link', { name: 'Administração' })).toHaveCount(0);
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/v1/admin/users', {
        headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      });
      return response.status;
    });
    expect(status).toBe(403);
  });
});

test.describe('platform users screen', () => {
  test('at 1366 px no role or status badge is cut short', async ({ page, request }) => {
    // An inactive viewer: the longest labels, 'Inativo' and 'Visualizador'.
    const tenant = await createTenantWithInactiveUser(request);
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, DEMO.superadmin);
    await openAdminUsers(page);
    await search(page, tenant.tag);
    await expect(page.getByRole('row', { name: new RegExp(tenant.inactiveName) })).toBeVisible();
    const badges = page.locator('table .mantine-Badge-root');
    await expect(badges.first()).toBeVisible();
    const cut = await badges.evaluateAll((els) =>
      els
        .map((el) => el.querySelector('.mantine-Badge-label') ?? el)
        .filter((label) => label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent),
    );
    expect(cut).toEqual([]);
  });

  test('the superadmin, who has no organization, is offered only the administration and own settings', async ({
    page,
  }) => {
    await signIn(page, DEMO.superadmin);
    await expect(page).toHaveURL(/\/admin\/users$/);
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await expect(nav.getByRole('link', { name: 'Administração' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Configurações' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Painel' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Notificações/ })).toHaveCount(0);
    // The organization's screens send it back to the administration.
    for (const path of ['/dashboard', '/proposals', '/clients']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/users$/);
    }
    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'Perfil' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Notificações' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Organização' })).toHaveCount(0);
    await expect(page.getByRole('tabpanel', { name: 'Perfil' }).getByText(DEMO.superadmin)).toBeVisible();
    await expectAccessible(page);
  });

  test('offers no Impersonar on superadmin rows nor on oneself', async ({ page }) => {
    await signIn(page, DEMO.superadmin);
    await expect(page.getByRole('link', { name: 'Administração' })).toBeVisible();
    await page.getByRole('link', { name: 'Administração' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);

    await search(page, DEMO.superadmin);
    const row = page.getByRole('row').filter({ hasText: DEMO.superadmin });
    await expect(row).toContainText('(a sua conta)');
    await expect(row).toContainText('Superadmin');
    await expect(row.getByRole('button')).toHaveCount(0);

    await page.getByLabel('Pesquisar utilizadores').fill('');
    await page.getByLabel('Função').selectOption({ label: 'Superadmin' });
    await expect(page).toHaveURL(/role=superadmin/);
    await expect(page.getByRole('row').filter({ hasText: DEMO.superadmin })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Impersonar/ })).toHaveCount(0);

    await page.getByLabel('Função').selectOption({ label: 'Vendas' });
    await expect(page.getByRole('row').filter({ hasText: DEMO.sales })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: DEMO.admin })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Impersonar Vera Vieira' })).toBeVisible();
  });

  test('filters by role and status, with the total, and keeps the filters in the URL', async ({
    page,
    request,
  }) => {
    const tenant = await createTenantWithInactiveUser(request);
    await signIn(page, DEMO.superadmin);
    await openAdminUsers(page);

    await search(page, tenant.tag);
    await expect(page.getByText('2 utilizadores', { exact: true })).toBeVisible();
    const inactiveRow = page.getByRole('row').filter({ hasText: tenant.inactiveName });
    await expect(inactiveRow).toContainText('Inativo');
    await expect(inactiveRow).toContainText(`Org ${tenant.tag}`);
    // An inactive account cannot be impersonated, only given back (issue 20).
    await expect(inactiveRow.getByRole('button', { name: /^Impersonar/ })).toHaveCount(0);
    await expect(inactiveRow.getByRole('button')).toHaveText(['Reativar']);
    await expect(page.getByRole('button', { name: `Impersonar ${tenant.adminName}` })).toBeVisible();

    await page.getByLabel('Estado').selectOption({ label: 'Inativo' });
    await expect(page.getByText('1 utilizador', { exact: true })).toBeVisible();
    await expect(inactiveRow).toBeVisible();
    await expect(page.getByRole('button', { name: /^Impersonar/ })).toHaveCount(0);

    await page.getByLabel('Estado').selectOption({ label: 'Ativo' });
    await expect(page.getByRole('row').filter({ hasText: tenant.adminName })).toBeVisible();
    await expect(page.getByText('1 utilizador', { exact: true })).toBeVisible();

    await page.getByLabel('Estado').selectOption({ label: 'Todos os estados' });
    await page.getByLabel('Função').selectOption({ label: 'Visualizador' });
    await expect(page.getByText('1 utilizador', { exact: true })).toBeVisible();
    await expect(inactiveRow).toBeVisible();

    await page.getByLabel('Função').selectOption({ label: 'Gestor' });
    await expect(page.getByText('Nenhum utilizador encontrado')).toBeVisible();
    await expect(page.getByText('0 utilizadores', { exact: true })).toBeVisible();

    // The filters live in the URL: a reload shows the same list.
    await page.getByLabel('Função').selectOption({ label: 'Admin' });
    await expect(page).toHaveURL(
      new RegExp(`search=${tenant.tag}.*role=admin|role=admin.*search=${tenant.tag}`),
    );
    await page.reload();
    await expect(page.getByLabel('Função')).toHaveValue('admin', AFTER_RELOAD);
    await expect(page.getByLabel('Pesquisar utilizadores')).toHaveValue(tenant.tag);
    await expect(page.getByRole('row').filter({ hasText: tenant.adminName })).toBeVisible();
    await expect(page.getByText('1 utilizador', { exact: true })).toBeVisible();
  });

  test('an expired impersonation token brings the superadmin back instead of refreshing the target', async ({
    page,
  }) => {
    await impersonateVera(page);
    const user = JSON.parse((await stored(page, 'user')) ?? '{}');
    const impersonation = JSON.parse((await stored(page, 'impersonation')) ?? '{}');
    const secret = (await readFile(`${process.env.E2E_DATA_DIR}/jwt-secret`, 'utf8')).trim();
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({
      org: user.organizationId,
      role: user.role,
      sid: randomUUID(),
      imp: impersonation.originalUser.id,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setAudience('aceite-api')
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(secret));
    await page.evaluate((token) => localStorage.setItem('accessToken', token), expired);

    const restored = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/auth/refresh') && r.status() === 200,
    );
    await page.goto('/dashboard');
    await restored;
    await expect(page).toHaveURL(/\/admin\/users$/, AFTER_RELOAD);
    await expect(page.getByRole('heading', { level: 1, name: 'Utilizadores da plataforma' })).toBeVisible(
      AFTER_RELOAD,
    );
    await expect(page.getByText(IMPERSONATION_BANNER)).toHaveCount(0);
    expect(await stored(page, 'impersonation')).toBeNull();
    expect(JSON.parse((await stored(page, 'user')) ?? 'null').email).toBe(DEMO.superadmin);
  });

  test('signing out while impersonating clears everything', async ({ page }) => {
    await impersonateVera(page);
    await page.getByRole('button', { name: /Menu da conta/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const keys = ['accessToken', 'refreshToken', 'user', 'rememberMe', 'impersonation'];
    const values = await page.evaluate((ks) => ks.map((k) => localStorage.getItem(k)), keys);
    expect(values).toEqual([null, null, null, null, null]);
    // Signed out, a private page sends to the sign-in screen, which would bring the person back to it.
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fusers$/);
  });
});
