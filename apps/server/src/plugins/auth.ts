import { MESSAGES } from '@aceite/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@/lib/app-error.ts';
import type { AccessClaims, AccessTokens } from '@/lib/jwt.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; set by `app.authenticate`. */
    auth: AccessClaims | null;
  }
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** onRequest/preHandler hook: a valid bearer access token is required. */
    authenticate(req: FastifyRequest): Promise<void>;
  }
}

/** Reads `Authorization: Bearer <jwt>`; 401 UNAUTHENTICATED or TOKEN_EXPIRED (the client then refreshes). */
export interface AuthPluginOptions {
  accessTokens: AccessTokens;
  /**
   * Whether the token's session still holds (not signed out, deactivated, demoted, reset or impersonation
   * ended): checked on every request so those take effect at once, not when the 15-minute token expires.
   */
  sessionHolds(claims: AccessClaims): Promise<boolean>;
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: AuthPluginOptions) => {
    app.decorate('accessTokens', opts.accessTokens);
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (req: FastifyRequest) => {
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
      const result = await opts.accessTokens.verify(token);
      if (!result.ok) {
        throw result.expired
          ? new AppError('TOKEN_EXPIRED', MESSAGES.sessionExpired)
          : new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
      }
      if (!(await opts.sessionHolds(result.claims))) {
        throw new AppError('UNAUTHENTICATED', MESSAGES.sessionEnded);
      }
      req.auth = result.claims;
    });
  },
  { name: 'auth' },
);
