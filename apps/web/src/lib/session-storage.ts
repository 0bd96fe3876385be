import { type User, UserSchema } from '@aceite/shared/schemas/auth';
import { z } from 'zod';
import { readItem as read, removeItem as remove, SESSION_KEYS, writeItem as write } from './stored-session';

export { SESSION_KEYS };

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** What a superadmin keeps aside while acting as another user. */
export interface StoredImpersonation {
  /** The superadmin, shown in the impersonation banner and restored on stop. */
  originalUser: User;
  /**
   * The superadmin's own refresh token. The impersonation token cannot be refreshed
   * (docs/product.md#platform-administration), so this is how the superadmin gets back in when it expires;
   * otherwise it is only sent to revoke that session when "Sair" is chosen while impersonating.
   */
  originalRefreshToken: string | null;
}

const StoredImpersonationSchema = z.object({
  originalUser: UserSchema,
  originalRefreshToken: z.string().min(1).nullable(),
});

const clearListeners = new Set<() => void>();

export function getAccessToken(): string | null {
  return read(SESSION_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return read(SESSION_KEYS.refreshToken);
}

/** The stored user, or null when absent or not a user (an old or tampered value). */
export function getStoredUser(): User | null {
  const raw = read(SESSION_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = UserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The impersonation in progress, or null when there is none (or the stored value is not one). */
export function getImpersonation(): StoredImpersonation | null {
  const raw = read(SESSION_KEYS.impersonation);
  if (!raw) return null;
  try {
    const parsed = StoredImpersonationSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Switches the stored session to the target user: the impersonation token becomes the access token, the
 * superadmin's refresh token moves aside (so nothing ever refreshes the target's session with it), and the
 * superadmin is remembered for the banner and for the way back.
 */
export function storeImpersonation(target: { accessToken: string; user: User; originalUser: User }): void {
  const impersonation: StoredImpersonation = {
    originalUser: target.originalUser,
    // A second start from an impersonated session (not possible through the UI) keeps the first superadmin token.
    originalRefreshToken: getImpersonation()?.originalRefreshToken ?? getRefreshToken(),
  };
  write(SESSION_KEYS.impersonation, JSON.stringify(impersonation));
  write(SESSION_KEYS.accessToken, target.accessToken);
  remove(SESSION_KEYS.refreshToken);
  storeUser(target.user);
}

/** Forgets an impersonation without touching the rest of the session (a fresh sign-in replaces it all). */
export function clearImpersonation(): void {
  remove(SESSION_KEYS.impersonation);
}

/** Back to the superadmin's own session: its tokens and user are stored and the impersonation is forgotten. */
export function storeRestoredSession(restored: SessionTokens & { user: User }): void {
  storeTokens(restored);
  storeUser(restored.user);
  // Removed last: other tabs reload on this key's change and must then find the superadmin's session.
  clearImpersonation();
}

export function storeTokens(tokens: SessionTokens): void {
  write(SESSION_KEYS.accessToken, tokens.accessToken);
  write(SESSION_KEYS.refreshToken, tokens.refreshToken);
}

export function storeUser(user: User): void {
  write(SESSION_KEYS.user, JSON.stringify(user));
}

/** Removes every stored session item and tells the listeners (the auth store) the session is over. */
export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) remove(key);
  for (const listener of clearListeners) listener();
}

export function onSessionCleared(listener: () => void): () => void {
  clearListeners.add(listener);
  return () => clearListeners.delete(listener);
}
