import { dataEnvelope, ErrorEnvelopeSchema, IdParamsSchema } from '@aceite/shared/schemas/common';
import { PublicTokenParamsSchema } from '@aceite/shared/schemas/public-proposals';
import { VerificationResultSchema, VerifyInputSchema } from '@aceite/shared/schemas/verification';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '@/lib/content-disposition.ts';
import { perIpLimit } from '@/lib/rate-limit.ts';
import { AUTHED_ERRORS, BEARER, PDF_DOWNLOAD } from '@/lib/route-schemas.ts';
import type { FileStorage } from '@/lib/storage.ts';
import * as sealed from './sealed-documents.service.ts';

export interface SealedDocumentsRoutesOptions {
  storage: FileStorage;
  /** Per-IP limit a minute of the public download (the public page's view limit). */
  downloadRateLimitMax: number;
  /** Per-IP limit a minute of /verificar's look-ups. */
  verifyRateLimitMax: number;
  /** Replaces the evidence-chain check (tests). */
  chainCheck?: sealed.ChainCheck;
}

/**
 * A sealed PDF is always a download, never rendered inline under the app's origin, saved as
 * `ORC 2026-0038 - Título (assinada).pdf` (UTF-8 name and ASCII fallback).
 */
function sendPdf(reply: FastifyReply, file: sealed.SealedFile) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', attachmentDisposition(file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(file.body);
}

/** The sealed signed PDF (members and the client) and the public verification (docs/product.md#verification). */
export const sealedDocumentsRoutes: FastifyPluginAsyncZod<SealedDocumentsRoutesOptions> = async (
  app,
  opts,
) => {
  // 403: an API key, refused on every public route (lib/api-key-access.ts).
  const errors = {
    400: ErrorEnvelopeSchema,
    403: ErrorEnvelopeSchema,
    404: ErrorEnvelopeSchema,
    409: ErrorEnvelopeSchema,
  };

  app.get(
    '/public/proposals/:publicToken/sealed-pdf',
    {
      config: perIpLimit(opts.downloadRateLimitMax),
      schema: {
        tags: ['public'],
        summary: 'Download the sealed signed PDF, after the client accepted or signed',
        params: PublicTokenParamsSchema,
        response: { ...PDF_DOWNLOAD, ...errors, 429: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) =>
      sendPdf(reply, await sealed.getPublicSealedPdf(app.db, opts.storage, req.params.publicToken)),
  );

  app.post(
    '/public/verify',
    {
      // A code or a hash: nothing bigger is ever needed (the file itself is hashed in the browser).
      bodyLimit: 1024,
      config: perIpLimit(opts.verifyRateLimitMax),
      schema: {
        tags: ['public'],
        summary: 'Whether Aceite sealed a document, by its verification code or its SHA-256',
        description:
          'No sign-in. A match answers what was recorded when the document was sealed; a known code with a ' +
          'different file answers `fileMatches: false` (altered after sealing); anything else answers 404 and ' +
          'reveals nothing.',
        body: VerifyInputSchema,
        response: {
          200: dataEnvelope(VerificationResultSchema),
          ...errors,
          413: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (req) => ({ data: await sealed.verifySealed(app.db, req.body, opts.chainCheck) }),
  );

  await app.register(async (scope) => {
    const authed = scope.withTypeProvider<ZodTypeProvider>();
    authed.addHook('onRequest', app.authenticate);
    authed.get(
      '/proposals/:id/sealed-pdf',
      {
        schema: {
          tags: ['proposals'],
          security: BEARER,
          summary: "Download the proposal's sealed signed PDF",
          params: IdParamsSchema,
          response: { ...PDF_DOWNLOAD, ...AUTHED_ERRORS, 409: ErrorEnvelopeSchema },
        },
      },
      async (req, reply) =>
        sendPdf(reply, await sealed.getSealedPdf(req.tenant, opts.storage, req.params.id)),
    );
  });
};
