import type { SsoStartResult } from '@aceite/shared/schemas/sso';
import { paths } from '@/config/paths';
import { apiClient, type Envelope } from '@/lib/api-client';
import { rememberSsoFlow, SSO_FLOW_MESSAGES } from '@/lib/sso-flow';

/**
 * Email first (docs/product.md#single-sign-on): asks whether the email's organization signs in through its
 * identity provider and, if so, keeps the flow's state for /entrar/sso and answers the provider's URL to go to.
 * Null when the password applies. The sign-in page's own script does the same without the app
 * (src/sign-in/sign-in.ts); this is for the app's /login route and the session-expired dialog.
 */
export async function startSsoSignIn(email: string, next: string | null): Promise<string | null> {
  const { data } = await apiClient.post<Envelope<SsoStartResult>>('/auth/sso/start', {
    email: email.trim().toLowerCase(),
  });
  if (data.mode !== 'sso' || !rememberSsoFlow(data.authorizationUrl, next)) return null;
  return data.authorizationUrl;
}

/**
 * The app's sign-in form's SSO step: asks, and when the email's organization signs in through its provider,
 * shows `notice` and leaves for it (true then). False when the password applies or the API could not answer
 * (the password sign-in then says what is wrong). Loaded only when asked (login-form.tsx).
 */
export async function leaveForSso(email: string, notice: (message: string) => void): Promise<boolean> {
  let url: string | null = null;
  try {
    // Back where the person was going: /login's `?next=`, or the page the session expired on.
    const { pathname, search } = window.location;
    const next = pathname === paths.login ? new URLSearchParams(search).get('next') : `${pathname}${search}`;
    url = await startSsoSignIn(email, next);
  } catch {
    return false;
  }
  if (!url) return false;
  notice(SSO_FLOW_MESSAGES.redirecting);
  window.location.assign(url);
  return true;
}
