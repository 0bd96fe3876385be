import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('landing page @mobile', () => {
  test('is served prerendered with title, description and Open Graph tags', async ({ request }) => {
    const res = await request.get('/');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<title>[^<]*Aceite[^<]*<\/title>/);
    expect(html).toMatch(/<meta\s+name="description"\s+content="[^"]+"/);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toMatch(/<meta property="og:locale" content="pt_PT"/);
    // The hero and the pricing are in the HTML itself, not only after JavaScript runs.
    expect(html).toContain('Começar Trial de 14 Dias');
    expect(html).toContain('Mais Popular');
  });

  test('header buttons lead to sign-in and registration', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Começar Grátis' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('hero and closing calls-to-action go to /register, Ver Preços scrolls to pricing', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Começar Trial de 14 Dias' })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(page.getByRole('link', { name: 'Começar Trial Grátis' }).last()).toHaveAttribute(
      'href',
      '/register',
    );
    await page.getByRole('link', { name: 'Ver Preços' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /preço|plano/i }).first()).toBeInViewport();
  });

  test('the Mensal/Anual toggle shows yearly prices per month and the yearly bill', async ({ page }) => {
    await page.goto('/');
    const pricing = page.locator('#precos');
    await expect(pricing.getByText('-17%')).toBeVisible();
    await expect(pricing.getByText(/29\s€/)).toBeVisible();
    await expect(pricing.getByText('Faturado €290/ano')).toBeHidden();
    await pricing.locator('label', { hasText: 'Anual' }).click();
    await expect(pricing.getByRole('radio', { name: /Anual/ })).toBeChecked();
    await expect(pricing.getByText(/24\s€/)).toBeVisible();
    await expect(pricing.getByText(/66\s€/)).toBeVisible();
    await expect(pricing.getByText('Faturado €290/ano')).toBeVisible();
    await expect(pricing.getByText('Faturado €790/ano')).toBeVisible();
    await expect(pricing.getByText('Mais Popular')).toBeVisible();
  });

  test('plan buttons: Starter and Professional register, Enterprise writes to sales', async ({ page }) => {
    await page.goto('/');
    const starter = page.getByRole('article', { name: 'Starter' });
    const professional = page.getByRole('article', { name: 'Professional' });
    const enterprise = page.getByRole('article', { name: 'Enterprise' });
    await expect(starter.getByRole('link')).toHaveAttribute('href', '/register');
    await expect(professional.getByRole('link')).toHaveAttribute('href', '/register');
    await expect(enterprise.getByRole('link')).toHaveAttribute('href', /^mailto:/);
  });

  test('passes axe with no serious or critical violations', async ({ page }) => {
    await page.goto('/');
    await expectAccessible(page);
  });
});
