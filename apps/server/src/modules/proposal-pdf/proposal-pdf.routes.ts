import { IdParamsSchema } from '@aceite/shared/schemas/common';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '@/lib/content-disposition.ts';
import { AUTHED_ERRORS, BEARER, PDF_DOWNLOAD } from '@/lib/route-schemas.ts';
import * as proposalPdf from './proposal-pdf.service.ts';

/**
 * Sends a PDF as a download: attachment disposition with an ASCII fallback name and the UTF-8 one
 * (RFC 6266 / RFC 5987), never cached by shared caches.
 */
export function sendPdf(reply: FastifyReply, pdf: proposalPdf.ProposalPdf) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', attachmentDisposition(pdf.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(Buffer.from(pdf.bytes));
}

export interface ProposalPdfRoutesOptions {
  /** Renders the pages: in a worker thread of the app's pool (modules/pdf-workers), off the event loop. */
  render: proposalPdf.RenderPdf;
}

/** The proposal as a PDF for the members who can read it (docs/product.md#proposal-pdf). */
export const proposalPdfRoutes: FastifyPluginAsyncZod<ProposalPdfRoutesOptions> = async (app, opts) => {
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
        response: { ...PDF_DOWNLOAD, ...AUTHED_ERRORS },
      },
    },
    async (req, reply) =>
      sendPdf(reply, await proposalPdf.getProposalPdf(req.tenant, req.params.id, opts.render)),
  );
};
