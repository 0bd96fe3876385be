import { dataEnvelope } from '@aceite/shared/schemas/common';
import {
  PendingUpgradeRequestSchema,
  UpgradeRequestInputSchema,
  UpgradeRequestSchema,
} from '@aceite/shared/schemas/upgrade-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as plans from './plans.service.ts';

/** "Mudar de plano" (admins; docs/product.md#plans). The superadmin's side is under /admin (admin.routes.ts). */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['settings'];

  app.get(
    '/settings/organization/upgrade-requests',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "The organization's pending plan change request, or null (admin)",
        response: { 200: dataEnvelope(PendingUpgradeRequestSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await plans.getPendingUpgradeRequest(req.tenant) }),
  );

  app.post(
    '/settings/organization/upgrade-requests',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          'Ask for another plan (admin): replaces the pending request; the superadmin applies it (docs/product.md#plans)',
        body: UpgradeRequestInputSchema,
        response: { 201: dataEnvelope(UpgradeRequestSchema), ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => {
      const data = await plans.requestPlanChange(req.tenant, req.body);
      return reply.status(201).send({ data });
    },
  );
};
