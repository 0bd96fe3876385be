import { MESSAGES } from '@aceite/shared/messages';
import { LoginInputSchema } from '@aceite/shared/schemas/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderLogin } from '@/app/prerender-login';
import { NETWORK_MESSAGE } from '@/lib/network-message';
import { type SignInEnvironment, startSignIn, validateField } from './sign-in';

const USER = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'vendas@aceite.demo',
  firstName: 'Vera',
  lastName: 'Vendas',
  role: 'sales',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The page as the server sends it: the prerendered screen and the app's files to prefetch. */
function mountPage(search = '') {
  document.head.innerHTML =
    '<meta name="aceite:app-assets" content="/assets/index-abc.js /assets/index-abc.css" />';
  document.body.innerHTML = `<div id="root">${renderLogin().markup}</div>`;
  const env = { fetch: vi.fn<typeof fetch>(), navigate: vi.fn<(url: string) => void>(), search };
  return env satisfies SignInEnvironment;
}

const email = () => screen.getByRole('textbox', { name: /Email/ }) as HTMLInputElement;
const password = () => screen.getByLabelText(/^Password/) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Entrar' }) as HTMLButtonElement;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the sign-in page script', () => {
  it('enables the prerendered screen', () => {
    const env = mountPage();
    expect(email()).toBeDisabled();
    expect(startSignIn(document, env)).toBe(true);
    expect(email()).toBeEnabled();
    expect(submit()).toBeEnabled();
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('sends a visitor who is already signed in where they were going, as the app does', () => {
    localStorage.setItem('accessToken', 'a-token');
    const env = mountPage('?next=%2Fproposals%3Fstatus%3Dsent');
    startSignIn(document, env);
    expect(env.navigate).toHaveBeenCalledWith('/proposals?status=sent');
    expect(email()).toBeDisabled();
  });

  it('validates with the words of the shared schema, on submit and on blur, and clears as the field changes', async () => {
    const user = userEvent.setup();
    const env = mountPage();
    startSignIn(document, env);

    await user.click(submit());
    expect(screen.getByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription(MESSAGES.emailRequired);
    expect(email()).toHaveFocus();
    expect(env.fetch).not.toHaveBeenCalled();

    await user.type(email(), 'vera@');
    expect(screen.queryByText(MESSAGES.emailRequired)).not.toBeInTheDocument();
    expect(email()).not.toHaveAttribute('aria-invalid');
    await user.click(password());
    expect(screen.getByText(MESSAGES.emailInvalid)).toBeInTheDocument();
  });

  it('agrees with LoginInputSchema on which emails and passwords pass', () => {
    const emails = [
      'vera@exemplo.pt',
      ' VERA@Exemplo.PT ',
      'a.b+c@x-y.co',
      '',
      '   ',
      'vera',
      'vera@',
      'a@b',
      'a..b@x.pt',
      '.a@x.pt',
    ];
    for (const value of emails) {
      const parsed = LoginInputSchema.safeParse({ email: value, password: 'x' });
      const expected = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
      expect(validateField('email', value), value).toBe(expected);
    }
    expect(validateField('password', '')).toBe(MESSAGES.passwordRequired);
    expect(validateField('password', ' ')).toBeNull();
  });

  it('signs in, stores the session as the app does, prefetches the app and goes back to ?next', async () => {
    const user = userEvent.setup();
    const env = mountPage('?next=%2Fsettings%3Ftab%3Dnotificacoes');
    env.fetch.mockResolvedValue(
      json(200, { data: { user: USER, accessToken: 'access-1', refreshToken: 'refresh-1' } }),
    );
    localStorage.setItem('impersonation', '{}');
    startSignIn(document, env);

    await user.type(email(), '  Vendas@Aceite.demo ');
    await user.type(password(), 'Aceite2026!');
    await user.click(screen.getByLabelText('Lembrar-me'));
    await user.click(submit());

    await waitFor(() => expect(env.navigate).toHaveBeenCalledWith('/settings?tab=notificacoes'));
    const [url, init] = env.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      email: 'vendas@aceite.demo',
      password: 'Aceite2026!',
      rememberMe: true,
    });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(USER);
    expect(localStorage.getItem('rememberMe')).toBe('true');
    expect(localStorage.getItem('impersonation')).toBeNull();
    const prefetched = [...document.head.querySelectorAll('link[rel="prefetch"]')].map((l) =>
      l.getAttribute('href'),
    );
    expect(prefetched).toEqual(['/assets/index-abc.js', '/assets/index-abc.css']);
    // Busy until the app's page replaces this one.
    expect(submit()).toBeDisabled();
  });

  it('never follows a ?next= to another site', async () => {
    const user = userEvent.setup();
    const env = mountPage('?next=%2F%2Fevil.example');
    env.fetch.mockResolvedValue(json(200, { data: { user: USER, accessToken: 'a', refreshToken: 'r' } }));
    startSignIn(document, env);
    await user.type(email(), 'vendas@aceite.demo');
    await user.type(password(), 'x');
    await user.click(submit());
    await waitFor(() => expect(env.navigate).toHaveBeenCalledWith('/dashboard'));
  });

  it("shows the server's message in the error box and lets the person try again", async () => {
    const user = userEvent.setup();
    const env = mountPage();
    env.fetch.mockResolvedValue(
      json(401, { error: { code: 'INVALID_CREDENTIALS', message: MESSAGES.invalidCredentials } }),
    );
    startSignIn(document, env);
    await user.type(email(), 'vendas@aceite.demo');
    await user.type(password(), 'errada');
    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.invalidCredentials);
    expect(submit()).toBeEnabled();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(env.navigate).not.toHaveBeenCalled();

    // A second failure replaces the box instead of stacking another.
    env.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    fireEvent.submit(submit().form as HTMLFormElement);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(NETWORK_MESSAGE));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it("puts the server's field errors under their fields, and answers without an envelope with the fallback", async () => {
    const user = userEvent.setup();
    const env = mountPage();
    env.fetch.mockResolvedValueOnce(
      json(400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Dados inválidos',
          details: [{ field: 'email', message: MESSAGES.emailInvalid }],
        },
      }),
    );
    startSignIn(document, env);
    await user.type(email(), 'vendas@aceite.demo');
    await user.type(password(), 'x');
    await user.click(submit());
    await waitFor(() => expect(email()).toHaveAccessibleDescription(MESSAGES.emailInvalid));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    env.fetch.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginFallback);
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    startSignIn(document, mountPage());
    const toggle = screen.getByRole('button', { name: 'Mostrar password', hidden: true });
    expect(password()).toHaveAttribute('type', 'password');
    await user.click(toggle);
    expect(password()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(password()).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('links to password recovery and registration as plain links', () => {
    startSignIn(document, mountPage());
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Esqueceu a password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(main.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/register');
  });

  describe('email first: single sign-on (docs/product.md#single-sign-on)', () => {
    const AUTHORIZATION_URL = 'https://idp.empresa.pt/authorize?client_id=aceite&state=estado-1&nonce=n';

    it('an email alone of an SSO organization goes to its provider, keeping the state for /entrar/sso', async () => {
      const user = userEvent.setup();
      const env = mountPage('?next=%2Fproposals');
      env.fetch.mockResolvedValue(json(200, { data: { mode: 'sso', authorizationUrl: AUTHORIZATION_URL } }));
      startSignIn(document, env);
      await user.type(email(), 'Ana@Empresa.pt');
      await user.click(submit());

      await waitFor(() => expect(env.navigate).toHaveBeenCalledWith(AUTHORIZATION_URL));
      const [url, init] = env.fetch.mock.calls[0] as [string, RequestInit];
      expect(url).toBe('/api/v1/auth/sso/start');
      expect(JSON.parse(init.body as string)).toEqual({ email: 'ana@empresa.pt' });
      expect(JSON.parse(sessionStorage.getItem('ssoFlow') ?? '{}')).toEqual({
        state: 'estado-1',
        next: '/proposals',
      });
      expect(screen.getByRole('status')).toHaveTextContent('A sua organização usa início de sessão único');
      expect(screen.queryByText(MESSAGES.passwordRequired)).not.toBeInTheDocument();
      expect(submit()).toBeDisabled();
    });

    it('an email alone of a password organization asks for the password, as before', async () => {
      const user = userEvent.setup();
      const env = mountPage();
      env.fetch.mockResolvedValue(json(200, { data: { mode: 'password' } }));
      startSignIn(document, env);
      await user.type(email(), 'vendas@aceite.demo');
      await user.click(submit());

      await waitFor(() => expect(password()).toHaveAccessibleDescription(MESSAGES.passwordRequired));
      expect(password()).toHaveFocus();
      expect(env.fetch).toHaveBeenCalledTimes(1);
      expect(env.navigate).not.toHaveBeenCalled();
      expect(submit()).toBeEnabled();
    });

    it('a password refused with "Exigir SSO" starts the sign-in through the provider', async () => {
      const user = userEvent.setup();
      const env = mountPage();
      env.fetch
        .mockResolvedValueOnce(
          json(403, { error: { code: 'SSO_REQUIRED', message: 'A sua organização exige…' } }),
        )
        .mockResolvedValueOnce(json(200, { data: { mode: 'sso', authorizationUrl: AUTHORIZATION_URL } }));
      startSignIn(document, env);
      await user.type(email(), 'ana@empresa.pt');
      await user.type(password(), 'antiga');
      await user.click(submit());

      await waitFor(() => expect(env.navigate).toHaveBeenCalledWith(AUTHORIZATION_URL));
      expect((env.fetch.mock.calls[1] as [string])[0]).toBe('/api/v1/auth/sso/start');
      expect(localStorage.getItem('accessToken')).toBeNull();
    });
  });
});
