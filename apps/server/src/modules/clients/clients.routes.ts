import {
  ClientDetailSchema,
  ClientInputSchema,
  ClientSchema,
  DeleteClientResultSchema,
  ListClientsQuerySchema,
} from '@aceite/shared/schemas/clients';
import { dataEnvelope, IdParamsSchema } from '@aceite/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaginationSchema } from '@/lib/pagination.ts';
import { AUTHED_ERRORS, BEARER, ZIP_DOWNLOAD } from '@/lib/route-schemas.ts';
import type { FileStorage } from '@/lib/storage.ts';
import { exportClient } from './clients.export.ts';
import * as clients from './clients.service.ts';

export const clientsRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['clients'];

  app.get(
    '/clients',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'List clients (search over name, company, email and tax id)',
        querystring: ListClientsQuerySchema,
        response: {
          200: z.object({ data: z.array(ClientSchema), pagination: PaginationSchema }),
          ...AUTHED_ERRORS,
        },
      },
    },
    async (req) => clients.listClients(req.tenant, req.query),
  );

  app.get(
    '/clients/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'One client with its proposals',
        params: IdParamsSchema,
        response: { 200: dataEnvelope(ClientDetailSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await clients.getClient(req.tenant, req.params.id) }),
  );

  app.post(
    '/clients',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Create a client',
        body: ClientInputSchema,
        response: { 201: dataEnvelope(ClientSchema), ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await clients.createClient(req.tenant, req.body) }),
  );

  app.put(
    '/clients/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Update a client',
        params: IdParamsSchema,
        body: ClientInputSchema,
        response: { 200: dataEnvelope(ClientSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await clients.updateClient(req.tenant, req.params.id, req.body) }),
  );

  app.delete(
    '/clients/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Delete a client without proposals, or pseudonymise one who answered a proposal',
        params: IdParamsSchema,
        response: { 200: dataEnvelope(DeleteClientResultSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      const { pseudonymised } = await clients.deleteClient(req.tenant, req.params.id);
      return { data: { ok: true as const, pseudonymised } };
    },
  );

  app.get(
    '/clients/:id/export',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          "The client's personal data, proposals, decisions, evidence and files as one ZIP (admins, managers)",
        params: IdParamsSchema,
        response: { ...ZIP_DOWNLOAD, ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => {
      const file = await exportClient(req.tenant, storage, req.params.id);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.stream);
    },
  );
};
