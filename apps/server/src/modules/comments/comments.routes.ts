import {
  CommentInputSchema,
  CommentParamsSchema,
  CommentSchema,
  ListCommentsQuerySchema,
  UpdateCommentInputSchema,
} from '@aceite/shared/schemas/collaboration';
import { dataEnvelope, IdParamsSchema, OkSchema } from '@aceite/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as comments from './comments.service.ts';

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['comments'];

  app.get(
    '/proposals/:id/comments',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Comments of a proposal, oldest first (private ones only inside the organization)',
        params: IdParamsSchema,
        querystring: ListCommentsQuerySchema,
        response: { 200: dataEnvelope(z.array(CommentSchema)), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({
      data: await comments.listComments(req.tenant, req.params.id, req.query.includePrivate),
    }),
  );

  app.post(
    '/proposals/:id/comments',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Comment on a proposal',
        params: IdParamsSchema,
        body: CommentInputSchema,
        response: { 201: dataEnvelope(CommentSchema), ...AUTHED_ERRORS },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await comments.createComment(req.tenant, req.params.id, req.body) }),
  );

  app.put(
    '/proposals/:id/comments/:commentId',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Edit own comment',
        params: CommentParamsSchema,
        body: UpdateCommentInputSchema,
        response: { 200: dataEnvelope(CommentSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({
      data: await comments.updateComment(req.tenant, req.params.id, req.params.commentId, req.body),
    }),
  );

  app.delete(
    '/proposals/:id/comments/:commentId',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Delete own comment',
        params: CommentParamsSchema,
        response: { 200: OkSchema, ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      await comments.deleteComment(req.tenant, req.params.id, req.params.commentId);
      return { data: { ok: true as const } };
    },
  );
};
