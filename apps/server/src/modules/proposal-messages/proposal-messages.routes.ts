import { dataEnvelope, IdParamsSchema } from '@aceite/shared/schemas/common';
import {
  AnswerClientMessageInputSchema,
  ProposalMessageSchema,
} from '@aceite/shared/schemas/proposal-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as messages from './proposal-messages.service.ts';

/** The conversation with the client, on the team's side (docs/product.md#client-questions-and-change-requests). */
export const proposalMessagesRoutes: FastifyPluginAsyncZod<{ appUrl: string }> = async (app, opts) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['proposal-messages'];

  app.get(
    '/proposals/:id/messages',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "The client's questions and change requests and the team's answers, oldest first",
        params: IdParamsSchema,
        response: { 200: dataEnvelope(z.array(ProposalMessageSchema)), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await messages.listMessages(req.tenant, req.params.id) }),
  );

  app.post(
    '/proposals/:id/messages',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Answer the client (shown on the public page and emailed to the client with the link)',
        description: 'Whoever manages the proposal; 409 when it was cancelled.',
        params: IdParamsSchema,
        body: AnswerClientMessageInputSchema,
        response: { 201: dataEnvelope(ProposalMessageSchema), ...AUTHED_ERRORS },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ data: await messages.answerMessage(req.tenant, opts.appUrl, req.params.id, req.body) }),
  );
};
