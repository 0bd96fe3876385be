import { MESSAGES } from '@aceite/shared/messages';
import { dataEnvelope, ErrorEnvelopeSchema, IdParamsSchema } from '@aceite/shared/schemas/common';
import { PublicTokenParamsSchema } from '@aceite/shared/schemas/public-proposals';
import { ProposalReadingSchema, ReadingBatchInputSchema } from '@aceite/shared/schemas/reading';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/app-error.ts';
import { perIpLimit } from '@/lib/rate-limit.ts';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as reading from './reading.service.ts';

export interface ReadingRoutesOptions {
  /** Batches per IP per minute (the page sends one every 15 s while visible, several tabs may be open). */
  rateLimitMax: number;
}

/** What the client read (docs/product.md#reading): the public page's batches and the members' panel. */
export const readingRoutes: FastifyPluginAsyncZod<ReadingRoutesOptions> = async (app, opts) => {
  // navigator.sendBeacon posts a Blob as text/plain (a "simple" request, no preflight): the body is still the
  // JSON batch. Only this plugin's routes read text/plain this way.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('VALIDATION_ERROR', MESSAGES.invalidData), undefined);
    }
  });

  app.post(
    '/public/proposals/:publicToken/reading',
    {
      config: perIpLimit(opts.rateLimitMax),
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['public'],
        summary: "Record the client's reading of the page (a batch of one visit's totals)",
        description:
          'JSON as `application/json` or `text/plain` (sendBeacon). Each batch carries the visit’s totals so ' +
          'far; stored durations never decrease and are clamped to the time since the view. Always 204: a ' +
          "member's preview, a platform account or a robot is simply not recorded.",
        params: PublicTokenParamsSchema,
        body: ReadingBatchInputSchema,
        response: {
          204: z.null().describe('Recorded (or deliberately not)'),
          400: ErrorEnvelopeSchema,
          // An API key: refused on every public route (lib/api-key-access.ts).
          403: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          413: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (req, reply) => {
      const viewer = await app.optionalViewer(req);
      await reading.recordReading(app.db, req.params.publicToken, req.body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        viewerOrganizationId: viewer.organizationId,
        viewerIsPlatform: viewer.platform,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/proposals/:id/reading',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['proposals'],
        security: BEARER,
        summary: 'What the client read: visits, reading time, the sections read longest, the PDF download',
        params: IdParamsSchema,
        response: { 200: dataEnvelope(ProposalReadingSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await reading.getProposalReading(req.tenant, req.params.id) }),
  );
};
