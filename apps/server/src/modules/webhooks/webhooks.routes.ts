import { dataEnvelope, ErrorEnvelopeSchema, IdParamsSchema, OkSchema } from '@aceite/shared/schemas/common';
import {
  ListWebhookAttemptsQuerySchema,
  WEBHOOK_MESSAGES,
  WebhookAttemptSchema,
  WebhookEndpointInputSchema,
  WebhookEndpointSchema,
  WebhookSecretSchema,
} from '@aceite/shared/schemas/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaginationSchema } from '@/lib/pagination.ts';
import { perOrganizationLimit } from '@/lib/rate-limit.ts';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as webhooks from './webhooks.service.ts';

export type WebhooksRoutesOptions = webhooks.WebhookOptions;

const DeliveryParamsSchema = z.object({
  id: z.uuid('Identificador inválido'),
  deliveryId: z.uuid('Identificador inválido'),
});
const DeliveryQueuedSchema = dataEnvelope(z.object({ deliveryId: z.uuid() }));

/** The organization's webhook endpoints, admins only (docs/product.md#webhooks). */
export const webhooksRoutes: FastifyPluginAsyncZod<WebhooksRoutesOptions> = async (app, opts) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['webhooks'];
  const options: webhooks.WebhookOptions = {
    allowPrivate: opts.allowPrivate,
    allowedPorts: opts.allowedPorts,
    limits: opts.limits,
  };

  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'List webhook endpoints',
        response: { 200: dataEnvelope(z.array(WebhookEndpointSchema)), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await webhooks.listEndpoints(req.tenant) }),
  );

  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Create a webhook endpoint (its secret is generated)',
        description: '403 PLAN_LIMIT on a plan without webhooks (docs/product.md#plans).',
        body: WebhookEndpointInputSchema,
        response: { 201: dataEnvelope(WebhookEndpointSchema), ...AUTHED_ERRORS },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await webhooks.createEndpoint(req.tenant, req.body, options) }),
  );

  app.get(
    '/webhooks/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'One webhook endpoint',
        params: IdParamsSchema,
        response: { 200: dataEnvelope(WebhookEndpointSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await webhooks.getEndpoint(req.tenant, req.params.id) }),
  );

  app.put(
    '/webhooks/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Update a webhook endpoint (saving it active re-enables a disabled one)',
        params: IdParamsSchema,
        body: WebhookEndpointInputSchema,
        response: { 200: dataEnvelope(WebhookEndpointSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await webhooks.updateEndpoint(req.tenant, req.params.id, req.body, options) }),
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Delete a webhook endpoint with its queue and log',
        params: IdParamsSchema,
        response: { 200: OkSchema, ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      await webhooks.deleteEndpoint(req.tenant, req.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/webhooks/:id/secret',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "The endpoint's signing secret (whsec_…)",
        params: IdParamsSchema,
        response: { 200: dataEnvelope(WebhookSecretSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await webhooks.revealSecret(req.tenant, req.params.id) }),
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'New signing secret; the old one keeps signing beside it for 24 hours',
        params: IdParamsSchema,
        response: { 200: dataEnvelope(WebhookSecretSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await webhooks.rotateSecret(req.tenant, req.params.id) }),
  );

  app.post(
    '/webhooks/:id/test',
    {
      // Each call is an outbound request of our server's: counted per organization (docs/integrations.md#limits).
      config: perOrganizationLimit(opts.limits.testEventsPerHour, '1 hour', WEBHOOK_MESSAGES.testLimit),
      schema: {
        tags,
        security: BEARER,
        summary: 'Queue a webhook.test event for this endpoint',
        params: IdParamsSchema,
        response: { 202: DeliveryQueuedSchema, ...AUTHED_ERRORS, 429: ErrorEnvelopeSchema },
      },
    },
    async (req, reply) =>
      reply.status(202).send({ data: await webhooks.sendTestEvent(req.tenant, req.params.id) }),
  );

  app.get(
    '/webhooks/:id/attempts',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "The endpoint's delivery log, newest first",
        params: IdParamsSchema,
        querystring: ListWebhookAttemptsQuerySchema,
        response: {
          200: z.object({ data: z.array(WebhookAttemptSchema), pagination: PaginationSchema }),
          ...AUTHED_ERRORS,
        },
      },
    },
    async (req) => webhooks.listAttempts(req.tenant, req.params.id, req.query),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/replay',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Send a delivered or failed event again (same webhook-id and body)',
        params: DeliveryParamsSchema,
        response: { 202: DeliveryQueuedSchema, ...AUTHED_ERRORS },
      },
    },
    async (req, reply) =>
      reply
        .status(202)
        .send({ data: await webhooks.replayDelivery(req.tenant, req.params.id, req.params.deliveryId) }),
  );
};
