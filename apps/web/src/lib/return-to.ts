import { paths } from '@/config/paths';

/**
 * Where to go after signing in, from `?next=`: only a path inside this app (never `//host` or `/\host`, which
 * browsers read as another site), and never the sign-in screen itself.
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next === paths.login || next.startsWith(`${paths.login}?`)) return null;
  return next;
}

/** /login, remembering the page to come back to (none for the dashboard, where sign-in goes anyway). */
export function loginPathFor(returnTo: string): string {
  const next = safeNext(returnTo);
  return next && next !== paths.dashboard ? `${paths.login}?next=${encodeURIComponent(next)}` : paths.login;
}
