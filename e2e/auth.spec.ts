import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { SignJWT } from 'jose';
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  expectAccessibleAtBothWidths,
  expectFits,
  field,
  PHONE_VIEWPORT,
  signIn,
  signInThroughForm,
  test,
} from './fixtures.ts';
import { linkFromOutbox } from './mail.ts';
import { scaled } from './timing.ts';

const newEmail = () => `pessoa-${randomUUID().slice(0, 8)}@exemplo.pt`;

test.describe('accounts and sessions @mobile', () => {
  test('register → dashboard with the first name, inside the layout', async ({ page }) => {
    await page.goto('/register');
    await expect(page).toHaveTitle(/Aceite/);
    await field(page, 'Nome').fill('Marta');
    await field(page, 'Apelido').fill('Sousa');
    await field(page, 'Email').fill(newEmail());
    await field(page, 'Password').fill('segredo123');
    await field(page, 'Confirmar password').fill('segredo123');
    await field(page, 'Nome da organização').fill('Sousa Design');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Olá, Marta' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBeNull();
  });

  test('register shows the spec validation messages', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/register');
    await field(page, 'Email').fill('marta@exemplo.pt');
    await field(page, 'Password').fill('curta');
    await field(page, 'Confirmar password').fill('outra');
    // Enter submits without the blur-validation layout shift moving the button under the pointer.
    await field(page, 'Confirmar password').press('Enter');
    await expect(page.getByText('Nome e apelido são obrigatórios').first()).toBeVisible();
    await expect(page.getByText('A password deve ter pelo menos 8 caracteres')).toBeVisible();
    await expect(page.getByText('As passwords não coincidem')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await expectAccessibleAtBothWidths(page);
  });

  test('/login arrives prerendered: the screen paints before the JavaScript, disabled, and the app takes it over', {
    tag: '@desktop',
  }, async ({ page }) => {
    // The app's scripts held back: what a visitor sees while they are still on their way.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/login');
    await expect(page).toHaveTitle('Entrar · Aceite');
    await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByText('Aceda à sua conta para gerir as suas propostas.')).toBeVisible();
    // Nothing can be typed that the app would then replace, and no native submit can put a password in a URL.
    await expect(field(page, 'Email')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeDisabled();
    await expectAccessibleAtBothWidths(page);

    await page.unrouteAll();
    await page.goto('/login');
    await expect(field(page, 'Email')).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Entrar' })).toHaveCount(1);
    await signInThroughForm(page, DEMO.sales);
  });

  test('a wrong password shows the server message', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/login');
    await field(page, 'Email').fill(DEMO.viewer);
    await field(page, 'Password').fill('errada-123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Email ou password incorretos')).toBeVisible();
    await expectAccessibleAtBothWidths(page);
  });

  test('login with remember-me, then logout clears the session', { tag: '@desktop' }, async ({ page }) => {
    await signInThroughForm(page, DEMO.viewer, DEMO_PASSWORD, true);
    expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBe('true');
    await expectAccessibleAtBothWidths(page);
    await page.getByRole('button', { name: /Menu da conta/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const stored = await page.evaluate(() =>
      ['accessToken', 'refreshToken', 'user', 'rememberMe'].map((k) => localStorage.getItem(k)),
    );
    expect(stored).toEqual([null, null, null, null]);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a private URL while signed out goes to /login, and signing in returns to it', {
    tag: '@desktop',
  }, async ({ page }) => {
    await page.goto('/settings?tab=notificacoes');
    await expect(page).toHaveURL(/\/login\?next=%2Fsettings%3Ftab%3Dnotificacoes$/);
    await expect(page).toHaveTitle(/Entrar/);
    await field(page, 'Email').fill(DEMO.sales);
    await field(page, 'Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=notificacoes$/);
    await expect(page.getByRole('tab', { name: 'Notificações' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a session that expires mid-form asks to sign in again over the page and keeps what was typed', async ({
    page,
  }) => {
    await signIn(page, DEMO.sales);
    await page.goto('/clients/new');
    const name = `Cliente da sessão ${Date.now().toString(36)}`;
    await field(page, 'Nome').fill(name);
    await field(page, 'Email').fill(`sessao-${Date.now().toString(36)}@exemplo.pt`);
    // The session ends while the form is open: no valid access or refresh token is left.
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'expirado');
      localStorage.setItem('refreshToken', 'expirado');
    });
    await page.getByRole('button', { name: 'Criar cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'A sessão expirou' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /Email/ })).toHaveValue(DEMO.sales);
    await expectAccessible(page);
    await dialog.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Entrar' }).click();
    await expect(dialog).toBeHidden();
    // The save that met the expiry went through, with what was typed.
    await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('forgot password → reset through the emailed link → login with the new password', {
    tag: '@desktop',
  }, async ({ page, request }) => {
    const email = newEmail();
    const reg = await request.post('/api/v1/auth/register', {
      data: { email, password: 'antiga-123', firstName: 'Rui', lastName: 'Neves' },
    });
    expect(reg.status()).toBe(201);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueceu a password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The router renders the new screen in a transition after the URL changes: fill the form only once it is
    // on screen (the login form has an Email field too), and wait for the request to be answered.
    const submit = page.getByRole('button', { name: 'Enviar link de recuperação' });
    await expect(submit).toBeVisible();
    await field(page, 'Email').fill(email);
    await submit.click();
    await expect(page.getByRole('alert', { name: 'Email enviado' })).toBeVisible();
    await expect(page.getByRole('link', { name: /login|entrar|voltar/i }).first()).toBeVisible();
    await expectAccessibleAtBothWidths(page);

    const link = await linkFromOutbox(email, '/reset-password');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText(/Rui/).first()).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await field(page, 'Nova password').fill('nova-password-1');
    await field(page, 'Confirmar nova password').fill('nova-password-1');
    await page.getByRole('button', { name: 'Redefinir password' }).click();
    await expect(page).toHaveURL(/\/login$/, { timeout: scaled(10_000) });
    await signInThroughForm(page, email, 'nova-password-1');
  });

  test('an invalid reset token shows the error with links', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/reset-password?token=invalido');
    await expect(page.getByText('Token inválido ou expirado')).toBeVisible();
    await expectAccessibleAtBothWidths(page);
    await expect(page.getByRole('link', { name: /recupera|nova|pedir/i }).first()).toBeVisible();
    await page.goto('/reset-password');
    await expect(page.getByText('Token de recuperação não encontrado')).toBeVisible();
  });

  test('an expired access token is refreshed transparently', { tag: '@desktop' }, async ({ page }) => {
    await signIn(page, DEMO.sales);
    // Swap the token only once the dashboard's own requests are done: a request still on its way would
    // refresh with the stored refresh token, and the navigation below would abort that refresh after the server
    // had rotated the token, so the next refresh would be a reuse, which ends the session
    // (docs/product.md#security-and-sessions).
    await page.waitForLoadState('networkidle');
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}');
    const secret = (await readFile(`${process.env.E2E_DATA_DIR}/jwt-secret`, 'utf8')).trim();
    const expired = await new SignJWT({ org: user.organizationId, role: user.role, sid: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setAudience('aceite-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(secret));
    await page.evaluate((token) => localStorage.setItem('accessToken', token), expired);
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/auth/refresh') && r.status() === 200,
    );
    await page.goto('/dashboard');
    await refreshed;
    await expect(page.getByRole('heading', { name: /Olá, Vera/ })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe(expired);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('every private screen of the route table answers inside the layout', { tag: '@desktop' }, async ({
    page,
  }) => {
    await signIn(page, DEMO.admin);
    // At 360 px, where the layout folds the sidebar into the menu: the desktop layout is every other test's.
    await page.setViewportSize(PHONE_VIEWPORT);
    for (const url of [
      '/proposals',
      '/clients',
      '/products',
      '/templates',
      '/users',
      '/teams',
      '/analytics',
      '/settings',
    ]) {
      await page.goto(url);
      await expect(page.getByRole('navigation').first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectFits(page);
    }
    // The sidebar lives in the phone's navigation menu: open it and go through it.
    await page.getByRole('button', { name: 'Abrir menu de navegação' }).click();
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await nav.getByRole('button', { name: 'Propostas' }).click();
    await nav.getByRole('link', { name: /^Todas/ }).click();
    await expect(page).toHaveURL(/\/proposals$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/nao-existe');
    await expect(page.getByText('Página não encontrada')).toBeVisible();
  });
});
