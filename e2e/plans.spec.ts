import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, signIn, test } from './fixtures.ts';

/**
 * Plans (issue 38, docs/product.md#plans): the admin sees the plan and its usage in Configurações → Plano, and
 * an action the plan refuses is disabled with the reason and the way to the plan before they try. A fresh
 * organization starts on Professional (10 users), so the test fills its places through the API.
 */

interface Tenant {
  email: string;
  auth: { Authorization: string };
}

async function registerTenant(request: APIRequestContext): Promise<Tenant> {
  const tag = randomUUID().slice(0, 8);
  const email = `admin-${tag}@e2e-plans.pt`;
  const register = await request.post('/api/v1/auth/register', {
    data: {
      email,
      password: DEMO_PASSWORD,
      firstName: 'Paula',
      lastName: `Plano${tag}`,
      organizationName: `Plano ${tag}`,
    },
  });
  expect(register.status()).toBe(201);
  const { accessToken } = (await register.json()).data;
  return { email, auth: { Authorization: `Bearer ${accessToken}` } };
}

const invite = (request: APIRequestContext, tenant: Tenant) =>
  request.post('/api/v1/users/invite', {
    headers: tenant.auth,
    data: { email: `convidado-${randomUUID().slice(0, 8)}@e2e-plans.pt`, role: 'sales' },
  });

test.describe('plans @mobile', () => {
  test('the admin sees the plan, its price and the usage with bars', async ({ page }) => {
    const tenant = await registerTenant(page.request);
    await signIn(page, tenant.email);
    await page.goto('/settings?tab=plano');
    await expect(page.getByRole('tab', { name: 'Plano' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Plano Professional' })).toBeVisible();
    await expect(page.getByText('79 €/mês ou 790 €/ano')).toBeVisible();
    await expect(page.getByText('1 de 10')).toBeVisible();
    await expect(page.getByText('0 (ilimitado)').first()).toBeVisible();
    await expect(page.getByRole('progressbar', { name: /Utilizadores/ })).toBeVisible();
    await expect(page.getByText('Acesso à API: incluído')).toBeVisible();
    await expectAccessible(page);
  });

  test('at the users limit, "Convidar Utilizador" is disabled with the reason and the way to the plan', async ({
    page,
  }) => {
    const tenant = await registerTenant(page.request);
    for (let i = 0; i < 9; i++) expect((await invite(page.request, tenant)).status()).toBe(201);
    const refusal =
      'O plano Professional inclui 10 utilizadores. Passe para o Enterprise para convidar mais.';
    // The server refuses the 11th whatever the screen shows.
    const eleventh = await invite(page.request, tenant);
    expect(eleventh.status()).toBe(403);
    expect((await eleventh.json()).error).toMatchObject({ code: 'PLAN_LIMIT', message: refusal });

    await signIn(page, tenant.email);
    await page.goto('/users');
    const button = page.getByRole('button', { name: 'Convidar Utilizador' });
    await expect(button).toBeDisabled();
    await expect(page.getByText(refusal)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Ver o plano' }).click();
    await expect(page.getByRole('heading', { name: 'Plano Professional' })).toBeVisible();
    await expect(page.getByText('10 de 10')).toBeVisible();
    await expect(page.getByText(refusal)).toBeVisible();
    await expectAccessible(page);
  });
});
