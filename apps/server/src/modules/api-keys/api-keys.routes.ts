import {
  ApiKeySchema,
  CreateApiKeyInputSchema,
  CreatedApiKeySchema,
  TransferApiKeyInputSchema,
} from '@aceite/shared/schemas/api-keys';
import { dataEnvelope, IdParamsSchema, OkSchema } from '@aceite/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as apiKeys from './api-keys.service.ts';

/** Settings → Integrações: the organization's API keys (admins; docs/product.md#api-keys). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['api-keys'];

  app.get(
    '/settings/api-keys',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "The organization's API keys, not revoked (admin)",
        response: { 200: dataEnvelope(z.array(ApiKeySchema)), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await apiKeys.listApiKeys(req.tenant) }),
  );

  app.post(
    '/settings/api-keys',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Create an API key; the whole key is in this answer only (admin)',
        description: '403 PLAN_LIMIT on a plan without API access (docs/product.md#plans).',
        body: CreateApiKeyInputSchema,
        response: { 201: dataEnvelope(CreatedApiKeySchema), ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await apiKeys.createApiKey(req.tenant, req.body) }),
  );

  app.delete(
    '/settings/api-keys/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Revoke an API key: it answers 401 from the next request (admin)',
        params: IdParamsSchema,
        response: { 200: OkSchema, ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      await apiKeys.revokeApiKey(req.tenant, req.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/settings/api-keys/:id/transfer',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          'Hand a key to another active admin: keeps it working once its creator left or was demoted (admin)',
        params: IdParamsSchema,
        body: TransferApiKeyInputSchema,
        response: { 200: dataEnvelope(ApiKeySchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await apiKeys.transferApiKey(req.tenant, req.params.id, req.body) }),
  );
};
