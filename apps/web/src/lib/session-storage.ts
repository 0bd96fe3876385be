import { type User, UserSchema } from '@aceite/shared/schemas/auth';

/** The browser-stored items of a session, with these exact keys (spec §3 "Browser-stored items"). */
export const SESSION_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
  /** The string `true`, present only when remember-me was chosen. */
  rememberMe: 'rememberMe',
} as const;

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

// Storage can be unavailable (privacy modes, blocked cookies): the app then behaves as signed out.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the session simply does not survive a reload.
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Same as above.
  }
}

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

export function storeTokens(tokens: SessionTokens): void {
  write(SESSION_KEYS.accessToken, tokens.accessToken);
  write(SESSION_KEYS.refreshToken, tokens.refreshToken);
}

export function storeUser(user: User): void {
  write(SESSION_KEYS.user, JSON.stringify(user));
}

export function storeRememberMe(rememberMe: boolean): void {
  if (rememberMe) write(SESSION_KEYS.rememberMe, 'true');
  else remove(SESSION_KEYS.rememberMe);
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
