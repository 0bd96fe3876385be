import { MESSAGES } from '@aceite/shared/messages';
import { isPlatformAdmin } from '@aceite/shared/permissions';
import type { ImpersonationSchema, StopImpersonationSchema } from '@aceite/shared/schemas/admin';
import type { AuthSession, LoginInput, RegisterInput, User } from '@aceite/shared/schemas/auth';
import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { apiClient, type Envelope, errorMessage } from './api-client';
import * as session from './session-storage';
import { storeNewSession } from './stored-session';

/** Client auth state (docs/product.md#security-and-sessions). */
export interface AuthState {
  user: User | null;
  /** True while an access token is stored. */
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
  /**
   * The superadmin acting as `user` while impersonating (docs/product.md#platform-administration), else null.
   */
  originalUser: User | null;
}

function fromStorage(): Pick<AuthState, 'user' | 'isAuthenticated' | 'originalUser'> {
  return {
    user: session.getStoredUser(),
    isAuthenticated: session.getAccessToken() !== null,
    originalUser: session.getImpersonation()?.originalUser ?? null,
  };
}

let state: AuthState = { ...fromStorage(), loading: false, error: null };
const listeners = new Set<() => void>();

function setState(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads user and token from storage (after another tab or the API client changed them). */
export function syncAuthFromStorage(): void {
  setState(fromStorage());
}

/**
 * Reads a slice of the auth state and re-renders when it changes. The selector must return a value held in
 * the state (or a primitive), never a new object.
 */
export function useAuthStore<T>(selector: (state: AuthState) => T): T {
  return useSyncExternalStore(
    subscribeAuth,
    () => selector(state),
    () => selector(state),
  );
}

function startSession(data: AuthSession, rememberMe: boolean): void {
  storeNewSession(data, rememberMe);
  setState({ user: data.user, isAuthenticated: true, loading: false, error: null, originalUser: null });
}

/** Signs in; on failure `error` holds the server's message (else the shared login fallback) and the error is rethrown. */
export async function login(input: LoginInput): Promise<User> {
  setState({ loading: true, error: null });
  try {
    const { data } = await apiClient.post<Envelope<AuthSession>>('/auth/login', input);
    startSession(data, input.rememberMe ?? false);
    return data.user;
  } catch (error) {
    setState({ loading: false, error: errorMessage(error, MESSAGES.loginFallback) });
    throw error;
  }
}

/** Creates the account (and organization) and signs in; failures as in `login`, with the shared registration fallback. */
export async function register(input: RegisterInput): Promise<User> {
  setState({ loading: true, error: null });
  try {
    const { data } = await apiClient.post<Envelope<AuthSession>>('/auth/register', input);
    startSession(data, false);
    return data.user;
  } catch (error) {
    setState({ loading: false, error: errorMessage(error, MESSAGES.registerFallback) });
    throw error;
  }
}

/**
 * Ends the session on the server, then forgets it locally. The local session is cleared even when the call
 * fails (the failure is only reported as a warning and in `error`): a visitor who chose "Sair" must end up
 * signed out. Never throws.
 */
export async function logout(): Promise<void> {
  setState({ loading: true });
  let failure: string | null = null;
  // While impersonating, the access token names no session of its own: the superadmin's kept refresh token
  // is sent so that session is revoked too (the endpoint's optional body) instead of outliving "Sair".
  const originalRefreshToken = session.getImpersonation()?.originalRefreshToken;
  try {
    // Otherwise no payload (docs/product.md#security-and-sessions): the server revokes the session family
    // named in the access token.
    if (session.getAccessToken()) {
      await apiClient.post(
        '/auth/logout',
        originalRefreshToken ? { refreshToken: originalRefreshToken } : undefined,
      );
    }
  } catch (error) {
    console.warn('Logout request failed', error);
    failure = error instanceof Error ? error.message : String(error);
  }
  session.clearSession();
  setState({ user: null, isAuthenticated: false, loading: false, error: failure, originalUser: null });
}

/** Reloads the signed-in user into state and storage; on failure signs out locally and rethrows. */
export async function fetchMe(): Promise<User> {
  try {
    const { data } = await apiClient.get<Envelope<User>>('/auth/me');
    session.storeUser(data);
    setState({ user: data });
    return data;
  } catch (error) {
    setState({ user: null, isAuthenticated: false });
    throw error;
  }
}

/** Stores the given user and tokens and marks the visitor signed in (e.g. impersonation). */
export function setAuth(user: User, tokens: session.SessionTokens): void {
  session.storeTokens(tokens);
  session.storeUser(user);
  setState({ user, isAuthenticated: true, error: null });
}

export type Impersonation = z.infer<typeof ImpersonationSchema>;
export type StoppedImpersonation = z.infer<typeof StopImpersonationSchema>;

/**
 * Becomes the target user of `POST /admin/impersonate/{id}` (docs/product.md#platform-administration): the
 * impersonation token and the target are stored, the superadmin and their refresh token are kept aside. The
 * caller reloads.
 */
export function beginImpersonation(impersonation: Impersonation): void {
  session.storeImpersonation(impersonation);
  setState({
    user: impersonation.user,
    isAuthenticated: true,
    error: null,
    originalUser: impersonation.originalUser,
  });
}

/**
 * Ends the impersonation with `POST /admin/stop-impersonate` (sent with the impersonation token) and stores the
 * fresh superadmin session it answers. On failure nothing changes and the error is rethrown. The caller reloads.
 */
export async function stopImpersonation(): Promise<User> {
  const { data } = await apiClient.post<Envelope<StoppedImpersonation>>('/admin/stop-impersonate');
  session.storeRestoredSession(data);
  setState({ user: data.user, isAuthenticated: true, error: null, originalUser: null });
  return data.user;
}

export function clearAuthError(): void {
  if (state.error !== null) setState({ error: null });
}

/**
 * Another tab started or stopped an impersonation: every screen and cached answer here belongs to the other
 * account, so this tab follows with the same full reload, to the same place.
 */
function followImpersonation(started: boolean): void {
  if (started) {
    window.location.assign(paths.dashboard);
    return;
  }
  // Stopped (not signed out): the superadmin's session is back.
  if (session.getAccessToken() && isPlatformAdmin({ role: session.getStoredUser()?.role })) {
    window.location.assign(paths.adminUsers);
  }
}

// The API client clears the session when it cannot be refreshed; another tab may sign in or out.
session.onSessionCleared(syncAuthFromStorage);
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const keys: readonly string[] = Object.values(session.SESSION_KEYS);
    if (event.key === null || keys.includes(event.key)) syncAuthFromStorage();
    if (event.key === session.SESSION_KEYS.impersonation) followImpersonation(event.newValue !== null);
  });
}
