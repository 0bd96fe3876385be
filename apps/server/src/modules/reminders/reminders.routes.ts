import { dataEnvelope, ErrorEnvelopeSchema } from '@aceite/shared/schemas/common';
import { PublicTokenParamsSchema } from '@aceite/shared/schemas/public-proposals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perIpLimit } from '@/lib/rate-limit.ts';
import { stopReminders } from './reminders.service.ts';

/** The client's opt-out of a proposal's reminders (docs/product.md#reminders): no login, the link token is the key. */
export const remindersRoutes: FastifyPluginAsyncZod<{ rateLimitMax: number }> = async (app, opts) => {
  // RFC 8058 one-click unsubscribe: the mail provider POSTs `List-Unsubscribe=One-Click` form-encoded to the
  // List-Unsubscribe link, with no page and no session. The body says nothing the route needs (the link is the
  // key), so it is read and dropped; scoped to this plugin, no other route takes form bodies.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, undefined),
  );

  app.post(
    '/public/proposals/:publicToken/reminders/stop',
    {
      config: perIpLimit(opts.rateLimitMax),
      schema: {
        tags: ['public'],
        summary: "'Não quero receber mais lembretes': stop this proposal's automatic reminders",
        description:
          'Idempotent: asking again answers the same. 404 for an unknown link or one not yet sent; 403 for the ' +
          "organization's members, the platform and API keys (the choice is the client's). Rate limited per IP.",
        params: PublicTokenParamsSchema,
        response: {
          200: dataEnvelope(z.object({ stopped: z.literal(true) })),
          400: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (req) => ({
      data: await stopReminders(app.db, req.params.publicToken, await app.optionalViewer(req)),
    }),
  );
};
