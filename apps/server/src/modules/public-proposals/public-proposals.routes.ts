import type { ClientChoice } from '@aceite/shared/client-choice';
import { dataEnvelope, ErrorEnvelopeSchema } from '@aceite/shared/schemas/common';
import {
  ClientMessageInputSchema,
  PublicProposalMessageSchema,
} from '@aceite/shared/schemas/proposal-messages';
import { PROPOSAL_STATUSES } from '@aceite/shared/schemas/proposals';
import {
  AcceptInputSchema,
  AnswerCodeSentSchema,
  PublicProposalSchema,
  PublicTokenParamsSchema,
  RecordedViewSchema,
  RejectInputSchema,
  SignInputSchema,
} from '@aceite/shared/schemas/public-proposals';
import type { MandateInput } from '@aceite/shared/sepa/mandate';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perIpLimit } from '@/lib/rate-limit.ts';
import { PDF_DOWNLOAD } from '@/lib/route-schemas.ts';
import { sendPdf } from '@/modules/proposal-pdf/proposal-pdf.routes.ts';
import type { RenderPdf } from '@/modules/proposal-pdf/proposal-pdf.service.ts';
import * as answerCodes from './public-proposals.answer-code.ts';
import * as decisions from './public-proposals.decide.ts';
import * as clientMessages from './public-proposals.messages.ts';
import * as publicProposals from './public-proposals.service.ts';

export interface PublicRoutesOptions {
  /** Renders the client's PDF download in a worker thread of the app's pool (modules/pdf-workers). */
  renderPdf: RenderPdf;
  /** Requests per IP per minute: page views and actions. */
  viewRateLimitMax: number;
  actionRateLimitMax: number;
  /** The server's secret, from which the answer codes' HMAC key is derived. */
  secret: string;
  answerCodeLimits: answerCodes.AnswerCodeLimits;
  clientMessageLimits: clientMessages.ClientMessageLimits;
}

// 403: a request bearing an API key, refused on every public route (lib/api-key-access.ts).
const errors = {
  400: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  413: ErrorEnvelopeSchema,
  429: ErrorEnvelopeSchema,
};
/** The version and content hash the page rendered (docs/product.md#evidence). */
const shownOf = (b: {
  version: number;
  contentSha256: string;
  choice?: ClientChoice;
  mandate?: MandateInput;
}): decisions.ShownVersion => ({
  version: b.version,
  contentSha256: b.contentSha256,
  choice: b.choice,
  mandate: b.mandate,
});
const decision = dataEnvelope(z.object({ status: z.enum(PROPOSAL_STATUSES) }));

/** The client's page: no login, the link token is the only key (docs/product.md#roles-and-permissions). */
export const publicProposalsRoutes: FastifyPluginAsyncZod<PublicRoutesOptions> = async (app, opts) => {
  const tags = ['public'];
  const limit = perIpLimit;
  const key = answerCodes.answerCodeKey(opts.secret);

  async function meta(req: FastifyRequest): Promise<publicProposals.PublicRequestMeta> {
    const viewer = await app.optionalViewer(req);
    return {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
      viewerOrganizationId: viewer.organizationId,
      viewerIsPlatform: viewer.platform,
    };
  }

  app.get(
    '/public/proposals/:publicToken',
    {
      config: limit(opts.viewRateLimitMax),
      schema: {
        tags,
        summary: 'The proposal as the client sees it (counts a view)',
        description:
          'With `refresh=1` (the page re-reading the proposal after the client answered) no view is counted.',
        params: PublicTokenParamsSchema,
        querystring: z.object({ refresh: z.literal('1').optional() }),
        response: { 200: dataEnvelope(PublicProposalSchema), ...errors },
      },
    },
    async (req) => ({
      data: await publicProposals.viewProposal(app.db, req.params.publicToken, {
        ...(await meta(req)),
        // A HEAD (link checkers, previews) reads without counting (docs/product.md#views).
        countView: req.query.refresh !== '1' && req.method !== 'HEAD',
      }),
    }),
  );

  app.post(
    '/public/proposals/:publicToken/views',
    {
      config: limit(opts.viewRateLimitMax),
      schema: {
        tags,
        summary: 'Count the visit of the page the server rendered (/p/{token})',
        description:
          'The page served at /p/{token} is rendered without counting a view (only the browser holds a ' +
          "member's session); once it has loaded, it sends this. The same rule as the read: a member's " +
          'preview or a robot is not counted, and the answer is the count and status either way.',
        params: PublicTokenParamsSchema,
        response: { 200: dataEnvelope(RecordedViewSchema), ...errors },
      },
    },
    async (req) => ({
      data: await publicProposals.recordView(app.db, req.params.publicToken, await meta(req)),
    }),
  );

  app.get(
    '/public/proposals/:publicToken/pdf',
    {
      // Rendering costs far more than a read: held to the actions' limit.
      config: limit(opts.actionRateLimitMax),
      schema: {
        tags,
        summary: 'The proposal as an A4 PDF (application/pdf, as a download)',
        description:
          'Same visibility as the page (unknown or cancelled → 404). The client’s download is recorded in the ' +
          'audit log (`proposal.public_pdf_downloaded`); no view is counted.',
        params: PublicTokenParamsSchema,
        response: { ...PDF_DOWNLOAD, ...errors },
      },
    },
    async (req, reply) =>
      sendPdf(
        reply,
        await publicProposals.getPublicProposalPdf(
          app.db,
          req.params.publicToken,
          await meta(req),
          opts.renderPdf,
        ),
      ),
  );

  app.post(
    '/public/proposals/:publicToken/code',
    {
      config: limit(opts.actionRateLimitMax),
      schema: {
        tags,
        summary: "Email the client a one-time code to answer with (the organization's default)",
        description:
          "Sends a 6-digit code, valid 10 minutes, to the client's email; the answer shows the address masked. " +
          'At most one per minute and a few per hour per proposal (429). 409 when no code is needed.',
        params: PublicTokenParamsSchema,
        response: { 200: dataEnvelope(AnswerCodeSentSchema), ...errors },
      },
    },
    async (req) => ({
      data: await answerCodes.requestAnswerCode(app.db, req.params.publicToken, await meta(req), {
        key,
        limits: opts.answerCodeLimits,
      }),
    }),
  );

  app.post(
    '/public/proposals/:publicToken/messages',
    {
      config: limit(opts.actionRateLimitMax),
      schema: {
        tags,
        summary: "The client's question or request for changes ('Fazer uma pergunta', 'Pedir alterações')",
        description:
          'Only while the proposal can be answered (409 when answered, expired or cancelled; 403 from a ' +
          "member's preview); limited per proposal and per network (429). A `change_request` moves a sent or " +
          'opened proposal to `under_negotiation`. Answers with the whole conversation, oldest first.',
        params: PublicTokenParamsSchema,
        body: ClientMessageInputSchema,
        response: { 201: dataEnvelope(z.array(PublicProposalMessageSchema)), ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        data: await clientMessages.postClientMessage(
          app.db,
          req.params.publicToken,
          req.body,
          await meta(req),
          app.appUrl,
          opts.clientMessageLimits,
        ),
      }),
  );

  app.post(
    '/public/proposals/:publicToken/accept',
    {
      config: limit(opts.actionRateLimitMax),
      schema: {
        tags,
        summary: 'Accept the proposal',
        description:
          'With the emailed `code` when the organization asks for one (`answerCode.required`), and always the ' +
          '`version` and `contentSha256` the page showed (400 without them, 409 when the proposal changed since, ' +
          'or while a change waits for approval: `inReview`).',
        params: PublicTokenParamsSchema,
        body: AcceptInputSchema,
        response: { 200: decision, ...errors },
      },
    },
    async (req) => {
      await decisions.acceptProposal(
        app.db,
        req.params.publicToken,
        await meta(req),
        { code: req.body.code, key },
        shownOf(req.body),
      );
      return { data: { status: 'accepted' as const } };
    },
  );

  app.post(
    '/public/proposals/:publicToken/reject',
    {
      config: limit(opts.actionRateLimitMax),
      schema: {
        tags,
        summary: 'Reject the proposal, with an optional reason',
        params: PublicTokenParamsSchema,
        body: RejectInputSchema,
        response: { 200: decision, ...errors },
      },
    },
    async (req) => {
      await decisions.rejectProposal(
        app.db,
        req.params.publicToken,
        req.body.reason,
        await meta(req),
        { code: req.body.code, key },
        app.appUrl,
        req.body.reasonCode,
        shownOf(req.body),
      );
      return { data: { status: 'rejected' as const } };
    },
  );

  app.post(
    '/public/proposals/:publicToken/sign',
    {
      config: limit(opts.actionRateLimitMax),
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Sign (and so accept) the proposal with a drawn PNG signature',
        params: PublicTokenParamsSchema,
        body: SignInputSchema,
        response: { 200: decision, ...errors },
      },
    },
    async (req) => {
      await decisions.signProposal(
        app.db,
        req.params.publicToken,
        req.body,
        await meta(req),
        { code: req.body.code, key },
        shownOf(req.body),
      );
      return { data: { status: 'accepted' as const } };
    },
  );
};
