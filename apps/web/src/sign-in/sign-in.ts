import { MESSAGES } from '@aceite/shared/messages';
import type { AuthSession } from '@aceite/shared/schemas/auth';
import type { SsoStartResult } from '@aceite/shared/schemas/sso';
import { apiBaseUrl } from '@/config/api-base-url';
import { paths } from '@/config/paths';
import { NETWORK_MESSAGE } from '@/lib/network-message';
import { safeNext } from '@/lib/return-to';
import { readItem, SESSION_KEYS, storeNewSession } from '@/lib/stored-session';

// The sign-in page's behaviour (docs/product.md#light-pages-before-signing-in) over the screen prerendered into
// login.html (src/app/prerender-login.tsx), without React, Mantine's JS, zod or the app: this is all the page
// runs before the person signs in. The app loads afterwards, on the page it goes to. Only React-free modules may
// be imported here (biome.json's sign-in override): the entry's size is its point
// (docs/decisions.md, "Issue 27 — a lighter sign-in and landing").

type Field = 'email' | 'password';
const FIELDS: readonly Field[] = ['email', 'password'];

/** zod 4's `z.email()` pattern, which `LoginInputSchema` applies (sign-in.test.ts checks they agree). */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The field's message, as `LoginInputSchema` words it, or null when the value passes. */
export function validateField(field: Field, value: string): string | null {
  if (field === 'password') return value ? null : MESSAGES.passwordRequired;
  const email = value.trim();
  if (!email) return MESSAGES.emailRequired;
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? null : MESSAGES.emailInvalid;
}

/** Where the person goes once signed in: back to the page that sent them here (`?next=`), else the dashboard. */
export function destination(search: string): string {
  return safeNext(new URLSearchParams(search).get('next')) ?? paths.dashboard;
}

export interface SignInEnvironment {
  fetch: typeof fetch;
  /** Leaves the sign-in page for the app (a full load: the app's code is not on this page). */
  navigate: (url: string) => void;
  /** The page's query string (`?next=…`). */
  search: string;
}

const browserEnvironment = (): SignInEnvironment => ({
  fetch: (...args) => window.fetch(...args),
  navigate: (url) => window.location.replace(url),
  search: window.location.search,
});

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; details?: { field?: unknown; message?: unknown }[] };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * Starts the app's files downloading while the sign-in request is answered, so the page the person goes to
 * finds them in the cache: `rel=prefetch` stores them without running them here. The list is the app
 * shell's scripts and styles, written into login.html by scripts/prerender.mjs.
 */
export function prefetchApp(doc: Document): void {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="aceite:app-assets"]');
  for (const href of meta?.content.split(' ').filter(Boolean) ?? []) {
    if (doc.head.querySelector(`link[rel="prefetch"][href="${href}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
}

/**
 * Takes over the prerendered sign-in screen: enables it, validates as the app's form does (on blur and on
 * submit, an error cleared as the field is edited), signs in, stores the session as the app does, and goes to
 * where the person was going. A visitor who is already signed in goes there at once, as the app's /login
 * route sends them. Returns false when the page is not the prerendered screen.
 */
export function startSignIn(doc: Document, env: SignInEnvironment = browserEnvironment()): boolean {
  if (readItem(SESSION_KEYS.accessToken) !== null) {
    env.navigate(destination(env.search));
    return true;
  }
  const form = doc.querySelector<HTMLFormElement>('#root form');
  const fieldset = form?.closest('fieldset');
  const templates = doc.querySelector<HTMLTemplateElement>('#sign-in-templates')?.content;
  const inputs = {
    email: form?.querySelector<HTMLInputElement>('input[name="email"]'),
    password: form?.querySelector<HTMLInputElement>('input[name="password"]'),
  };
  const rememberMe = form?.querySelector<HTMLInputElement>('input[name="rememberMe"]');
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !fieldset || !templates || !inputs.email || !inputs.password || !rememberMe || !submit) {
    return false;
  }
  const template = (name: string) =>
    templates.querySelector(`[data-template="${name}"]`)?.cloneNode(true) as HTMLElement | undefined;

  // Errors under a field, as Mantine's inputs show them (the same attributes, so the same styles).
  const showFieldError = (field: Field, message: string | null) => {
    const input = inputs[field] as HTMLInputElement;
    const root = input.closest('.mantine-InputWrapper-root');
    const box = input.closest('.mantine-Input-input') ?? input;
    const wrapper = input.closest('.mantine-Input-wrapper');
    const id = `${input.id}-error`;
    root?.querySelector(`[id="${id}"]`)?.remove();
    for (const element of [root, wrapper, box]) {
      if (message) element?.setAttribute('data-error', 'true');
      else element?.removeAttribute('data-error');
    }
    if (!message) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      return;
    }
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', id);
    const error = template('field-error');
    if (!error || !root) return;
    error.removeAttribute('data-template');
    error.id = id;
    error.textContent = message;
    root.append(error);
  };

  const stack = form.firstElementChild ?? form;
  const showFormError = (message: string | null, kind: 'form-error' | 'sso-notice' = 'form-error') => {
    stack.querySelector('[data-sign-in-error]')?.remove();
    if (!message) return;
    const alert = template(kind);
    const text = alert?.querySelector('.mantine-Alert-message');
    if (!alert || !text) return;
    alert.removeAttribute('data-template');
    alert.setAttribute('data-sign-in-error', '');
    text.textContent = message;
    stack.prepend(alert);
  };

  const loader = template('loading')?.querySelector('.mantine-Button-loader');
  const label = submit.querySelector('.mantine-Button-label');
  let pending = false;
  const setPending = (value: boolean) => {
    pending = value;
    submit.disabled = value;
    for (const element of [submit, label]) {
      if (value) element?.setAttribute('data-loading', 'true');
      else element?.removeAttribute('data-loading');
    }
    if (value && loader) submit.prepend(loader);
    else loader?.remove();
  };

  for (const field of FIELDS) {
    const input = inputs[field] as HTMLInputElement;
    input.addEventListener('blur', () => showFieldError(field, validateField(field, input.value)));
    input.addEventListener('input', () => {
      if (input.hasAttribute('aria-invalid')) showFieldError(field, null);
    });
  }

  // Mantine's "show password" button: it keeps the focus in the field and swaps its icon.
  const toggle = form.querySelector<HTMLButtonElement>('.mantine-PasswordInput-visibilityToggle');
  const hiddenIcon = toggle?.querySelector('svg');
  const shownIcon = template('password-shown')?.querySelector('.mantine-PasswordInput-visibilityToggle svg');
  toggle?.addEventListener('mousedown', (event) => event.preventDefault());
  toggle?.addEventListener('click', () => {
    const password = inputs.password as HTMLInputElement;
    const show = password.type === 'password';
    password.type = show ? 'text' : 'password';
    toggle.setAttribute('aria-pressed', String(show));
    const [from, to] = show ? [hiddenIcon, shownIcon] : [shownIcon, hiddenIcon];
    if (from && to) from.replaceWith(to);
  });

  /**
   * Asks the API whether the email's organization signs in through its identity provider; if so, keeps the
   * flow's state for /entrar/sso (src/lib/sso-flow.ts), says so and leaves for the provider. False when the
   * password applies or the question could not be answered (the password sign-in then says what is wrong).
   */
  const startSso = async (email: string): Promise<boolean> => {
    try {
      const response = await env.fetch(`${apiBaseUrl}/auth/sso/start`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      const result = ((await readJson(response)) as { data?: SsoStartResult } | undefined)?.data;
      if (!response.ok || result?.mode !== 'sso') return false;
      // Loaded only now: shared with the app's lazy SSO screens, a static import would put it in the chunk the
      // app's entry loads too (its budget).
      const { rememberSsoFlow, SSO_FLOW_MESSAGES } = await import('@/lib/sso-flow');
      if (!rememberSsoFlow(result.authorizationUrl, safeNext(new URLSearchParams(env.search).get('next')))) {
        return false;
      }
      showFormError(SSO_FLOW_MESSAGES.redirecting, 'sso-notice');
      setPending(true);
      env.navigate(result.authorizationUrl);
      return true;
    } catch {
      return false;
    }
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (pending) return;
    showFormError(null);
    const values = { email: inputs.email?.value ?? '', password: inputs.password?.value ?? '' };
    const email = values.email.trim().toLowerCase();
    // Email first (docs/product.md#single-sign-on): an email with no password asks whether its organization
    // signs in through its identity provider; if not, the password is what is missing.
    if (validateField('email', values.email) === null && !values.password) {
      showFieldError('email', null);
      setPending(true);
      if (await startSso(email)) return;
      setPending(false);
    }
    const invalid = FIELDS.filter((field) => {
      const message = validateField(field, values[field]);
      showFieldError(field, message);
      return message !== null;
    });
    if (invalid.length > 0) {
      inputs[invalid[0] as Field]?.focus();
      return;
    }
    const remember = rememberMe.checked;
    setPending(true);
    prefetchApp(doc);
    let response: Response;
    try {
      response = await env.fetch(`${apiBaseUrl}/auth/login`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email,
          password: values.password,
          rememberMe: remember,
        }),
      });
    } catch {
      setPending(false);
      showFormError(NETWORK_MESSAGE);
      return;
    }
    const body = await readJson(response);
    const session = (body as { data?: AuthSession } | undefined)?.data;
    if (response.ok && session?.accessToken && session.refreshToken) {
      storeNewSession(session, remember);
      // The button stays busy while the app's page loads.
      env.navigate(destination(env.search));
      return;
    }
    const error = (body as ErrorBody | undefined)?.error;
    // "Exigir SSO": the password was right but the organization signs in through its provider.
    if (error?.code === 'SSO_REQUIRED' && (await startSso(email))) return;
    setPending(false);
    let onFields = false;
    for (const detail of error?.details ?? []) {
      const field = FIELDS.find((name) => name === detail.field);
      if (!field || typeof detail.message !== 'string') continue;
      showFieldError(field, detail.message);
      onFields = true;
    }
    if (onFields) return;
    // The server's message (wrong credentials, a disabled account, too many attempts), else the app's fallback.
    showFormError(typeof error?.message === 'string' ? error.message : MESSAGES.loginFallback);
  });

  fieldset.disabled = false;
  return true;
}
