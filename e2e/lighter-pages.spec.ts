import type { Page, Response } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, field, signIn, test } from './fixtures.ts';

// Issue 27 (docs/decisions.md, "Issue 27 — a lighter sign-in and landing"): /login runs its own few kB of script
// and the app loads only once the person signs in; / runs no script at all.

/** The sign-in page's script is a few kB; React DOM alone is ~190 kB and the app's entry ~900 kB (uncompressed). */
const SIGN_IN_SCRIPT_CEILING = 40_000;

/** Every script the page loads, in order, with its size once it has arrived. */
function recordScripts(page: Page) {
  const scripts: { url: string; bytes: Promise<number> }[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({
      url: new URL(response.url()).pathname,
      bytes: response.body().then(
        (body) => body.length,
        () => 0,
      ),
    });
  });
  return scripts;
}

test.describe('a lighter sign-in and landing @mobile', () => {
  test("/login runs only its own small script, and the app's code loads after signing in", async ({
    page,
    request,
  }) => {
    // The app shell's own entry script, as the server sends it for any private page.
    const shell = await (await request.get('/dashboard')).text();
    const appEntry = shell.match(/<script type="module"[^>]*\ssrc="([^"]+)"/)?.[1];
    expect(appEntry).toMatch(/^\/assets\/index-.*\.js$/);

    const scripts = recordScripts(page);
    await page.goto('/login?next=%2Fproposals');
    await expect(field(page, 'Email')).toBeEnabled();
    await expectAccessible(page);
    await page.waitForLoadState('networkidle');

    const before = scripts.map((script) => script.url);
    expect(before.length).toBeGreaterThan(0);
    expect(before).not.toContain(appEntry);
    expect(before.filter((url) => /(dashboard|proposals)-page-/.test(url))).toEqual([]);
    const bytes = (await Promise.all(scripts.map((script) => script.bytes))).reduce((a, b) => a + b, 0);
    expect(bytes, `scripts before signing in: ${before.join(', ')}`).toBeLessThan(SIGN_IN_SCRIPT_CEILING);

    await field(page, 'Email').fill(DEMO.sales);
    await field(page, 'Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/proposals$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Propostas' })).toBeVisible();
    const after = scripts.slice(before.length).map((script) => script.url);
    expect(after).toContain(appEntry);
    expect(after.some((url) => /proposals-page-/.test(url))).toBe(true);
  });

  test('errors and the password toggle work before the app has loaded', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('O email é obrigatório')).toBeVisible();
    await expect(page.getByText('A password é obrigatória')).toBeVisible();
    await expectAccessible(page);

    await field(page, 'Email').fill(DEMO.viewer);
    await field(page, 'Password').fill('errada-123');
    await page.getByRole('button', { name: 'Mostrar password' }).click();
    await expect(field(page, 'Password')).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email ou password incorretos');
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Esqueceu a password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('button', { name: 'Enviar link de recuperação' })).toBeVisible();
  });

  test('a visitor who is already signed in goes from /login straight to the app', {
    tag: '@desktop',
  }, async ({ page }) => {
    await signIn(page, DEMO.sales);
    await page.goto('/login?next=%2Fclients');
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  });

  test('/ runs no script, and its Mensal/Anual toggle still switches the prices', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/');
    const pricing = page.locator('#precos');
    await expect(pricing.getByText(/29\s€/)).toBeVisible();
    await expect(pricing.getByText('Faturado €290/ano')).toBeHidden();
    await pricing.locator('label', { hasText: 'Anual' }).click();
    await expect(pricing.getByText('Faturado €290/ano')).toBeVisible();
    await expect(pricing.getByText(/29\s€/)).toBeHidden();
    await pricing.locator('label', { hasText: 'Mensal' }).click();
    await expect(pricing.getByText(/29\s€/)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.map((script) => script.url)).toEqual([]);
    await expectAccessible(page);
  });
});
