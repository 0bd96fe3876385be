import type { SsoStartResult } from '@aceite/shared/schemas/sso';
import { apiClient, type Envelope } from '@/lib/api-client';
import { rememberSsoFlow } from '@/lib/sso-flow';

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
