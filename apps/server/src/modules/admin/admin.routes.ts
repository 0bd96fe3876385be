import {
  AdminOrganizationsPageSchema,
  AdminOrganizationsQuerySchema,
  AdminUserSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  ImpersonationSchema,
  StopImpersonationSchema,
} from '@aceite/shared/schemas/admin';
import { dataEnvelope, IdParamsSchema } from '@aceite/shared/schemas/common';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertPlatformAdmin, requireAuth } from '@/lib/access.ts';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
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
  });
};
