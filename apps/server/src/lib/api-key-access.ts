/**
 * The public pages (`/api/v1/public/…`): the client's, whose link token is the only key. An integration's key
 * never reads, answers, asks a code, posts a question, records a visit or opts out there in the client's name
 * (issue 34, L2; docs/decisions.md, "API keys are refused on every public route").
 */
const PUBLIC_AREA = /^\/api\/v1\/public(\/|$)/;

/**
 * Where an API key may go (docs/product.md#api-keys). A key stands for the organization's integrations, not
 * for a person: it never reaches the sign-in and session routes, the platform administration, the management of
 * users and invitations, the settings (profile, password, organization, the keys and webhooks themselves), a
 * person's notifications or the client's public pages. Everything else of `/api/v1` answers it with its scope's
 * role (viewer or manager). Matched on the route's pattern (`/api/v1/users/:id`), never on the raw URL.
 */
const REFUSED_AREAS: readonly RegExp[] = [
  PUBLIC_AREA,
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

/**
 * Whether a route is one of the public pages, which take no session (so `app.authenticate` never sees the key):
 * the auth plugin refuses a key there before the route runs, whether or not the key is live.
 */
export function isPublicRoute(routeUrl: string): boolean {
  return PUBLIC_AREA.test(routeUrl);
}
