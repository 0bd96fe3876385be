import { MESSAGES } from '@aceite/shared/messages';
import type { AuthSession, LoginInput, RegisterInput, User } from '@aceite/shared/schemas/auth';
import { useSyncExternalStore } from 'react';
import { apiClient, type Envelope, errorMessage } from './api-client';
import * as session from './session-storage';

/** Client auth state (spec §4 "Auth state"). */
export interface AuthState {
  user: User | null;
  /** True while an access token is stored. */
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
}

function fromStorage(): Pick<AuthState, 'user' | 'isAuthenticated'> {
  return { user: session.getStoredUser(), isAuthenticated: session.getAccessToken() !== null };
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
  session.storeTokens(data);
  session.storeUser(data.user);
  session.storeRememberMe(rememberMe);
  setState({ user: data.user, isAuthenticated: true, loading: false, error: null });
}

/** Signs in; on failure `error` holds the server's message (else 'Login failed') and the error is rethrown. */
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

/** Creates the account (and organization) and signs in; failures as in `login`, with 'Registration failed'. */
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
  try {
    // No payload (spec §7): the server revokes the session family named in the access token.
    if (session.getAccessToken()) await apiClient.post('/auth/logout');
  } catch (error) {
    console.warn('Logout request failed', error);
    failure = error instanceof Error ? error.message : String(error);
  }
  session.clearSession();
  setState({ user: null, isAuthenticated: false, loading: false, error: failure });
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

export function clearAuthError(): void {
  if (state.error !== null) setState({ error: null });
}

// The API client clears the session when it cannot be refreshed; another tab may sign in or out.
session.onSessionCleared(syncAuthFromStorage);
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const keys: readonly string[] = Object.values(session.SESSION_KEYS);
    if (event.key === null || keys.includes(event.key)) syncAuthFromStorage();
  });
}
