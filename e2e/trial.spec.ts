import { randomUUID } from 'node:crypto';
import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  expectFits,
  PHONE_VIEWPORT,
  signIn,
  test,
} from './fixtures.ts';

/**
 * The 14-day trial (issue 38, docs/product.md#plans): a new organization sees the days left in the top bar at
 * the desktop width and at 360 px, and the trial's end in Configurações → Plano; once it ended, the read-only
 * banner stays and 'Nova proposta' is disabled with the server's own words. The server's refusal of every write
 * after the end is swept by the API tests (role-matrix.test.ts, trial.test.ts) with a controlled clock; the
 * browser moves only its own clock here, so the server still lets this organization write.
 */

const READ_ONLY =
  'O período de teste terminou e a organização está só de leitura. Escolha um plano em Configurações → Plano para voltar a criar e enviar propostas.';

test('a new organization counts its trial down in the top bar, then is read-only', async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const email = `admin-${tag}@e2e-trial.pt`;
  const register = await page.request.post('/api/v1/auth/register', {
    data: {
      email,
      password: DEMO_PASSWORD,
      firstName: 'Teresa',
      lastName: `Teste${tag}`,
      organizationName: `Teste ${tag}`,
    },
  });
  expect(register.status()).toBe(201);
  const trialEndsAt = (await register.json()).data.user.organization.trialEndsAt as string;
  expect(new Date(trialEndsAt).getTime() - Date.now()).toBeGreaterThan(13.9 * 86_400_000);

  await signIn(page, email);
  const countdown = page.getByRole('link', { name: 'Faltam 14 dias de teste' });
  await expect(countdown).toBeVisible();
  await expectAccessible(page);
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE_VIEWPORT);
  await expect(countdown).toBeVisible();
  await expectFits(page);
  await expectAccessible(page);
  if (desktop) await page.setViewportSize(desktop);

  await countdown.click();
  await expect(page.getByRole('heading', { name: 'Plano Professional' })).toBeVisible();
  await expect(page.getByText(/^O período de teste termina a \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();

  // A day after the end, as the browser counts it.
  await page.clock.setFixedTime(new Date(new Date(trialEndsAt).getTime() + 86_400_000));
  await page.goto('/proposals');
  const banner = page.getByRole('status').filter({ hasText: 'A organização está só de leitura.' });
  await expect(banner).toHaveText(/O período de teste terminou\. A organização está só de leitura\./);
  await expect(banner.getByRole('link', { name: 'Escolher um plano' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nova proposta' })).toBeDisabled();
  await expect(page.getByText(READ_ONLY)).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize(PHONE_VIEWPORT);
  await expect(banner).toBeVisible();
  await expectFits(page);
  await expectAccessible(page);
});
