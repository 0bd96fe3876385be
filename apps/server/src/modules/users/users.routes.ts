import { MESSAGES } from '@aceite/shared/messages';
import { AuthSessionSchema } from '@aceite/shared/schemas/auth';
import { dataEnvelope, ErrorEnvelopeSchema, IdParamsSchema, OkSchema } from '@aceite/shared/schemas/common';
import {
  AcceptInviteInputSchema,
  AcceptTokenParamsSchema,
  InvitationSchema,
  InviteInputSchema,
  InviteSchema,
  InviteTokenParamsSchema,
  ListUsersQuerySchema,
  MemberSchema,
  UpdateUserInputSchema,
} from '@aceite/shared/schemas/users';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/app-error.ts';
import { PaginationSchema } from '@/lib/pagination.ts';
import { perIpLimit } from '@/lib/rate-limit.ts';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import type { MailLimits } from '@/modules/email/email.service.ts';
import * as users from './users.service.ts';

export interface UsersRoutesOptions {
  appUrl: string;
  rateLimitMax: number;
  mailLimits: MailLimits;
}

/** The invite handle in paths is the invite's id (the secret accept token only travels by email). */
function inviteId(token: string): string {
  const parsed = z.uuid().safeParse(token);
  if (!parsed.success) throw new AppError('NOT_FOUND', MESSAGES.inviteNotFound);
  return parsed.data;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, opts) => {
  const tags = ['users'];

  // Public: the accept-invite page.
  const limited = perIpLimit(opts.rateLimitMax);
  const publicErrors = { 400: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema };

  app.get(
    '/invites/:token',
    {
      config: limited,
      schema: {
        tags,
        summary: 'An invitation, for the accept-invite page',
        params: AcceptTokenParamsSchema,
        response: { 200: dataEnvelope(InvitationSchema), ...publicErrors },
      },
    },
    async (req) => ({ data: await users.getInvitation(app.db, req.params.token) }),
  );

  app.post(
    '/invites/:token/accept',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Accept an invitation: creates the account and signs it in',
        params: AcceptTokenParamsSchema,
        body: AcceptInviteInputSchema,
        response: { 201: dataEnvelope(AuthSessionSchema), ...publicErrors },
      },
    },
    async (req, reply) => {
      const session = await users.acceptInvite(
        { db: app.db, tokens: app.accessTokens, appUrl: opts.appUrl },
        req.params.token,
        req.body,
        { ip: req.ip, userAgent: req.headers['user-agent'] },
      );
      return reply.status(201).send({ data: session });
    },
  );

  await app.register(async (scope) => {
    const authed = scope.withTypeProvider<ZodTypeProvider>();
    authed.addHook('onRequest', app.authenticate);

    authed.get(
      '/users',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Members of the organization (search over name and email)',
          querystring: ListUsersQuerySchema,
          response: {
            200: z.object({ data: z.array(MemberSchema), pagination: PaginationSchema }),
            ...AUTHED_ERRORS,
          },
        },
      },
      async (req) => users.listUsers(req.tenant, req.query),
    );

    authed.get(
      '/users/invites',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Pending invitations (admin)',
          querystring: z.object({ status: z.enum(['pending']).optional() }),
          response: { 200: dataEnvelope(z.array(InviteSchema)), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({ data: await users.listPendingInvites(req.tenant) }),
    );

    authed.post(
      '/users/invite',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Invite a person by email (admin)',
          description:
            "403 PLAN_LIMIT when the plan's users (active members and pending invitations) are all taken (docs/product.md#plans).",
          body: InviteInputSchema,
          // 429: the organization's or the address's hourly share of emails (mailLimits).
          response: { 201: dataEnvelope(InviteSchema), ...AUTHED_ERRORS, 429: ErrorEnvelopeSchema },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send({ data: await users.inviteUser(req.tenant, opts.appUrl, req.body, opts.mailLimits) }),
    );

    authed.post(
      '/users/invites/:inviteToken/resend',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Send the invitation again with a renewed expiry (admin)',
          description:
            "403 PLAN_LIMIT when renewing an expired invitation would pass the plan's users (docs/product.md#plans).",
          params: InviteTokenParamsSchema,
          // 429: the organization's or the address's hourly share of emails (mailLimits).
          response: { 200: dataEnvelope(InviteSchema), ...AUTHED_ERRORS, 429: ErrorEnvelopeSchema },
        },
      },
      async (req) => ({
        data: await users.resendInvite(
          req.tenant,
          opts.appUrl,
          inviteId(req.params.inviteToken),
          opts.mailLimits,
        ),
      }),
    );

    authed.delete(
      '/users/invites/:inviteToken',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Cancel an invitation (admin)',
          params: InviteTokenParamsSchema,
          response: { 200: OkSchema, ...AUTHED_ERRORS },
        },
      },
      async (req) => {
        await users.cancelInvite(req.tenant, inviteId(req.params.inviteToken));
        return { data: { ok: true as const } };
      },
    );

    authed.get(
      '/users/:id',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'One member of the organization',
          params: IdParamsSchema,
          response: { 200: dataEnvelope(MemberSchema), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({ data: await users.getUser(req.tenant, req.params.id) }),
    );

    authed.put(
      '/users/:id',
      {
        schema: {
          tags,
          security: BEARER,
          summary: "Edit a user's names, role and team (admin)",
          params: IdParamsSchema,
          body: UpdateUserInputSchema,
          response: { 200: dataEnvelope(MemberSchema), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({ data: await users.updateUser(req.tenant, req.params.id, req.body) }),
    );

    authed.delete(
      '/users/:id',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Deactivate a user: data kept, sessions revoked (admin)',
          params: IdParamsSchema,
          response: { 200: dataEnvelope(MemberSchema), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({ data: await users.deactivateUser(req.tenant, req.params.id) }),
    );

    authed.post(
      '/users/:id/reactivate',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Reactivate a deactivated user (admin)',
          description: "403 PLAN_LIMIT when the plan's users are all taken (docs/product.md#plans).",
          params: IdParamsSchema,
          response: { 200: dataEnvelope(MemberSchema), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({ data: await users.reactivateUser(req.tenant, req.params.id) }),
    );
  });
};
