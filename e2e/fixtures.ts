import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Aceite2026!';
export const DEMO = {
  admin: 'admin@aceite.demo',
  manager: 'gestor@aceite.demo',
  sales: 'vendas@aceite.demo',
  viewer: 'leitor@aceite.demo',
  superadmin: 'super@aceite.demo',
} as const;

/**
 * Fails on any serious or critical axe violation of the page once its transitions have finished (a modal or
 * notification half-way through Mantine's enter transition is a state no person reads).
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'serious or critical accessibility violations',
  ).toEqual([]);
}

/** A form field by its visible label, ignoring the required asterisk Mantine adds ("Password *"). */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

/** Signs in through the login screen the way a person does. */
export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  rememberMe = false,
): Promise<void> {
  await page.goto('/login');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  if (rememberMe) await page.getByLabel('Lembrar-me').check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  // The dashboard; a platform account without an organization (superadmin) lands on the administration.
  await expect(page).toHaveURL(/\/(dashboard|admin\/users)$/);
  // /login is not the app (docs/product.md#light-pages-before-signing-in): the URL changes as the app's page
  // starts loading, so wait until its screen is up, as a person would, before going on.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

export const test = base;
export { expect };
