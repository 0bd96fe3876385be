import {
  CreateVersionInputSchema,
  VersionDetailSchema,
  VersionParamsSchema,
  VersionSchema,
} from '@aceite/shared/schemas/collaboration';
import { dataEnvelope, IdParamsSchema } from '@aceite/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as versions from './proposal-versions.service.ts';

export const proposalVersionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['versions'];

  app.get(
    '/proposals/:id/versions',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Version history, newest first',
        params: IdParamsSchema,
        response: { 200: dataEnvelope(z.array(VersionSchema)), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await versions.listVersions(req.tenant, req.params.id) }),
  );

  app.post(
    '/proposals/:id/versions',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Snapshot the proposal as a new version',
        params: IdParamsSchema,
        body: CreateVersionInputSchema,
        response: { 201: dataEnvelope(VersionDetailSchema), ...AUTHED_ERRORS },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ data: await versions.createVersion(req.tenant, req.params.id, req.body.changeNotes) }),
  );

  app.get(
    '/proposals/:id/versions/:number',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'One version with its full snapshot',
        params: VersionParamsSchema,
        response: { 200: dataEnvelope(VersionDetailSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await versions.getVersion(req.tenant, req.params.id, req.params.number) }),
  );
};
