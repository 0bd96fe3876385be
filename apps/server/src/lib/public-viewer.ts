import { isPlatformAdmin } from '@aceite/shared/permissions';
import { API_KEY_MESSAGES, API_KEY_PREFIX } from '@aceite/shared/schemas/api-keys';
import { AppError } from './app-error.ts';
import type { AccessTokens } from './jwt.ts';

/**
 * Who, besides the client, may be behind a request to a public page (`/api/v1/public/…`): the page takes no
 * session, but a member previewing the link from inside the app sends theirs, and the public rules read it — a
 * member's or the platform's visit is no client view, and only the client answers, asks, reads or opts out
 * (docs/product.md#roles-and-permissions; docs/decisions.md, "One reader of a public caller").
 */
export interface PublicViewer {
  /** The organization of the member's access token (accepted up to 30 days expired), or null. */
  organizationId: string | null;
  /** A superadmin's or an impersonation token: never the client. */
  platform: boolean;
}

/** Nobody but the client (no bearer, or one that is no genuine access token). */
export const NO_VIEWER: PublicViewer = Object.freeze({ organizationId: null, platform: false });

/**
 * The one reader of a public caller's optional `Authorization: Bearer …`, used by every public route. An API key
 * is refused with the 403 of a refused area, as the auth plugin's hook does before any public route runs: a key
 * never stands for the client nor for a member previewing the page. A token that is not genuine is nobody.
 */
export async function optionalViewer(
  authorization: string | undefined,
  tokens: Pick<AccessTokens, 'identify'>,
): Promise<PublicViewer> {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
  if (!token) return NO_VIEWER;
  if (token.startsWith(API_KEY_PREFIX)) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.areaRefused);
  const viewer = await tokens.identify(token);
  if (!viewer) return NO_VIEWER;
  return { organizationId: viewer.organizationId, platform: viewer.impersonating || isPlatformAdmin(viewer) };
}
