import { randomUUID } from 'node:crypto';
import {
  apiSession,
  call,
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectAccessibleAtBothWidths,
  signInAt,
  test,
} from './fixtures.ts';

/**
 * The plan changes hands (issue 38, docs/product.md#plans): an admin asks for Professional in Configurações →
 * Plano, the superadmin sees the request in Organizações e planos and applies it, and the admin sees the new
 * plan. A fresh organization, put on Starter through the superadmin's API, so the demo's stays as it is. Each
 * screen is checked at both widths once.
 */
test('the admin asks for Professional, the superadmin applies it, the admin sees the new plan', async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  const email = `admin-${tag}@e2e-plan-admin.pt`;
  const organizationName = `Mudança ${tag}`;
  const register = await page.request.post('/api/v1/auth/register', {
    data: { email, password: DEMO_PASSWORD, firstName: 'Rita', lastName: 'Plano', organizationName },
  });
  expect(register.status()).toBe(201);
  const organizationId = (await register.json()).data.user.organizationId as string;
  const superadmin = await apiSession(page.request, DEMO.superadmin);
  await call(page.request, superadmin.accessToken, 'PUT', `/admin/organizations/${organizationId}/plan`, {
    plan: 'starter',
  });

  // The admin asks.
  await signInAt(page, '/settings?tab=plano', email);
  await expect(page.getByRole('heading', { name: 'Plano Starter' })).toBeVisible();
  await page.getByRole('button', { name: 'Mudar de plano' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mudar de plano' });
  await dialog.getByRole('radio', { name: 'Professional — 79 €/mês' }).check();
  await dialog.getByLabel('Nota (opcional)').fill('Somos mais na equipa.');
  await expectAccessibleAtBothWidths(page);
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(/^Pedido de mudança para o Professional enviado em \d\d\/\d\d\/\d{4} — a aguardar$/),
  ).toBeVisible();

  // The superadmin applies it.
  await signInAt(
    page,
    `/admin/organizations?search=${encodeURIComponent(organizationName)}`,
    DEMO.superadmin,
  );
  await expect(page.getByRole('heading', { name: 'Organizações e planos', level: 1 })).toBeVisible();
  const request = page.getByRole('listitem').filter({ hasText: organizationName });
  await expect(request).toContainText('Starter → Professional (faturação mensal)');
  await expect(request).toContainText('Somos mais na equipa.');
  await expect(
    page.getByRole('region', { name: 'Tabela de organizações' }).getByText(organizationName),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await page.getByRole('button', { name: `Aplicar o plano Professional a ${organizationName}` }).click();
  await expect(page.getByText(`${organizationName} passou para o plano Professional.`)).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Aplicar o plano Professional a ${organizationName}` }),
  ).toHaveCount(0);
  await expect(
    page
      .getByRole('region', { name: 'Tabela de organizações' })
      .getByRole('row', { name: new RegExp(organizationName) }),
  ).toContainText('Professional');

  // The admin sees the new plan, and nothing waiting.
  await signInAt(page, '/settings?tab=plano', email);
  await expect(page.getByRole('heading', { name: 'Plano Professional' })).toBeVisible();
  await expect(page.getByText(/Pedido de mudança para o/)).toHaveCount(0);
});
