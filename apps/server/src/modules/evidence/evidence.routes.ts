import { dataEnvelope, IdParamsSchema } from '@aceite/shared/schemas/common';
import { ProposalEvidenceSchema } from '@aceite/shared/schemas/evidence';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as evidence from './evidence.service.ts';

/** The proposal's evidence chain for its members ('Registo de prova', docs/product.md#evidence). */
export const evidenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/proposals/:id/evidence',
    {
      schema: {
        tags: ['proposals'],
        security: BEARER,
        summary: "The proposal's evidence chain, and whether it is intact",
        description:
          'Every event of the proposal with the client (sent, views, codes, the decision), each hashing the ' +
          'previous one; `intact` is false, with `brokenAt`, when a stored event was edited or removed. Each ' +
          'event carries every field its hash covers and `head` is the head recorded apart, so anyone can ' +
          're-check the chain (docs/product.md#evidence).',
        params: IdParamsSchema,
        response: { 200: dataEnvelope(ProposalEvidenceSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await evidence.getProposalEvidence(req.tenant, req.params.id) }),
  );
};
