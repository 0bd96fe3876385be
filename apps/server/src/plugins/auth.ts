import { MESSAGES } from '@aceite/shared/messages';
import { API_KEY_MESSAGES, API_KEY_PREFIX } from '@aceite/shared/schemas/api-keys';
import { READ_ONLY_MESSAGE } from '@aceite/shared/trial';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeyMayReach, isPublicRoute } from '@/lib/api-key-access.ts';
import { AppError } from '@/lib/app-error.ts';
import type { AccessClaims, AccessTokens } from '@/lib/jwt.ts';
import { optionalViewer, type PublicViewer } from '@/lib/public-viewer.ts';
import { refusedAsReadOnly } from '@/lib/read-only.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; set by `app.authenticate`. */
    auth: AccessClaims | null;
  }
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** onRequest hook: a valid bearer access token (or an API key, where keys may go) is required. */
    authenticate(req: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Who besides the client is behind a public route's request (lib/public-viewer.ts); every public route. */
    optionalViewer(req: FastifyRequest): Promise<PublicViewer>;
  }
}

/** Reads `Authorization: Bearer <jwt>`; 401 UNAUTHENTICATED or TOKEN_EXPIRED (the client then refreshes). */
export interface AuthPluginOptions {
  accessTokens: AccessTokens;
  /**
   * Whether the token's session still holds (not signed out, deactivated, demoted, reset or impersonation
   * ended): checked on every request so those take effect at once, not when the 15-minute token expires.
   */
  sessionHolds(claims: AccessClaims): Promise<{ trialEndsAt: Date | null } | null>;
  /**
   * Awaited before the answer of every request that may have written leaves (any method but GET, HEAD and
   * OPTIONS, whatever its status: a refused refresh revokes its family): the session cache's barrier, so a
   * revocation made here is never answered from this process's stale entry (modules/auth/session-cache.ts).
   */
  afterWrite?(): Promise<void>;
  /** The caller an `ak_…` key stands for, or null when it is unknown, revoked or expired. */
  authenticateApiKey(secret: string): Promise<AccessClaims | null>;
  /** Requests per key per minute (docs/product.md#api-keys). */
  apiKeyRateLimitPerMinute: number;
}

/** The token of `Authorization: Bearer <token>`, or ''. */
function bearerOf(req: FastifyRequest): string {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: AuthPluginOptions) => {
    app.decorate('accessTokens', opts.accessTokens);
    app.decorateRequest('auth', null);
    // Counted apart from every route's own limit (createRateLimit leaves those to run as well).
    const apiKeyLimit = app.createRateLimit({
      max: opts.apiKeyRateLimitPerMinute,
      timeWindow: 60_000,
      keyGenerator: (req) => `api-key:${req.auth?.apiKey?.id}`,
    });

    /** An `ak_…` key: 401 when not live, its per-key limit with the RateLimit headers, 403 outside its areas. */
    async function authenticateKey(req: FastifyRequest, reply: FastifyReply, secret: string) {
      const claims = await opts.authenticateApiKey(secret);
      if (!claims) throw new AppError('UNAUTHENTICATED', API_KEY_MESSAGES.invalidKey);
      req.auth = claims;
      const limit = await apiKeyLimit(req);
      if (!limit.isAllowed) {
        // The standard headers (IETF RateLimit fields, as @fastify/rate-limit's draft-spec option names them).
        reply.header('ratelimit-limit', limit.max);
        reply.header('ratelimit-remaining', limit.remaining);
        reply.header('ratelimit-reset', limit.ttlInSeconds);
        if (limit.isExceeded) {
          req.auth = null;
          reply.header('retry-after', limit.ttlInSeconds);
          throw new AppError('RATE_LIMITED', API_KEY_MESSAGES.rateLimited);
        }
      }
      if (!apiKeyMayReach(req.method, req.routeOptions.url ?? '')) {
        req.auth = null;
        throw new AppError('FORBIDDEN', API_KEY_MESSAGES.areaRefused);
      }
      refuseWhenReadOnly(req);
    }

    /** The one place a read-only organization's writes are refused (lib/read-only.ts, docs/product.md#plans). */
    function refuseWhenReadOnly(req: FastifyRequest) {
      if (refusedAsReadOnly(req.auth?.trialEndsAt, req.method, req.routeOptions.url ?? '')) {
        throw new AppError('PLAN_LIMIT', READ_ONLY_MESSAGE);
      }
    }

    // The public pages never authenticate, so the rule of lib/api-key-access.ts is applied here for them: any
    // request bearing a key (live or not; it is never looked up) is refused before the route runs, with the same
    // 403 as a refused area (issue 34, L2).
    app.addHook('onRequest', async (req) => {
      if (!bearerOf(req).startsWith(API_KEY_PREFIX)) return;
      const route = req.routeOptions.url ?? '';
      if (isPublicRoute(route) && !apiKeyMayReach(req.method, route)) {
        throw new AppError('FORBIDDEN', API_KEY_MESSAGES.areaRefused);
      }
    });

    const afterWrite = opts.afterWrite;
    if (afterWrite) {
      app.addHook('onSend', async (req) => {
        if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') await afterWrite();
      });
    }

    app.decorate('optionalViewer', (req: FastifyRequest) =>
      optionalViewer(req.headers.authorization, opts.accessTokens),
    );

    app.decorate('authenticate', async (req: FastifyRequest, reply: FastifyReply) => {
      const token = bearerOf(req);
      if (!token) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
      if (token.startsWith(API_KEY_PREFIX)) return authenticateKey(req, reply, token);
      const result = await opts.accessTokens.verify(token);
      if (!result.ok) {
        throw result.expired
          ? new AppError('TOKEN_EXPIRED', MESSAGES.sessionExpired)
          : new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
      }
      const session = await opts.sessionHolds(result.claims);
      if (!session) throw new AppError('UNAUTHENTICATED', MESSAGES.sessionEnded);
      req.auth = { ...result.claims, trialEndsAt: session.trialEndsAt };
      refuseWhenReadOnly(req);
    });
  },
  { name: 'auth' },
);
