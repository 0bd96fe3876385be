import type { AuthSession } from '@aceite/shared/schemas/auth';

// No zod, React or API client here: the sign-in page's own small script (src/sign-in/) starts sessions
// through this module too (docs/decisions.md, "Issue 27 — a lighter sign-in and landing").

/** The browser-stored items of a session, with these exact keys (docs/product.md#security-and-sessions). */
export const SESSION_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
  /** The string `true`, present only when remember-me was chosen. */
  rememberMe: 'rememberMe',
  /**
   * JSON of `StoredImpersonation`, present only while a superadmin acts as another user
   * (docs/product.md#platform-administration "Impersonation session": its presence is the flag; `accessToken`
   * and `user` then belong to the target).
   */
  impersonation: 'impersonation',
} as const;

// Storage can be unavailable (privacy modes, blocked cookies): the app then behaves as signed out.
export function readItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the session simply does not survive a reload.
  }
}

export function removeItem(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Same as above.
  }
}

/**
 * Stores a session that has just begun (sign-in, registration): its tokens and user, the remember-me choice,
 * and no impersonation left from an earlier one.
 */
export function storeNewSession(session: AuthSession, rememberMe: boolean): void {
  writeItem(SESSION_KEYS.accessToken, session.accessToken);
  writeItem(SESSION_KEYS.refreshToken, session.refreshToken);
  writeItem(SESSION_KEYS.user, JSON.stringify(session.user));
  if (rememberMe) writeItem(SESSION_KEYS.rememberMe, 'true');
  else removeItem(SESSION_KEYS.rememberMe);
  removeItem(SESSION_KEYS.impersonation);
}
