/**
 * Where an API key may go (docs/product.md#api-keys). A key stands for the organization's integrations, not
 * for a person: it never reaches the sign-in and session routes, the platform administration, the management of
 * users and invitations, the settings (profile, password, organization, the keys and webhooks themselves) or a
 * person's notifications. Everything else of `/api/v1` answers it with its scope's role (viewer or manager).
 * Matched on the route's pattern (`/api/v1/users/:id`), never on the raw URL.
 */
const REFUSED_AREAS: readonly RegExp[] = [
  /^\/api\/v1\/auth(\/|$)/,
  /^\/api\/v1\/admin(\/|$)/,
  /^\/api\/v1\/settings(\/|$)/,
  /^\/api\/v1\/notifications(\/|$)/,
  /^\/api\/v1\/users\/invite/,
  /^\/api\/v1\/invites(\/|$)/,
  /^\/api\/v1\/webhooks(\/|$)/,
  /^\/api\/v1\/api-keys(\/|$)/,
];

/** Reading the members (to choose a proposal's owner) is allowed; changing them is users management. */
const USERS = /^\/api\/v1\/users(\/|$)/;

export function apiKeyMayReach(method: string, routeUrl: string): boolean {
  if (REFUSED_AREAS.some((area) => area.test(routeUrl))) return false;
  if (USERS.test(routeUrl) && method !== 'GET' && method !== 'HEAD') return false;
  return true;
}
