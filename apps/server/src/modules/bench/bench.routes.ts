import { MESSAGES } from '@aceite/shared/messages';
import { ErrorEnvelopeSchema } from '@aceite/shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/app-error.ts';

/**
 * Two routes for `npm run bench` only (registered when BENCH_ROUTES is set, hidden from the API document), to
 * measure what the per-request session check costs (issue 20; docs/performance.md, "The session check"). Both
 * verify the bearer token exactly as every route does; only the second also runs the session look-up
 * (`app.authenticate`: `selectSessionHolds`, from the process's session cache when it is on, issue 41). They
 * answer nothing but `{ ok: true }`, so the difference between them is the look-up alone. Neither skips a check on any real route, and neither reveals any data.
 */
export const benchRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    hide: true,
    response: { 200: z.object({ ok: z.literal(true) }), 401: ErrorEnvelopeSchema },
  };

  /** The token's signature and expiry only: the reference. */
  async function verifyTokenOnly(req: FastifyRequest): Promise<void> {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const result = token ? await app.accessTokens.verify(token) : null;
    if (!result?.ok) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
  }

  app.get('/bench/token-only', { schema, onRequest: verifyTokenOnly }, async () => ({ ok: true as const }));
  app.get('/bench/authenticated', { schema, onRequest: app.authenticate }, async () => ({
    ok: true as const,
  }));
};
