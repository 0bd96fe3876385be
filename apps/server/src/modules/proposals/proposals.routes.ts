import { SendResultSchema } from '@aceite/shared/schemas/collaboration';
import { dataEnvelope, IdParamsSchema, OkSchema } from '@aceite/shared/schemas/common';
import { ProposalEmailDraftSchema, SendProposalInputSchema } from '@aceite/shared/schemas/proposal-email';
import { CancelProposalInputSchema } from '@aceite/shared/schemas/proposal-messages';
import {
  ChangeRecipientInputSchema,
  DuplicatedProposalSchema,
  DuplicateProposalInputSchema,
  ListProposalsQuerySchema,
  ProposalInputSchema,
  ProposalSchema,
  ProposalStatsSchema,
  ProposalSummarySchema,
  UpdateProposalQuerySchema,
} from '@aceite/shared/schemas/proposals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaginationSchema } from '@/lib/pagination.ts';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import type { FileStorage } from '@/lib/storage.ts';
import type { MailLimits } from '@/modules/email/email.service.ts';
import * as cancel from './proposals.cancel.ts';
import * as duplicate from './proposals.duplicate.ts';
import * as recipient from './proposals.recipient.ts';
import * as reissue from './proposals.reissue.ts';
import * as send from './proposals.send.ts';
import * as proposals from './proposals.service.ts';
import * as update from './proposals.update.ts';

export interface ProposalsRoutesOptions {
  storage: FileStorage;
  mailLimits: MailLimits;
}

export const proposalsRoutes: FastifyPluginAsyncZod<ProposalsRoutesOptions> = async (app, opts) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['proposals'];

  app.get(
    '/proposals',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'List proposals, newest first (status filter, search over title and client, paged)',
        querystring: ListProposalsQuerySchema,
        response: {
          200: z.object({ data: z.array(ProposalSummarySchema), pagination: PaginationSchema }),
          ...AUTHED_ERRORS,
        },
      },
    },
    async (req) => proposals.listProposals(req.tenant, req.query),
  );

  app.get(
    '/proposals/stats',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Proposal counts by status',
        response: { 200: dataEnvelope(ProposalStatsSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await proposals.getProposalStats(req.tenant) }),
  );

  app.get(
    '/proposals/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'One proposal with its client and owner',
        params: IdParamsSchema,
        response: { 200: dataEnvelope(ProposalSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await proposals.getProposal(req.tenant, req.params.id) }),
  );

  app.post(
    '/proposals',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Create a proposal (totals computed by the server)',
        description: "403 PLAN_LIMIT past the plan's proposals this month (docs/product.md#plans).",
        body: ProposalInputSchema,
        response: { 201: dataEnvelope(ProposalSchema), ...AUTHED_ERRORS },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await proposals.createProposal(req.tenant, req.body) }),
  );

  app.put(
    '/proposals/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Update a proposal',
        description:
          '409 once the client answered (it is evidence) or once it is cancelled (duplicate it instead).',
        params: IdParamsSchema,
        querystring: UpdateProposalQuerySchema,
        body: ProposalInputSchema,
        response: { 200: dataEnvelope(ProposalSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({
      data: await update.updateProposal(req.tenant, req.params.id, req.body, {
        notifyClient: req.query.notifyClient,
        appUrl: app.appUrl,
        mailLimits: opts.mailLimits,
      }),
    }),
  );

  app.delete(
    '/proposals/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Delete a proposal',
        params: IdParamsSchema,
        response: { 200: OkSchema, ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      await proposals.deleteProposal(req.tenant, opts.storage, req.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/proposals/:id/send',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Email the public link to the client and mark the proposal sent',
        description:
          '409 when the proposal is cancelled: it reaches the client no more (duplicate it instead).',
        params: IdParamsSchema,
        // No body at all is the organization's default subject and message.
        body: SendProposalInputSchema.nullish(),
        response: { 200: dataEnvelope(SendResultSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({
      data: await send.sendProposal(req.tenant, app.appUrl, req.params.id, opts.mailLimits, req.body ?? {}),
    }),
  );

  app.get(
    '/proposals/:id/email-draft',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          "The send dialog's starting point: recipient, Reply-To and the organization's subject and message",
        params: IdParamsSchema,
        response: { 200: dataEnvelope(ProposalEmailDraftSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await send.getProposalEmailDraft(req.tenant, req.params.id) }),
  );

  app.post(
    '/proposals/:id/cancel',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Cancel the proposal ('Cancelar proposta') with a reason, optionally telling the client",
        description:
          'Owner, manager or admin. 409 when the client already answered or it is already cancelled. The public ' +
          'link then says the proposal is no longer available.',
        params: IdParamsSchema,
        body: CancelProposalInputSchema,
        response: { 200: dataEnvelope(ProposalSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await cancel.cancelProposal(req.tenant, req.params.id, req.body) }),
  );

  app.post(
    '/proposals/:id/recipient',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Change the recipient of a sent proposal ('Alterar destinatário')",
        description:
          'Owner, manager or admin. The recipient is fixed at sending (docs/product.md#recipient): this emails the ' +
          'previous address that it changed and the new one the link; answer codes go only to the new one. 409 ' +
          'before sending, or once the client answered or it was cancelled. Audited.',
        params: IdParamsSchema,
        body: ChangeRecipientInputSchema,
        response: { 200: dataEnvelope(ProposalSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({
      data: await recipient.changeProposalRecipient(
        req.tenant,
        app.appUrl,
        req.params.id,
        opts.mailLimits,
        req.body,
      ),
    }),
  );

  app.post(
    '/proposals/:id/reissue',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Reissue an accepted proposal as a new draft linked to it ('Reemitir como nova versão')",
        description:
          'The accepted content stays frozen; 409 when the proposal is not accepted or signed. ' +
          "403 PLAN_LIMIT past the plan's proposals this month (docs/product.md#plans).",
        params: IdParamsSchema,
        response: { 201: dataEnvelope(ProposalSchema), ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => {
      reply.status(201);
      return { data: await reissue.reissueProposal(req.tenant, req.params.id) };
    },
  );

  app.post(
    '/proposals/:id/duplicate',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Duplicate a proposal as a new draft ('Duplicar')",
        description:
          'Same client, blocks, items, discount and tax; validity counted from today; a new number and public link; ' +
          "titled '<title> (cópia)' and not linked to the original. 403 for viewers; 404 for another organization's. " +
          "An optional `clientId` gives the copy another of the organization's clients (400 when it is not one); " +
          "the rates follow the organization's current IVA region, `vatRateChanges` naming the lines that changed; " +
          "403 PLAN_LIMIT past the plan's proposals this month (docs/product.md#plans).",
        params: IdParamsSchema,
        // No body at all is a copy for the same client.
        body: DuplicateProposalInputSchema.nullish(),
        response: { 201: dataEnvelope(DuplicatedProposalSchema), ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => {
      reply.status(201);
      return { data: await duplicate.duplicateProposal(req.tenant, req.params.id, req.body ?? {}) };
    },
  );
};
