import { dataEnvelope, ErrorEnvelopeSchema, IdParamsSchema } from '@aceite/shared/schemas/common';
import {
  CollectionSchema,
  CreateExportSchema,
  ListCollectionsQuerySchema,
  ListExportsQuerySchema,
  ListMandatesQuerySchema,
  MandateSchema,
  ReturnCollectionSchema,
  SepaExportSchema,
} from '@aceite/shared/schemas/sepa-collections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '@/lib/content-disposition.ts';
import { PaginationSchema } from '@/lib/pagination.ts';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as payments from './sepa-collections.service.ts';

/** The file's 200 answer: the pain.008 XML itself, never serialized (a Buffer skips the serializer). */
const XML_DOWNLOAD = {
  200: {
    description: 'O ficheiro pain.008 (Content-Disposition: attachment).',
    content: { 'application/xml': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
  },
} as const;

const WHO = '(admins e gestores; planos Professional e Enterprise)';

/** Pagamentos (issue 39, docs/product.md#mandates-collections-and-the-file). */
export const sepaCollectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['payments'];

  app.get(
    '/payments/mandates',
    {
      schema: {
        tags,
        security: BEARER,
        summary: `The SEPA mandates the clients signed, IBAN masked ${WHO}`,
        querystring: ListMandatesQuerySchema,
        response: {
          200: z.object({ data: z.array(MandateSchema), pagination: PaginationSchema }),
          ...AUTHED_ERRORS,
        },
      },
    },
    async (req) => payments.listMandates(req.tenant, req.query),
  );

  app.post(
    '/payments/mandates/:id/revoke',
    {
      schema: {
        tags,
        security: BEARER,
        summary: `"Revogar": the mandate stops and its due collections are never exported ${WHO}`,
        params: IdParamsSchema,
        response: { 200: dataEnvelope(MandateSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await payments.revokeMandate(req.tenant, req.params.id) }),
  );

  app.get(
    '/payments/collections',
    {
      schema: {
        tags,
        security: BEARER,
        summary: `The collections by date (status, date range), IBAN masked ${WHO}`,
        querystring: ListCollectionsQuerySchema,
        response: {
          200: z.object({ data: z.array(CollectionSchema), pagination: PaginationSchema }),
          ...AUTHED_ERRORS,
        },
      },
    },
    async (req) => payments.listCollections(req.tenant, req.query),
  );

  app.post(
    '/payments/collections/:id/paid',
    {
      schema: {
        tags,
        security: BEARER,
        summary: `"Marcar como paga": a submitted collection the bank paid ${WHO}`,
        params: IdParamsSchema,
        response: { 200: dataEnvelope(CollectionSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({
      data: await payments.settleCollection(req.tenant, req.params.id, { status: 'paid' }),
    }),
  );

  app.post(
    '/payments/collections/:id/returned',
    {
      schema: {
        tags,
        security: BEARER,
        summary: `"Marcar como devolvida": a submitted collection the bank returned, with the R-transaction reason ${WHO}`,
        params: IdParamsSchema,
        body: ReturnCollectionSchema,
        response: { 200: dataEnvelope(CollectionSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({
      data: await payments.settleCollection(req.tenant, req.params.id, {
        status: 'returned',
        reason: req.body.reason,
      }),
    }),
  );

  app.post(
    '/payments/exports',
    {
      schema: {
        tags,
        security: BEARER,
        summary: `"Exportar ficheiro SEPA": the due collections of a date (and, from today + the notice period on, the overdue ones, re-dated and pre-notified again) as pain.008 ${WHO}`,
        body: CreateExportSchema,
        response: {
          201: dataEnvelope(SepaExportSchema.extend({ collections: z.array(CollectionSchema) })),
          ...AUTHED_ERRORS,
          422: ErrorEnvelopeSchema,
        },
      },
    },
    async (req, reply) => {
      const result = await payments.createExport(req.tenant, req.body);
      return reply.status(201).send({ data: { ...result.export, collections: result.collections } });
    },
  );

  app.get(
    '/payments/exports',
    {
      schema: {
        tags,
        security: BEARER,
        summary: `The SEPA files exported so far ${WHO}`,
        querystring: ListExportsQuerySchema,
        response: {
          200: z.object({ data: z.array(SepaExportSchema), pagination: PaginationSchema }),
          ...AUTHED_ERRORS,
        },
      },
    },
    async (req) => payments.listExports(req.tenant, req.query),
  );

  app.get(
    '/payments/exports/:id/file',
    {
      schema: {
        tags,
        security: BEARER,
        summary: `Download an exported SEPA file again ${WHO}`,
        params: IdParamsSchema,
        response: { ...XML_DOWNLOAD, ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => {
      const file = await payments.exportFile(req.tenant, req.params.id);
      return reply
        .header('Content-Type', 'application/xml; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(file.filename))
        .send(Buffer.from(file.xml, 'utf8'));
    },
  );
};
