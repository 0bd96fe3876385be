import { isReadOnly } from '@aceite/shared/trial';
import { now } from './clock.ts';

/*
 * The read-only organization (issue 38, docs/product.md#plans): once its trial ended without a chosen plan,
 * every authenticated write of its members and API keys is refused with 403 PLAN_LIMIT, in one place
 * (plugins/auth.ts, where the session or key is checked). Reads all stay; the client's public pages never
 * authenticate, so clients still answer the proposals already sent. The writes below stay open, each for its
 * reason (docs/decisions.md, "Plans: the read-only organization after the trial"). Matched on the route's
 * pattern (`/api/v1/users/:id`), never on the raw URL.
 */
const STILL_WRITABLE: readonly { method?: string; route: RegExp }[] = [
  // The session itself: signing out (and in, refreshing, resetting a password, which take no session).
  { route: /^\/api\/v1\/auth(\/|$)/ },
  // The platform's administration: the superadmin is not the organization (and stops impersonating here).
  { route: /^\/api\/v1\/admin(\/|$)/ },
  // One's own account and inbox: a person's, not the organization's data.
  { method: 'PUT', route: /^\/api\/v1\/settings\/profile$/ },
  { method: 'PUT', route: /^\/api\/v1\/settings\/password$/ },
  { route: /^\/api\/v1\/notifications(\/|$)/ },
  // The way out: "Mudar de plano" records the admin's request for a plan.
  { method: 'POST', route: /^\/api\/v1\/settings\/organization\/upgrade-requests$/ },
  // Taking access away stays possible (someone leaves, a key leaks): it creates and sends nothing.
  { method: 'DELETE', route: /^\/api\/v1\/users\/:id$/ },
  { method: 'DELETE', route: /^\/api\/v1\/settings\/api-keys\/:id$/ },
  // Everything stays exportable, even an export a route would make with a POST.
  { route: /\/(export|download)$/ },
];

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a read-only organization may still make this request (reads always; the writes above). */
export function readOnlyAllows(method: string, routeUrl: string): boolean {
  if (!WRITES.has(method)) return true;
  return STILL_WRITABLE.some(
    (w) => (w.method === undefined || w.method === method) && w.route.test(routeUrl),
  );
}

/** Whether this request is refused because the caller's organization is read-only (its trial ended at `at`). */
export function refusedAsReadOnly(
  trialEndsAt: Date | null | undefined,
  method: string,
  routeUrl: string,
  at: Date = now(),
): boolean {
  return isReadOnly(trialEndsAt, at) && !readOnlyAllows(method, routeUrl);
}
