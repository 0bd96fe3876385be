import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

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
  // A list being refreshed is dimmed (components/list-states.tsx, aria-busy): its contrast is the next
  // page's to judge. Waited for a while, not forever: a screen whose loading state is under test stays busy.
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 5_000 })
    .catch(() => {});
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

/** An API session of an account, as `POST /auth/login` returns it. */
export interface ApiSession {
  accessToken: string;
  refreshToken: string;
  user: { id: string; email: string; organizationId: string | null } & Record<string, unknown>;
  /** `Authorization: Bearer …` for the API calls that prepare what a test is not about. */
  headers: { Authorization: string };
}

/** Signs in through the API (no screen): for preparing data, and for `signIn`. */
export async function apiSession(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
  rememberMe = false,
): Promise<ApiSession> {
  const res = await request.post('/api/v1/auth/login', { data: { email, password, rememberMe } });
  expect(res.status(), `sign-in of ${email} through the API`).toBe(200);
  const session = (await res.json()).data;
  return { ...session, headers: { Authorization: `Bearer ${session.accessToken}` } };
}

/**
 * Starts a session the way the sign-in page leaves it (the same browser-stored items:
 * apps/web/src/lib/stored-session.ts) without going through the form, then opens the screen a sign-in lands
 * on and waits until it is up. The form is tested by `signInThroughForm` in auth.spec.ts; every other test is
 * about what comes after it, and skipping it saves a page load per test (issue 32; docs/architecture.md#tests).
 */
export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  rememberMe = false,
): Promise<ApiSession> {
  const session = await storeSession(page, email, password, rememberMe);
  // The dashboard; a platform account without an organization (superadmin) lands on the administration.
  await page.goto(session.user.organizationId ? '/dashboard' : '/admin/users');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  return session;
}

/**
 * `signIn`, opening `path` straight away instead of the landing screen: one load of the app per test instead of
 * two, for a test about another screen (docs/architecture.md#tests). The test waits for that screen as it would
 * after its own `page.goto`.
 */
export async function signInAt(
  page: Page,
  path: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<ApiSession> {
  const session = await storeSession(page, email, password, false);
  await page.goto(path);
  return session;
}

async function storeSession(
  page: Page,
  email: string,
  password: string,
  rememberMe: boolean,
): Promise<ApiSession> {
  const session = await apiSession(page.request, email, password, rememberMe);
  // The app's origin (playwright.config.ts hands its port to the workers through E2E_PORT).
  const origin = `http://127.0.0.1:${process.env.E2E_PORT}`;
  const localStorage = [
    { name: 'accessToken', value: session.accessToken },
    { name: 'refreshToken', value: session.refreshToken },
    { name: 'user', value: JSON.stringify(session.user) },
    ...(rememberMe ? [{ name: 'rememberMe', value: 'true' }] : []),
  ];
  await page.context().setStorageState({ cookies: [], origins: [{ origin, localStorage }] });
  return session;
}

/**
 * Opens `path` inside the running app, as a link does (React Router follows the history), without loading the
 * app again: for a test that walks through the screens of one area (docs/architecture.md#tests).
 */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
}

/** The phone the mobile project emulates (playwright.config.ts). */
export const PHONE_VIEWPORT = { width: 360, height: 740 } as const;

/** Nothing wider than the screen: the page never scrolls sideways. */
export async function expectFits(page: Page): Promise<void> {
  // Polled: after a resize, the layouts chosen by width (useIsMobile) follow on React's next render.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: 'the page scrolls sideways',
    })
    .toBeLessThanOrEqual(0);
}

/**
 * For a flow that runs in the desktop project only (it is about what the screens do, not about a phone; inside a
 * `@mobile` group it is tagged `@desktop`): axe at the desktop width, then the same screen, as it stands, at 360 px, where it must fit and
 * pass axe too, then back to the desktop width. This keeps each screen's 360 px check without running the whole
 * flow a second time in the mobile project (docs/architecture.md#tests). At 360 px already, it checks once.
 */
export async function expectAccessibleAtBothWidths(page: Page): Promise<void> {
  await expectAccessible(page);
  const viewport = page.viewportSize();
  if (!viewport || viewport.width <= PHONE_VIEWPORT.width) {
    await expectFits(page);
    return;
  }
  await page.setViewportSize(PHONE_VIEWPORT);
  try {
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(PHONE_VIEWPORT.width);
    await expectFits(page);
    await expectAccessible(page);
  } finally {
    await page.setViewportSize(viewport);
  }
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(viewport.width);
}

/** Signs in through the login screen the way a person does (for the tests about signing in). */
export async function signInThroughForm(
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

/** An API call with a bearer token, for preparing what a test is not about: fails the test on any error answer. */
export async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(res.ok(), `${method} ${path} → ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

export const test = base;
export { expect };
