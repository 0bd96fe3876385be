import { dataEnvelope, IdParamsSchema, OkSchema } from '@aceite/shared/schemas/common';
import {
  ListTemplatesQuerySchema,
  TemplateInputSchema,
  TemplateSchema,
} from '@aceite/shared/schemas/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as templates from './templates.service.ts';

export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['templates'];

  app.get(
    '/templates',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "The organization's templates and the global ones (archived left out)",
        querystring: ListTemplatesQuerySchema,
        response: { 200: dataEnvelope(z.array(TemplateSchema)), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await templates.listTemplates(req.actor, req.query) }),
  );

  app.get(
    '/templates/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'One template',
        params: IdParamsSchema,
        response: { 200: dataEnvelope(TemplateSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await templates.getTemplate(req.actor, req.params.id) }),
  );

  app.post(
    '/templates',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Create a template (admin, manager; global ones by a superadmin)',
        description: "403 PLAN_LIMIT past the plan's templates (docs/product.md#plans).",
        body: TemplateInputSchema,
        response: { 201: dataEnvelope(TemplateSchema), ...AUTHED_ERRORS },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await templates.createTemplate(req.actor, req.body) }),
  );

  app.put(
    '/templates/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Change a template',
        params: IdParamsSchema,
        body: TemplateInputSchema,
        response: { 200: dataEnvelope(TemplateSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await templates.updateTemplate(req.actor, req.params.id, req.body) }),
  );

  app.delete(
    '/templates/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Archive a template',
        params: IdParamsSchema,
        response: { 200: OkSchema, ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      await templates.archiveTemplate(req.actor, req.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/templates/:id/use',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Count a use of the template',
        params: IdParamsSchema,
        response: { 200: dataEnvelope(TemplateSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await templates.useTemplate(req.actor, req.params.id) }),
  );
};
