import { dataEnvelope, IdParamsSchema } from '@aceite/shared/schemas/common';
import { ListProductsQuerySchema, ProductInputSchema, ProductSchema } from '@aceite/shared/schemas/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaginationSchema } from '@/lib/pagination.ts';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as products from './products.service.ts';

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['products'];

  app.get(
    '/products',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'List products, filtered and paged (20 per page by default)',
        querystring: ListProductsQuerySchema,
        response: {
          200: z.object({ data: z.array(ProductSchema), pagination: PaginationSchema }),
          ...AUTHED_ERRORS,
        },
      },
    },
    async (req) => products.listProducts(req.tenant, req.query),
  );

  app.get(
    '/products/categories',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Categories in use, for the product form',
        response: { 200: dataEnvelope(z.array(z.string())), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await products.listProductCategories(req.tenant) }),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'One product',
        params: IdParamsSchema,
        response: { 200: dataEnvelope(ProductSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await products.getProduct(req.tenant, req.params.id) }),
  );

  app.post(
    '/products',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Create a product (admin, manager)',
        body: ProductInputSchema,
        response: { 201: dataEnvelope(ProductSchema), ...AUTHED_ERRORS },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await products.createProduct(req.tenant, req.body) }),
  );

  app.put(
    '/products/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Update a product (admin, manager)',
        params: IdParamsSchema,
        body: ProductInputSchema,
        response: { 200: dataEnvelope(ProductSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await products.updateProduct(req.tenant, req.params.id, req.body) }),
  );

  app.delete(
    '/products/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Deactivate a product (admin, manager)',
        params: IdParamsSchema,
        response: { 200: dataEnvelope(ProductSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await products.deactivateProduct(req.tenant, req.params.id) }),
  );
};
