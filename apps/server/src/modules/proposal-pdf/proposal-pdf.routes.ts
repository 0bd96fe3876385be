import { IdParamsSchema } from '@aceite/shared/schemas/common';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as proposalPdf from './proposal-pdf.service.ts';

/**
 * Sends a PDF as a download: attachment disposition with an ASCII fallback name and the UTF-8 one
 * (RFC 6266 / RFC 5987), never cached by shared caches.
 */
export function sendPdf(reply: FastifyReply, pdf: proposalPdf.ProposalPdf) {
  const ascii = pdf.fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return reply
    .header('Content-Type', 'application/pdf')
    .header(
      'Content-Disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(pdf.fileName)}`,
    )
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(Buffer.from(pdf.bytes));
}

/** The proposal as a PDF for the members who can read it (docs/product.md#proposal-pdf). */
export const proposalPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/proposals/:id/pdf',
    {
      schema: {
        tags: ['proposals'],
        summary: 'The proposal as an A4 PDF (application/pdf, as a download)',
        description:
          'Any member of the organization who can open the proposal; another organization’s → 404.',
        security: BEARER,
        params: IdParamsSchema,
        response: { ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => sendPdf(reply, await proposalPdf.getProposalPdf(req.tenant, req.params.id)),
  );
};
