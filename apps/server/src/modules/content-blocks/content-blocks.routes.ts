import { dataEnvelope, IdParamsSchema, OkSchema } from '@aceite/shared/schemas/common';
import {
  ContentBlockSchema,
  CreateContentBlockInputSchema,
  ListContentBlocksQuerySchema,
  UpdateContentBlockInputSchema,
} from '@aceite/shared/schemas/content-blocks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaginationSchema } from '@/lib/pagination.ts';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as contentBlocks from './content-blocks.service.ts';

/** The block library (docs/product.md#block-library). */
export const contentBlocksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['content-blocks'];

  app.get(
    '/content-blocks',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          "The organization's block library, searched by name and text, paged (20 per page by default)",
        querystring: ListContentBlocksQuerySchema,
        response: {
          200: z.object({ data: z.array(ContentBlockSchema), pagination: PaginationSchema }),
          ...AUTHED_ERRORS,
        },
      },
    },
    async (req) => contentBlocks.listContentBlocks(req.tenant, req.query),
  );

  app.get(
    '/content-blocks/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'One content block',
        params: IdParamsSchema,
        response: { 200: dataEnvelope(ContentBlockSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await contentBlocks.getContentBlock(req.tenant, req.params.id) }),
  );

  app.post(
    '/content-blocks',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Save a block to the library (admin, manager, sales)',
        body: CreateContentBlockInputSchema,
        response: { 201: dataEnvelope(ContentBlockSchema), ...AUTHED_ERRORS },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await contentBlocks.createContentBlock(req.tenant, req.body) }),
  );

  app.patch(
    '/content-blocks/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary:
          'Rename or edit a library block (its author, managers, admins); inserted copies do not change',
        params: IdParamsSchema,
        body: UpdateContentBlockInputSchema,
        response: { 200: dataEnvelope(ContentBlockSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({
      data: await contentBlocks.updateContentBlock(req.tenant, req.params.id, req.body),
    }),
  );

  app.delete(
    '/content-blocks/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Delete a library block (its author, managers, admins)',
        params: IdParamsSchema,
        response: { 200: OkSchema, ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      await contentBlocks.deleteContentBlock(req.tenant, req.params.id);
      return { data: { ok: true as const } };
    },
  );
};
