import {
  ApprovalRequestInputSchema,
  ApprovalReturnInputSchema,
  ProposalApprovalSchema,
} from '@aceite/shared/schemas/approvals';
import { dataEnvelope, IdParamsSchema } from '@aceite/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as decisions from './approvals.decide.ts';
import * as approvals from './approvals.service.ts';

/** Approvals of a proposal (docs/product.md#approvals). */
export const approvalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['proposals'];
  const response = { 200: dataEnvelope(ProposalApprovalSchema), ...AUTHED_ERRORS };

  app.get(
    '/proposals/:id/approval',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "The proposal's approval state for the caller and its approval history",
        params: IdParamsSchema,
        response,
      },
    },
    async (req) => ({ data: await approvals.getProposalApproval(req.tenant, req.params.id) }),
  );

  app.post(
    '/proposals/:id/approval-request',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "'Pedir aprovação': a draft the approval policy applies to goes to in_review",
        description: '409 when the proposal is not a draft or the policy does not apply to it.',
        params: IdParamsSchema,
        body: ApprovalRequestInputSchema.nullish(),
        response,
      },
    },
    async (req) => ({
      data: await decisions.requestApproval(req.tenant, req.params.id, req.body ?? { note: null }),
    }),
  );

  app.post(
    '/proposals/:id/approve',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "'Aprovar': in_review → approved (admins, and managers of the owner's team)",
        params: IdParamsSchema,
        response,
      },
    },
    async (req) => ({ data: await decisions.approveProposal(req.tenant, req.params.id) }),
  );

  app.post(
    '/proposals/:id/return',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "'Devolver' with a required comment: in_review → draft",
        params: IdParamsSchema,
        body: ApprovalReturnInputSchema,
        response,
      },
    },
    async (req) => ({ data: await decisions.returnProposal(req.tenant, req.params.id, req.body) }),
  );
};
