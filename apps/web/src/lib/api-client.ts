import type { ErrorDetail } from '@aceite/shared/errors';
import { MESSAGES } from '@aceite/shared/messages';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { NETWORK_MESSAGE } from './network-message';
import { loginPathFor } from './return-to';
import * as session from './session-storage';

/** The success body of most API answers. */
export interface Envelope<T> {
  data: T;
}

/** Codes the client gives failures that carry no error envelope from the server. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  unknown: 'UNKNOWN_ERROR',
} as const;

interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  details?: ErrorDetail[];
  requestId?: string;
  /** Whether `message` was written by the server (an error envelope) rather than by this client. */
  fromServer: boolean;
}

/** Any failed API call: the server's error envelope, or a network/unknown failure (status 0 when offline). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[];
  readonly requestId: string | undefined;
  readonly fromServer: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.fromServer = init.fromServer;
  }
}

/**
 * The server's message for a failure, else the screen's fallback text (docs/product.md#errors-on-screens:
 * "server message, else …").
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Called with the share sent (0–1) while a FormData body uploads (sent with XMLHttpRequest, not fetch). */
  onUploadProgress?: (fraction: number) => void;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const REFRESH_PATH = '/auth/refresh';
const LOGOUT_PATH = '/auth/logout';
// A 401 from these means wrong credentials or a dead refresh token, never an expired access token.
const NO_REFRESH_PATHS = new Set(['/auth/login', '/auth/register', '/auth/sso/callback', REFRESH_PATH]);

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${env.apiBaseUrl}${path}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** An upload through XMLHttpRequest, the browser API that reports upload progress; answers as a Response. */
function sendWithProgress(
  method: Method,
  url: string,
  headers: Record<string, string>,
  body: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      onProgress(1);
      const text = xhr.status === 204 ? null : xhr.responseText;
      resolve(
        new Response(text, {
          status: xhr.status,
          headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'application/json' },
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

async function send(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions,
  accessToken: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  try {
    if (options.onUploadProgress && payload instanceof FormData) {
      return await sendWithProgress(
        method,
        buildUrl(path, options.query),
        headers,
        payload,
        options.onUploadProgress,
        options.signal,
      );
    }
    return await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: payload,
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError({
      status: 0,
      code: CLIENT_ERROR_CODES.network,
      message: NETWORK_MESSAGE,
      fromServer: false,
    });
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isErrorEnvelope(
  body: unknown,
): body is { error: { code: string; message: string; details?: ErrorDetail[]; requestId?: string } } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body as { error: unknown };
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  if (isErrorEnvelope(body)) {
    return new ApiError({ status: response.status, ...body.error, fromServer: true });
  }
  return new ApiError({
    status: response.status,
    code: CLIENT_ERROR_CODES.unknown,
    message: response.status >= 500 ? MESSAGES.internalError : MESSAGES.somethingWentWrong,
    fromServer: false,
  });
}

/** Serialises refresh-token spending across tabs (a browser-wide lock where the browser has one). */
function withSessionLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return run();
  return locks.request('aceite:refresh-session', run);
}

// Single flight: every 401 that arrives while a refresh is running waits for that same refresh, because
// refresh tokens rotate and a second call with the old token would be refused (and end the session).
let refreshInFlight: Promise<boolean> | null = null;

function refreshSession(staleAccessToken: string | null): Promise<boolean> {
  refreshInFlight ??= refreshAcrossTabs(staleAccessToken).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Other tabs share the stored tokens: a browser-wide lock keeps them from spending one refresh token twice. */
function refreshAcrossTabs(staleAccessToken: string | null): Promise<boolean> {
  return withSessionLock(() => runRefresh(staleAccessToken));
}

async function runRefresh(staleAccessToken: string | null): Promise<boolean> {
  // Another tab refreshed while this one waited for the lock.
  const current = session.getAccessToken();
  if (current && current !== staleAccessToken) return true;
  const refreshToken = session.getRefreshToken();
  if (!refreshToken) return false;
  // Sent without the bearer header (docs/product.md#security-and-sessions). A network failure propagates and
  // keeps the session.
  const response = await send('POST', REFRESH_PATH, { refreshToken }, {}, null);
  if (!response.ok) return false;
  const body = (await readJson(response)) as Partial<Envelope<Partial<session.SessionTokens>>> | undefined;
  const tokens = body?.data;
  if (!tokens?.accessToken || !tokens.refreshToken) return false;
  session.storeTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
  return true;
}

// Single flight, like the refresh: concurrent 401s of an impersonated session end it once.
let restoreInFlight: Promise<boolean> | null = null;

/**
 * An impersonation token expired (or was refused). It has no refresh token of its own, and it must never be
 * refreshed with the superadmin's: instead the impersonation ends and the superadmin's own session comes back,
 * refreshed with the refresh token kept aside when it started. False when that is impossible.
 */
function restoreOriginalSession(): Promise<boolean> {
  restoreInFlight ??= withSessionLock(runRestore).finally(() => {
    restoreInFlight = null;
  });
  return restoreInFlight;
}

async function runRestore(): Promise<boolean> {
  const impersonation = session.getImpersonation();
  // Another tab ended the impersonation while this one waited for the lock.
  if (!impersonation) return session.getAccessToken() !== null && session.getRefreshToken() !== null;
  const refreshToken = impersonation.originalRefreshToken;
  if (!refreshToken) return false;
  // A network failure propagates and keeps the impersonation, as a refresh would keep a normal session.
  const response = await send('POST', REFRESH_PATH, { refreshToken }, {}, null);
  if (!response.ok) return false;
  const body = (await readJson(response)) as Partial<Envelope<Partial<session.SessionTokens>>> | undefined;
  const tokens = body?.data;
  if (!tokens?.accessToken || !tokens.refreshToken) return false;
  session.storeRestoredSession({
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    user: impersonation.originalUser,
  });
  return true;
}

/** What the person chose when asked to sign in again: the same account, another one, or leaving. */
export type ReauthOutcome = 'same-user' | 'other-user' | 'leave';
type Reauthenticate = () => Promise<ReauthOutcome>;
let reauthenticate: Reauthenticate | null = null;
let reauthInFlight: Promise<ReauthOutcome> | null = null;

/**
 * Lets the private layout ask the person to sign in again over the page when the session cannot be refreshed,
 * so a form being filled in is not lost to a redirect; the request that met the expiry is then replayed.
 * Returns the unregister function.
 */
export function handleSessionExpiry(handler: Reauthenticate): () => void {
  reauthenticate = handler;
  return () => {
    if (reauthenticate === handler) reauthenticate = null;
  };
}

// Single flight: every request that meets the expired session waits for the same answer.
function askToSignInAgain(): Promise<ReauthOutcome> {
  if (!reauthenticate) return Promise.resolve('leave');
  reauthInFlight ??= reauthenticate().finally(() => {
    reauthInFlight = null;
  });
  return reauthInFlight;
}

/**
 * The session cannot be recovered: forget it and start again at the login screen
 * (docs/product.md#security-and-sessions, #errors-on-screens).
 */
function endSession(): void {
  session.clearSession();
  const { pathname, search, hash } = window.location;
  if (!pathname.includes(paths.login)) window.location.assign(loginPathFor(`${pathname}${search}${hash}`));
}

interface InternalOptions extends RequestOptions {
  /** Read the answer as bytes (a file download) instead of JSON. */
  asBlob?: boolean;
}

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  options: InternalOptions = {},
  isRetry = false,
): Promise<T> {
  const accessToken = path === REFRESH_PATH ? null : session.getAccessToken();
  const wasImpersonating = session.getImpersonation() !== null;
  const response = await send(method, path, body, options, accessToken);
  if (response.ok) return (options.asBlob ? await response.blob() : await readJson(response)) as T;

  const error = await toApiError(response);
  if (response.status !== 401 || isRetry || NO_REFRESH_PATHS.has(path)) throw error;

  // Sent as the impersonated user: never replayed as anyone else (a write would land in the wrong account).
  if (wasImpersonating) {
    if (!(await restoreOriginalSession())) {
      endSession();
      throw error;
    }
    // "Sair" while impersonating: the restored superadmin session is signed out as well.
    if (path === LOGOUT_PATH) return request<T>(method, path, body, options, true);
    // The screen on show belongs to the target user: start again as the superadmin, where stop would go.
    window.location.assign(paths.adminUsers);
    throw error;
  }

  // An impersonation started while this request was in flight: it is not replayed as the target either.
  if (session.getImpersonation()) throw error;

  // Another request refreshed the session while this one was in flight: replay with the new token.
  const current = session.getAccessToken();
  if (current && current !== accessToken) return request<T>(method, path, body, options, true);

  if (!(await refreshSession(accessToken))) {
    const outcome = await askToSignInAgain();
    if (outcome === 'same-user') return request<T>(method, path, body, options, true);
    // Another account signed in: the dialog reloads the app for them; this request is not theirs.
    if (outcome === 'leave') endSession();
    throw error;
  }
  return request<T>(method, path, body, options, true);
}

/**
 * The one way screens talk to the API: JSON in and out, the stored bearer token, one refresh-and-replay on
 * an expired session, and failures thrown as `ApiError`. Resolves with the whole JSON body (`{ data, … }`).
 */
export const apiClient = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  /** A file from the API (with the session, like every call) as a Blob. */
  download: (path: string, options?: RequestOptions) =>
    request<Blob>('GET', path, undefined, { ...options, asBlob: true }),
};
