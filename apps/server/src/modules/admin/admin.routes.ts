import {
  AdminOrganizationPlanSchema,
  AdminOrganizationsPageSchema,
  AdminOrganizationsQuerySchema,
  AdminPlanInputSchema,
  AdminTrialInputSchema,
  AdminUserSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  ImpersonationSchema,
  StopImpersonationSchema,
} from '@aceite/shared/schemas/admin';
import { dataEnvelope, IdParamsSchema } from '@aceite/shared/schemas/common';
import {
  AdminUpgradeRequestSchema,
  AdminUpgradeRequestsQuerySchema,
  AdminUpgradeRequestsSchema,
} from '@aceite/shared/schemas/upgrade-requests';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertPlatformAdmin, requireAuth } from '@/lib/access.ts';
import type { AccessClaims } from '@/lib/jwt.ts';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as plans from '@/modules/plans/plans.service.ts';
import * as admin from './admin.service.ts';

export const adminRoutes: FastifyPluginAsyncZod<{ appUrl: string }> = async (app, opts) => {
  const tags = ['admin'];
  const deps = () => ({ db: app.db, tokens: app.accessTokens, appUrl: opts.appUrl });

  // Stop is called with the impersonation token, whose role is the target's: it has its own check.
  app.post(
    '/admin/stop-impersonate',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: BEARER,
        summary: 'End impersonation; a fresh superadmin session',
        response: { 200: dataEnvelope(StopImpersonationSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({
      data: await admin.stopImpersonating(deps(), requireAuth(req), {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      }),
    }),
  );

  await app.register(async (scope) => {
    const su = scope.withTypeProvider<ZodTypeProvider>();
    su.addHook('onRequest', app.authenticate);
    // Superadmins only, and never through an impersonated session.
    su.addHook('preHandler', async (req) => {
      assertPlatformAdmin(requireAuth(req));
    });

    su.get(
      '/admin/users',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Users of every organization (search, role, organization, status; 50 per page)',
          querystring: AdminUsersQuerySchema,
          response: { 200: dataEnvelope(AdminUsersPageSchema), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({ data: await admin.listAllUsers(app.db, req.query) }),
    );

    su.get(
      '/admin/users/:id',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'One user of the platform (platform admin)',
          params: IdParamsSchema,
          response: { 200: dataEnvelope(AdminUserSchema), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({ data: await admin.getAnyUser(app.db, req.params.id) }),
    );

    su.post(
      '/admin/users/:id/reactivate',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Reactivate a deactivated user of any organization (audited)',
          params: IdParamsSchema,
          response: { 200: dataEnvelope(AdminUserSchema), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({
        data: await admin.reactivateAnyUser(app.db, requireAuth(req), req.params.id, req.ip),
      }),
    );

    su.post(
      '/admin/impersonate/:id',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Act as another user (30-minute token, no refresh)',
          params: IdParamsSchema,
          response: { 200: dataEnvelope(ImpersonationSchema), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({
        data: await admin.impersonate(deps(), requireAuth(req), req.params.id, req.ip),
      }),
    );

    su.get(
      '/admin/organizations',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Organizations with user and proposal counts',
          querystring: AdminOrganizationsQuerySchema,
          response: { 200: dataEnvelope(AdminOrganizationsPageSchema), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({ data: await admin.listAllOrganizations(app.db, req.query) }),
    );

    // The plan tools (docs/product.md#plans): each change audited with the superadmin, before and after.
    const actor = (req: { ip: string; auth: AccessClaims | null }) => ({
      userId: requireAuth(req).userId,
      ip: req.ip,
    });

    su.put(
      '/admin/organizations/:id/plan',
      {
        schema: {
          tags,
          security: BEARER,
          summary: "Set an organization's plan; a chosen plan ends the trial (audited)",
          params: IdParamsSchema,
          body: AdminPlanInputSchema,
          response: { 200: dataEnvelope(AdminOrganizationPlanSchema), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({ data: await plans.changePlan(app.db, actor(req), req.params.id, req.body.plan) }),
    );

    su.post(
      '/admin/organizations/:id/trial',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Extend the trial by 1 to 90 days from the later of now and its end (audited)',
          params: IdParamsSchema,
          body: AdminTrialInputSchema,
          response: { 200: dataEnvelope(AdminOrganizationPlanSchema), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({ data: await plans.extendTrial(app.db, actor(req), req.params.id, req.body.days) }),
    );

    su.get(
      '/admin/upgrade-requests',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Plan change requests of every organization (by status, newest first)',
          querystring: AdminUpgradeRequestsQuerySchema,
          response: { 200: dataEnvelope(AdminUpgradeRequestsSchema), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({ data: await plans.listUpgradeRequests(app.db, req.query.status) }),
    );

    su.post(
      '/admin/upgrade-requests/:id/apply',
      {
        schema: {
          tags,
          security: BEARER,
          summary: "Apply a pending plan change request: sets the organization's plan (audited)",
          params: IdParamsSchema,
          response: { 200: dataEnvelope(AdminUpgradeRequestSchema), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({
        data: await plans.resolveUpgradeRequest(app.db, actor(req), req.params.id, 'applied'),
      }),
    );

    su.post(
      '/admin/upgrade-requests/:id/dismiss',
      {
        schema: {
          tags,
          security: BEARER,
          summary: 'Dismiss a pending plan change request (audited)',
          params: IdParamsSchema,
          response: { 200: dataEnvelope(AdminUpgradeRequestSchema), ...AUTHED_ERRORS },
        },
      },
      async (req) => ({
        data: await plans.resolveUpgradeRequest(app.db, actor(req), req.params.id, 'dismissed'),
      }),
    );
  });
};
