import type { AuthSession } from '@aceite/shared/schemas/auth';
import { apiClient, type Envelope } from '@/lib/api-client';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { storeNewSession } from '@/lib/stored-session';

/**
 * Finishes a single sign-on (docs/product.md#single-sign-on): hands the identity provider's answer, as it came
 * back to /entrar/sso, to the API, which answers the same session as the password sign-in; it is stored as the
 * sign-in stores it. Here rather than in the auth store, whose module is in every screen's entry.
 */
export async function completeSsoSignIn(query: { code: string; state: string; iss?: string }): Promise<void> {
  const { data } = await apiClient.get<Envelope<AuthSession>>('/auth/sso/callback', { query });
  storeNewSession(data, false);
  syncAuthFromStorage();
}
